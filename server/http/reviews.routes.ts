import { Hono } from "hono";
import { AppError } from "#common/errors";
import { ownerKey } from "../lib/shopper";
import { requireApiUser } from "./caller";
import type { AppEnv } from "./context";
import { apiShopper } from "./shopper";

/** Product reviews over JSON: a product's published reviews, a buyer's review (a second one edits the first), helpful votes. */
export function reviewRoutes() {
  const r = new Hono<AppEnv>();

  r.get("/products/:slug/reviews", async (c) => {
    const { currency: _currency, lang: _lang, ...query } = c.req.query();
    return c.json({ success: true, ...(await c.var.services.reviews.list(c.req.param("slug"), query)) });
  });

  r.post("/products/:slug/reviews", async (c) => {
    const user = await requireApiUser(c);
    const body = await c.req.json().catch(() => {
      throw new AppError("invalid_input", "The request body must be JSON");
    });
    const { review, created } = await c.var.services.reviews.submit(user, c.req.param("slug"), body);
    c.header("Cache-Control", "private, no-store");
    return c.json({ success: true, data: review }, created ? 201 : 200);
  });

  r.post("/reviews/:id/helpful", async (c) => {
    const shopper = await apiShopper(c);
    // One vote per account, or per browser for a visitor (the signed visitor cookie, made here when missing).
    const voter = ownerKey(shopper.ensureOwner())!;
    const result = await c.var.services.reviews.voteHelpful(c.req.param("id"), voter);
    shopper.finish(c);
    return c.json({ success: true, data: result });
  });

  return r;
}
