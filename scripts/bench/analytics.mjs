// The site analytics' part of `npm run bench`: batches of the storefront's events through
// POST /api/analytics/events (as navigator.sendBeacon sends them: text/plain, the shop's Origin, a
// browser's user agent), and the events the database holds afterwards.
import { withDatabase } from "./shopping.mjs";

/** Events per batch (a busy shopper's few seconds; the server takes 50 at most). */
export const ANALYTICS_BATCH = 20;
/** Client addresses the load cycles through: each sends well under the per-address limit (600 batches in 10 minutes). */
const VISITORS = 5000;
const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

/** One visitor's batch: page views, product views, an add to cart, a checkout and an order. */
function batchBody(productIds) {
  const events = [];
  for (let i = 0; events.length < ANALYTICS_BATCH; i++) {
    const productId = productIds[i % productIds.length];
    events.push({ type: "pageview", path: `/products/bench-${i % 50}`, referrer: i === 0 ? "https://www.example.org/blog" : undefined });
    events.push({ type: "product_view", path: `/products/bench-${i % 50}`, productId, value: 19.5, currency: "USD" });
    if (i % 4 === 3) events.push({ type: "add_to_cart", path: `/products/bench-${i % 50}`, productId, value: 19.5, currency: "USD" });
  }
  events.length = ANALYTICS_BATCH - 2;
  events.push({ type: "checkout_started", path: "/checkout", value: 39, currency: "USD" }, { type: "order_placed", path: "/order-confirmation", value: 44, currency: "USD" });
  return JSON.stringify({ events });
}

/** The autocannon load: each request a batch of ANALYTICS_BATCH events from the next of VISITORS client addresses. */
export function analyticsLoad(productIds, origin) {
  const body = batchBody(productIds);
  let n = 0;
  return {
    requests: [
      {
        method: "POST",
        path: "/api/analytics/events",
        setupRequest: (req) => {
          n = (n % VISITORS) + 1;
          const ip = `172.16.${(n >> 8) & 255}.${n & 255}`;
          return { ...req, headers: { "content-type": "text/plain;charset=UTF-8", origin, "user-agent": BROWSER_UA, "x-forwarded-for": ip }, body };
        },
      },
    ],
  };
}

/** Events the analytics hold so far. */
export function countAnalyticsEvents(databaseUrl) {
  return withDatabase(databaseUrl, async (db) => Number((await db.query("SELECT count(*) AS n FROM analytics_events"))[0].n));
}
