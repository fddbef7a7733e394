import type { Insertable } from "kysely";
import type { OrderRefundTable, RefundTaxLineTable } from "../../db/schema";
import type { Executor } from "./orders.types";

/** The order's lines as a refund weighs them (what each was charged: its total less its promotions), in their order on the order. */
export function listRefundableLines(k: Executor, orderId: string) {
  return k
    .selectFrom("order_lines")
    .select(["id", "name", "color", "size", "image", "quantity", "line_total", "promotion_discount"])
    .where("order_id", "=", orderId)
    .orderBy("sort_order")
    .execute();
}

/** The tax of each of the order's lines and of its shipping (order_line_id null) as charged. */
export function listOrderTaxParts(k: Executor, orderId: string) {
  return k.selectFrom("order_tax_lines").select(["order_line_id", "rate_milli", "base", "amount"]).where("order_id", "=", orderId).execute();
}

/** The tax every refund of the order gave back (pending ones included: their money is reserved). */
export function listRefundTaxLinesOfOrder(k: Executor, orderId: string) {
  return k.selectFrom("refund_tax_lines").selectAll().where("order_id", "=", orderId).execute();
}

/** The tax one refund gave back. */
export function listRefundTaxLines(k: Executor, refundId: string) {
  return k.selectFrom("refund_tax_lines").selectAll().where("refund_id", "=", refundId).execute();
}

/** Stores a refund's tax rows. */
export async function insertRefundTaxLines(k: Executor, rows: Insertable<RefundTaxLineTable>[]): Promise<void> {
  if (rows.length) await k.insertInto("refund_tax_lines").values(rows).execute();
}

/** What each of the order's refunds gave back per line (JSON) and for the shipping. */
export function listRefundShares(k: Executor, orderId: string) {
  return k.selectFrom("order_refunds").select(["lines", "shipping_amount", "status", "gift_card_amount"]).where("order_id", "=", orderId).execute();
}

/** The refund an idempotency key (`<orderId>:<key>`) made, or undefined. */
export function getRefundByKey(k: Executor, key: string) {
  return k.selectFrom("order_refunds").selectAll().where("idempotency_key", "=", key).executeTakeFirst();
}

/** The refund, or undefined. */
export function getRefund(k: Executor, refundId: string) {
  return k.selectFrom("order_refunds").selectAll().where("id", "=", refundId).executeTakeFirst();
}

/** The order a refund belongs to, or undefined for an unknown refund. */
export function getRefundOrderId(k: Executor, refundId: string) {
  return k.selectFrom("order_refunds").select("order_id").where("id", "=", refundId).executeTakeFirst();
}

/** The order's refunds, oldest first. */
export function listRefundsOfOrder(k: Executor, orderId: string) {
  return k.selectFrom("order_refunds").selectAll().where("order_id", "=", orderId).orderBy("created_at").orderBy("id").execute();
}

/** Adds `amount` to the order's refunded total unless that would exceed `paid`; whether it did. */
export async function growRefundedTotal(k: Executor, orderId: string, amount: number, paid: number): Promise<boolean> {
  const grown = await k
    .updateTable("orders")
    .set((eb) => ({ refunded_total: eb("refunded_total", "+", amount) }))
    .where("id", "=", orderId)
    .where((eb) => eb(eb("refunded_total", "+", amount), "<=", paid))
    .executeTakeFirst();
  return Number(grown.numUpdatedRows) > 0;
}

/** Adds what went back to the order's gift cards (a cancel, a refund's share) to what the order keeps of it. */
export async function growGiftCardRefunded(k: Executor, orderId: string, amount: number): Promise<void> {
  if (amount <= 0) return;
  await k
    .updateTable("orders")
    .set((eb) => ({ gift_card_refunded: eb("gift_card_refunded", "+", amount) }))
    .where("id", "=", orderId)
    .execute();
}

/** Takes `amount` off the order's refunded total. */
export async function shrinkRefundedTotal(k: Executor, orderId: string, amount: number): Promise<void> {
  await k
    .updateTable("orders")
    .set((eb) => ({ refunded_total: eb("refunded_total", "-", amount) }))
    .where("id", "=", orderId)
    .execute();
}

/** Stores a refund. */
export async function insertRefund(k: Executor, refund: Insertable<OrderRefundTable>): Promise<void> {
  await k.insertInto("order_refunds").values(refund).execute();
}

/** The refund while it is pending (its order and amount), or undefined. */
export function getPendingRefund(k: Executor, refundId: string) {
  return k.selectFrom("order_refunds").select(["order_id", "amount"]).where("id", "=", refundId).where("status", "=", "pending").executeTakeFirst();
}

/** Deletes the refund while it is pending; whether it did. */
export async function deletePendingRefund(k: Executor, refundId: string): Promise<boolean> {
  const gone = await k.deleteFrom("order_refunds").where("id", "=", refundId).where("status", "=", "pending").executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}

/** Marks the pending refund succeeded with the provider's refund id; whether this call did (false: not pending any more). */
export async function markRefundSucceeded(k: Executor, refundId: string, providerRefundId: string | null): Promise<boolean> {
  const moved = await k
    .updateTable("order_refunds")
    .set({ status: "succeeded", provider_refund_id: providerRefundId })
    .where("id", "=", refundId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) > 0;
}

/** What a completed refund changes on its order: status, totals, payment status, currency. */
export function getOrderRefundTotals(k: Executor, orderId: string) {
  return k.selectFrom("orders").select(["status", "total", "refunded_total", "payment_status", "currency"]).where("id", "=", orderId).executeTakeFirst();
}
