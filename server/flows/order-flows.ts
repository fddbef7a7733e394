import type { Db } from "../db/database";
import type { Epoch } from "../lib/cache";
import type { Logger } from "../logger";
import type { CartService } from "../modules/cart/cart.types";
import type { SiteSettings } from "../modules/content/content.schema";
import type { OrdersModule, OrdersService } from "../modules/orders/orders.types";
import type { PaymentsService } from "../modules/payments/payments.types";
import { cancelOrder } from "./cancel-order";
import { placeOrder } from "./place-order";

/** What the order flows work with: the modules' services they span, and the process's shared parts. */
export interface OrderFlowDeps {
  db: Db;
  orders: OrdersModule;
  cart: CartService;
  payments: PaymentsService;
  settings: () => Promise<SiteSettings>;
  /** Bumped when stock makes a product's availability flip, so catalogue caches drop it. */
  epoch: Epoch;
  logger: Logger;
}

/**
 * The order use cases that span modules, as `services.orders` offers them (server/services.ts
 * spreads them over the orders module's service): placing an order, a customer's or the shop's
 * cancellation, and a status move, which for a cancellation is the cancel flow (stock back).
 */
export function createOrderFlows(deps: OrderFlowDeps): Pick<OrdersService, "placeOrder" | "cancelOrder" | "transition"> {
  return {
    placeOrder: (shopper, input, options) => placeOrder(deps, shopper, input, options),

    async cancelOrder(orderId, viewer) {
      await deps.orders.requireVisible(orderId, viewer);
      const actor = viewer.forShop ? "shop" : "customer";
      return deps.orders.toOrder(await cancelOrder(deps, orderId, actor), actor);
    },

    async transition(orderId, to, actor, options = {}) {
      if (to === "cancelled") return deps.orders.toOrder(await cancelOrder(deps, orderId, actor, { note: options.note ?? null }), actor);
      return deps.orders.advance(orderId, to, actor, options);
    },
  };
}
