import { type Dialect, nowIso } from "../../db/database";
import { growGiftCardRefunded } from "./orders.refunds.repo";
import { addNewOrderToRollups, syncOrderRollups } from "./orders.rollups";
import { AppError } from "#common/errors";
import { newId } from "../../lib/ids";
import { canTransition, isOrderStatus } from "#common/orders/order-status";
import { newOrderNumber, orderPrefix } from "./order-token";
import type { OrdersDeps } from "./orders.deps";
import {
  countOrdersOfUser,
  hasPlacedOrder,
  findOrderIdByKey,
  getOrderByIntent,
  getOrderPayment,
  insertOrder,
  insertOrderEvent,
  insertPaymentEvent,
  listAddressRows,
  listOrderStatusRows,
  listOrderSummaries,
  listOrderUnits,
  loadOrder,
  markOrderPaid,
  claimGiftCardIssue,
  recordIssuedGiftCards,
  saveAddress,
  toOrder,
  updateOrderFromStatus,
  updatePaymentIntent,
  updatePaymentStatus,
} from "./orders.repo";
import type { Executor, NewOrder, OrderLineTax, OrderRecord, OrderRow, OrderViewer, OrdersModule, SavedAddress } from "./orders.types";
import type { OrderActor, OrderStatus } from "#common/orders/order-status";
import type { CardPaymentEvent } from "#modules/payments";
import { DEFAULT_LANGUAGE } from "#common/i18n/languages";

const NOT_FOUND = "There is no such order.";

/** Why this actor cannot move an order in this status to `to`, in words a customer understands. */
function refusal(status: string, to: string, actor: OrderActor): string {
  if (to !== "cancelled") return `An order that is ${status} cannot become ${to}.`;
  if (status === "cancelled") return "This order is already cancelled.";
  if (status === "processing" && actor === "customer")
    return "This order is already being prepared and can no longer be cancelled. Please contact us if you need to change it.";
  return `This order is ${status} and can no longer be cancelled.`;
}

/** The order's row as placed (pending): contact, address, shipping, payment and the totals it was quoted, in minor units. */
function newOrderRow(o: NewOrder, id: string, number: string, guestTokenHash: string, now: string) {
  const { input, totals: t } = o;
  const giftCardTotal = o.giftCards.reduce((sum, c) => sum + c.amount, 0);
  return {
    id,
    number,
    user_id: o.shopper.userId,
    visitor_id: o.shopper.userId ? null : o.shopper.visitorId,
    guest_token_hash: guestTokenHash,
    idempotency_key: o.idempotencyKey,
    status: "pending",
    contact_name: input.contact.name,
    contact_email: input.contact.email,
    contact_phone: input.contact.phone,
    address: JSON.stringify(input.address),
    shipping_method: o.zone.id,
    shipping_method_name: o.zone.name,
    payment_method: input.paymentMethod,
    // Paid in full by gift cards: nothing is left to charge or collect, so it is paid at once.
    payment_status: t.total - giftCardTotal <= 0 ? "paid" : input.paymentMethod === "card" ? "pending" : "unpaid",
    payment_intent_id: null,
    currency: o.currency,
    exchange_rate: o.exchangeRate,
    subtotal: t.subtotal,
    discount_total: t.discount,
    shipping_total: t.shipping,
    total: t.total,
    notes: input.notes,
    tracking_number: null,
    courier: null,
    tracking_url: null,
    refunded_total: 0,
    language: input.language ?? DEFAULT_LANGUAGE,
    tax_total: o.tax.taxTotal,
    prices_include_tax: o.tax.pricesIncludeTax ? 1 : 0,
    company: input.company ?? null,
    vat_number: input.vatNumber ?? null,
    reverse_charge: o.tax.reverseCharge ? 1 : 0,
    tax_country: o.tax.region?.country ?? null,
    tax_region: o.tax.region?.region ?? null,
    tax_name: o.tax.name,
    in_rollups: 0,
    promotion_discount: o.discounts.reduce((sum, d) => sum + d.amount, 0),
    shipping_discount: o.discounts.reduce((sum, d) => sum + d.shipping, 0),
    discounts: JSON.stringify(o.discounts),
    gift_card_total: giftCardTotal,
    gift_card_refunded: 0,
    gift_cards: JSON.stringify(o.giftCards),
    // Kept only when the order buys gift cards: whom they go to.
    gift_card_recipient: o.lines.some((l) => l.giftCard) && input.giftCardRecipient ? JSON.stringify(input.giftCardRecipient) : null,
    gift_cards_issued: null,
    created_at: now,
    updated_at: now,
  };
}

/**
 * The new order's tax rows: each line's tax and the shipping's, as the flow quoted them (none where
 * no tax region covered the address), so that the order keeps them whatever the rates become.
 */
