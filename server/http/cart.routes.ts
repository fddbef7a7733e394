import { Hono } from "hono";
import { z } from "zod";
import { parseInput } from "../lib/validate";
import { MAX_LINE_QUANTITY } from "../modules/cart/cart.service";
import type { AppEnv } from "./context";
import { apiShopper } from "./shopper";

const quantity = z
  .number({ error: "Quantity must be a whole number of at least 1" })
  .int("Quantity must be a whole number of at least 1")
  .min(1, "Quantity must be a whole number of at least 1")
  .max(MAX_LINE_QUANTITY, `Quantity can be at most ${MAX_LINE_QUANTITY}`);
const option = z.string().trim().max(60).nullish();

const addSchema = z.object({
  productId: z.string({ error: "Please name a product" }).trim().min(1, "Please name a product").max(100),
  quantity: quantity.optional(),
  color: option,
  size: option,
});
const patchSchema = z.object({ quantity });
const cartQuery = z.object({ shippingMethod: z.string().max(40).optional() });

/**
 * The shopper's cart over JSON (spec: add, remove, update quantity; totals computed here). A
 * browser without a cart gets its visitor cookie on the first add.
 */
export function cartRoutes() {
  const r = new Hono<AppEnv>();

  r.get("/cart", async (c) => {
    const { shippingMethod } = parseInput(cartQuery, c.req.query());
    const shopper = await apiShopper(c);
    const cart = await c.var.services.cart.getCart(shopper.shopper, { shippingMethod });
    shopper.finish(c);
    return c.json({ success: true, data: cart });
  });

  r.post("/cart/items", async (c) => {
    const input = parseInput(addSchema, await c.req.json(), "Please check the product and quantity.");
    const shopper = await apiShopper(c);
    const cart = await c.var.services.cart.addItem(shopper.ensureOwner(), input);
    shopper.finish(c);
    return c.json({ success: true, data: cart }, 201);
  });

  r.patch("/cart/items/:lineId", async (c) => {
    const { quantity } = parseInput(patchSchema, await c.req.json(), "Quantity must be a whole number of at least 1.");
    const shopper = await apiShopper(c);
    const cart = await c.var.services.cart.updateQuantity(shopper.shopper, c.req.param("lineId"), quantity);
    shopper.finish(c);
    return c.json({ success: true, data: cart });
  });

  r.delete("/cart/items/:lineId", async (c) => {
    const shopper = await apiShopper(c);
    const cart = await c.var.services.cart.removeLine(shopper.shopper, c.req.param("lineId"));
    shopper.finish(c);
    return c.json({ success: true, data: cart });
  });

  return r;
}
