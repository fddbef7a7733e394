import type { Insertable, Selectable } from "kysely";
import type { Db } from "../../db/database";
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
  shrinkRefundedTotal,
} from "./orders.refunds.repo";
import { isUniqueViolation } from "./orders.deps";
import type { WebhookEvents } from "#modules/webhooks";
import type { ValidRefundRequest } from "#common/orders/orders.returns.schema";
import type { Executor, OrderLineRow, OrderRow } from "./orders.types";
import type { OrderActor } from "#common/orders/order-status";

type RefundRow = Selectable<OrderRefundTable>;

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
  /** What the customer paid: the total once paid (a card payment received, cash on delivery delivered), else 0. */
  paid: number;
  refunded: number;
  /** paid − refunded: no refund may exceed it. */
  refundable: number;
  shipping: number;
  shippingRefunded: number;
  lines: RefundableLine[];
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
}

/** A refund to make: the request checked, with the caller's idempotency key (or none). */
export interface RefundOrderInput extends ValidRefundRequest {
  idempotencyKey?: string | null;
}

const PAID_STATUSES = new Set(["paid", "partially_refunded", "refunded"]);

/** What the customer has paid on an order (minor units): its total once the payment status says paid (or partly or wholly refunded since). */
export function paidAmount(o: Pick<OrderRow, "payment_status" | "total">): number {
  return PAID_STATUSES.has(o.payment_status) ? o.total : 0;
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

function toRefund(r: RefundRow): OrderRefund {
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
  };
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
  return { lines, shipping, extra, total };
}

/** What may still be refunded on an order, from the order, its lines and its refunds so far. */
function refundStateOf(
  order: OrderRow,
  lines: Awaited<ReturnType<typeof listRefundableLines>>,
  refunds: Awaited<ReturnType<typeof listRefundShares>>,
): RefundState {
  const refundedUnits = new Map<string, { quantity: number; amount: number }>();
  for (const r of refunds) {
    for (const l of parseLines(r.lines)) {
      const sum = refundedUnits.get(l.lineId) ?? { quantity: 0, amount: 0 };
      refundedUnits.set(l.lineId, { quantity: sum.quantity + l.quantity, amount: sum.amount + l.amount });
    }
  }
  const paid = paidAmount(order);
  return {
    orderId: order.id,
    number: order.number,
    currency: order.currency,
    method: order.payment_method === "card" ? "stripe" : "manual",
    intentId: order.payment_intent_id,
    paid,
    refunded: order.refunded_total,
    refundable: Math.max(0, paid - order.refunded_total),
    shipping: order.shipping_total,
    shippingRefunded: refunds.reduce((sum, r) => sum + r.shipping_amount, 0),
    lines: lines.map((l) => ({
      lineId: l.id,
      label: lineLabel(l.name, l.color, l.size),
      image: l.image,
      quantity: l.quantity,
      refundedQuantity: refundedUnits.get(l.id)?.quantity ?? 0,
      refundedAmount: refundedUnits.get(l.id)?.amount ?? 0,
      lineTotal: l.line_total,
    })),
  };
}

/** What may still be refunded on an order, read on `x` (the caller's transaction, or the database); not_found for an unknown order. */
async function stateOf(x: Executor, orderId: string): Promise<RefundState> {
  const order = typeof orderId === "string" && orderId.length <= 100 ? await getOrderRow(x, orderId) : undefined;
  if (!order) throw new AppError("not_found", "There is no such order.");
  const [lines, refunds] = await Promise.all([listRefundableLines(x, orderId), listRefundShares(x, orderId)]);
  return refundStateOf(order, lines, refunds);
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
): Promise<{ refund: RefundRow; first: boolean }> {
  const now = nowIso();
  // The order row first, then the refund, as reserve() does: two requests never wait on each other in a circle.
  await lockOrder(trx, orderId, now);
  const moved = await markRefundSucceeded(trx, refundId, providerRefundId);
  const refund = (await getRefund(trx, refundId))!;
  if (!moved) return { refund, first: false };
  const order = (await getOrderRefundTotals(trx, refund.order_id))!;
  const paymentStatus = order.refunded_total >= order.total ? "refunded" : "partially_refunded";
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
    return {
      subject: t("mail.refund.subject"),
      headline: t("mail.refund.headline", { amount }),
      lines: [
        r.method === "stripe" ? t("mail.refund.toCard", { amount, number: order.number }) : t("mail.refund.body", { amount, number: order.number }),
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
}) {
  const k = deps.db.kysely;
  /** The shop's money format for an order's currency (refusals and the timeline). */
  const moneyFor = async (currency: string) => moneyIn(currency, (await deps.settings()).locale);

  return {
    /** What may still be refunded on an order (lines, shipping, amount left); not_found for an unknown order. */
    getState: (orderId: string) => stateOf(k, orderId),

    /** The order's refunds, oldest first. */
    listForOrder: async (orderId: string): Promise<OrderRefund[]> => (await listRefundsOfOrder(k, orderId)).map(toRefund),

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
        const settled = await settleRefund(trx, pending.order_id, refundId, providerRefundId, actor, locale);
        if (settled.first) await deps.webhooks?.emit(trx, "order.refunded", () => toRefund(settled.refund));
        return settled;
      });
      if (done.first) {
        const order = await requireOrderRow(k, done.refund.order_id);
        const lines = await listOrderLines(k, order.id);
        deps.mails.afterSale(order, "refund", refundMail(order, lines, done.refund));
      }
      return toRefund(done.refund);
    },

    toRefund,
  };
}

export type OrderRefunds = ReturnType<typeof createOrderRefunds>;
