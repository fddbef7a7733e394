import { STATUS_LABELS } from "#common/orders/order-status";
import type { Order } from "#modules/orders";
import type { OrderStatus, PaymentStatus } from "#common/orders/order-status";
import type { PaymentMethod } from "#common/payments/payment-methods";
import type { MessageKey } from "#common/i18n/catalogs";
import type { Translate } from "#common/i18n/translate";

/** The way an order normally goes, step by step (cancelled leaves it). */
export const ORDER_PATH = ["pending", "processing", "shipped", "delivered", "completed"] as const satisfies readonly OrderStatus[];

/** How each status reads in English (the admin's screens): the same words as the server's status table. */
export const STATUS_LABEL: Record<OrderStatus, string> = STATUS_LABELS;

/** How each status reads to the shopper, in the page's language. */
export const STATUS_KEY: Record<OrderStatus, MessageKey> = {
  pending: "cart.status.pending",
  processing: "cart.status.processing",
  shipped: "cart.status.shipped",
  delivered: "cart.status.delivered",
  completed: "cart.status.completed",
  cancelled: "cart.status.cancelled",
};

/** What each step means to the customer, under its name in the timeline. */
export const STATUS_NOTE: Record<OrderStatus, MessageKey> = {
  pending: "cart.status.note.pending",
  processing: "cart.status.note.processing",
  shipped: "cart.status.note.shipped",
  delivered: "cart.status.note.delivered",
  completed: "cart.status.note.completed",
  cancelled: "cart.status.note.cancelled",
};

/** Badge colours (text on a tinted background, all AA contrast). */
export const STATUS_BADGE: Record<OrderStatus, string> = {
  pending: "bg-amber-50 text-amber-900 ring-amber-200",
  processing: "bg-sky-50 text-sky-900 ring-sky-200",
  shipped: "bg-indigo-50 text-indigo-900 ring-indigo-200",
  delivered: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  completed: "bg-emerald-100 text-emerald-950 ring-emerald-300",
  cancelled: "bg-stone-100 text-stone-800 ring-stone-300",
};

/** The name of each way to pay, in the page's language (the English names: PAYMENT_METHOD_LABEL). */
export const PAYMENT_METHOD_KEY: Record<PaymentMethod, MessageKey> = { cod: "cart.payment.method.cod", card: "cart.payment.method.card" };

/** How each payment status reads to the customer, in the page's language. */
export const PAYMENT_STATUS_KEY: Record<PaymentStatus, MessageKey> = {
  unpaid: "cart.payment.status.unpaid",
  pending: "cart.payment.status.pending",
  paid: "cart.payment.status.paid",
  failed: "cart.payment.status.failed",
  partially_refunded: "cart.payment.status.partiallyRefunded",
  refunded: "cart.payment.status.refunded",
};

/**
 * A payment status as the customer reads it for this payment method; with the amounts (formatted),
 * a refund says how much: "Partly refunded · $20.00 of $99.99", "Refunded · $99.99".
 */
export function paymentStatusLabel(t: Translate, method: PaymentMethod, status: PaymentStatus, refund?: { refunded: string; total: string }): string {
  const label = t(PAYMENT_STATUS_KEY[method === "card" && status === "unpaid" ? "pending" : status]);
  if (refund && status === "partially_refunded") return t("cart.payment.partlyRefunded", { label, refunded: refund.refunded, total: refund.total });
  if (refund && status === "refunded") return `${label} · ${refund.refunded}`;
  return label;
}

export interface TimelineStep {
  status: OrderStatus;
  label: string;
  note: string;
  /** Reached: done, or the order's current step. */
  reached: boolean;
  current: boolean;
  /** When the order reached this step (its first event with this status), when known. */
  at: string | null;
}

/**
 * The status timeline of an order: the normal path with the steps reached and their dates; a
 * cancelled order shows the steps it had reached and then "Cancelled" (the rest no longer apply),
 * in the words of `t`'s language.
 */
export function orderTimeline(t: Translate, order: Pick<Order, "status" | "history" | "createdAt">): TimelineStep[] {
  const firstAt = (status: OrderStatus) => order.history.find((e) => e.status === status)?.at ?? (status === "pending" ? order.createdAt : null);
  const step = (status: OrderStatus, reached: boolean, current: boolean): TimelineStep => ({
    status,
    label: t(STATUS_KEY[status]),
    note: t(STATUS_NOTE[status]),
    reached,
    current,
    at: reached ? firstAt(status) : null,
  });

  if (order.status === "cancelled") {
    const reachedBefore = ORDER_PATH.filter((s) => s === "pending" || order.history.some((e) => e.status === s));
    return [...reachedBefore.map((s) => step(s, true, false)), step("cancelled", true, true)];
  }
  const index = ORDER_PATH.indexOf(order.status);
  return ORDER_PATH.map((s, i) => step(s, i <= index, i === index));
}
