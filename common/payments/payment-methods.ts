/** Every way to pay an order. */
export const PAYMENT_METHODS = ["cod", "card"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The name of each way to pay, wherever one is shown: the checkout's choices, order screens, mails and reports. */
export const PAYMENT_METHOD_LABEL: Record<PaymentMethod, string> = { cod: "Cash on delivery", card: "Card" };

/** The least a card payment takes, in hundredths of the order's currency: the card processor's minimum for most currencies ($0.50). */
export const MIN_CARD_CHARGE = 50;

/** Why an order cannot be paid the way it asks, in the shopper's words. */
export const PAYMENT_METHOD_REFUSED: Record<PaymentMethod, string> = {
  card: "Card payments are not available. Please choose cash on delivery.",
  cod: "Cash on delivery is not available. Please pay by card.",
};

/**
 * The ways an order may be paid: cash on delivery when the settings offer it, card when card
 * payments are set up. The checkout offers these, the order placement accepts only these, and
 * every page that tells shoppers how they can pay says these.
 */
export function offeredPaymentMethods(settings: { cashOnDelivery: boolean }, cardPayments: boolean): PaymentMethod[] {
  return [...(settings.cashOnDelivery ? (["cod"] as const) : []), ...(cardPayments ? (["card"] as const) : [])];
}

/** The refusal for a method the shop does not offer now, or null when it does. */
export function paymentMethodRefusal(method: PaymentMethod, offered: readonly PaymentMethod[]): string | null {
  return offered.includes(method) ? null : PAYMENT_METHOD_REFUSED[method];
}
