import type { Db } from "../../db/database";
import { findDeliveredLine } from "./orders.purchases.repo";

/** A product in a customer's hands: the order line it came on. */
export interface DeliveredPurchase {
  orderId: string;
  lineId: string;
}

/** What customers bought and received, for the features that only buyers may use (reviews). */
export function createOrderPurchases(db: Db) {
  const k = db.kysely;
  return {
    /** The account's latest delivered (or completed) order line of this product, or null: whether they bought and received it. */
    async deliveredLine(userId: string, productId: string): Promise<DeliveredPurchase | null> {
      const row = await findDeliveredLine(k, userId, productId);
      return row ? { orderId: row.order_id, lineId: row.line_id } : null;
    },
  };
}

export type OrderPurchases = ReturnType<typeof createOrderPurchases>;
