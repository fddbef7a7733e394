import type { Insertable, Selectable } from "kysely";
import type { Db, Dialect } from "../../db/database";
import { nowIso, toIso } from "../../db/database";
import type { OrderRefundTable } from "../../db/schema";
import { AppError } from "#common/errors";
import { newId } from "../../lib/ids";
import { type AuditActor, appendAudit } from "#modules/audit";
import { lineLabel } from "#common/catalog/line-label";
import { toMajor, toMinor } from "#common/money";
import { type OrderMails, moneyIn } from "./order-mails";
import type { SiteSettings } from "#common/content/content.schema";
import { lineRefundAmount } from "#common/orders/refund-math";
import { getOrderRow, insertOrderEvent, listOrderLines, lockOrder, orderSums, requireOrderRow, updatePaymentStatus } from "./orders.repo";
import {
  deletePendingRefund,
  getOrderRefundTotals,
  insertRefundTaxLines,
  listOrderTaxParts,
  listRefundTaxLines,
  listRefundTaxLinesOfOrder,
  getPendingRefund,
  getRefund,
  getRefundByKey,
  getRefundOrderId,
  growRefundedTotal,
  insertRefund,
  listRefundShares,
  listRefundableLines,
  listRefundsOfOrder,
  markRefundSucceeded,
  growGiftCardRefunded,
  shrinkRefundedTotal,
} from "./orders.refunds.repo";
import { isUniqueViolation } from "./orders.deps";
import type { WebhookEvents } from "#modules/webhooks";
import type { ValidRefundRequest } from "#common/orders/orders.returns.schema";
import type { Executor, OrderLineRow, OrderRow } from "./orders.types";
import { type RefundTaxLine, type RefundablePart, SHIPPING_KEY, receiptOf, refundTax, taxLinesView, type TaxLineView } from "#modules/tax";
import { applyRefundToRollups } from "./orders.rollups";
import type { OrderActor } from "#common/orders/order-status";
import type { GiftCardsService } from "#modules/giftcards";

type RefundRow = Selectable<OrderRefundTable>;

/** What the refunds need of the gift cards module: giving back part of what an order spent on its cards, in the caller's transaction. */
export type GiftCardGiveBack = Pick<GiftCardsService, "giveBack">;

/** Who makes a return or refund step: the audit log's actor, and how the order's timeline names them (default "shop"). */
export type StepActor = AuditActor & { as?: OrderActor };

/** One line of an order as a refund sees it (minor units). */
export interface RefundableLine {
  lineId: string;
  /** Name with colour and size. */
  label: string;
  image: string | null;
  quantity: number;
  /** Units of this line already refunded, and what they gave back. */
  refundedQuantity: number;
  refundedAmount: number;
  lineTotal: number;
}

/** What may still be refunded on an order, in minor units: the refund dialog shows it, the refund flow enforces it. */
export interface RefundState {
  orderId: string;
  number: string;
  currency: string;
  /** stripe for a card order (its PaymentIntent), manual for cash on delivery. */
  method: "stripe" | "manual";
  intentId: string | null;
  /** What the customer paid: what gift cards paid at once, and the rest once paid (a card payment received, cash on delivery delivered). */
  paid: number;
  refunded: number;
  /** What may still go back: to the payment (card or cash) up to what it took, and to the gift cards what they paid and did not get back yet. No refund may exceed it. */
  refundable: number;
  /** Of `refundable`, what goes back to the payment; a refund gives this first and the rest to the gift cards. */
  paymentRefundable: number;
  /** What gift cards paid for the order, and of it what may still go back to them. */
  giftCards: { paid: number; refundable: number };
  /** What the buyer paid for the shipping (its tax included where it was added), and what was refunded of it. */
  shipping: number;
  shippingRefunded: number;
  /** Each line's total is what the buyer paid for it: with its tax where the tax was added on top. */
  lines: RefundableLine[];
  /** The order's tax as charged and as refunded so far, from which a refund's tax is reckoned. */
  tax: { reverseCharge: boolean; parts: RefundablePart[]; freeRefunded: Array<{ rateMilli: number; amount: number }> };
}

