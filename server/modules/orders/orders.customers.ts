import type { RawBuilder } from "kysely";
import type { Db } from "../../db/database";
import { nowIso } from "../../db/database";
import { AppError } from "#common/errors";
import { toMajor } from "#common/money";
import { UNDELIVERED_STATUSES } from "#common/orders/order-status";
import {
  customerStatsColumns,
  deleteAddressesOfUser,
  listCustomerStats,
  listOrderIdsOfUser,
  listOrderNumbersOfUser,
  updateOrdersOfUser,
} from "./orders.customers.repo";
import { listOrderSummaries, loadOrder, toOrder } from "./orders.repo";
import type { Executor, Order, OrderAddress, OrderSummary } from "./orders.types";

/** A customer's figures as the admin shows them: orders placed and money spent (cancelled orders do not count, refunds are taken off). */
export interface CustomerOrderStats {
  orders: number;
  /** Major unit, in the shop's currency. */
  totalSpent: number;
}

/** What an order keeps of a deleted customer: the books need the order, not the person. */
export const DELETED_CUSTOMER = { name: "Deleted customer", email: "", phone: "" } as const;
const EMPTY_ADDRESS: OrderAddress = { line1: "", line2: null, city: "", region: null, postalCode: null, country: "" };

/**
 * The orders module's part of the customer screens and of deleting or exporting an account: the
 * figures per customer (the customer list sorts by them), a customer's orders, and the
 * anonymisation of their orders and address book in the caller's transaction.
 */
export function createOrderCustomers(db: Db) {
  const k = db.kysely;
  return {
    /**
     * Correlated sub-queries for a list of accounts (`userId` is the column holding the account's
     * id): orders placed and total spent (less refunds) in minor units, so the users list can show and sort by them.
     */
    statsColumns: (userId: string): { orders: RawBuilder<number>; spent: RawBuilder<number> } => customerStatsColumns(userId),

    /** Orders placed and total spent (less refunds) per account, cancelled orders left out, for the given accounts. */
    async statsFor(userIds: string[]): Promise<Map<string, CustomerOrderStats>> {
      const stats = new Map<string, CustomerOrderStats>(userIds.map((id) => [id, { orders: 0, totalSpent: 0 }]));
      if (!userIds.length) return stats;
      const rows = await listCustomerStats(k, userIds);
      for (const r of rows) if (r.user_id) stats.set(r.user_id, { orders: Number(r.n), totalSpent: toMajor(Number(r.spent ?? 0)) });
      return stats;
    },

    /** A customer's orders, newest first (the admin's customer page). */
    listForCustomer(userId: string, limit = 200): Promise<OrderSummary[]> {
      return listOrderSummaries(k, { userId, visitorId: null }, () => "", limit);
    },

    /** A customer's orders with their lines and history, as the shop sees them (the data export). */
    async ordersForExport(userId: string): Promise<Order[]> {
      const ids = await listOrderIdsOfUser(k, userId);
      const records = await Promise.all(ids.map((r) => loadOrder(k, r.id)));
      return records.flatMap((r) => (r ? [toOrder(r, "shop")] : []));
    },

    /**
     * In the caller's transaction: refuses (409) while an order of theirs is not delivered yet; else keeps a deleted customer's orders for the books with their
     * personal data replaced ("Deleted customer", no e-mail, phone, address or notes, no account),
     * and deletes their address book. Returns how many orders were anonymised.
     */
    async anonymiseCustomer(trx: Executor, userId: string): Promise<number> {
      // An order still on its way needs the person's address: deliver or cancel it first.
      const open = await listOrderNumbersOfUser(trx, userId, UNDELIVERED_STATUSES);
      if (open.length) {
        const which = open.map((o) => o.number).join(", ");
        throw new AppError(
          "conflict",
          `${open.length === 1 ? `Order ${which} is` : `Orders ${which} are`} not delivered yet, and delivering needs the customer's name and address. The account can be deleted once ${open.length === 1 ? "it is" : "they are"} delivered or cancelled.`,
        );
      }
      // A business buyer's company and VAT number stay: the invoice (a reverse charge's above all) must name them as long as the books are kept.
      const anonymised = await updateOrdersOfUser(trx, userId, {
        user_id: null,
        visitor_id: null,
        contact_name: DELETED_CUSTOMER.name,
        contact_email: DELETED_CUSTOMER.email,
        contact_phone: DELETED_CUSTOMER.phone,
        address: JSON.stringify(EMPTY_ADDRESS),
        notes: null,
        updated_at: nowIso(),
      });
      await deleteAddressesOfUser(trx, userId);
      return anonymised;
    },
  };
}

export type OrderCustomers = ReturnType<typeof createOrderCustomers>;
