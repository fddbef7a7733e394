import type { Insertable, Kysely, Selectable, Transaction, Updateable } from "kysely";
import type { Database, PromotionTable } from "../../db/schema";

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
