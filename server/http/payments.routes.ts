import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "#common/errors";
import type { AppEnv } from "./context";

/**
 * Stripe's webhook: `POST /api/payments/stripe/webhook`. The body is read raw (the signature covers
 * its exact bytes), verified with STRIPE_WEBHOOK_SECRET, and a paid or failed PaymentIntent is
 * recorded on its order. Stripe retries until it gets a 2xx, and a repeated event changes nothing.
 * Stripe posts without cookies or Origin, which the origin guard lets through.
 */
export function paymentRoutes() {
  const r = new Hono<AppEnv>();

  r.post(
    "/payments/stripe/webhook",
    bodyLimit({
      maxSize: 512 * 1024,
      onError: (c) => c.json({ error: { code: "too_large", message: "The request is too large." } }, 413),
    }),
    async (c) => {
      const { payments, orderMoves } = c.var.services;
      if (!payments.cardPayments) return c.json({ error: { code: "not_found", message: "Card payments are not configured" } }, 404);
      const event = payments.parseWebhook(await c.req.text(), c.req.header("stripe-signature"));
      c.header("Cache-Control", "no-store");
      if (event.outcome === "ignored") return c.json({ received: true });
      try {
        await orderMoves.recordCardPayment(event);
      } catch (err) {
        // An intent no order here knows (another app on the same Stripe account, `stripe trigger`):
        // acknowledged, or Stripe would retry it for days. Anything else fails, and Stripe retries.
        if (!(err instanceof AppError && err.code === "not_found")) throw err;
      }
      return c.json({ received: true });
    },
  );

  return r;
}
