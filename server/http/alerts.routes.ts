import { Hono } from "hono";
import { AppError } from "#common/errors";
import { DEFAULT_LANGUAGE, preferredLanguage } from "#common/i18n/languages";
import { freshUserOf, requireApiUser } from "./caller";
import type { AppEnv } from "./context";
import { requestLanguageParam, requestMarket } from "./market";

const json = (c: { req: { json(): Promise<unknown> } }) =>
  c.req.json().catch(() => {
    throw new AppError("invalid_input", "The request body must be JSON");
  });

/** Back-in-stock alerts (subscribe, confirm, unsubscribe), price-drop mails' unsubscribe, and the account's mail switches. */
export function alertRoutes() {
  const r = new Hono<AppEnv>();

  r.post("/stock-alerts", async (c) => {
    const user = await freshUserOf(c);
    // The mails' language: `?lang=`, else the browser's, else the shop's default.
    const language = requestLanguageParam(c) ?? preferredLanguage(c.req.header("accept-language")) ?? DEFAULT_LANGUAGE;
    const market = await requestMarket(c);
    const result = await c.var.services.alerts.subscribe(await json(c), { user, language, currency: market?.currency ?? null });
    c.header("Cache-Control", "private, no-store");
    return c.json({ success: true, data: { status: result.status } }, result.created ? 201 : 200);
  });

  r.post("/stock-alerts/:token/confirm", async (c) => {
    await c.var.services.alerts.confirm(c.req.param("token"));
    return c.json({ success: true });
  });

  r.delete("/stock-alerts/:token", async (c) => {
    await c.var.services.alerts.unsubscribe(c.req.param("token"));
    return c.json({ success: true });
  });

  // The mail client's one-click unsubscribe (RFC 8058: a POST to the List-Unsubscribe address).
  r.post("/stock-alerts/:token/unsubscribe", async (c) => {
    await c.var.services.alerts.unsubscribe(c.req.param("token"));
    return c.json({ success: true });
  });

  r.post("/price-drop-alerts/:token/unsubscribe", async (c) => {
    await c.var.services.alerts.stopPriceDrops(c.req.param("token"));
    return c.json({ success: true });
  });

  r.get("/account/preferences", async (c) => {
    const user = await requireApiUser(c);
    c.header("Cache-Control", "private, no-store");
    return c.json({ success: true, data: await c.var.services.users.getPreferences(user.id) });
  });

  r.patch("/account/preferences", async (c) => {
    const user = await requireApiUser(c);
    const data = await c.var.services.users.setPreferences(user.id, await json(c));
    c.header("Cache-Control", "private, no-store");
    return c.json({ success: true, data });
  });

  return r;
}
