import type { Db } from "../db/database";
import type { Epoch } from "../lib/cache";
import type { Logger } from "../lib/logger";
import type { CartService } from "#modules/cart";
import type { SiteSettings } from "#common/content/content.schema";
import type { OrderRefunds, OrdersAdmin, OrdersModule } from "#modules/orders";
import type { PaymentsService } from "#modules/payments";
import type { Inventory, LowStockAlert } from "#modules/inventory";
import type { WebhookEvents } from "#modules/webhooks";
import type { PromotionsService } from "#modules/promotions";
import type { GiftCardsService } from "#modules/giftcards";
import type { CartReminders } from "#modules/reminders";

/** What the order flows work with: the modules' services they span, and the process's shared parts. */
export interface OrderFlowDeps {
  db: Db;
  orders: OrdersModule;
  /** The order desk's reads (which unpaid card orders are due back). */
  ordersAdmin: Pick<OrdersAdmin, "listUnpaidCardOrders">;
  cart: CartService;
  payments: PaymentsService;
  /** The orders module's refunds: a cancelled paid card order is refunded (move-order.ts). */
  refunds: OrderRefunds;
  settings: () => Promise<SiteSettings>;
  /** Told when an order brings stock to the low-stock threshold (the inventory's mail to the shop, once a day at most). */
  lowStock: Pick<LowStockAlert, "crossed">;
  /** The one writer of stock: a cancellation gives the units back through it (and what waits for them hears of it). */
  inventory: Pick<Inventory, "returnStock">;
  /** Outgoing webhooks: order.created, order.status_changed and inventory.low are emitted in the move's own transaction. */
  webhooks: WebhookEvents;
  /** The users module: a signed-in customer's order keeps its language as their account's (their mails' language). */
  accounts: { setLanguage(userId: string, language: string): Promise<void> };
  /** The promotions' uses: counted (exactly, against their limits) in the order's transaction, given back by a cancel. */
  promotions: Pick<PromotionsService, "recordUses" | "releaseUses">;
  /** The gift cards: their shares taken in the order's transaction, given back by a cancel. */
  /** And issued in the transaction that makes an order that bought some paid. */
  giftCards: Pick<GiftCardsService, "redeem" | "giveBack" | "issue">;
  /** The cart reminders: an order ends them and is credited to the latest, in the order's transaction. */
  reminders?: Pick<CartReminders, "noteOrder">;
  /** Bumped when stock makes a product's availability flip, so catalogue caches drop it. */
  epoch: Epoch;
  logger: Logger;
}
