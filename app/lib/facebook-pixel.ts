import type { ShopEvent } from "~/lib/shop-events";
import { onShopEvent } from "~/lib/shop-events";

// The running Facebook pixel, loaded by components/layout/tracking-pixel.tsx only while the pixel is active:
// a shop without it (most) never downloads Facebook's loader or the event mapping.

type Fbq = ((...args: unknown[]) => void) & { callMethod?: (...args: unknown[]) => void; queue: unknown[]; push: unknown; loaded: boolean; version: string };
type PixelWindow = Window & { fbq?: Fbq; _fbq?: Fbq };

const initialised = new Set<string>();

/** Facebook's loader snippet: a queueing `fbq` stub and the async fbevents.js script, once per page. */
function loadFbq(w: PixelWindow): Fbq {
  if (w.fbq) return w.fbq;
  const n = ((...args: unknown[]) => {
    if (n.callMethod) n.callMethod(...args);
    else n.queue.push(args);
  }) as Fbq;
  n.push = n;
  n.loaded = true;
  n.version = "2.0";
  n.queue = [];
  w.fbq = n;
  w._fbq ??= n;
  const script = document.createElement("script");
  script.async = true;
  script.src = "https://connect.facebook.net/en_US/fbevents.js";
  document.head.appendChild(script);
  return n;
}

/**
 * A shopping event as Facebook's standard event, named and shaped as Shopify's pixel integration
 * sends it: ViewContent and AddToCart with the product, InitiateCheckout and Purchase with the
 * value, currency and item count. A Purchase carries the order id as its eventID, so Facebook
 * counts an order once however often its confirmation is shown.
 */
export function pixelEvent(event: ShopEvent): [name: string, params: Record<string, unknown>, options?: { eventID: string }] {
  const money = { value: event.value, currency: event.currency };
  switch (event.type) {
    case "product_view":
      return ["ViewContent", { ...money, content_ids: [event.productId], content_name: event.name, content_type: "product" }];
    case "add_to_cart":
      return [
        "AddToCart",
        {
          ...money,
          content_ids: [event.productId],
          content_name: event.name,
          content_type: "product",
          contents: [{ id: event.productId, quantity: event.quantity }],
        },
      ];
    case "checkout_started":
      return ["InitiateCheckout", { ...money, num_items: event.items, content_type: "product" }];
    case "order_placed":
      return ["Purchase", { ...money, num_items: event.items, content_type: "product" }, { eventID: event.orderId }];
  }
}

/** The events already sent to Facebook (a listener that subscribes again is replayed the page's events). */
const sent = new WeakSet<ShopEvent>();

/** Starts the pixel for `pixelId` (Facebook's loader once, `init` once per id) and sends the shopping events; returns the unsubscribe. */
export function startPixel(pixelId: string): () => void {
  const fbq = loadFbq(window as PixelWindow);
  if (!initialised.has(pixelId)) {
    initialised.add(pixelId);
    fbq("init", pixelId);
  }
  return onShopEvent((event) => {
    if (sent.has(event)) return;
    sent.add(event);
    (window as PixelWindow).fbq?.("track", ...pixelEvent(event));
  });
}

/** A PageView of the page now shown. */
export function trackPageView(): void {
  (window as PixelWindow).fbq?.("track", "PageView");
}