function newTaxRows(o: NewOrder, orderId: string, lines: Array<{ id: string }>) {
  const row = (orderLineId: string | null, t: OrderLineTax) => ({
    id: newId(),
    order_id: orderId,
    order_line_id: orderLineId,
    tax_class: t.taxClass,
    rate_milli: t.rateMilli,
    base: t.base,
    amount: t.amount,
  });
  const rows = o.lines.flatMap((l, i) => (l.tax ? [row(lines[i]!.id, l.tax)] : []));
  if (o.tax.shipping) rows.push(row(null, o.tax.shipping));
  return rows;
}

/** The new order's line rows, in the order the flow priced them. */
function newLineRows(o: NewOrder, orderId: string) {
  return o.lines.map((l, i) => ({
    id: newId(),
    order_id: orderId,
    product_id: l.productId,
    variant_id: l.variantId,
    name: l.name,
    shopper_name: l.shopperName ?? null,
    slug: l.slug,
    image: l.image,
    color: l.color,
    size: l.size,
    sku: l.sku,
    unit_price: l.unitPrice,
    additional_price: l.additionalPrice,
    discount: l.discount,
    unit_final_price: l.unitFinalPrice,
    shipping_cost: l.shippingCost,
    quantity: l.quantity,
    line_total: l.lineTotal,
    sort_order: i,
    promotion_discount: l.promotionDiscount,
    gift_card: l.giftCard ? 1 : 0,
  }));
}

const toSavedAddress = (a: Awaited<ReturnType<typeof listAddressRows>>[number]): SavedAddress => ({
  id: a.id,
  name: a.name,
  phone: a.phone,
  line1: a.line1,
  line2: a.line2,
  city: a.city,
  region: a.region,
  postalCode: a.postal_code,
  country: a.country,
  isDefault: a.is_default === 1,
});

/**
 * In the caller's transaction: stores a card payment's event once and applies it to its order.
 * Answers the order's id when this event is the one that marked it paid (the shop is mailed then).
 */
async function applyCardPayment(
  trx: Executor,
  dialect: Dialect,
  event: CardPaymentEvent,
  onPaid?: (k: Executor, orderId: string) => Promise<void>,
): Promise<string | null> {
  const order = event.intentId ? await getOrderByIntent(trx, event.intentId) : undefined;
  const now = nowIso();
  // The event id is the key: a redelivered event finds its row and changes nothing.
  const inserted = await insertPaymentEvent(trx, { id: event.eventId, type: event.type, order_id: order?.id ?? null, received_at: now });
  if (!inserted || !order || event.outcome === "ignored") return null;
  if (event.outcome === "paid" && order.payment_status !== "paid") {
    // Conditional: of two different events of one payment racing, one marks it paid (and mails the shop).
    if (!(await markOrderPaid(trx, order.id, now))) return null;
    await syncOrderRollups(trx, dialect, order.id);
    await insertOrderEvent(trx, { id: newId(), order_id: order.id, status: order.status, actor: "system", note: "Payment received", created_at: now });
    // What being paid sets off (the gift cards it bought are issued) commits with the payment.
    if (onPaid) await onPaid(trx, order.id);
    return order.id;
  }
  if (event.outcome === "failed" && order.payment_status !== "paid") await updatePaymentStatus(trx, order.id, "failed", now);
  return null;
}

/**
 * The orders module: checkout quotes, the customer's order list and details, the address book,
 * card payment events, status moves, and the steps the place and cancel flows (server/flows) run
 * in their transaction. An order is shown only to its owner (the account, or for a guest order the
 * browser that placed it), to the bearer of its link's token, and to admins.
 */
