import { useEffect } from "react";
import { useLocation } from "react-router";
import type { PixelConfig } from "../../../server/modules/content/content.schema";
import { isPixelActive } from "../../../server/modules/content/pixel-active";
import { type ShopEvent, onShopEvent } from "~/lib/shop-events";

type Fbq = ((...args: unknown[]) => void) & { callMethod?: (...args: unknown[]) => void; queue: unknown[]; push: unknown; loaded: boolean; version: string };
type PixelWindow = Window & { fbq?: Fbq; _fbq?: Fbq };

const initialised = new Set<string>();

/** The spec's rule: the pixel runs only when its config is 'active' and has a pixel id (server/modules/content/pixel-active.ts). */
export const shouldInitPixel = isPixelActive;

export const pixelNoscriptUrl = (pixelId: string) => `https://www.facebook.com/tr?id=${encodeURIComponent(pixelId)}&ev=PageView&noscript=1`;

/** Facebook's loader snippet: a queueing `fbq` stub and the async fbevents.js script, once per page. */
function loadFbq(w: PixelWindow): Fbq {
  if (w.fbq) return w.fbq;
  const n = function (...args: unknown[]) {
    if (n.callMethod) n.callMethod(...args);
    else n.queue.push(args);
  } as Fbq;
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
      return ["AddToCart", { ...money, content_ids: [event.productId], content_name: event.name, content_type: "product", contents: [{ id: event.productId, quantity: event.quantity }] }];
    case "checkout_started":
      return ["InitiateCheckout", { ...money, num_items: event.items, content_type: "product" }];
    case "order_placed":
      return ["Purchase", { ...money, num_items: event.items, content_type: "product" }, { eventID: event.orderId }];
  }
}

/** The events already sent to Facebook (a listener that subscribes again is replayed the page's events). */
const sent = new WeakSet<ShopEvent>();

/**
 * The tracking pixel from the root loader's config: initialised, with a PageView on each navigation
 * and the shopping events of lib/shop-events.ts, only when active with a pixel id. The noscript
 * image (a no-JS visitor's PageView) only then too, though the spec renders it whenever an id
 * exists: see docs/decisions/0030. Nothing when the config failed to load (null).
 */
export function TrackingPixel({ pixel }: { pixel: PixelConfig | null }) {
  const location = useLocation();
  // The storefront's pixel: the admin area (staff at work, its addresses) is never reported.
  const active = shouldInitPixel(pixel) && !location.pathname.startsWith("/admin-dashboard");
  const pixelId = pixel?.pixelId ?? "";

  useEffect(() => {
    if (!active) return;
    const fbq = loadFbq(window as PixelWindow);
    if (!initialised.has(pixelId)) {
      initialised.add(pixelId);
      fbq("init", pixelId);
    }
  }, [active, pixelId]);

  useEffect(() => {
    if (active) (window as PixelWindow).fbq?.("track", "PageView");
  }, [active, location.pathname, location.search]);

  useEffect(() => {
    if (!active) return;
    return onShopEvent((event) => {
      if (sent.has(event)) return;
      sent.add(event);
      (window as PixelWindow).fbq?.("track", ...pixelEvent(event));
    });
  }, [active]);

  if (!active) return null;
  return (
    <noscript>
      <img height="1" width="1" style={{ display: "none" }} alt="" src={pixelNoscriptUrl(pixelId)} />
    </noscript>
  );
}
