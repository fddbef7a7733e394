import Stripe from "stripe";
import type { Env } from "../../lib/env";
import { AppError } from "#common/errors";
import type { Logger } from "../../lib/logger";
import type { CardIntent, CardIntentStatus, PaymentsService } from "./payments.types";
import { cardPaymentEventOf, fromStripeAmount, toStripeAmount } from "./stripe-mapping";

const INVALID_SIGNATURE = "Invalid webhook signature";

/** The SDK client: the real API, or another host (a local fake, stripe-mock) when STRIPE_API_* say so. */
export function createStripeClient(env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_API_HOST" | "STRIPE_API_PORT" | "STRIPE_API_PROTOCOL">): Stripe {
  return new Stripe(env.STRIPE_SECRET_KEY!, {
    // One retry (with the same idempotency key) for a dropped connection; a checkout must not hang.
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
    appInfo: { name: "shop" },
    ...(env.STRIPE_API_HOST ? { host: env.STRIPE_API_HOST } : {}),
    ...(env.STRIPE_API_PORT ? { port: env.STRIPE_API_PORT } : {}),
    ...(env.STRIPE_API_PROTOCOL ? { protocol: env.STRIPE_API_PROTOCOL } : {}),
  });
}

/**
 * Card payments through Stripe: a PaymentIntent per order (created once, whatever retries), read
 * back for the payment page, and the webhook's events verified and mapped for the orders module.
 * Without both keys the shop offers cash on delivery only and every call here refuses.
 */
export function createPaymentsService(env: Env, logger: Logger): PaymentsService {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_PUBLISHABLE_KEY) {
    const off = () => {
      throw new AppError("not_found", "Card payments are not configured.");
    };
    return {
      cardPayments: false,
      publishableKey: null,
      createIntent: async () => off(),
      getIntent: async () => off(),
      refund: async () => off(),
      parseWebhook: () => off(),
    };
  }
  const stripe = createStripeClient(env);
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET;
  if (!webhookSecret) {
    logger.warn(
      "STRIPE_WEBHOOK_SECRET is not set: card payments are offered, but no payment can be confirmed until the webhook's signing secret is configured",
    );
  }

  return {
    cardPayments: true,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,

    async createIntent(order) {
      const currency = order.currency.toLowerCase();
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: toStripeAmount(order.total, currency),
            currency,
            automatic_payment_methods: { enabled: true },
            description: `Order ${order.number}`,
            metadata: { orderId: order.id, orderNumber: order.number },
            receipt_email: order.email,
          },
          // The same order never gets a second intent, however often this is retried.
          { idempotencyKey: `order-${order.id}` },
        );
      } catch (err) {
        logger.error({ err: stripeErrorLog(err), orderId: order.id }, "stripe: could not create the payment intent");
        throw err;
      }
      if (!intent.client_secret) throw new Error(`Stripe answered PaymentIntent ${intent.id} without a client secret`);
      logger.info({ intentId: intent.id, orderId: order.id }, "payment intent ready");
      return { intentId: intent.id, clientSecret: intent.client_secret };
    },

    async getIntent(intentId) {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.retrieve(intentId);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === "resource_missing") {
          throw new AppError("not_found", "There is no such payment.");
        }
        logger.error({ err: stripeErrorLog(err), intentId }, "stripe: could not read the payment intent");
        throw err;
      }
      return cardIntentOf(intent);
    },

    async refund({ intentId, amount, currency, idempotencyKey, reason }) {
      let refund: Stripe.Refund;
      try {
        refund = await stripe.refunds.create(
          {
            payment_intent: intentId,
            amount: toStripeAmount(amount, currency.toLowerCase()),
            ...(reason ? { metadata: { reason: reason.slice(0, 500) } } : {}),
          },
          { idempotencyKey },
        );
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError) {
          logger.warn({ err: stripeErrorLog(err), intentId }, "stripe: refund refused");
          throw new AppError("conflict", `The card payment could not be refunded: ${err.message}`);
        }
        logger.error({ err: stripeErrorLog(err), intentId }, "stripe: could not create the refund");
        throw new AppError("unavailable", "The card payment provider could not be reached. Nothing was refunded; please try again.");
      }
      logger.info({ refundId: refund.id, intentId, amount }, "card refund made");
      return { refundId: refund.id, amount: fromStripeAmount(refund.amount, refund.currency), status: refund.status ?? "succeeded" };
    },

    parseWebhook(rawBody, signature) {
      if (!webhookSecret || !signature) throw new AppError("invalid_input", INVALID_SIGNATURE);
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch (err) {
        logger.warn({ reason: (err instanceof Error ? err.message : String(err)).split("\n")[0] }, "stripe webhook refused");
        throw new AppError("invalid_input", INVALID_SIGNATURE);
      }
      return cardPaymentEventOf(event as unknown as Parameters<typeof cardPaymentEventOf>[0]);
    },
  };
}

/** A PaymentIntent as the payment page needs it, amounts back in the shop's minor units. */
function cardIntentOf(intent: Stripe.PaymentIntent): CardIntent {
  return {
    intentId: intent.id,
    clientSecret: intent.client_secret ?? "",
    status: intent.status as CardIntentStatus,
    amount: fromStripeAmount(intent.amount, intent.currency),
    currency: intent.currency.toUpperCase(),
    orderId: intent.metadata?.orderId ?? null,
    lastError: intent.last_payment_error?.message ?? null,
  };
}

/** What to log of a Stripe error: its kind, code and message (never the request's keys). */
function stripeErrorLog(err: unknown) {
  if (err instanceof Stripe.errors.StripeError)
    return { type: err.type, code: err.code, status: err.statusCode, message: err.message, requestId: err.requestId };
  return { message: err instanceof Error ? err.message : String(err) };
}
