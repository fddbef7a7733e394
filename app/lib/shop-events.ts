/**
 * The storefront's shopping events, emitted once where they happen and read by every listener:
 * the first-party site analytics (app/lib/analytics-beacon.ts) and the tracking pixel
 * (components/layout/tracking-pixel.tsx). A listener that subscribes after an event of this page
 * load (the root's effects run after the route's) still gets it: the events of the current
 * document are kept and replayed to new listeners.
 */
export type ShopEvent =
  | { type: "product_view"; productId: string; name: string; value: number; currency: string }
  | { type: "add_to_cart"; productId: string; name: string; quantity: number; value: number; currency: string }
  | { type: "checkout_started"; value: number; currency: string; items: number }
  | { type: "order_placed"; orderId: string; value: number; currency: string; items: number };

type Listener = (event: ShopEvent) => void;

const listeners = new Set<Listener>();
const emitted: ShopEvent[] = [];
const KEEP = 50;

/** Tells every listener about a shopping event (browser only; a no-op during server rendering). */
export function emitShopEvent(event: ShopEvent): void {
  if (typeof window === "undefined") return;
  emitted.push(event);
  if (emitted.length > KEEP) emitted.shift();
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (err) {
      console.error("A shop event listener failed", err);
    }
  }
}

/** Listens to the shopping events, first replaying those already emitted; returns the unsubscribe. */
export function onShopEvent(listener: Listener): () => void {
  for (const event of emitted) listener(event);
  listeners.add(listener);
  return () => listeners.delete(listener);
}