/** A refund as the API and the admin screens show it (money in the major unit). */
export interface OrderRefund {
  id: string;
  orderId: string;
  status: "pending" | "succeeded";
  amount: number;
  shipping: number;
  lines: Array<{ lineId: string; quantity: number; amount: number }>;
  reason: string;
  method: "stripe" | "manual";
  providerRefundId: string | null;
  by: string;
  at: string;
  /** The tax it gave back per rate (the order's own rates), as the order's taxLines. */
  taxLines: TaxLineView[];
  /** The part of `amount` that went back to the order's gift cards (the rest went to the payment). */
  giftCardAmount: number;
}

/** A refund to make: the request checked, with the caller's idempotency key (or none). */
export interface RefundOrderInput extends ValidRefundRequest {
  idempotencyKey?: string | null;
}

const PAID_STATUSES = new Set(["paid", "partially_refunded", "refunded"]);

/**
 * What the customer has paid on an order (minor units): what gift cards paid (taken when it was
 * placed), and the rest once the payment status says paid (or partly or wholly refunded since).
 */
export function paidAmount(o: Pick<OrderRow, "payment_status" | "total"> & Partial<Pick<OrderRow, "gift_card_total">>): number {
  const cards = o.gift_card_total ?? 0;
  return cards + (PAID_STATUSES.has(o.payment_status) ? o.total - cards : 0);
}

/** The lines stored as JSON on a refund or a return (`[{ lineId, quantity, amount? }]`); none when unreadable. */
export function parseLines<L extends { lineId: string; quantity: number } = { lineId: string; quantity: number; amount: number }>(json: string): L[] {
  try {
    const lines: unknown = JSON.parse(json);
    return Array.isArray(lines) ? (lines as L[]) : [];
  } catch {
    return [];
  }
}

/** The order's words for its tax: the name its receipt gives it and whether it was a reverse-charge order. */
type TaxWords = Pick<OrderRow, "tax_name" | "reverse_charge">;

/** A refund's tax rows per rate, as the order's own tax lines read (money in the major unit). */
export function refundTaxView(rows: ReadonlyArray<{ rate_milli: number; base: number; amount: number }>, order: TaxWords): TaxLineView[] {
  return taxLinesView(
    receiptOf(
      rows.map((l) => ({ rateMilli: l.rate_milli, base: l.base, amount: l.amount })),
      order.tax_name,
      order.reverse_charge === 1,
    ),
  );
}

function toRefund(r: RefundRow, taxLines: TaxLineView[] = []): OrderRefund {
  return {
    id: r.id,
    orderId: r.order_id,
    status: r.status === "succeeded" ? "succeeded" : "pending",
    amount: toMajor(r.amount),
    shipping: toMajor(r.shipping_amount),
    lines: parseLines(r.lines).map((l) => ({ ...l, amount: toMajor(l.amount) })),
    reason: r.reason,
    method: r.method === "stripe" ? "stripe" : "manual",
    providerRefundId: r.provider_refund_id,
    by: r.actor_email,
    at: toIso(r.created_at)!,
    taxLines,
    giftCardAmount: toMajor(r.gift_card_amount ?? 0),
  };
}

/** A refund with the tax it gave back, read on `x`. */
async function describeRefund(x: Executor, r: RefundRow): Promise<OrderRefund> {
  const [order, rows] = await Promise.all([getOrderRow(x, r.order_id), listRefundTaxLines(x, r.id)]);
  return toRefund(r, order ? refundTaxView(rows, order) : []);
}

/**
 * The plan of one refund in minor units, checked against what is left: 409 for more than that, 400
 * for nothing; `money` words the amounts of a refusal (the shop's money format).
 */
