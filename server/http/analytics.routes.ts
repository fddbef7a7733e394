import { Hono } from "hono";
import { type AppEnv, clientIp } from "./context";

/**
 * The storefront's analytics batches (app/lib/analytics-beacon.ts sends them with
 * navigator.sendBeacon, as text/plain or application/json: the input guard reads every API body
 * as JSON). 204 whether the events were stored or dropped (bots, Do-Not-Track, Global Privacy
 * Control), so a browser cannot tell; 400 for a bad batch, 413 past the size limit, 429 past the
 * rate limit.
 */
export function analyticsRoutes() {
  const r = new Hono<AppEnv>();

  r.post("/analytics/events", async (c) => {
    const text = await c.req.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    await c.var.services.analytics.ingest(body, {
      ip: clientIp(c),
      userAgent: c.req.header("user-agent"),
      doNotTrack: c.req.header("dnt") === "1",
      globalPrivacyControl: c.req.header("sec-gpc") === "1",
    });
    return c.body(null, 204);
  });

  return r;
}
