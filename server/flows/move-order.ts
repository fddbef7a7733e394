import { AppError } from "#common/errors";
import { type AuditActor, appendAudit } from "#modules/audit";
import { trackingLink } from "#common/content/content.schema";
import { STATUS_LABELS, isOrderStatus } from "#common/orders/order-status";
import type { MoveOptions, OrderRecord } from "#modules/orders";
import type { OrderActor, OrderStatus } from "#common/orders/order-status";
import type { OrderFlowDeps } from "./order-flow-deps";
import { refundRemainder } from "./refund-order";
import { issueBoughtGiftCards } from "./issue-bought-gift-cards";

/**
 * THE order-status move: every status change of an order, by the customer, the shop or the system,
 * runs here, so each effect is written once. In one transaction it moves the status as the table in
 * order-status.ts allows this actor (only from the status it read: of two operators clicking at once,
 * the second gets a conflict), gives the stock, the promotions' uses and the gift cards' money back on a cancellation, keeps the courier and tracking
 * link of a shipment, issues the gift cards a paid order bought and writes the audit entry of a staff move; after the commit it mails the customer.
 */
export async function moveOrder(
  deps: Pick<OrderFlowDeps, "db" | "orders" | "epoch" | "settings" | "refunds" | "payments" | "logger" | "webhooks" | "promotions" | "giftCards" | "inventory">,
  orderId: string,
  to: OrderStatus,
  actor: OrderActor,
  options: MoveOptions = {},
): Promise<OrderRecord> {
  if (!isOrderStatus(to)) throw new AppError("invalid_input", "Unknown order status.");
  const note = options.note?.trim().slice(0, 1000) || null;
  const shipment = to === "shipped" ? await shipmentOf(deps, actor, options) : null;
  const staff = options.staff ?? null;
  // Read before the transaction: issuing the gift cards an order bought needs them (SQLite's one connection is the transaction's).
  const settings = await deps.settings();
  const flipped = await deps.db.kysely.transaction().execute(async (trx) => {
    const from = await deps.orders.moveStatus(trx, orderId, to, actor, {
      note,
      ...(shipment ?? {}),
      actorId: staff?.id ?? null,
      actorEmail: staff?.email ?? null,
    });
    const change = to === "cancelled" ? await deps.inventory.returnStock(trx, await deps.orders.listUnits(trx, orderId)) : { flipped: [] };
    // A cancelled order gives its promotions' uses back (a code limited to 10 uses is usable again).
    if (to === "cancelled") await deps.promotions.releaseUses(trx, orderId);
    // And what its gift cards paid goes back to them, all of it that is not back yet (never twice: the cards' ledger says what is).
    if (to === "cancelled") {
      const given = await deps.giftCards.giveBack(trx, { orderId, actor: staff });
      await deps.orders.recordGiftCardReturn(
        trx,
        orderId,
        given.reduce((sum, g) => sum + g.amount, 0),
      );
    }
    // A move that leaves the order paid (cash on delivery: delivered) issues the gift cards it bought, once.
    if (to !== "cancelled") await issueBoughtGiftCards(deps, trx, orderId, settings);
    if (staff) {
      const changes: Record<string, { before: unknown; after: unknown }> = { status: { before: from, after: to } };
      if (shipment) changes.tracking = { before: null, after: `${shipment.courier} ${shipment.trackingNumber}` };
      if (note) changes.note = { before: null, after: note };
      await appendAudit(trx, staff, { action: `order.${to === "cancelled" ? "cancel" : "status"}`, entityType: "order", entityId: orderId, changes });
    }
    await deps.webhooks.emit(trx, "order.status_changed", async () => ({
      ...deps.orders.toOrder((await deps.orders.getRecord(orderId, trx))!, "shop"),
      previousStatus: from,
    }));
    return change.flipped;
  });
  if (flipped.length) deps.epoch.bump();
  if (to === "cancelled") await refundCancelled(deps, orderId, staff, actor);
  const record = (await deps.orders.getRecord(orderId))!;
  if (options.notify !== false) deps.orders.mailStatusChange(record, to);
  return record;
}

/**
 * A cancelled card order that was paid gets all that is left of its payment back (refund-order.ts).
 * The cancellation stands when Stripe cannot be reached: the operator refunds it from the order page.
 */
async function refundCancelled(deps: Pick<OrderFlowDeps, "refunds" | "payments" | "logger">, orderId: string, staff: AuditActor | null, actor: OrderActor) {
  const state = await deps.refunds.getState(orderId);
  if (state.method !== "stripe" || state.refundable <= 0) return;
  try {
    await refundRemainder(deps, orderId, "Order cancelled", staff ?? { id: actor, email: actor, requestId: null, as: actor });
  } catch (err) {
    deps.logger.error({ err, orderId }, "could not refund the cancelled order's card payment");
  }
}

/** The courier and tracking link of a shipment; the shop must name both (the system and tests of old orders may not). */
async function shipmentOf(deps: Pick<OrderFlowDeps, "settings">, actor: OrderActor, options: MoveOptions) {
  const trackingNumber = options.trackingNumber?.trim().slice(0, 100) || null;
  const courierId = options.courier?.trim() || null;
  const { couriers } = await deps.settings();
  const courier = courierId ? couriers.find((c) => c.id === courierId) : undefined;
  const fields: Record<string, string> = {};
  if (courierId && !courier) fields.courier = "Choose one of the shop's couriers.";
  if (actor === "shop" && !courierId) fields.courier = "Choose the courier that carries the parcel.";
  if (actor === "shop" && !trackingNumber) fields.trackingNumber = "Enter the parcel's tracking number.";
  if (Object.keys(fields).length)
    throw new AppError("invalid_input", `To mark the order ${STATUS_LABELS.shipped.toLowerCase()}, name the courier and the tracking number.`, fields);
  return {
    courier: courier?.name ?? null,
    trackingNumber,
    trackingUrl: courier && trackingNumber ? trackingLink(courier, trackingNumber) : null,
  };
}
