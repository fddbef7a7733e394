import { AppError } from "#common/errors";
import { parseInput } from "#common/validate";
import type { OrderRefund, OrderRefunds, StepActor } from "#modules/orders";
import { type RefundRequest, refundSchema } from "#common/orders/orders.returns.schema";
import type { PaymentsService } from "#modules/payments";

/** What the refund flow spans: the orders module's refunds and the payments module. */
export interface RefundFlowDeps {
  refunds: OrderRefunds;
  payments: Pick<PaymentsService, "refund">;
}

/**
 * Refunds part or all of what was paid on an order: lines (units of each), the shipping and a free
 * amount, in the major unit as the API gives them. The orders module reserves it first (never more
 * than was paid minus what was refunded, even for two refunds at once), the payment's share first
 * up to what it took and the rest for the order's gift cards; a card order's share is then
 * refunded through Stripe (its idempotency key is the refund's own, so a retry never refunds
 * twice), a cash-on-delivery order is recorded as a manual refund; then the refund is completed
 * (payment status, timeline, audit entry, the customer's mail). The same idempotency key answers
 * the same refund (`created` false). When Stripe refuses, the reservation is taken back and the
 * refusal answered (409).
 */
export async function refundOrder(
  deps: RefundFlowDeps,
  orderId: string,
  input: RefundRequest & { idempotencyKey?: string | null },
  actor: StepActor,
): Promise<{ refund: OrderRefund; created: boolean }> {
  const valid = parseInput(refundSchema, input, "Please check the refund.");
  const { refund, state, replayed } = await deps.refunds.reserve(orderId, { ...valid, idempotencyKey: input.idempotencyKey ?? null }, actor);
  const created = !replayed;
  if (refund.status === "succeeded") return { refund: await deps.refunds.describe(refund), created };
  let providerRefundId: string | null = null;
  // The payment gets its share first; the gift cards' share goes back to them when the refund completes.
  const toPayment = refund.amount - refund.gift_card_amount;
  if (refund.method === "stripe" && toPayment > 0) {
    if (!state.intentId) {
      await deps.refunds.release(refund.id);
      throw new AppError("conflict", "This card order has no payment to refund.");
    }
    try {
      const made = await deps.payments.refund({
        intentId: state.intentId,
        amount: toPayment,
        currency: state.currency,
        idempotencyKey: `refund-${refund.id}`,
        reason: refund.reason,
      });
      providerRefundId = made.refundId;
    } catch (err) {
      // Refused: nothing was refunded, so the reservation goes. Unreachable: it stays pending, and
      // the same request again (same idempotency key) asks Stripe again with the same key.
      if (err instanceof AppError && err.code === "conflict") await deps.refunds.release(refund.id);
      throw err;
    }
  }
  return { refund: await deps.refunds.complete(refund.id, providerRefundId, actor), created };
}

/** The refund of everything still refundable on an order (a cancelled paid card order), or null when nothing is left. */
export async function refundRemainder(deps: RefundFlowDeps, orderId: string, reason: string, actor: StepActor): Promise<OrderRefund | null> {
  const state = await deps.refunds.getState(orderId);
  if (state.refundable <= 0) return null;
  return (await refundOrder(deps, orderId, { amount: state.refundable / 100, reason, idempotencyKey: `remainder-${state.refunded}` }, actor)).refund;
}

/** The refund flow, `services.refunds`; what an order may still refund is `services.orderRefunds`. */
export function createRefundFlows(deps: RefundFlowDeps) {
  return {
    refund: (orderId: string, input: RefundRequest & { idempotencyKey?: string | null }, actor: StepActor) => refundOrder(deps, orderId, input, actor),
  };
}
