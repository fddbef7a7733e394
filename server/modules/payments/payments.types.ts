/** A payment provider event the orders module acts on (after its signature was verified). */
export interface CardPaymentEvent {
  /** The provider's event id: an event seen before is ignored. */
  eventId: string;
  type: string;
  /** The PaymentIntent the event is about ("" for an event about something else, which is ignored). */
  intentId: string;
  outcome: "paid" | "failed" | "ignored";
}

/** Where a PaymentIntent stands, as the payment page needs it (Stripe's own status names). */
export type CardIntentStatus =
  | "requires_payment_method"
  | "requires_confirmation"
  | "requires_action"
  | "processing"
  | "requires_capture"
  | "canceled"
  | "succeeded";

export interface CardIntent {
  intentId: string;
  /** What Stripe.js needs to confirm the payment in the browser. */
  clientSecret: string;
  status: CardIntentStatus;
  /** The amount in the shop's minor units (as orders store it). */
  amount: number;
  /** Upper case, as the shop's settings write it. */
  currency: string;
  /** The order the intent was made for (from its metadata), or null. */
  orderId: string | null;
  /** Why the last attempt failed ("Your card was declined."), when it did. */
  lastError: string | null;
}

/** A refund as Stripe answered it, the amount in the shop's minor units. */
export interface CardRefund {
  refundId: string;
  amount: number;
  /** Stripe's status: succeeded, pending (the bank has not confirmed yet), failed, canceled. */
  status: string;
}

/**
 * Card payments through Stripe (server/modules/payments). Offered only when STRIPE_SECRET_KEY and
 * STRIPE_PUBLISHABLE_KEY are set; tests point the SDK at a local fake (STRIPE_API_HOST/PORT/PROTOCOL).
 */
export interface PaymentsService {
  cardPayments: boolean;
  publishableKey: string | null;
  /**
   * Creates (or, for the same order, finds again: idempotency key `order-<id>`, kept 24 hours by
   * Stripe) the PaymentIntent for an order's total in minor units.
   */
  createIntent(order: { id: string; number: string; total: number; currency: string; email: string }): Promise<{ intentId: string; clientSecret: string }>;
  /** Reads a PaymentIntent again (the payment page: its client secret and whether it is paid already); AppError not_found when Stripe does not know it. */
  getIntent(intentId: string): Promise<CardIntent>;
  /**
   * Gives back `amount` (the shop's minor units) of a PaymentIntent's charge through Stripe's refund
   * API. The idempotency key makes a retry (or a repeated request) answer the same refund, never a
   * second one; Stripe refuses more than the charge has left (AppError conflict).
   */
  refund(input: { intentId: string; amount: number; currency: string; idempotencyKey: string; reason?: string | null }): Promise<CardRefund>;
  /** Verifies a webhook's Stripe-Signature against STRIPE_WEBHOOK_SECRET and maps the event; throws AppError invalid_input when it does not hold. */
  parseWebhook(rawBody: string, signature: string | null | undefined): CardPaymentEvent;
}
