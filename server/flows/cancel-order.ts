import type { OrderActor, OrderRecord } from "../modules/orders/orders.types";
import { returnStock } from "../modules/inventory/inventory.service";
import type { OrderFlowDeps } from "./order-flows";

/**
 * Cancels an order as the transition table allows this actor (the customer while pending, the
 * shop also while processing), in one transaction: the orders module moves the status only from
 * the status it read (a concurrent change wins) and records who cancelled, and the inventory takes
 * the units back. Mails the customer unless `notify` is false.
 */
export async function cancelOrder(
  deps: Pick<OrderFlowDeps, "db" | "orders" | "epoch">,
  orderId: string,
  actor: OrderActor,
  options: { note?: string | null; notify?: boolean } = {},
): Promise<OrderRecord> {
  const flipped = await deps.db.kysely.transaction().execute(async (trx) => {
    await deps.orders.moveStatus(trx, orderId, "cancelled", actor, { note: options.note ?? null });
    const change = await returnStock(trx, await deps.orders.listUnits(trx, orderId));
    return change.flipped;
  });
  if (flipped.length) deps.epoch.bump();
  const record = (await deps.orders.getRecord(orderId))!;
  if (options.notify !== false) deps.orders.mailStatusChange(record, "cancelled");
  return record;
}
