import { nowIso } from "../db/database";
import { AppError } from "../lib/errors";
import { newId } from "../lib/ids";
import { canTransition, isOrderStatus } from "../modules/orders/order-status";
import type { OrdersDeps } from "../modules/orders/orders.deps";
import { type OrderRecord, loadOrder } from "../modules/orders/orders.repo";
import type { OrderActor } from "../modules/orders/orders.types";
import { returnStock } from "../modules/inventory/inventory.service";

/** Why this actor cannot cancel an order in this status, in words a customer understands. */
function refusal(status: string, actor: OrderActor): string {
  if (status === "cancelled") return "This order is already cancelled.";
  if (status === "processing" && actor === "customer") return "This order is already being prepared and can no longer be cancelled. Please contact us if you need to change it.";
  return `This order is ${status} and can no longer be cancelled.`;
}

/**
 * Cancels an order as the transition table allows this actor (the customer while pending, the
 * shop also while processing), in one transaction: the status moves only from the status we read
 * (a concurrent change wins), the units go back to the product and variant rows, and the history
 * records who cancelled. Mails the customer unless `notify` is false.
 */
export async function cancelOrder(
  deps: OrdersDeps,
  orderId: string,
  actor: OrderActor,
  options: { note?: string | null; notify?: boolean } = {},
): Promise<OrderRecord> {
  const flipped = await deps.db.kysely.transaction().execute(async (trx) => {
    const order = await trx.selectFrom("orders").select(["id", "status"]).where("id", "=", orderId).executeTakeFirst();
    if (!order) throw new AppError("not_found", "There is no such order.");
    if (!isOrderStatus(order.status) || !canTransition(order.status, "cancelled", actor)) throw new AppError("conflict", refusal(order.status, actor));
    const now = nowIso();
    const moved = await trx
      .updateTable("orders")
      .set({ status: "cancelled", updated_at: now })
      .where("id", "=", orderId)
      .where("status", "=", order.status)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) throw new AppError("conflict", "This order changed in the meantime. Please reload it and try again.");
    const lines = await trx.selectFrom("order_lines").select(["product_id", "variant_id", "quantity"]).where("order_id", "=", orderId).execute();
    const change = await returnStock(
      trx,
      lines.map((l) => ({ productId: l.product_id, variantId: l.variant_id, quantity: l.quantity })),
    );
    await trx.insertInto("order_events").values({ id: newId(), order_id: orderId, status: "cancelled", actor, note: options.note ?? null, created_at: now }).execute();
    return change.flipped;
  });
  if (flipped.length) deps.epoch.bump();
  const record = (await loadOrder(deps.db.kysely, orderId))!;
  if (options.notify !== false) deps.mails.statusChange(record, "cancelled");
  return record;
}
