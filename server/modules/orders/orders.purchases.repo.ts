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