export function planRefund(state: RefundState, input: ValidRefundRequest, money: (minor: number) => string = moneyIn(state.currency, "en-US")) {
  const lines = input.lines.map((l) => {
    const line = state.lines.find((x) => x.lineId === l.lineId);
    if (!line) throw new AppError("invalid_input", "That line is not on this order.", { lines: "That line is not on this order." });
    const left = line.quantity - line.refundedQuantity;
    if (l.quantity > left)
      throw new AppError("conflict", left ? `Only ${left} × ${line.label} can still be refunded.` : `${line.label} has been refunded already.`);
    const amount = lineRefundAmount(line, l.quantity);
    return { lineId: l.lineId, quantity: l.quantity, amount, label: line.label };
  });
  const shipping = toMinor(input.shipping ?? 0);
  const shippingLeft = state.shipping - state.shippingRefunded;
  if (shipping > shippingLeft) throw new AppError("conflict", `At most ${money(shippingLeft)} of the shipping can still be refunded.`);
  const extra = toMinor(input.amount ?? 0);
  const total = lines.reduce((sum, l) => sum + l.amount, 0) + shipping + extra;
  if (total <= 0) throw new AppError("invalid_input", "Choose lines, the shipping or an amount to refund.");
  if (state.paid === 0) throw new AppError("conflict", "Nothing has been paid on this order yet, so there is nothing to refund.");
  if (total > state.refundable) {
    throw new AppError(
      "conflict",
      `A refund cannot exceed what was paid minus what was refunded: at most ${money(state.refundable)} is left, this refund is ${money(total)}.`,
    );
  }
  const taxLines: RefundTaxLine[] = refundTax({
    parts: state.tax.parts,
    freeRefundedTax: new Map(state.tax.freeRefunded.map((f) => [f.rateMilli, f.amount])),
    refund: [...lines.map((l) => ({ key: l.lineId, gross: l.amount })), { key: SHIPPING_KEY, gross: shipping }],
    amount: extra,
    paid: state.paid,
    refundedBefore: state.refunded,
    reverseCharge: state.tax.reverseCharge,
  });
  return { lines, shipping, extra, total, taxLines };
}

/** What may still be refunded on an order, from the order, its lines and its refunds so far. */
function refundStateOf(
  order: OrderRow,
  lines: Awaited<ReturnType<typeof listRefundableLines>>,
  refunds: Awaited<ReturnType<typeof listRefundShares>>,
  taxParts: Awaited<ReturnType<typeof listOrderTaxParts>>,
  refundTaxes: Awaited<ReturnType<typeof listRefundTaxLinesOfOrder>>,
): RefundState {
  // Where tax was added on top of the prices, the buyer paid each part with its tax: a refund gives both back.
  const added = order.prices_include_tax === 1 ? 0 : 1;
  const partTax = new Map(taxParts.map((t) => [t.order_line_id ?? SHIPPING_KEY, t]));
  const refundedTax = new Map<string, number>();
  const freeRefunded = new Map<number, number>();
  for (const t of refundTaxes) {
    if (t.part === null) freeRefunded.set(t.rate_milli, (freeRefunded.get(t.rate_milli) ?? 0) + t.amount);
    else refundedTax.set(t.part, (refundedTax.get(t.part) ?? 0) + t.amount);
  }
  const shippingRefunded = refunds.reduce((sum, r) => sum + r.shipping_amount, 0);
  const refundedUnits = new Map<string, { quantity: number; amount: number }>();
  for (const r of refunds) {
    for (const l of parseLines(r.lines)) {
      const sum = refundedUnits.get(l.lineId) ?? { quantity: 0, amount: 0 };
      refundedUnits.set(l.lineId, { quantity: sum.quantity + l.quantity, amount: sum.amount + l.amount });
    }
  }
  const paid = paidAmount(order);
  // A refund goes back to the payment first, up to what it took, and the rest to the gift cards
  // (what they paid less what went back to them, by a cancel or refunds, or is on its way in a pending refund).
  const cardShares = refunds.reduce((sum, r) => sum + (r.gift_card_amount ?? 0), 0);
  const pendingCardShares = refunds.reduce((sum, r) => sum + (r.status === "pending" ? (r.gift_card_amount ?? 0) : 0), 0);
  const paymentRefundable = Math.max(0, paid - order.gift_card_total - (order.refunded_total - cardShares));
  const cardsRefundable = Math.max(0, order.gift_card_total - order.gift_card_refunded - pendingCardShares);
  // What the shopper was charged for each part: promotions took their share off the lines and the shipping.
  const shippingPaid = order.shipping_total - order.shipping_discount;
  const linePaid = (l: { line_total: number; promotion_discount: number }) => l.line_total - l.promotion_discount;
  return {
    orderId: order.id,
    number: order.number,
    currency: order.currency,
    method: order.payment_method === "card" ? "stripe" : "manual",
    intentId: order.payment_intent_id,
    paid,
    refunded: order.refunded_total,
    refundable: paymentRefundable + cardsRefundable,
    paymentRefundable,
    giftCards: { paid: order.gift_card_total, refundable: cardsRefundable },
    shipping: shippingPaid + added * (partTax.get(SHIPPING_KEY)?.amount ?? 0),
    shippingRefunded,
    lines: lines.map((l) => ({
      lineId: l.id,
      label: lineLabel(l.name, l.color, l.size),
      image: l.image,
      quantity: l.quantity,
      refundedQuantity: refundedUnits.get(l.id)?.quantity ?? 0,
      refundedAmount: refundedUnits.get(l.id)?.amount ?? 0,
      lineTotal: linePaid(l) + added * (partTax.get(l.id)?.amount ?? 0),
    })),
    tax: {
      reverseCharge: order.reverse_charge === 1,
      parts: taxParts.map((t) => {
        const key = t.order_line_id ?? SHIPPING_KEY;
        const line = lines.find((l) => l.id === key);
        const charged = key === SHIPPING_KEY ? shippingPaid + added * t.amount : line ? linePaid(line) + added * t.amount : 0;
        return {
          key,
          rateMilli: t.rate_milli,
          charged,
          tax: t.amount,
          refundedGross: key === SHIPPING_KEY ? shippingRefunded : (refundedUnits.get(key)?.amount ?? 0),
          refundedTax: refundedTax.get(key) ?? 0,
        };
      }),
      freeRefunded: [...freeRefunded].map(([rateMilli, amount]) => ({ rateMilli, amount })),
    },
  };
}

