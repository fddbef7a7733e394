import type { Insertable, Kysely, Selectable, Transaction, Updateable } from "kysely";
import type { Database, PromotionTable, PromotionUseTable } from "../../db/schema";

export type Executor = Kysely<Database> | Transaction<Database>;
export type PromotionRow = Selectable<PromotionTable>;

/** Every promotion, newest first, with the figures of its uses (orders not cancelled): discount given and orders' totals, base currency minor units. */
export function listPromotionRows(k: Executor) {
  return k
    .selectFrom("promotions as p")
    .selectAll("p")
    .select((eb) => [
      eb
        .selectFrom("promotion_uses as u")
        .whereRef("u.promotion_id", "=", "p.id")
        .where("u.cancelled", "=", 0)
        .select((e) => e.fn.countAll<number | string>().as("n"))
        .as("orders_count"),
      eb
        .selectFrom("promotion_uses as u")
        .whereRef("u.promotion_id", "=", "p.id")
        .where("u.cancelled", "=", 0)
        .select((e) => e.fn.coalesce(e.fn.sum<number | string>("u.base_amount"), e.lit(0)).as("s"))
        .as("discount_total"),
      eb
        .selectFrom("promotion_uses as u")
        .whereRef("u.promotion_id", "=", "p.id")
        .where("u.cancelled", "=", 0)
        .select((e) => e.fn.coalesce(e.fn.sum<number | string>("u.order_total_base"), e.lit(0)).as("s"))
        .as("revenue"),
    ])
    .orderBy("p.created_at", "desc")
    .orderBy("p.id", "desc");
}

export type PromotionListRow = Awaited<ReturnType<ReturnType<typeof listPromotionRows>["execute"]>>[number];

export function getPromotionRow(k: Executor, id: string) {
  return listPromotionRows(k).where("p.id", "=", id).executeTakeFirst();
}

/** The promotion that has this code (upper case), if any. */
export function findByCode(k: Executor, code: string) {
  return k.selectFrom("promotions").select(["id", "name"]).where("code", "=", code).executeTakeFirst();
}

export async function insertPromotion(k: Executor, row: Insertable<PromotionTable>): Promise<void> {
  await k.insertInto("promotions").values(row).execute();
}

export async function updatePromotion(k: Executor, id: string, change: Updateable<PromotionTable>): Promise<void> {
  await k.updateTable("promotions").set(change).where("id", "=", id).execute();
}

export async function deletePromotion(k: Executor, id: string): Promise<boolean> {
  const result = await k.deleteFrom("promotions").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every promotion switched on, as the cart's pricing reads them. */
export function listActiveRows(k: Executor) {
  return k.selectFrom("promotions").selectAll().where("active", "=", 1).execute();
}

/** Orders this customer placed with each of these promotions (cancelled ones given back). */
export async function countCustomerUses(k: Executor, customerKey: string, promotionIds: readonly string[]): Promise<Map<string, number>> {
  if (promotionIds.length === 0) return new Map();
  const rows = await k
    .selectFrom("promotion_uses")
    .select(["promotion_id", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("customer_key", "=", customerKey)
    .where("promotion_id", "in", [...promotionIds])
    .where("cancelled", "=", 0)
    .groupBy("promotion_id")
    .execute();
  return new Map(rows.map((r) => [r.promotion_id, Number(r.n)]));
}

/**
 * Counts one use of a promotion with a usage limit, only while it is under the limit: one
 * conditional update, which PostgreSQL re-checks on the row as the last writer left it, so
 * concurrent orders cannot pass the limit. False when the limit was reached (or it is gone).
 */
export async function takeUse(k: Executor, promotionId: string): Promise<boolean> {
  const result = await k
    .updateTable("promotions")
    .set((eb) => ({ uses: eb("uses", "+", 1) }))
    .where("id", "=", promotionId)
    .where((eb) => eb.or([eb("usage_limit", "is", null), eb("uses", "<", eb.ref("usage_limit"))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertUses(k: Executor, rows: Insertable<PromotionUseTable>[]): Promise<void> {
  if (rows.length) await k.insertInto("promotion_uses").values(rows).execute();
}

/** Marks an order's uses given back (it was cancelled) and answers the promotions they were of. */
export async function cancelUses(k: Executor, orderId: string): Promise<string[]> {
  const rows = await k
    .updateTable("promotion_uses")
    .set({ cancelled: 1 })
    .where("order_id", "=", orderId)
    .where("cancelled", "=", 0)
    .returning("promotion_id")
    .execute();
  return rows.map((r) => r.promotion_id);
}

/** Gives one counted use back to a promotion with a usage limit. */
export async function giveUseBack(k: Executor, promotionId: string): Promise<void> {
  await k
    .updateTable("promotions")
    .set((eb) => ({ uses: eb("uses", "-", 1) }))
    .where("id", "=", promotionId)
    .where("uses", ">", 0)
    .where("usage_limit", "is not", null)
    .execute();
}

/** Orders placed with a promotion, cancelled ones given back. */
export async function countUses(k: Executor, promotionId: string): Promise<number> {
  const row = await k
    .selectFrom("promotion_uses")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("promotion_id", "=", promotionId)
    .where("cancelled", "=", 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Each promotion's orders (cancelled ones given back), discount and orders' totals between two instants, base currency minor units, most discount first. */
export async function listPromotionFigures(k: Executor, fromIso: string, toIso: string) {
  const rows = await k
    .selectFrom("promotion_uses as u")
    .innerJoin("promotions as p", "p.id", "u.promotion_id")
    .where("u.cancelled", "=", 0)
    .where("u.created_at", ">=", fromIso)
    .where("u.created_at", "<", toIso)
    .groupBy(["p.id", "p.name", "p.code"])
    .select((eb) => [
      "p.id",
      "p.name",
      "p.code",
      eb.fn.countAll<number | string>().as("orders"),
      eb.fn.sum<number | string>("u.base_amount").as("discount"),
      eb.fn.sum<number | string>("u.order_total_base").as("revenue"),
    ])
    .execute();
  return rows
    .map((r) => ({ id: r.id, name: r.name, code: r.code, orders: Number(r.orders), discount: Number(r.discount ?? 0), revenue: Number(r.revenue ?? 0) }))
    .sort((a, b) => b.discount - a.discount || a.name.localeCompare(b.name));
}
