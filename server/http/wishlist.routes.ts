import { Hono } from "hono";
import { z } from "zod";
import { parseInput } from "#common/validate";
import type { AppEnv } from "./context";
import { apiShopper } from "./shopper";
import { requestLanguageParam } from "./market";

export const toggleSchema = z.object({ productId: z.string({ error: "Please name a product" }).trim().min(1, "Please name a product").max(100) });

/** The shopper's wishlist over JSON: the list (newest first) and the heart's toggle. */
export function wishlistRoutes() {
  const r = new Hono<AppEnv>();

  r.get("/wishlist", async (c) => {
    const shopper = await apiShopper(c);
    const { wishlist } = c.var.services;
    const [entries, notices] = await Promise.all([wishlist.list(shopper.shopper, requestLanguageParam(c)), wishlist.takeNotices(shopper.shopper)]);
    shopper.finish(c);
    // `notices`: messages given once, e.g. a saved product the shop withdrew ("… was removed from your wishlist").
    return c.json({ success: true, data: entries, notices });
  });

  r.post("/wishlist/toggle", async (c) => {
    const { productId } = parseInput(toggleSchema, await c.req.json(), "Please name a product.");
    const shopper = await apiShopper(c);
    const result = await c.var.services.wishlist.toggle(shopper.ensureOwner(), productId);
    shopper.finish(c);
    return c.json({ success: true, data: result });
  });

  return r;
}
