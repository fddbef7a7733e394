import { STATUS_LABELS } from "#common/orders/order-status";
import type { Order } from "#modules/orders";
import type { OrderStatus, PaymentStatus } from "#common/orders/order-status";
import type { PaymentMethod } from "#common/payments/payment-methods";

/** The way an order normally goes, step by step (cancelled leaves it). */
export const ORDER_PATH = ["pending", "processing", "shipped", "delivered", "completed"] as const satisfies readonly OrderStatus[];

/** How each status reads: the same words as the order mails (the server's status table). */
export const STATUS_LABEL: Record<OrderStatus, string> = STATUS_LABELS;

/** What each step means to the customer, under its name in the timeline. */
export const STATUS_NOTE: Record<OrderStatus, string> = {
  pending: "Order placed",
  processing: "Being prepared",
  shipped: "On its way",
  delivered: "Delivered to you",
  completed: "All done",
  cancelled: "Order cancelled",
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

export const PAYMENT_STATUS_LABEL: Record<PaymentStatus, string> = {
  unpaid: "To pay on delivery",
  pending: "Awaiting payment",
  paid: "Paid",
  failed: "Payment failed",
  partially_refunded: "Partly refunded",
  refunded: "Refunded",
};

/**
 * A payment status as the customer reads it for this payment method; with the amounts (formatted),
 * a refund says how much: "Partly refunded · $20.00 of $99.99", "Refunded · $99.99".
 */
export function paymentStatusLabel(method: PaymentMethod, status: PaymentStatus, refund?: { refunded: string; total: string }): string {
  if (method === "card" && status === "unpaid") return "Awaiting payment";
  if (refund && status === "partially_refunded") return `${PAYMENT_STATUS_LABEL[status]} · ${refund.refunded} of ${refund.total}`;
  if (refund && status === "refunded") return `${PAYMENT_STATUS_LABEL[status]} · ${refund.refunded}`;
  return PAYMENT_STATUS_LABEL[status];
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
 * cancelled order shows the steps it had reached and then "Cancelled" (the rest no longer apply).
 */
export function orderTimeline(order: Pick<Order, "status" | "history" | "createdAt">): TimelineStep[] {
  const firstAt = (status: OrderStatus) => order.history.find((e) => e.status === status)?.at ?? (status === "pending" ? order.createdAt : null);
  const step = (status: OrderStatus, reached: boolean, current: boolean): TimelineStep => ({
    status,
    label: STATUS_LABEL[status],
    note: STATUS_NOTE[status],
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