export function createOrdersService(deps: OrdersDeps): OrdersModule {
  const k = deps.db.kysely;

  function mayView(o: OrderRow, viewer: OrderViewer): boolean {
    if (viewer.forShop) return true;
    if (o.user_id && viewer.shopper.userId === o.user_id) return true;
    if (!o.user_id && o.visitor_id && viewer.shopper.visitorId === o.visitor_id) return true;
    return deps.tokens.verify(viewer.token, o.guest_token_hash);
  }

  async function requireVisible(orderId: string, viewer: OrderViewer): Promise<OrderRecord> {
    const record = typeof orderId === "string" && orderId.length <= 100 ? await loadOrder(k, orderId) : null;
    if (!record || !mayView(record.order, viewer)) throw new AppError("not_found", NOT_FOUND);
    return record;
  }

  const guestPath = (orderId: string) => `/order-confirmation?order=${encodeURIComponent(orderId)}&token=${deps.tokens.tokenFor(orderId)}`;

  const service: OrdersModule = {
    async quote(shopper, options = {}) {
      return { ...(await deps.cart.getQuote(shopper, options)), cardPayments: deps.payments.cardPayments };
    },

    listForShopper: (shopper) => listOrderSummaries(k, shopper, guestPath),

    countForUser: (userId) => countOrdersOfUser(k, userId),
    hasOrdered: (x, who) => hasPlacedOrder(x, who),

    async getOrder(orderId, viewer) {
      const record = await requireVisible(orderId, viewer);
      return toOrder(record, viewer.forShop ? "shop" : "customer");
    },

    requireVisible,

    getRecord: (orderId, executor = k) => loadOrder(executor, orderId),

    getIdByKey: (key) => findOrderIdByKey(k, key),

    async listStatuses(orderIds) {
      const out = new Map<string, { number: string; status: OrderStatus }>();
      for (const r of await listOrderStatusRows(k, orderIds)) if (isOrderStatus(r.status)) out.set(r.id, { number: r.number, status: r.status });
      return out;
    },

    toOrder,

    guestTokenFor: (orderId) => deps.tokens.tokenFor(orderId),

    async admitOrReplay(party, maxOpenOrders, idempotencyKey) {
      // The confirmation's count against its recipient's mail limit goes with the order's counts: one statement, one commit.
      const admitted = await deps.limits.admit(party, maxOpenOrders, idempotencyKey, [deps.mails.confirmationLimit(party.email)]);
      return admitted.replayId !== null ? { replayId: admitted.replayId } : { replayId: null, confirmation: admitted.counted[0]! };
    },

    async createOrder(trx, o) {
      const id = newId();
      const now = nowIso();
      const order = newOrderRow(o, id, newOrderNumber(orderPrefix(o.siteName, o.numberPrefix)), deps.tokens.hash(deps.tokens.tokenFor(id)), now);
      const lines = newLineRows(o, id);
      const taxLines = newTaxRows(o, id, lines);
      const event = { id: newId(), order_id: id, status: "pending", actor: "customer", note: null, actor_id: null, actor_email: null, created_at: now };
      // The reports' roll-ups gain its money in this transaction, from the rows written here.
      const counted = await addNewOrderToRollups(trx, deps.db.dialect, { order: order as OrderRow, lines, taxLines });
      await insertOrder(trx, deps.db.dialect, { ...order, in_rollups: counted ? 1 : 0 }, lines, [event], taxLines);
      if (o.input.saveAddress && o.shopper.userId) await saveAddress(trx, o.shopper.userId, o.input, now);
      return { order, lines, events: [event], notes: [], taxLines };
    },

    async moveStatus(trx, orderId, to, actor, options = {}) {
      const order = await getOrderPayment(trx, orderId);
      if (!order) throw new AppError("not_found", NOT_FOUND);
      if (!isOrderStatus(order.status) || !canTransition(order.status, to, actor)) throw new AppError("conflict", refusal(order.status, to, actor));
      const now = nowIso();
      const shipment =
        to === "shipped"
          ? { tracking_number: options.trackingNumber ?? null, courier: options.courier ?? null, tracking_url: options.trackingUrl ?? null }
          : {};
      // Cash on delivery is paid when the parcel is handed over.
      const paid = to === "delivered" && order.payment_method === "cod" && order.payment_status === "unpaid" ? { payment_status: "paid" } : {};
      const moved = await updateOrderFromStatus(trx, orderId, order.status, { status: to, updated_at: now, ...shipment, ...paid });
      if (!moved) throw new AppError("conflict", "This order changed in the meantime. Please reload it and try again.");
      await syncOrderRollups(trx, deps.db.dialect, orderId);
      await insertOrderEvent(trx, {
        id: newId(),
        order_id: orderId,
        status: to,
        actor,
        note: options.note ?? null,
        actor_id: options.actorId ?? null,
        actor_email: options.actorEmail ?? null,
        created_at: now,
      });
      return order.status;
    },

    async listUnits(trx, orderId) {
      const lines = await listOrderUnits(trx, orderId);
      return lines.map((l) => ({ productId: l.product_id, variantId: l.variant_id, quantity: l.quantity }));
    },

    recordGiftCardReturn: (trx, orderId, amount) => growGiftCardRefunded(trx, orderId, amount),

    claimGiftCardIssue: (trx, orderId) => claimGiftCardIssue(trx, orderId, nowIso()),

    recordIssuedGiftCards: (trx, orderId, cards) => recordIssuedGiftCards(trx, orderId, cards, nowIso()),

    setPaymentIntent: (orderId, intentId, executor = k) => updatePaymentIntent(executor, orderId, intentId, nowIso()),

    admitConfirmation: (contact, admission) => deps.mails.admitConfirmation({ user_id: contact.userId, contact_email: contact.email }, admission.confirmation),

    storeOrderMails: (executor, record, settings, mails) => deps.mails.storeIn(executor, record, settings, mails),

    mailStatusChange: (record, to) => deps.mails.statusChange(record, to),

    listAddresses: async (userId) => (await listAddressRows(k, userId)).map(toSavedAddress),

    async recordCardPayment(event, onPaid) {
      const paidOrder = await k.transaction().execute((trx) => applyCardPayment(trx, deps.db.dialect, event, onPaid));
      if (!paidOrder) return;
      const record = await loadOrder(k, paidOrder);
      if (record) deps.mails.shopNewOrder(record);
    },

    idle: () => deps.mails.idle(),
  };
  return service;
}
