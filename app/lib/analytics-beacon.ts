import { type ShopEvent, onShopEvent } from "./shop-events";

/**
 * The storefront's first-party analytics (docs/decisions/0029): page views and the shop's events
 * (lib/shop-events.ts) queue here and leave in batches with navigator.sendBeacon every few seconds
 * and when the page is hidden, to POST /api/analytics/events. No cookie, no storage, no third
 * party; a browser with Do-Not-Track or Global Privacy Control sends nothing at all. Loaded lazily
 * by the storefront layout after the page is interactive, so it costs the first paint nothing.
 */

type Queued = { type: string; path: string; referrer?: string; productId?: string; value?: number; currency?: string };

const ENDPOINT = "/api/analytics/events";
/** The server's MAX_EVENTS_PER_BATCH. */
const BATCH = 50;
const EVERY_MS = 4000;

const queue: Queued[] = [];
let state: "off" | "on" | "refused" = "off";
let entry = true;

/** Whether the browser asks not to be tracked (Do-Not-Track or Global Privacy Control). */
function refuses(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === "1" || nav.globalPrivacyControl === true;
}

/** Sends what is queued, a batch at a time (fetch with keepalive where sendBeacon is missing or refuses). */
function flush(): void {
  while (queue.length) {
    const body = JSON.stringify({ events: queue.splice(0, BATCH) });
    if (!navigator.sendBeacon?.(ENDPOINT, body)) void fetch(ENDPOINT, { method: "POST", body, keepalive: true }).catch(() => {});
  }
}

function push(event: Queued): void {
  queue.push(event);
  if (queue.length >= BATCH) flush();
}

const path = () => location.pathname;

function fromShopEvent(e: ShopEvent): Queued {
  return {
    type: e.type,
    path: path(),
    productId: "productId" in e ? e.productId : undefined,
    value: e.value,
    currency: e.currency,
  };
}

function start(): boolean {
  if (state === "off") {
    state = refuses() ? "refused" : "on";
    if (state === "on") {
      onShopEvent((e) => push(fromShopEvent(e)));
      setInterval(flush, EVERY_MS);
      addEventListener("pagehide", flush);
      document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && flush());
    }
  }
  return state === "on";
}

/** Counts a page view of the current address (its path only: a query may hold an order's token); the visit's first one carries the referrer. */
export default function trackPageview(): void {
  if (!start()) return;
  push({ type: "pageview", path: path(), referrer: entry && document.referrer ? document.referrer : undefined });
  entry = false;
}
