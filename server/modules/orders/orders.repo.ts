import { DEFAULT_LANGUAGE } from "#common/i18n/languages";
import { type Insertable, type Updateable, sql } from "kysely";
import { CONTACT_EMAIL_KEY_SQL } from "../../migrations/0006-open-orders-by-contact";
import { chunked } from "../../db/chunks";
import { compiledQuery } from "../../db/compiled-query";
import { type Dialect, toIso } from "../../db/database";
import type { OrderEventTable, OrderLineTable, OrderTable, OrderTaxLineTable, PaymentEventTable } from "../../db/schema";
import { newId } from "../../lib/ids";
import type { Shopper } from "../../lib/shopper";
import { toMajor } from "#common/money";
import { allowedTransitions, isOrderStatus } from "#common/orders/order-status";
import type { ValidPlaceOrderInput } from "#common/orders/orders.schema";
import type {
  Executor,
  GiftCardRecipient,
  Order,
  OrderAddress,
  OrderDiscountEntry,
  OrderGiftCardEntry,
  OrderGiftCardPurchase,
  OrderRecord,
  OrderRow,
  OrderSummary,
} from "./orders.types";
import type { OrderActor, OrderStatus, PaymentStatus } from "#common/orders/order-status";
import type { PaymentMethod } from "#common/payments/payment-methods";
import { receiptOf, taxLinesView } from "#modules/tax";

const status = (s: string): OrderStatus => (isOrderStatus(s) ? s : "pending");

function parseAddress(json: string): OrderAddress {
  try {
    const a = JSON.parse(json) as Partial<OrderAddress>;
    return {
      line1: a.line1 ?? "",
      line2: a.line2 ?? null,
      city: a.city ?? "",
      region: a.region ?? null,
      postalCode: a.postalCode ?? null,
      country: a.country ?? "",
    };
  } catch {
    return { line1: "", line2: null, city: "", region: null, postalCode: null, country: "" };
  }
}

/**
 * An order's sums in minor units, from what it stored when placed and its refunds since: the one
 * rule every order screen, the invoice and the mails print. The lines (at their discounted prices)
 * add up to `itemsSubtotal`, itemsSubtotal + shipping = total, total − refunded = net.
 */
export function orderSums(
  o: Pick<OrderRow, "subtotal" | "discount_total" | "shipping_total" | "total" | "refunded_total" | "tax_total" | "prices_include_tax"> &
    Partial<Pick<OrderRow, "gift_card_total">>,
) {
  const giftCardTotal = o.gift_card_total ?? 0;
  return {
    subtotal: o.subtotal,
    discount: o.discount_total,
    itemsSubtotal: o.subtotal - o.discount_total,
    shipping: o.shipping_total,
    total: o.total,
    /** What gift cards paid, and what was left to pay by card or on delivery (total − giftCardTotal). */
    giftCardTotal,
    due: o.total - giftCardTotal,
    taxTotal: o.tax_total,
    pricesIncludeTax: o.prices_include_tax === 1,
    ...refundSums(o),
  };
}

/** The promotions an order got, as it stored them (minor units); none when unreadable. */
export function orderDiscounts(o: Pick<OrderRow, "discounts">): OrderDiscountEntry[] {
  if (!o.discounts || o.discounts === "[]") return [];
  try {
    const list: unknown = JSON.parse(o.discounts);
    return Array.isArray(list) ? (list as OrderDiscountEntry[]) : [];
  } catch {
    return [];
  }
}

/** What each gift card paid for an order, as it stored them (minor units); none when unreadable. */
export function orderGiftCards(o: Partial<Pick<OrderRow, "gift_cards">>): OrderGiftCardEntry[] {
  if (!o.gift_cards || o.gift_cards === "[]") return [];
  try {
    const list: unknown = JSON.parse(o.gift_cards);
    return Array.isArray(list) ? (list as OrderGiftCardEntry[]) : [];
  } catch {
    return [];
  }
}

