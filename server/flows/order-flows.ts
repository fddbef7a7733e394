import { AppError } from "#common/errors";
import type { BulkMoveResult, MoveOptions, Order, OrderViewer, PlaceOrderOptions, PlaceOrderResult } from "#modules/orders";
import type { OrderActor, OrderStatus } from "#common/orders/order-status";
import type { ValidPlaceOrderInput } from "#common/orders/orders.schema";
import type { Shopper } from "../lib/shopper";
import { moveOrder } from "./move-order";
import { placeOrder } from "./place-order";
import { issueBoughtGiftCards } from "./issue-bought-gift-cards";
import type { CardPaymentEvent } from "#modules/payments";
import type { OrderFlowDeps } from "./order-flow-deps";

/** The checkout, `services.checkout`: placing an order spans the cart, the inventory and the orders module. */
export interface Checkout {
  /** The place-order flow on input parsed with placeOrderSchema: one transaction (re-price, decrement stock conditionally, create order, lines and first event, empty the cart). */
  placeOrder(shopper: Shopper, input: ValidPlaceOrderInput, options?: PlaceOrderOptions): Promise<PlaceOrderResult>;
}

export function createCheckout(deps: OrderFlowDeps): Checkout {
  return { placeOrder: (shopper, input, options) => placeOrder(deps, shopper, input, options) };
}

/**
 * Every status move of an order, `services.orderMoves`, each through the one move flow with its
 * effects (server/flows/move-order.ts): the customer's cancellation, the shop's moves one by one or
 * in bulk, the release of unpaid card orders.
 */
export interface OrderMoves {
  /** A cancellation by the viewer (the customer while pending, the shop also later): the stock goes back. */
  cancelOrder(orderId: string, viewer: OrderViewer): Promise<Order>;
  /** Moves an order along the transition table with the move's effects; mails the customer. */
  transition(orderId: string, to: OrderStatus, actor: OrderActor, options?: MoveOptions): Promise<Order>;
  /** The same move on many orders: an order the table forbids it for is skipped; the answer says per order what happened. */
  bulkTransition(ids: string[], to: OrderStatus, options?: Pick<MoveOptions, "note" | "staff">): Promise<BulkMoveResult[]>;
  /** Cancels card orders left unpaid past the settings' release time (stock back), unless Stripe says the payment went through. */
  releaseUnpaidCardOrders(now?: Date): Promise<{ released: string[] }>;
  /** A verified card payment event recorded on its order; the payment that makes it paid issues the gift cards it bought, in its transaction. */
  recordCardPayment(event: CardPaymentEvent): Promise<void>;
}

export function createOrderMoves(deps: OrderFlowDeps): OrderMoves {
  return {
    async cancelOrder(orderId, viewer) {
      await deps.orders.requireVisible(orderId, viewer);
      const actor = viewer.forShop ? "shop" : "customer";
      return deps.orders.toOrder(await moveOrder(deps, orderId, "cancelled", actor), actor);
    },

    async transition(orderId, to, actor, options = {}) {
      return deps.orders.toOrder(await moveOrder(deps, orderId, to, actor, options), actor);
    },

    async bulkTransition(ids, to, options = {}) {
      const results: BulkMoveResult[] = [];
      // Each order's number and status, in one read (the moves themselves re-check the status).
      const known = await deps.orders.listStatuses([...new Set(ids)]);
      for (const id of [...new Set(ids)]) {
        const before = known.get(id);
        const from = before?.status ?? null;
        const number = before?.number ?? null;
        try {
          if (!before) throw new AppError("not_found", "There is no such order.");
          await moveOrder(deps, id, to, "shop", { note: options.note, staff: options.staff });
          results.push({ id, number, ok: true, from: from!, status: to });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          results.push({ id, number, ok: false, status: from, error: err.message });
        }
      }
      return results;
    },

    async recordCardPayment(event) {
      const settings = await deps.settings();
      await deps.orders.recordCardPayment(event, (trx, orderId) => issueBoughtGiftCards(deps, trx, orderId, settings));
    },

    async releaseUnpaidCardOrders(now = new Date()) {
      const { unpaidCardReleaseMinutes } = await deps.settings();
      const before = new Date(now.getTime() - unpaidCardReleaseMinutes * 60_000).toISOString();
      const released: string[] = [];
      for (const order of await deps.ordersAdmin.listUnpaidCardOrders(before)) {
        try {
          // A lost webhook must not cancel a paid order: ask Stripe first.
          if (order.intentId && deps.payments.cardPayments) {
            const intent = await deps.payments.getIntent(order.intentId);
            if (intent.status === "succeeded" || intent.status === "processing" || intent.status === "requires_capture") continue;
          }
          await moveOrder(deps, order.id, "cancelled", "system", {
            note: `The card payment did not arrive within ${unpaidCardReleaseMinutes} minutes: the items are back on sale.`,
          });
          released.push(order.id);
        } catch (err) {
          deps.logger.warn({ err, orderId: order.id }, "could not release an unpaid card order");
        }
      }
      return { released };
    },
  };
}