/** What may still be refunded on an order, read on `x` (the caller's transaction, or the database); not_found for an unknown order. */
async function stateOf(x: Executor, orderId: string): Promise<RefundState> {
  const order = typeof orderId === "string" && orderId.length <= 100 ? await getOrderRow(x, orderId) : undefined;
  if (!order) throw new AppError("not_found", "There is no such order.");
  const [lines, refunds, taxParts, refundTaxes] = await Promise.all([
    listRefundableLines(x, orderId),
    listRefundShares(x, orderId),
    order.tax_country !== null ? listOrderTaxParts(x, orderId) : [],
    order.tax_country !== null ? listRefundTaxLinesOfOrder(x, orderId) : [],
  ]);
  return refundStateOf(order, lines, refunds, taxParts, refundTaxes);
}

/** The pending refund a reservation stores: the plan's amounts, its lines as JSON, who asked. */
function pendingRefundRow(
  orderId: string,
  key: string,
  plan: ReturnType<typeof planRefund>,
  input: RefundOrderInput,
  state: RefundState,
  actor: StepActor,
  now: string,
) {
  return {
    id: newId(),
    order_id: orderId,
    status: "pending",
    amount: plan.total,
    shipping_amount: plan.shipping,
    lines: JSON.stringify(plan.lines.map(({ lineId, quantity, amount }) => ({ lineId, quantity, amount }))),
    reason: input.reason,
    method: state.method,
    provider_refund_id: null,
    gift_card_amount: Math.max(0, plan.total - state.paymentRefundable),
    idempotency_key: key,
    actor_id: actor.id,
    actor_email: actor.email,
    created_at: now,
  } satisfies Insertable<OrderRefundTable>;
}

/**
 * In the caller's transaction: completes a pending refund once (a conditional update on its
 * status), with the order's payment status, the timeline entry and the audit entry. `first` is
 * false when it was completed before.
 */
async function settleRefund(
  trx: Executor,
  orderId: string,
  refundId: string,
  providerRefundId: string | null,
  actor: StepActor,
  locale: string,
  dialect: Dialect,
  giftCards?: GiftCardGiveBack,
): Promise<{ refund: RefundRow; first: boolean }> {
  const now = nowIso();
  // The order row first, then the refund, as reserve() does: two requests never wait on each other in a circle.
  await lockOrder(trx, orderId, now);
  const moved = await markRefundSucceeded(trx, refundId, providerRefundId);
  const refund = (await getRefund(trx, refundId))!;
  if (!moved) return { refund, first: false };
  // The gift cards' share goes back to them once, with the refund's completion.
  if (refund.gift_card_amount > 0 && giftCards) {
    const given = await giftCards.giveBack(trx, { orderId: refund.order_id, amount: refund.gift_card_amount, actor });
    await growGiftCardRefunded(
      trx,
      refund.order_id,
      given.reduce((sum, g) => sum + g.amount, 0),
    );
  }
  await applyRefundToRollups(trx, dialect, refund.order_id, refundId);
  const order = (await getOrderRefundTotals(trx, refund.order_id))!;
  const paymentStatus = (await stateOf(trx, refund.order_id)).refundable <= 0 || order.refunded_total >= order.total ? "refunded" : "partially_refunded";
  await updatePaymentStatus(trx, refund.order_id, paymentStatus, now);
  const how = refund.method === "stripe" ? "to the card" : "manually";
  await insertOrderEvent(trx, {
    id: newId(),
    order_id: refund.order_id,
    status: order.status,
    actor: actor.as ?? "shop",
    note: `Refund of ${moneyIn(order.currency, locale)(refund.amount)} made ${how}: ${refund.reason}`,
    actor_id: actor.id,
    actor_email: actor.email,
    created_at: now,
  });
  await appendAudit(trx, actor, {
    action: "order.refund",
    entityType: "order",
    entityId: refund.order_id,
    changes: {
      refunded: { before: toMajor(order.refunded_total - refund.amount), after: toMajor(order.refunded_total) },
      paymentStatus: { before: order.payment_status, after: paymentStatus },
      refund: { before: null, after: { id: refund.id, amount: toMajor(refund.amount), method: refund.method, providerRefundId, reason: refund.reason } },
    },
  });
  return { refund, first: true };
}