/** An order's tax per rate, summed from its stored line taxes (the rates of the day it was placed), in minor units. */
export function orderReceiptTaxLines(record: Pick<OrderRecord, "order" | "taxLines">) {
  const o = record.order;
  return receiptOf(
    (record.taxLines ?? []).map((l) => ({ rateMilli: l.rate_milli, base: l.base, amount: l.amount })),
    o.tax_name,
    o.reverse_charge === 1,
  );
}

/** An order's tax per rate (see orderReceiptTaxLines), money in the major unit. */
function orderTaxLines(record: OrderRecord) {
  return taxLinesView(orderReceiptTaxLines(record));
}

/** What an order's refunds gave back (never more than its total) and what it comes to after them, in minor units. */
export function refundSums(o: Pick<OrderRow, "total" | "refunded_total">) {
  const refunded = Math.min(o.refunded_total, o.total);
  return { refunded, net: o.total - refunded };
}

/** An order as its viewer sees it: money in the major unit, the moves this viewer may make now. */
/** A line's product name as its viewer reads it: the shopper in the order's language, the shop in its own. */
export function lineName(l: { name: string; shopper_name?: string | null }, viewer: OrderActor): string {
  return viewer === "customer" ? (l.shopper_name ?? l.name) : l.name;
}

export function toOrder(record: OrderRecord, viewer: OrderActor): Order {
  const o = record.order;
  // An order placed in another currency or language says so; one placed as the spec's clients
  // place them answers exactly as it always did (its totals name the currency).
  const rate = Number(o.exchange_rate ?? 1);
  const market = rate !== 1 ? { currency: o.currency, exchangeRate: rate } : {};
  const language = o.language && o.language !== DEFAULT_LANGUAGE ? { language: o.language } : {};
  const current = status(o.status);
  const sums = orderSums(o);
  return {
    id: o.id,
    number: o.number,
    status: current,
    createdAt: toIso(o.created_at)!,
    updatedAt: toIso(o.updated_at)!,
    contact: { name: o.contact_name, email: o.contact_email, phone: o.contact_phone },
    address: parseAddress(o.address),
    shippingMethod: { id: o.shipping_method, name: o.shipping_method_name },
    ...market,
    ...language,
    paymentMethod: o.payment_method as PaymentMethod,
    paymentStatus: o.payment_status as PaymentStatus,
    paymentIntentId: o.payment_intent_id,
    notes: o.notes,
    trackingNumber: o.tracking_number,
    tracking: o.tracking_number ? { courier: o.courier, number: o.tracking_number, url: o.tracking_url } : null,
    messages: (record.notes ?? []).filter((n) => n.visible_to_customer === 1).map((n) => ({ text: n.text, at: toIso(n.created_at)! })),
    lines: [...record.lines]
      .sort((a, b) => a.sort_order - b.sort_order)
      .map((l) => ({
        id: l.id,
        productId: l.product_id,
        slug: l.slug,
        name: lineName(l, viewer),
        image: l.image,
        selectedColor: l.color,
        selectedSize: l.size,
        selectedAditionalPrice: toMajor(l.additional_price),
        price: toMajor(l.unit_price),
        discount: l.discount,
        finalPrice: toMajor(l.unit_final_price),
        shippingCost: toMajor(l.shipping_cost),
        quantity: l.quantity,
        lineTotal: toMajor(l.line_total),
        ...(l.gift_card === 1 ? { giftCard: true } : {}),
      })),
    totals: {
      subtotal: toMajor(sums.subtotal),
      discount: toMajor(sums.discount),
      itemsSubtotal: toMajor(sums.itemsSubtotal),
      shipping: toMajor(sums.shipping),
      // What was charged by card or is collected on delivery: the order's total less what gift cards paid.
      total: toMajor(sums.due),
      taxTotal: toMajor(sums.taxTotal),
      pricesIncludeTax: sums.pricesIncludeTax,
      refunded: toMajor(sums.refunded),
      net: toMajor(sums.net),
      taxRefunded: toMajor((record.refundTaxLines ?? []).reduce((sum, t) => sum + t.amount, 0)),
      currency: o.currency,
      discountTotal: toMajor(o.promotion_discount ?? 0),
      giftCardTotal: toMajor(sums.giftCardTotal),
      orderTotal: toMajor(sums.total),
    },
    discounts: orderDiscounts(o).map((d) => ({ ...(d.code ? { code: d.code } : {}), label: d.label, amount: toMajor(d.amount) })),
    giftCards: orderGiftCards(o).map((c) => ({ last4: c.last4, amount: toMajor(c.amount) })),
    ...(orderGiftCardPurchase(o) ? { giftCardPurchase: orderGiftCardPurchase(o) } : {}),
    taxLines: orderTaxLines(record),
    company: o.company,
    vatNumber: o.vat_number,
    reverseCharge: o.reverse_charge === 1,
    refunds: (record.refunds ?? []).map((r) => ({
      id: r.id,
      amount: toMajor(r.amount),
      status: r.status === "succeeded" ? "succeeded" : "pending",
      reason: r.reason,
      at: toIso(r.created_at)!,
      taxLines: taxLinesView(
        receiptOf(
          (record.refundTaxLines ?? []).filter((t) => t.refund_id === r.id).map((t) => ({ rateMilli: t.rate_milli, base: t.base, amount: t.amount })),
          o.tax_name,
          o.reverse_charge === 1,
        ),
      ),
    })),
    history: [...record.events]
      .sort((a, b) => toIso(a.created_at)!.localeCompare(toIso(b.created_at)!) || a.id.localeCompare(b.id))
      .map((e) => ({ status: status(e.status), actor: e.actor as OrderActor, note: e.note, at: toIso(e.created_at)! })),
    allowedTransitions: allowedTransitions(current, viewer),
    guest: o.user_id === null,
  };
}

