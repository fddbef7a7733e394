import type { Insertable, Updateable } from "kysely";
import type { OrderReturnTable } from "../../db/schema";
import type { Executor } from "./orders.types";

/** Number and contact of each of these orders: what a return shows of its order. */
export function listReturnOrders(k: Executor, orderIds: string[]) {
  return k.selectFrom("orders").select(["id", "number", "contact_name", "contact_email"]).where("id", "in", orderIds).execute();
}

/** The lines of these orders as a return shows them (name, options, image, price paid per unit). */
export function listReturnLines(k: Executor, orderIds: string[]) {
  return k
    .selectFrom("order_lines")
    .select(["id", "order_id", "name", "color", "size", "image", "unit_final_price"])
    .where("order_id", "in", orderIds)
    .execute();
}

/** The return, or undefined. */
export function getReturnRow(k: Executor, returnId: string) {
  return k.selectFrom("order_returns").selectAll().where("id", "=", returnId).executeTakeFirst();
}

/** The order's returns, oldest first. */
export function listReturnsOfOrder(k: Executor, orderId: string) {
  return k.selectFrom("order_returns").selectAll().where("order_id", "=", orderId).orderBy("created_at").orderBy("id").execute();
}

/** A page of returns (of one status when given), newest first. */
export function listReturnRows(k: Executor, status: string | undefined, page: { limit: number; offset: number }) {
  let q = k.selectFrom("order_returns");
  if (status) q = q.where("status", "=", status);
  return q.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(page.limit).offset(page.offset).execute();
}

/** How many returns are in each status. */
export function countReturnsByStatus(k: Executor) {
  return k
    .selectFrom("order_returns")
    .select((eb) => ["status", eb.fn.countAll<number | string>().as("n")])
    .groupBy("status")
    .execute();
}

/** How many returns wait for an operator's answer (requested). */
export async function countRequestedReturns(k: Executor): Promise<number> {
  const row = await k
    .selectFrom("order_returns")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("status", "=", "requested")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Stores a return request. */
export async function insertReturn(k: Executor, row: Insertable<OrderReturnTable>): Promise<void> {
  await k.insertInto("order_returns").values(row).execute();
}

/** Writes `changes` to the return only while its status is still `from` (of two operators at once, one wins); whether it did. */
export async function updateReturnFromStatus(k: Executor, returnId: string, from: string, changes: Updateable<OrderReturnTable>): Promise<boolean> {
  const moved = await k.updateTable("order_returns").set(changes).where("id", "=", returnId).where("status", "=", from).executeTakeFirst();
  return Number(moved.numUpdatedRows) > 0;
}

/** The return's status alone, or undefined. */
export function getReturnStatus(k: Executor, returnId: string) {
  return k.selectFrom("order_returns").select("status").where("id", "=", returnId).executeTakeFirst();
}

/** The product and variant of each line of the order (what a received return puts back in stock). */
export function listLineProducts(k: Executor, orderId: string) {
  return k.selectFrom("order_lines").select(["id", "product_id", "variant_id"]).where("order_id", "=", orderId).execute();
}
