import { type RawBuilder, type Updateable, sql } from "kysely";
import type { OrderTable } from "../../db/schema";
import type { Executor } from "./orders.types";

/**
 * Correlated sub-queries for a list of accounts (`userId` is the column holding the account's id):
 * orders placed and total spent (less refunds) in minor units, cancelled orders left out.
 */
export function customerStatsColumns(userId: string): { orders: RawBuilder<number>; spent: RawBuilder<number> } {
  const ref = sql.ref(userId);
  return {
    orders: sql<number>`(select count(*) from orders o where o.user_id = ${ref} and o.status <> 'cancelled')`,
    spent: sql<number>`(select coalesce(sum(o.total - o.refunded_total), 0) from orders o where o.user_id = ${ref} and o.status <> 'cancelled')`,
  };
}

/** Per account of `userIds` that placed any: orders not cancelled, and what they came to less refunds (minor units). */
export function listCustomerStats(k: Executor, userIds: string[]) {
  return k
    .selectFrom("orders")
    .select((eb) => ["user_id", eb.fn.countAll<number | string>().as("n"), eb.fn.sum<number | string>(eb("total", "-", eb.ref("refunded_total"))).as("spent")])
    .where("user_id", "in", userIds)
    .where("status", "<>", "cancelled")
    .groupBy("user_id")
    .execute();
}

/** The ids of the account's orders, oldest first. */
export function listOrderIdsOfUser(k: Executor, userId: string) {
  return k.selectFrom("orders").select("id").where("user_id", "=", userId).orderBy("created_at").execute();
}

/** The numbers of the account's orders in one of `statuses`, oldest first. */
export function listOrderNumbersOfUser(k: Executor, userId: string, statuses: readonly string[]) {
  return k
    .selectFrom("orders")
    .select("number")
    .where("user_id", "=", userId)
    .where("status", "in", [...statuses])
    .orderBy("created_at")
    .execute();
}

/** Writes `changes` to every order of the account; how many orders that was. */
export async function updateOrdersOfUser(k: Executor, userId: string, changes: Updateable<OrderTable>): Promise<number> {
  const result = await k.updateTable("orders").set(changes).where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes the account's address book. */
export async function deleteAddressesOfUser(k: Executor, userId: string): Promise<void> {
  await k.deleteFrom("addresses").where("user_id", "=", userId).execute();
}
