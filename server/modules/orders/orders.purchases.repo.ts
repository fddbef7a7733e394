import { DELIVERED_STATUSES } from "#common/orders/order-status";
import type { Executor } from "./orders.types";

/** The account's most recent delivered (or completed) order line of this product, if any. */
export function findDeliveredLine(k: Executor, userId: string, productId: string) {
  return k
    .selectFrom("order_lines as l")
    .innerJoin("orders as o", "o.id", "l.order_id")
    .select(["l.id as line_id", "o.id as order_id"])
    .where("o.user_id", "=", userId)
    .where("l.product_id", "=", productId)
    .where("o.status", "in", [...DELIVERED_STATUSES])
    .orderBy("o.created_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** One order line with its order's buyer (account, contact name and address) and status. */
export function findLineWithBuyer(k: Executor, lineId: string) {
  return k
    .selectFrom("order_lines as l")
    .innerJoin("orders as o", "o.id", "l.order_id")
    .select(["l.id as line_id", "l.product_id", "o.id as order_id", "o.user_id", "o.contact_name", "o.contact_email", "o.status"])
    .where("l.id", "=", lineId)
    .executeTakeFirst();
}

/**
 * Orders still delivered (or completed) whose delivery was recorded after `from` and at or before
 * `to`, oldest delivery first from the keyset `after` (delivery time and order id), `limit` of them.
 */
export function listDeliveredIn(k: Executor, from: string, to: string, after: { at: string; id: string } | null, limit: number) {
  let q = k
    .selectFrom("order_events as e")
    .innerJoin("orders as o", "o.id", "e.order_id")
    .select(["o.id", "o.number", "o.user_id", "o.contact_name", "o.contact_email", "o.language", "e.created_at as delivered_at"])
    .where("e.status", "=", "delivered")
    .where("e.created_at", ">", from)
    .where("e.created_at", "<=", to)
    .where("o.status", "in", [...DELIVERED_STATUSES]);
  if (after) q = q.where((eb) => eb.or([eb("e.created_at", ">", after.at), eb.and([eb("e.created_at", "=", after.at), eb("o.id", ">", after.id)])]));
  return q.orderBy("e.created_at").orderBy("o.id").limit(limit).execute();
}

/** The lines of these orders, in each order's own order. */
export function listLinesOf(k: Executor, orderIds: string[]) {
  if (!orderIds.length) return Promise.resolve([]);
  return k
    .selectFrom("order_lines")
    .select(["id", "order_id", "product_id", "name", "shopper_name", "gift_card"])
    .where("order_id", "in", orderIds)
    .orderBy("order_id")
    .orderBy("sort_order")
    .execute();
}