/** The customer's mail about a completed refund, in the order's language: what it gave back per line, for the shipping and as a free amount. */
function refundMail(order: OrderRow, lines: OrderLineRow[], r: RefundRow): Parameters<OrderMails["afterSale"]>[2] {
  const refundedLines = parseLines(r.lines);
  // A free amount has no line of its own: its row makes the table add up to the refund.
  const extra = r.amount - r.shipping_amount - refundedLines.reduce((sum, l) => sum + l.amount, 0);
  const sums = orderSums(order);
  return ({ t, fmt }) => {
    const amount = fmt(r.amount);
    // The payment's share and the gift cards' (a refund gives the payment back first).
    const toPayment = fmt(r.amount - r.gift_card_amount);
    return {
      subject: t("mail.refund.subject"),
      headline: t("mail.refund.headline", { amount }),
      lines: [
        ...(r.amount > r.gift_card_amount
          ? [
              r.method === "stripe"
                ? t("mail.refund.toCard", { amount: toPayment, number: order.number })
                : t("mail.refund.body", { amount: toPayment, number: order.number }),
            ]
          : []),
        ...(r.gift_card_amount > 0 ? [t("mail.refund.toGiftCard", { amount: fmt(r.gift_card_amount) })] : []),
        t("mail.reason", { reason: r.reason }),
        ...(sums.refunded < sums.total ? [t("mail.refund.inAll", { refunded: fmt(sums.refunded), total: fmt(sums.total) })] : []),
      ],
      table: [
        ...refundedLines.map((l) => {
          const line = lines.find((x) => x.id === l.lineId);
          return { label: `${l.quantity} × ${line ? lineLabel(line.name, line.color, line.size) : t("mail.refund.item")}`, value: fmt(l.amount) };
        }),
        ...(r.shipping_amount ? [{ label: t("mail.refund.shipping"), value: fmt(r.shipping_amount) }] : []),
        ...(extra > 0 ? [{ label: t("mail.refund.other"), value: fmt(extra) }] : []),
        { label: t("mail.refund.refunded"), value: amount, strong: true },
      ],
    };
  };
}

/**
 * The orders module's refunds: what an order may still give back, and the refund rows, reserved
 * on the order before the payment provider is asked (so two refunds at once can never add up to
 * more than was paid) and completed after it answered, with the timeline entry, the audit entry
 * and the customer's mail. The refund flow (server/flows/refund-order.ts) calls the provider between.
 */
