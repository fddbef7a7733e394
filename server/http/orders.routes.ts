import { Hono } from "hono";
import { z } from "zod";
import { can } from "#common/auth/permissions";
import { AppError } from "#common/errors";
import { parseInput } from "#common/validate";
import { idempotencyKeySchema, placeOrderSchema, shippingAddressSchema } from "#common/orders/orders.schema";
import { returnRequestSchema } from "#common/orders/orders.returns.schema";
import type { OrderViewer } from "#modules/orders";
import { requestMarket } from "./market";
import { type AppEnv, clientIp, createdOrReplayed } from "./context";
import { type ApiShopper, apiShopper } from "./shopper";

export const tokenQuery = z.object({ token: z.string().max(200).optional() });

function viewerOf(shopper: ApiShopper, token: string | undefined): OrderViewer {
  return { shopper: shopper.shopper, token: token ?? null, forShop: can(shopper.user, "orders") };
}

/**
 * Orders over JSON: the shipping methods offered for an address (priced for this shopper's cart),
 * place one (Idempotency-Key header: a repeated key answers the same order),
 * list this shopper's, read one and cancel one (its owner, the bearer of its link's token, or an
 * admin; anyone else gets a 404). Sessions are read fresh: a sign-out or ban applies at once.
 */
export function orderRoutes() {
  const r = new Hono<AppEnv>();

  r.post("/orders", async (c) => {
    const header = c.req.header("idempotency-key");
    const idempotencyKey = header === undefined ? null : parseInput(idempotencyKeySchema, header, "Invalid Idempotency-Key header.");
    const body: unknown = await c.req.json();
    const shopper = await apiShopper(c, { fresh: true });
    const input = parseInput(placeOrderSchema, body);
    // `?currency=` (or the currency cookie): the order is priced, recorded and paid in that currency, at today's rate.
    const market = await requestMarket(c);
    const result = await c.var.services.checkout.placeOrder(shopper.shopper, input, { idempotencyKey, clientIp: clientIp(c), market });
    shopper.finish(c);
    if (!result.ok) {
      const fields = Object.fromEntries(result.problems.map((p) => [`lines.${p.lineId}`, p.message]));
      const message = `Some items in your cart cannot be ordered as they are: ${result.problems.map((p) => p.message).join("; ")}. Please update your cart.`;
      return c.json(new AppError("conflict", message, fields).toJSON(), 409);
    }
    return createdOrReplayed(c, { success: true, data: { order: result.order, guestToken: result.guestToken, payment: result.payment } }, result.created);
  });

  r.get("/shipping-options", async (c) => {
    const address = parseInput(shippingAddressSchema, c.req.query(), "Please check the address.");
    const shopper = await apiShopper(c);
    const quote = await c.var.services.orders.quote(shopper.shopper, { address });
    shopper.finish(c);
    const options = quote.offered.map((id) => quote.shippingOptions.find((o) => o.id === id)!);
    // Each option says the order's tax and total with it for this address.
    return c.json({ success: true, data: { options, unavailable: quote.unavailable } });
  });

  r.get("/orders", async (c) => {
    const shopper = await apiShopper(c, { fresh: true });
    const orders = await c.var.services.orders.listForShopper(shopper.shopper);
    shopper.finish(c);
    return c.json({ success: true, data: orders });
  });

  r.get("/orders/:id", async (c) => {
    const { token } = parseInput(tokenQuery, c.req.query());
    const shopper = await apiShopper(c, { fresh: true });
    const order = await c.var.services.orders.getOrder(c.req.param("id"), viewerOf(shopper, token));
    shopper.finish(c);
    return c.json({ success: true, data: order });
  });

  r.post("/orders/:id/returns", async (c) => {
    const { token } = parseInput(tokenQuery, c.req.query());
    const body: unknown = await c.req.json().catch(() => {
      throw new AppError("invalid_input", "The request body must be JSON");
    });
    const shopper = await apiShopper(c, { fresh: true });
    const input = parseInput(returnRequestSchema, body, "Please check the return.");
    const ret = await c.var.services.orderReturns.request(c.req.param("id"), viewerOf(shopper, token), input);
    shopper.finish(c);
    return c.json({ success: true, data: ret }, 201);
  });

  r.post("/orders/:id/cancel", async (c) => {
    const { token } = parseInput(tokenQuery, c.req.query());
    const shopper = await apiShopper(c, { fresh: true });
    const order = await c.var.services.orderMoves.cancelOrder(c.req.param("id"), viewerOf(shopper, token));
    shopper.finish(c);
    return c.json({ success: true, data: order });
  });

  return r;
}
