// The payments module's public face: what the rest of the server may use of it. Every other file of
// this folder is private to the module (server/modules/boundaries.test.ts holds the rule).
// Card payments through Stripe: intents, webhooks and refunds.
export { createPaymentsService } from "./payments.service";
export type { CardIntent, CardPaymentEvent, PaymentsService } from "./payments.types";