/** An order with its lines, events, staff notes, refunds and line taxes (up to six indexed reads), or null. */
export async function loadOrder(k: Executor, orderId: string): Promise<OrderRecord | null> {
  const order = await k.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
  if (!order) return null;
  const [lines, events, notes, refunds, taxLines, refundTaxLines] = await Promise.all([
    k.selectFrom("order_lines").selectAll().where("order_id", "=", orderId).orderBy("sort_order").execute(),
    k.selectFrom("order_events").selectAll().where("order_id", "=", orderId).orderBy("created_at").execute(),
    k.selectFrom("order_notes").selectAll().where("order_id", "=", orderId).orderBy("created_at").orderBy("id").execute(),
    order.refunded_total > 0 ? k.selectFrom("order_refunds").selectAll().where("order_id", "=", orderId).orderBy("created_at").orderBy("id").execute() : [],
    // Only an order a tax region covered has line taxes.
    order.tax_country !== null ? k.selectFrom("order_tax_lines").selectAll().where("order_id", "=", orderId).execute() : [],
    order.refunded_total > 0 && order.tax_country !== null
      ? k.selectFrom("refund_tax_lines").select(["refund_id", "rate_milli", "base", "amount"]).where("order_id", "=", orderId).execute()
      : [],
  ]);
  return { order, lines, events, notes, refunds, taxLines, refundTaxLines };
}

/** The order's row as stored, or undefined. */
export function getOrderRow(k: Executor, orderId: string): Promise<OrderRow | undefined> {
  return k.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
}

/** The order's row as stored, for a read that a write before it guarantees (Kysely's NoResultError otherwise). */
export function requireOrderRow(k: Executor, orderId: string): Promise<OrderRow> {
  return k.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
}

/** The order's lines as stored, in no particular order. */
export function listOrderLines(k: Executor, orderId: string) {
  return k.selectFrom("order_lines").selectAll().where("order_id", "=", orderId).execute();
}

/** The order's status alone, or undefined. */
export function getOrderStatus(k: Executor, orderId: string) {
  return k.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirst();
}

/**
 * Touches the order's row inside the caller's transaction, so that its row lock is taken before
 * anything of the order is read: two writers of one order take turns. Whether the order exists.
 */
export async function lockOrder(k: Executor, orderId: string, now: string): Promise<boolean> {
  const locked = await k.updateTable("orders").set({ updated_at: now }).where("id", "=", orderId).executeTakeFirst();
  return Number(locked.numUpdatedRows) > 0;
}

/** Appends an entry to the order's timeline. */
export async function insertOrderEvent(k: Executor, event: Insertable<OrderEventTable>): Promise<void> {
  await k.insertInto("order_events").values(event).execute();
}

