import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { BannerTable, Database } from "../../db/schema";
import type { BannerTranslation } from "#common/content/banners.schema";
import { isLanguage } from "#common/i18n/languages";
import type { Translations } from "#common/translations";

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

/** Banners' translations by banner id (every banner's when `ids` is not given). */
export async function listBannerTranslations(k: Executor, ids?: string[]): Promise<Map<string, Translations<BannerTranslation>>> {
  const out = new Map<string, Translations<BannerTranslation>>();
  if (ids && ids.length === 0) return out;
  let query = k.selectFrom("banner_translations").selectAll().orderBy("language");
  if (ids) query = query.where("banner_id", "in", ids);
  for (const r of await query.execute()) {
    const entry = out.get(r.banner_id) ?? {};
    if (isLanguage(r.language)) entry[r.language] = { title: r.title, subtitle: r.subtitle, alt: r.alt };
    out.set(r.banner_id, entry);
  }
  return out;
}

/** Replaces a banner's translations. */
export async function replaceBannerTranslations(k: Executor, id: string, translations: Translations<BannerTranslation>): Promise<void> {
  await k.deleteFrom("banner_translations").where("banner_id", "=", id).execute();
  const rows = Object.entries(translations).map(([language, t]) => ({ banner_id: id, language, title: t.title, subtitle: t.subtitle, alt: t.alt }));
  if (rows.length) await k.insertInto("banner_translations").values(rows).execute();
}
