import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "#common/errors";
import { DEFAULT_LANGUAGE } from "#common/i18n/languages";
import { reminderConsentSchema } from "#common/reminders/reminders.schema";
import { parseInput } from "#common/validate";
import type { AppEnv } from "./context";
import { requestLanguageParam, requestMarket } from "./market";
import { apiShopper } from "./shopper";

/** The body of POST /api/cart/restore: the token of a reminder's link. */
export const restoreSchema = z.object({ token: z.string({ error: "Give the link's token" }).min(1, "Give the link's token").max(200) });

const json = (c: { req: { json(): Promise<unknown> } }) =>
  c.req.json().catch(() => {
    throw new AppError("invalid_input", "The request body must be JSON");
  });

/**
 * Cart reminders over JSON: a shopper's consent at checkout (the page's form does the same), a
 * reminder's cart brought back into this browser, the unsubscribe link.
 */
export function reminderRoutes() {
  const r = new Hono<AppEnv>();

  r.put("/cart/reminder", async (c) => {
    const input = parseInput(reminderConsentSchema, await json(c), "Please check the e-mail address.");
    const shopper = await apiShopper(c);
    const market = await requestMarket(c);
    await c.var.services.reminders.rememberContact(shopper.ensureOwner(), {
      ...input,
      language: requestLanguageParam(c) ?? DEFAULT_LANGUAGE,
      currency: market && !market.base ? market.currency : null,
    });
    shopper.finish(c);
    return c.json({ success: true, data: { consent: input.consent } });
  });

  r.post("/cart/restore", async (c) => {
    const { token } = parseInput(restoreSchema, await json(c));
    const shopper = await apiShopper(c);
    await c.var.services.reminders.restore(token, shopper.ensureOwner());
    const cart = await c.var.services.cart.getCart(shopper.shopper, { market: await requestMarket(c), language: requestLanguageParam(c) });
    shopper.finish(c);
    return c.json({ success: true, data: cart });
  });

  r.delete("/cart-reminders/:token", async (c) => {
    await c.var.services.reminders.unsubscribe(c.req.param("token"));
    return c.json({ success: true });
  });

  return r;
}
