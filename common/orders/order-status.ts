/** Every order status; the transitions between them are the table below. */
export const ORDER_STATUSES = ["pending", "processing", "shipped", "delivered", "completed", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** partially_refunded: some of what was paid was given back (orders.refunds.ts); refunded: all of it. */
export type PaymentStatus = "unpaid" | "pending" | "paid" | "failed" | "partially_refunded" | "refunded";
/** Who moved an order: the customer (cancel), the shop (admin), the system (payment webhooks). */
export type OrderActor = "customer" | "shop" | "system";

/**
 * THE order status table: for each status, the statuses it may move to and who may make that move.
 * pending → processing → shipped → delivered → completed; cancelled from pending (the customer,
 * the shop, or the system when a card payment cannot start) and from processing (the shop only).
 * Everything else (the admin screens, the customer's cancel button, the e-mails) asks this table.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, Readonly<Partial<Record<OrderStatus, readonly OrderActor[]>>>>> = {
  pending: { processing: ["shop"], cancelled: ["customer", "shop", "system"] },
  processing: { shipped: ["shop"], cancelled: ["shop"] },
  shipped: { delivered: ["shop"] },
  delivered: { completed: ["shop"] },
  completed: {},
  cancelled: {},
};

/** Orders not in the customer's hands yet: the shop still needs their name, address and phone to deliver them. */
export const UNDELIVERED_STATUSES: readonly OrderStatus[] = ["pending", "processing", "shipped"];

/** Orders in the customer's hands: their lines may be returned, and their products reviewed. */
export const DELIVERED_STATUSES: readonly OrderStatus[] = ["delivered", "completed"];

/** Whether this actor may move an order from one status to another. */
export function canTransition(from: OrderStatus, to: OrderStatus, actor: OrderActor): boolean {
  return ORDER_TRANSITIONS[from]?.[to]?.includes(actor) ?? false;
}

/** The statuses this actor may move an order in `from` to, in the table's order. */
export function allowedTransitions(from: OrderStatus, actor: OrderActor): OrderStatus[] {
  const next = ORDER_TRANSITIONS[from] ?? {};
  return ORDER_STATUSES.filter((to) => next[to]?.includes(actor));
}

/** Narrows a stored or submitted string to an order status. */
export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** How a status reads in messages and e-mails ("Your order has shipped"). */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pending",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  completed: "Completed",
  cancelled: "Cancelled",
};