export function createOrderRefunds(deps: {
  db: Db;
  mails: OrderMails;
  settings: () => Promise<Pick<SiteSettings, "locale">>;
  /** Outgoing webhooks: order.refunded is emitted in the refund's completing transaction. */
  webhooks?: WebhookEvents;
  /** The gift cards module: a refund's share for the cards goes back to them in its completing transaction. */
  giftCards?: GiftCardGiveBack;
}) {
  const k = deps.db.kysely;
  /** The shop's money format for an order's currency (refusals and the timeline). */
  const moneyFor = async (currency: string) => moneyIn(currency, (await deps.settings()).locale);

  return {
    /** What may still be refunded on an order (lines, shipping, amount left); not_found for an unknown order. */
    getState: (orderId: string) => stateOf(k, orderId),

    /** The order's refunds, oldest first. */
    async listForOrder(orderId: string): Promise<OrderRefund[]> {
      const [order, refunds, taxes] = await Promise.all([getOrderRow(k, orderId), listRefundsOfOrder(k, orderId), listRefundTaxLinesOfOrder(k, orderId)]);
      return refunds.map((r) =>
        toRefund(
          r,
          order
            ? refundTaxView(
                taxes.filter((t) => t.refund_id === r.id),
                order,
              )
            : [],
        ),
      );
    },

    /**
     * Reserves a refund on the order in one transaction: the order row is locked first (two
     * refunds of one order take turns), what is left is read and checked (planRefund), the
     * running total grows and the refund is stored as pending. An idempotency key seen before
     * answers that refund instead (`replayed`), whatever this request asks.
     */
    async reserve(orderId: string, input: RefundOrderInput, actor: StepActor): Promise<{ refund: RefundRow; state: RefundState; replayed: boolean }> {
      const key = `${orderId}:${input.idempotencyKey ?? newId()}`;
      const seen = input.idempotencyKey ? await getRefundByKey(k, key) : undefined;
      if (seen) return { refund: seen, state: await stateOf(k, orderId), replayed: true };
      try {
        return await k.transaction().execute(async (trx) => {
          const now = nowIso();
          if (!(await lockOrder(trx, orderId, now))) throw new AppError("not_found", "There is no such order.");
          const state = await stateOf(trx, orderId);
          const plan = planRefund(state, input, await moneyFor(state.currency));
          if (!(await growRefundedTotal(trx, orderId, plan.total, state.paid)))
            throw new AppError("conflict", "This order was refunded in the meantime. Please reload it and try again.");
          const refund = pendingRefundRow(orderId, key, plan, input, state, actor, now);
          await insertRefund(trx, refund);
          await insertRefundTaxLines(
            trx,
            plan.taxLines.map((t) => ({
              id: newId(),
              refund_id: refund.id,
              order_id: orderId,
              part: t.key,
              rate_milli: t.rateMilli,
              base: t.base,
              amount: t.amount,
            })),
          );
          return { refund: refund as RefundRow, state, replayed: false };
        });
      } catch (err) {
        // The same key sent twice at once: the second finds the first's refund.
        const first = isUniqueViolation(err) ? await getRefundByKey(k, key) : undefined;
        if (first) return { refund: first, state: await stateOf(k, orderId), replayed: true };
        throw err;
      }
    },

    /** Takes back a reserved refund the provider refused (the running total shrinks again). */
    async release(refundId: string): Promise<void> {
      const pending = await getRefundOrderId(k, refundId);
      if (!pending) return;
      await k.transaction().execute(async (trx) => {
        await lockOrder(trx, pending.order_id, nowIso());
        const refund = await getPendingRefund(trx, refundId);
        if (!refund) return;
        if (!(await deletePendingRefund(trx, refundId))) return;
        await shrinkRefundedTotal(trx, refund.order_id, refund.amount);
      });
    },

    /**
     * Completes a reserved refund once (a conditional update on its status): the provider's refund
     * id, the order's payment status (partly or wholly refunded), the timeline entry and the audit
     * entry in one transaction; then the customer's mail. A refund completed before is answered as it is.
     */
    async complete(refundId: string, providerRefundId: string | null, actor: StepActor): Promise<OrderRefund> {
      const pending = await getRefundOrderId(k, refundId);
      if (!pending) throw new AppError("not_found", "There is no such refund.");
      const locale = (await deps.settings()).locale;
      const done = await k.transaction().execute(async (trx) => {
        const settled = await settleRefund(trx, pending.order_id, refundId, providerRefundId, actor, locale, deps.db.dialect, deps.giftCards);
        const view = await describeRefund(trx, settled.refund);
        if (settled.first) await deps.webhooks?.emit(trx, "order.refunded", () => view);
        return { ...settled, view };
      });
      if (done.first) {
        const order = await requireOrderRow(k, done.refund.order_id);
        const lines = await listOrderLines(k, order.id);
        deps.mails.afterSale(order, "refund", refundMail(order, lines, done.refund));
      }
      return done.view;
    },

    /** A refund as the API shows it, with the tax it gave back. */
    describe: (r: RefundRow) => describeRefund(k, r),
  };
}

export type OrderRefunds = ReturnType<typeof createOrderRefunds>;
