import type { CardPaymentEvent } from "./payments.types";

/** The part of a Stripe event we read (the SDK's Stripe.Event has it; tests build plain objects). */
export interface StripeEventLike {
  id: string;
  type: string;
  data: { object: { id?: string; object?: string } & Record<string, unknown> };
}

/** The events the shop acts on; every other event is acknowledged and ignored. */
export const HANDLED_EVENTS = {
  "payment_intent.succeeded": "paid",
  "payment_intent.payment_failed": "failed",
} as const satisfies Record<string, CardPaymentEvent["outcome"]>;

/** Maps a verified Stripe event to what the orders module records: paid, failed, or ignored. */
export function cardPaymentEventOf(event: StripeEventLike): CardPaymentEvent {
  const object = event.data?.object ?? {};
  const intentId = object.object === "payment_intent" && typeof object.id === "string" ? object.id : "";
  const outcome = intentId ? (HANDLED_EVENTS[event.type as keyof typeof HANDLED_EVENTS] ?? "ignored") : "ignored";
  return { eventId: event.id, type: event.type, intentId, outcome };
}

// Stripe counts most currencies in hundredths, a few in whole units and a few in thousandths
// (https://docs.stripe.com/currencies#zero-decimal); the shop always stores hundredths.
const ZERO_DECIMAL = new Set(["BIF", "CLP", "DJF", "GNF", "JPY", "KMF", "KRW", "MGA", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF"]);
const THREE_DECIMAL = new Set(["BHD", "JOD", "KWD", "OMR", "TND"]);

/** The shop's minor units (hundredths of the major unit) as the amount Stripe expects for the currency. */
export function toStripeAmount(minor: number, currency: string): number {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return Math.round(minor / 100);
  if (THREE_DECIMAL.has(code)) return Math.round(minor) * 10;
  return Math.round(minor);
}

/** Stripe's amount for a currency back in the shop's minor units (hundredths). */
export function fromStripeAmount(amount: number, currency: string): number {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return amount * 100;
  if (THREE_DECIMAL.has(code)) return Math.round(amount / 10);
  return amount;
}
