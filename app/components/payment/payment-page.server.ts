import { data, redirect } from "react-router";
import type { AppLoadContext } from "react-router";
import { getShopper } from "~/lib/shopper.server";
import { localizedPath, requestT } from "~/lib/i18n.server";
import { AppError } from "#common/errors";
import { toMinor } from "#common/money";
import type { Order } from "#modules/orders";
import type { CardIntent } from "#modules/payments";

/** What the payment page shows: the card form for an order awaiting payment, or why it cannot. */
export type PaymentPageData =
  | {
      state: "ready";
      order: { id: string; number: string; total: number; currency: string; email: string; paymentStatus: Order["paymentStatus"] };
      publishableKey: string;
      clientSecret: string;
      /** Where Stripe sends the browser after the payment (the order confirmation). */
      returnUrl: string;
      confirmationPath: string;
      /** Why the last attempt failed, if it did ("Your card was declined."). */
      lastError: string | null;
    }
  | {
      state: "unavailable";
      order: { id: string; number: string; total: number; currency: string; email: string; paymentStatus: Order["paymentStatus"] };
      confirmationPath: string;
      /** This page again. */
      retryPath: string;
    };

/** Intents that need nothing more from the customer (paid, or the bank is on it). */
const SETTLED: ReadonlyArray<CardIntent["status"]> = ["succeeded", "processing", "requires_capture", "canceled"];

/**
 * Loads /checkout/payment?order=…&token=…: the viewer must be allowed to see the order (its owner,
 * or the bearer of its link; anyone else gets a 404), and it must be a card order still awaiting
 * payment, else the visitor goes to the order confirmation. The order's PaymentIntent is read from
 * Stripe for its client secret; when Stripe cannot be reached the page says so instead of failing.
 */
export async function loadPaymentPage(request: Request, context: AppLoadContext): Promise<PaymentPageData> {
  const url = new URL(request.url);
  const orderId = url.searchParams.get("order");
  const token = url.searchParams.get("token");
  if (!orderId) throw data(null, { status: 404, statusText: "Not Found" });
  const { orders, payments, env } = context.services;
  const { shopper } = await getShopper(request, context);

  let order: Order;
  try {
    order = await orders.getOrder(orderId, { shopper, token });
  } catch (err) {
    if (err instanceof AppError && (err.code === "not_found" || err.code === "invalid_input" || err.code === "forbidden")) {
      throw data(null, { status: 404, statusText: "Not Found" });
    }
    throw err;
  }

  const params = new URLSearchParams({ order: order.id, ...(token ? { token } : {}) });
  const confirmationPath = localizedPath(request, `/order-confirmation?${params}`);
  const awaitingCard = order.paymentMethod === "card" && order.status !== "cancelled" && order.paymentStatus !== "paid" && order.paymentStatus !== "refunded";
  if (!awaitingCard || !payments.cardPayments || !payments.publishableKey) throw redirect(confirmationPath);

  const summary = {
    id: order.id,
    number: order.number,
    total: order.totals.total,
    currency: order.totals.currency,
    email: order.contact.email,
    paymentStatus: order.paymentStatus,
  };
  let intent: { intentId: string; clientSecret: string; status: CardIntent["status"]; lastError: string | null };
  try {
    if (order.paymentIntentId) intent = await payments.getIntent(order.paymentIntentId);
    else {
      // Not stored (should not happen): the idempotency key of checkout (`order-<id>`) finds the
      // intent made then, for 24 hours.
      const created = await payments.createIntent({
        id: order.id,
        number: order.number,
        total: toMinor(order.totals.total),
        currency: order.totals.currency,
        email: order.contact.email,
      });
      intent = await payments.getIntent(created.intentId);
    }
  } catch {
    // Stripe is unreachable or refused (the payments service logged why): say so, keep the order.
    return { state: "unavailable", order: summary, confirmationPath, retryPath: localizedPath(request, `/checkout/payment?${params}`) };
  }
  if (SETTLED.includes(intent.status)) throw redirect(confirmationPath);

  return {
    state: "ready",
    order: summary,
    publishableKey: payments.publishableKey,
    clientSecret: intent.clientSecret,
    returnUrl: `${env.PUBLIC_URL}${confirmationPath}`,
    confirmationPath,
    lastError: order.paymentStatus === "failed" ? (intent.lastError ?? requestT(request)("cart.payment.lastFailed")) : null,
  };
}
