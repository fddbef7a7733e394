import { requestLanguageParam, requestMarket } from "./market";
import { Hono } from "hono";
import { z } from "zod";
import { parseInput } from "#common/validate";
import { addToCartSchema, discountCodeSchema, giftCardCodeSchema, updateQuantitySchema } from "#common/cart/cart.schema";
import { shippingAddressSchema } from "#common/orders/orders.schema";
import { type AppEnv, clientIp } from "./context";
import { addToCart, apiShopper } from "./shopper";

export const cartQuery = z.object({
  shippingMethod: z.string().max(40).optional(),
  // The delivery address when known: the cart is taxed for it and shipped by the zone the checkout would pick.
  country: z.string().max(60).optional().describe("The delivery country (ISO code or name): the cart is taxed for the address"),
  region: z.string().max(100).optional().describe("The state or province (its code or name)"),
  city: z.string().max(100).optional(),
  postalCode: z.string().max(20).optional(),
});

/**
 * The shopper's cart over JSON (spec: add, remove, update quantity; totals computed here). A
 * browser without a cart gets its visitor cookie on the first add.
 */
export function cartRoutes() {
  const r = new Hono<AppEnv>();

  r.get("/cart", async (c) => {
    const { shippingMethod, country, region, city, postalCode } = parseInput(cartQuery, c.req.query());
    // Any part of an address asks for its price: then it needs a country the shop knows.
    const address =
      country || region || city || postalCode ? parseInput(shippingAddressSchema, { country, region, city }, "Please check the address.") : undefined;
    const shopper = await apiShopper(c);
    const { cart } = c.var.services;
    const market = await requestMarket(c);
    const [view, notices] = await Promise.all([
      cart.getCart(shopper.shopper, { shippingMethod, market, language: requestLanguageParam(c), address }),
      cart.takeNotices(shopper.shopper),
    ]);
    shopper.finish(c);
    // `notices`: messages given once, e.g. a product the shop withdrew ("… was removed from your cart").
    return c.json({ success: true, data: { ...view, notices } });
  });

  r.post("/cart/items", async (c) => {
    const input = parseInput(addToCartSchema, await c.req.json(), "Please check the product and quantity.");
    const shopper = await apiShopper(c);
    const cart = await addToCart(shopper, c.var.services.cart, input);
    shopper.finish(c);
    return c.json({ success: true, data: cart }, 201);
  });

  r.patch("/cart/items/:lineId", async (c) => {
    const { quantity } = parseInput(updateQuantitySchema, await c.req.json(), "Quantity must be a whole number of at least 1.");
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

  // Discount codes: a code that gives nothing now is refused with why (400, or 409 for used up,
  // used already, beaten by another promotion); guessing is limited per client address (429).
  r.post("/cart/discount-codes", async (c) => {
    const { code } = parseInput(discountCodeSchema, await c.req.json(), "Please enter a code.");
    const shopper = await apiShopper(c);
    const cart = await c.var.services.cart.applyCode(shopper.shopper, code, { market: await requestMarket(c), clientIp: clientIp(c) });
    shopper.finish(c);
    return c.json({ success: true, data: cart });
  });

  r.delete("/cart/discount-codes/:code", async (c) => {
    const shopper = await apiShopper(c);
    const cart = await c.var.services.cart.removeCode(shopper.shopper, c.req.param("code"));
    shopper.finish(c);
    return c.json({ success: true, data: cart });
  });

  // Gift cards: the cart keeps the card (never its code) and says what it pays; a card that cannot
  // pay is refused with why (400, or 409 for one used up); guessing is limited per client address (429).
  r.post("/cart/gift-cards", async (c) => {
    const { code } = parseInput(giftCardCodeSchema, await c.req.json(), "Please enter a gift card code.");
    const shopper = await apiShopper(c);
    const cart = await c.var.services.cart.applyGiftCard(shopper.shopper, code, { market: await requestMarket(c), clientIp: clientIp(c) });
    shopper.finish(c);
    return c.json({ success: true, data: cart });
  });

  r.delete("/cart/gift-cards/:last4", async (c) => {
    const shopper = await apiShopper(c);
    const cart = await c.var.services.cart.removeGiftCard(shopper.shopper, c.req.param("last4"), { market: await requestMarket(c) });
    shopper.finish(c);
    return c.json({ success: true, data: cart });
  });

  return r;
}
