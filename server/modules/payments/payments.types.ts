/** A payment provider event the orders module acts on (after its signature was verified). */
export interface CardPaymentEvent {
  /** The provider's event id: an event seen before is ignored. */
  eventId: string;
  type: string;
  intentId: string;
  outcome: "paid" | "failed" | "ignored";
}

/**
 * Card payments through Stripe (server/modules/payments). Offered only when STRIPE_SECRET_KEY and
 * STRIPE_PUBLISHABLE_KEY are set; tests point the SDK at a local fake (STRIPE_API_HOST/PORT/PROTOCOL).
 */
export interface PaymentsService {
  cardPayments: boolean;
  publishableKey: string | null;
  /** Creates (or, for the same order, finds again) the PaymentIntent for an order's total in minor units. */
  createIntent(order: { id: string; number: string; total: number; currency: string; email: string }): Promise<{ intentId: string; clientSecret: string }>;
  /** Verifies a webhook's Stripe-Signature against STRIPE_WEBHOOK_SECRET and maps the event; throws AppError invalid_input when it does not hold. */
  parseWebhook(rawBody: string, signature: string | null | undefined): CardPaymentEvent;
}
