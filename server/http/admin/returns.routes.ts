import { z } from "zod";
import { parseInput } from "#common/validate";
import { RETURN_STATUSES } from "#common/orders/return-status";
import { refundSchema, returnRefusalSchema } from "#common/orders/orders.returns.schema";
import { idempotencyKeySchema } from "#common/orders/orders.schema";
import { createdOrReplayed } from "../context";
import { type AdminRoute, actorOf, idParam, parseBody, parseQuery } from "./admin-route";

const returnListQuery = z.object({
  status: z.enum(RETURN_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});

/** Returns (approve, refuse, receive: stock back once) and refunds (Stripe for card orders, manual for cash on delivery), all audited and mailed. */
export const RETURN_ROUTES: AdminRoute[] = [
  {
    method: "GET",
    path: "/returns",
    summary: "Return requests, newest first, by `status` (requested, approved, refused, received), 50 a page; `meta.counts` per status.",
    query: returnListQuery,
    async handler(c) {
      return c.json(await c.var.services.orderReturns.list(parseQuery(c, returnListQuery)));
    },
  },
  {
    method: "GET",
    path: "/returns/:id",
    summary: "One return with its order's number, the customer, the lines and who decided and received it when.",
    async handler(c) {
      return c.json({ data: await c.var.services.orderReturns.get(idParam(c, "return id")) });
    },
  },
  {
    method: "POST",
    path: "/returns/:id/approve",
    summary: "Approve a requested return (409 once decided); the customer is mailed.",
    async handler(c) {
      return c.json({ data: await c.var.services.orderReturns.approve(idParam(c, "return id"), actorOf(c)) });
    },
  },
  {
    method: "POST",
    path: "/returns/:id/refuse",
    summary: "Refuse a requested return with a `reason` the customer is mailed (409 once decided).",
    body: returnRefusalSchema,
    async handler(c) {
      return c.json({ data: await c.var.services.orderReturns.refuse(idParam(c, "return id"), await parseBody(c, returnRefusalSchema), actorOf(c)) });
    },
  },
  {
    method: "POST",
    path: "/returns/:id/receive",
    summary: "Mark an approved return received: its units go back in stock per line and variant, exactly once (a second receive is a 409).",
    async handler(c) {
      return c.json({ data: await c.var.services.returns.receive(idParam(c, "return id"), actorOf(c)) });
    },
  },
  {
    method: "POST",
    path: "/orders/:id/refunds",
    summary:
      "Refund lines (`quantity` units each), the `shipping` and a free `amount` (major unit) of a paid order: through Stripe for a card order, recorded as manual for cash on delivery. Never more than paid minus refunded (409). The Idempotency-Key header answers the same refund again.",
    body: refundSchema,
    async handler(c) {
      const header = c.req.header("idempotency-key");
      const idempotencyKey = header === undefined ? null : parseInput(idempotencyKeySchema, header, "Invalid Idempotency-Key header.");
      const body = await parseBody(c, refundSchema);
      const { refund, created } = await c.var.services.refunds.refund(idParam(c, "order id"), { ...body, idempotencyKey }, actorOf(c));
      return createdOrReplayed(c, { data: refund }, created);
    },
  },
];