/** How many orders the account placed. */
export async function countOrdersOfUser(k: Executor, userId: string): Promise<number> {
  const row = await k
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Id, number and status of each of these orders that exists, read in statement-sized parts. */
export async function listOrderStatusRows(k: Executor, orderIds: string[]): Promise<Array<{ id: string; number: string; status: string }>> {
  const out = [];
  for (const chunk of chunked(orderIds)) out.push(...(await k.selectFrom("orders").select(["id", "number", "status"]).where("id", "in", chunk).execute()));
  return out;
}

/** What a status move checks before it moves the order: its status and payment. */
export function getOrderPayment(k: Executor, orderId: string) {
  return k.selectFrom("orders").select(["status", "payment_method", "payment_status"]).where("id", "=", orderId).executeTakeFirst();
}

/** Writes `changes` to the order only while its status is still `from` (of two moves at once, one wins); whether it did. */
export async function updateOrderFromStatus(k: Executor, orderId: string, from: string, changes: Updateable<OrderTable>): Promise<boolean> {
  const moved = await k.updateTable("orders").set(changes).where("id", "=", orderId).where("status", "=", from).executeTakeFirst();
  return Number(moved.numUpdatedRows) > 0;
}

/** The product, variant and units of each line of the order. */
export function listOrderUnits(k: Executor, orderId: string) {
  return k.selectFrom("order_lines").select(["product_id", "variant_id", "quantity"]).where("order_id", "=", orderId).execute();
}

/** Records the card payment's PaymentIntent on the order. */
export async function updatePaymentIntent(k: Executor, orderId: string, intentId: string, now: string): Promise<void> {
  await k.updateTable("orders").set({ payment_intent_id: intentId, updated_at: now }).where("id", "=", orderId).execute();
}

/** Sets the order's payment status. */
export async function updatePaymentStatus(k: Executor, orderId: string, paymentStatus: PaymentStatus, now: string): Promise<void> {
  await k.updateTable("orders").set({ payment_status: paymentStatus, updated_at: now }).where("id", "=", orderId).execute();
}

/** The order a card payment's PaymentIntent belongs to, or undefined. */
export function getOrderByIntent(k: Executor, intentId: string) {
  return k.selectFrom("orders").select(["id", "status", "payment_status"]).where("payment_intent_id", "=", intentId).executeTakeFirst();
}

/** Stores a payment provider's event once, by its id: false when it was stored before (a redelivery). */
export async function insertPaymentEvent(k: Executor, event: Insertable<PaymentEventTable>): Promise<boolean> {
  const inserted = await k
    .insertInto("payment_events")
    .values(event)
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Marks the order paid unless it is already (of two events of one payment racing, one does); whether this call did. */
export async function markOrderPaid(k: Executor, orderId: string, now: string): Promise<boolean> {
  const paid = await k
    .updateTable("orders")
    .set({ payment_status: "paid", updated_at: now })
    .where("id", "=", orderId)
    .where("payment_status", "!=", "paid")
    .executeTakeFirst();
  return Number(paid.numUpdatedRows) > 0;
}

/**
 * Claims the issue of the gift cards an order bought: conditional on the order naming a recipient,
 * being paid and not cancelled, and none being issued yet, so it is true for one caller only (on
 * PostgreSQL a racing transaction waits for the row and then finds the claim taken). Every other
 * order's move pays this one statement, which changes nothing.
 */
export async function claimGiftCardIssue(k: Executor, orderId: string, now: string): Promise<boolean> {
  const claimed = await k
    .updateTable("orders")
    .set({ gift_cards_issued: "[]", updated_at: now })
    .where("id", "=", orderId)
    .where("gift_card_recipient", "is not", null)
    .where("gift_cards_issued", "is", null)
    .where("payment_status", "=", "paid")
    .where("status", "!=", "cancelled")
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}

/** The gift cards issued for an order (last four characters, amount in minor units), after its claim. */
export async function recordIssuedGiftCards(k: Executor, orderId: string, cards: Array<{ last4: string; amount: number }>, now: string): Promise<void> {
  await k
    .updateTable("orders")
    .set({ gift_cards_issued: JSON.stringify(cards), updated_at: now })
    .where("id", "=", orderId)
    .execute();
}

/** Whom an order's gift cards go to and which were issued, as it stored them; undefined when it bought none. */
export function orderGiftCardPurchase(o: Partial<Pick<OrderRow, "gift_card_recipient" | "gift_cards_issued">>): OrderGiftCardPurchase | undefined {
  if (!o.gift_card_recipient) return undefined;
  try {
    const recipient = JSON.parse(o.gift_card_recipient) as GiftCardRecipient;
    const sent = o.gift_cards_issued ? (JSON.parse(o.gift_cards_issued) as Array<{ last4: string; amount: number }>) : null;
    return {
      recipient: { email: recipient.email, name: recipient.name ?? null, message: recipient.message ?? null },
      sent: sent ? sent.map((c) => ({ last4: c.last4, amount: toMajor(c.amount) })) : null,
    };
  } catch {
    return undefined;
  }
}

/** The account's address book, the default first, then newest first. */
export function listAddressRows(k: Executor, userId: string) {
  return k.selectFrom("addresses").selectAll().where("user_id", "=", userId).orderBy("is_default", "desc").orderBy("created_at", "desc").execute();
}

/** The order an idempotency key (already `<owner>:<key>`) created, if any. */
export async function findOrderIdByKey(k: Executor, key: string): Promise<string | null> {
  const row = await k.selectFrom("orders").select("id").where("idempotency_key", "=", key).executeTakeFirst();
  return row?.id ?? null;
}

/** The signed-in user's orders and this browser's guest orders, newest first, in one query. */
export async function listOrderSummaries(k: Executor, shopper: Shopper, guestLink: (orderId: string) => string, limit = 200): Promise<OrderSummary[]> {
  if (!shopper.userId && !shopper.visitorId) return [];
  const rows = await k
    .selectFrom("orders as o")
    .where((eb) => {
      const mine = [];
      if (shopper.userId) mine.push(eb("o.user_id", "=", shopper.userId));
      if (shopper.visitorId) mine.push(eb.and([eb("o.visitor_id", "=", shopper.visitorId), eb("o.user_id", "is", null)]));
      return eb.or(mine);
    })
    .select((eb) => [
      "o.id",
      "o.number",
      "o.status",
      "o.created_at",
      "o.total",
      "o.gift_card_total",
      "o.tax_total",
      "o.prices_include_tax",
      "o.currency",
      "o.payment_method",
      "o.payment_status",
      "o.user_id",
      eb
        .selectFrom("order_lines as l")
        .whereRef("l.order_id", "=", "o.id")
        .select((e) => e.fn.sum<number | string>("l.quantity").as("n"))
        .as("item_count"),
      eb.selectFrom("order_lines as l").whereRef("l.order_id", "=", "o.id").select("l.image").orderBy("l.sort_order").limit(1).as("first_image"),
    ])
    .orderBy("o.created_at", "desc")
    .orderBy("o.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    status: status(r.status),
    createdAt: toIso(r.created_at)!,
    itemCount: Number(r.item_count ?? 0),
    total: toMajor(r.total),
    giftCardTotal: toMajor(r.gift_card_total),
    taxTotal: toMajor(r.tax_total),
    pricesIncludeTax: r.prices_include_tax === 1,
    currency: r.currency,
    paymentMethod: r.payment_method as PaymentMethod,
    paymentStatus: r.payment_status as PaymentStatus,
    firstImage: r.first_image ?? null,
    guest: r.user_id === null,
    guestLink: r.user_id === null ? guestLink(r.id) : null,
  }));
}

