import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { BannerTable, Database } from "../../db/schema";

// The statements of the home banners (table banners), on the caller's executor: the database or
// a banner write's transaction.

/** A database handle or an open transaction. */
export type Executor = Kysely<Database>;

export type BannerRow = Selectable<BannerTable>;

/** Every banner in carousel order (position, then age, then id). */
export function listBannerRows(k: Executor): Promise<BannerRow[]> {
  return k.selectFrom("banners").selectAll().orderBy("sort_order").orderBy("created_at").orderBy("id").execute();
}

/** The banners switched on, in carousel order (their windows are decided at each read). */
export function listActiveBannerRows(k: Executor): Promise<BannerRow[]> {
  return k.selectFrom("banners").selectAll().where("active", "=", 1).orderBy("sort_order").orderBy("created_at").orderBy("id").execute();
}

/** One banner, or undefined for an unknown id. */
export function getBannerRow(k: Executor, id: string): Promise<BannerRow | undefined> {
  return k.selectFrom("banners").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertBanner(k: Executor, row: Insertable<BannerTable>): Promise<void> {
  await k.insertInto("banners").values(row).execute();
}

export async function updateBanner(k: Executor, id: string, set: Updateable<BannerTable>): Promise<void> {
  await k.updateTable("banners").set(set).where("id", "=", id).execute();
}

/** Moves a banner to a position of the carousel (0 first). */
export async function setBannerPosition(k: Executor, id: string, sortOrder: number): Promise<void> {
  await k.updateTable("banners").set({ sort_order: sortOrder }).where("id", "=", id).execute();
}

export async function deleteBannerRow(k: Executor, id: string): Promise<void> {
  await k.deleteFrom("banners").where("id", "=", id).execute();
}
