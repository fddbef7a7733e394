import type { Db } from "../../db/database";
import { toIso } from "../../db/database";
import { DELIVERED_STATUSES } from "#common/orders/order-status";
import { isLanguage, DEFAULT_LANGUAGE, type Language } from "#common/i18n/languages";
import { findDeliveredLine, findLineWithBuyer, listDeliveredIn, listLinesOf } from "./orders.purchases.repo";

/** A product in a customer's hands: the order line it came on. */
export interface DeliveredPurchase {
  orderId: string;
  lineId: string;
}

/** An order line with who bought it and whether it reached them: what a guest's review link is checked against. */
export interface PurchasedLine {
  lineId: string;
  productId: string;
  orderId: string;
  /** The buyer's account, when they ordered signed in. */
  userId: string | null;
  name: string;
  email: string;
  delivered: boolean;
}

/** A delivered order as the review request mail needs it: its buyer, language and products. */
export interface DeliveredOrder {
  orderId: string;
  number: string;
  userId: string | null;
  name: string;
  email: string;
  language: Language;
  deliveredAt: string;
  /** Its lines of products (gift cards left out), each product once, by its name in the order's language. */
  lines: Array<{ lineId: string; productId: string; name: string }>;
}

const DELIVERED = new Set<string>(DELIVERED_STATUSES);
const BATCH = 200;

/** What customers bought and received, for the features that only buyers may use (reviews). */
export function createOrderPurchases(db: Db) {
  const k = db.kysely;
  return {
    /** The account's latest delivered (or completed) order line of this product, or null: whether they bought and received it. */
    async deliveredLine(userId: string, productId: string): Promise<DeliveredPurchase | null> {
      const row = await findDeliveredLine(k, userId, productId);
      return row ? { orderId: row.order_id, lineId: row.line_id } : null;
    },

    /** An order line with its buyer and whether its order reached them, or null for no such line. */
    async getLine(lineId: string): Promise<PurchasedLine | null> {
      const row = await findLineWithBuyer(k, lineId);
      if (!row) return null;
      return {
        lineId: row.line_id,
        productId: row.product_id,
        orderId: row.order_id,
        userId: row.user_id,
        name: row.contact_name,
        email: row.contact_email,
        delivered: DELIVERED.has(row.status),
      };
    },

    /**
     * Orders still delivered (or completed) whose delivery falls after `from` and at or before `to`,
     * oldest first, in batches (an async iterable, so a busy week is never one large read).
     */
    async *deliveredBetween(from: Date, to: Date): AsyncGenerator<DeliveredOrder[]> {
      let after: { at: string; id: string } | null = null;
      for (;;) {
        const orders = await listDeliveredIn(k, from.toISOString(), to.toISOString(), after, BATCH);
        if (!orders.length) return;
        const lines = await listLinesOf(
          k,
          orders.map((o) => o.id),
        );
        const seen = new Set<string>();
        yield orders
          .filter((o) => !seen.has(o.id) && seen.add(o.id))
          .map((o) => {
            const products = new Set<string>();
            return {
              orderId: o.id,
              number: o.number,
              userId: o.user_id,
              name: o.contact_name,
              email: o.contact_email,
              language: isLanguage(o.language) ? o.language : DEFAULT_LANGUAGE,
              deliveredAt: toIso(o.delivered_at)!,
              lines: lines
                .filter((l) => l.order_id === o.id && !l.gift_card && !products.has(l.product_id) && products.add(l.product_id))
                .map((l) => ({ lineId: l.id, productId: l.product_id, name: l.shopper_name || l.name })),
            };
          });
        if (orders.length < BATCH) return;
        const last = orders[orders.length - 1]!;
        after = { at: toIso(last.delivered_at)!, id: last.id };
      }
    },
  };
}

export type OrderPurchases = ReturnType<typeof createOrderPurchases>;