/**
 * Writes a new order, its lines and its events: on PostgreSQL in one statement (the order and its
 * lines as WITH inserts ahead of the events'), one round trip instead of three; on SQLite, where a
 * WITH cannot insert, as three statements (no network between them).
 */
export async function insertOrder(
  k: Executor,
  dialect: Dialect,
  order: Insertable<OrderTable>,
  lines: Insertable<OrderLineTable>[],
  events: Insertable<OrderEventTable>[],
  taxLines: Insertable<OrderTaxLineTable>[] = [],
): Promise<void> {
  if (dialect === "postgres" && lines.length && events.length) {
    if (taxLines.length) await orderWithTaxesQuery.execute(k, { order, lines, taxLines, events });
    else await orderWithLinesQuery.execute(k, { order, lines, events });
    return;
  }
  await insertOrderQuery.execute(k, { order });
  if (lines.length) await insertLinesQuery.execute(k, { lines });
  if (taxLines.length) await insertTaxLinesQuery.execute(k, { taxLines });
  if (events.length) await insertEventsQuery.execute(k, { events });
}

// insertOrder's statements, compiled once per number of lines (and of columns given).
const orderWithLinesQuery = compiledQuery(
  (k, a: { order: Insertable<OrderTable>; lines: Insertable<OrderLineTable>[]; events: Insertable<OrderEventTable>[] }) =>
    k
      .with("new_order", (db) => db.insertInto("orders").values(a.order))
      .with("new_lines", (db) => db.insertInto("order_lines").values(a.lines))
      .insertInto("order_events")
      .values(a.events),
);
const orderWithTaxesQuery = compiledQuery(
  (
    k,
    a: {
      order: Insertable<OrderTable>;
      lines: Insertable<OrderLineTable>[];
      taxLines: Insertable<OrderTaxLineTable>[];
      events: Insertable<OrderEventTable>[];
    },
  ) =>
    k
      .with("new_order", (db) => db.insertInto("orders").values(a.order))
      .with("new_lines", (db) => db.insertInto("order_lines").values(a.lines))
      .with("new_tax_lines", (db) => db.insertInto("order_tax_lines").values(a.taxLines))
      .insertInto("order_events")
      .values(a.events),
);
const insertOrderQuery = compiledQuery((k, a: { order: Insertable<OrderTable> }) => k.insertInto("orders").values(a.order));
const insertLinesQuery = compiledQuery((k, a: { lines: Insertable<OrderLineTable>[] }) => k.insertInto("order_lines").values(a.lines));
const insertTaxLinesQuery = compiledQuery((k, a: { taxLines: Insertable<OrderTaxLineTable>[] }) => k.insertInto("order_tax_lines").values(a.taxLines));
const insertEventsQuery = compiledQuery((k, a: { events: Insertable<OrderEventTable>[] }) => k.insertInto("order_events").values(a.events));

