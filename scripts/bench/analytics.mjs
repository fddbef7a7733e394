// The site analytics' part of `npm run bench`: batches of the storefront's events through
// POST /api/analytics/events (as navigator.sendBeacon sends them: text/plain, the shop's Origin, a
// browser's user agent), and the events the database holds afterwards.
import { BROWSER_UA } from "./http.mjs";
import { sleep } from "./processes.mjs";
import { num } from "./report.mjs";
import { withDatabase } from "./shopping.mjs";
import { TARGETS } from "./targets.mjs";

/** Events per batch (a busy shopper's few seconds; the server takes 50 at most). */
export const ANALYTICS_BATCH = 20;
/** Client addresses the load cycles through: each sends well under the per-address limit (600 batches in 10 minutes). */
const VISITORS = 5000;

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
  events.push(
    { type: "checkout_started", path: "/checkout", value: 39, currency: "USD" },
    { type: "order_placed", path: "/order-confirmation", value: 44, currency: "USD" },
  );
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

/**
 * The analytics row: batches from many visitors, with the events stored once the last write is in
 * (set once the row has run).
 */
export function analyticsRow({ base, pid, database, databaseUrl }, productIds) {
  const analytics = { eventsStored: null };
  analytics.row = {
    key: "analytics",
    label: `POST /api/analytics/events (${ANALYTICS_BATCH} events)`,
    url: base,
    headers: {},
    pid,
    database,
    autocannon: analyticsLoad(productIds, base),
    write: true,
    before: () => countAnalyticsEvents(databaseUrl),
    after: async (r, eventsBefore) => {
      // Accepted events are written about once a second: counted once the last write is in.
      await sleep(2500);
      analytics.eventsStored = (await countAnalyticsEvents(databaseUrl)) - eventsBefore;
      r.eventsPerSecond = Math.round((r.requests * ANALYTICS_BATCH) / r.seconds);
      r.eventsStored = analytics.eventsStored;
    },
  };
  return analytics;
}

export function analyticsLine(by, { eventsStored }) {
  return (
    `Site analytics: ${by.analytics.eventsPerSecond.toLocaleString("en-US")} events/s accepted (${num(by.analytics.requestsPerSecond)} batches of ${ANALYTICS_BATCH}/s, ` +
    `p95 ${num(by.analytics.latencyMs.p95, 2)} ms); ${eventsStored?.toLocaleString("en-US") ?? "?"} events in the database after warm-up and measurement ` +
    `(${(by.analytics.requests * ANALYTICS_BATCH).toLocaleString("en-US")} accepted while measured).`
  );
}

export function analyticsTarget(by, { eventsStored }) {
  return {
    name: `analytics ingest ≥ ${TARGETS.analyticsEventsPerSecond.toLocaleString("en-US")} events/s`,
    value: by.analytics.eventsPerSecond,
    shown: `${by.analytics.eventsPerSecond.toLocaleString("en-US")} events/s`,
    pass: by.analytics.eventsPerSecond >= TARGETS.analyticsEventsPerSecond && eventsStored >= by.analytics.requests * ANALYTICS_BATCH,
  };
}

export function analyticsJson(by, { eventsStored }) {
  return { batch: ANALYTICS_BATCH, eventsPerSecond: by.analytics.eventsPerSecond, eventsStored };
}