/** Keeps a signed-in customer's delivery address in the address book (once; the first one is the default). */
export async function saveAddress(k: Executor, userId: string, input: ValidPlaceOrderInput, now: string): Promise<void> {
  const a = input.address;
  const known = await k
    .selectFrom("addresses")
    .select(["id", "name", "phone", "line1", "line2", "city", "region", "postal_code", "country"])
    .where("user_id", "=", userId)
    .execute();
  const same = known.some(
    (k) =>
      k.name === input.contact.name &&
      k.phone === input.contact.phone &&
      k.line1 === a.line1 &&
      (k.line2 ?? null) === a.line2 &&
      k.city === a.city &&
      (k.region ?? null) === a.region &&
      (k.postal_code ?? null) === a.postalCode &&
      k.country === a.country,
  );
  if (same) return;
  await k
    .insertInto("addresses")
    .values({
      id: newId(),
      user_id: userId,
      name: input.contact.name,
      phone: input.contact.phone,
      line1: a.line1,
      line2: a.line2,
      city: a.city,
      region: a.region,
      postal_code: a.postalCode,
      country: a.country,
      is_default: known.length === 0 ? 1 : 0,
      created_at: now,
    })
    .execute();
}

/** Whether this customer (the account, else a guest by contact e-mail) has an order that was not cancelled. */
export async function hasPlacedOrder(k: Executor, who: { userId: string | null; email: string | null }): Promise<boolean> {
  if (!who.userId && !who.email) return false;
  let query = k.selectFrom("orders").select("id").where("status", "!=", "cancelled").limit(1);
  query = who.userId ? query.where("user_id", "=", who.userId) : query.where(sql.raw<string>(CONTACT_EMAIL_KEY_SQL), "=", who.email!.trim().toLowerCase());
  return (await query.executeTakeFirst()) !== undefined;
}
