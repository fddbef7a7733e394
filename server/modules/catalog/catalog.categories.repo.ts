import type { Insertable, Selectable, Updateable } from "kysely";
import type { CategoryTable } from "../../db/schema";
import type { Executor } from "./catalog.repo";
import type { CategoryTranslation } from "#common/catalog/catalog.categories.schema";
import { isLanguage } from "#common/i18n/languages";
import type { Translations } from "#common/translations";

// The statements of the categories' admin: the tree, its slug redirects, and the products each
// category holds. Each function runs on the executor it is given (the database or the caller's
// open transaction).

export type CategoryRow = Selectable<CategoryTable>;

export function findCategory(ex: Executor, id: string): Promise<CategoryRow | undefined> {
  return ex.selectFrom("categories").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Every category in menu order. */
export function listAllCategories(ex: Executor): Promise<CategoryRow[]> {
  return ex.selectFrom("categories").selectAll().orderBy("sort_order").orderBy("name").orderBy("id").execute();
}

/** The categories under `parentId` (the top-level ones for null), in menu order. */
export function listSiblings(ex: Executor, parentId: string | null): Promise<CategoryRow[]> {
  return ex
    .selectFrom("categories")
    .selectAll()
    .where((eb) => (parentId === null ? eb("parent_id", "is", null) : eb("parent_id", "=", parentId)))
    .orderBy("sort_order")
    .orderBy("name")
    .orderBy("id")
    .execute();
}

export async function hasSubCategories(ex: Executor, id: string): Promise<boolean> {
  return !!(await ex.selectFrom("categories").select("id").where("parent_id", "=", id).executeTakeFirst());
}

/** The id of the category with this slug, or null. */
export async function findCategoryIdBySlug(ex: Executor, slug: string): Promise<string | null> {
  const row = await ex.selectFrom("categories").select("id").where("slug", "=", slug).executeTakeFirst();
  return row?.id ?? null;
}

/** Products in these categories (as top-level category, and as sub-category), all and active ones. */
export async function countProductsByCategory(ex: Executor, ids: string[]): Promise<Map<string, { n: number; active: number }>> {
  const [byCategory, bySub] = await Promise.all([
    ex
      .selectFrom("products")
      .where("category_id", "in", ids)
      .select((eb) => [
        "category_id as id",
        eb.fn.countAll<number>().as("n"),
        eb.fn.sum<number>(eb.case().when("status", "=", "active").then(1).else(0).end()).as("active"),
      ])
      .groupBy("category_id")
      .execute(),
    ex
      .selectFrom("products")
      .where("subcategory_id", "in", ids)
      .select((eb) => [
        "subcategory_id as id",
        eb.fn.countAll<number>().as("n"),
        eb.fn.sum<number>(eb.case().when("status", "=", "active").then(1).else(0).end()).as("active"),
      ])
      .groupBy("subcategory_id")
      .execute(),
  ]);
  const counts = new Map<string, { n: number; active: number }>();
  for (const r of [...byCategory, ...bySub]) if (r.id) counts.set(r.id, { n: Number(r.n), active: Number(r.active ?? 0) });
  return counts;
}

/** Products of any status in any of these categories or sub-categories. */
export async function countProductsIn(ex: Executor, ids: string[]): Promise<number> {
  const held = await ex
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where((eb) => eb.or([eb("category_id", "in", ids), eb("subcategory_id", "in", ids)]))
    .executeTakeFirstOrThrow();
  return Number(held.n);
}

/** The products of a category or sub-category, with where they sit. */
export async function listProductPlacements(ex: Executor, where: { categoryId?: string; subCategoryId?: string }) {
  let q = ex.selectFrom("products").select(["id", "category_id", "subcategory_id"]);
  if (where.categoryId) q = q.where("category_id", "=", where.categoryId);
  if (where.subCategoryId) q = q.where("subcategory_id", "=", where.subCategoryId);
  return q.execute();
}

/** Former slugs of these categories, by slug. */
export function listCategoryRedirects(ex: Executor, ids: string[]) {
  return ex.selectFrom("category_slug_redirects").select(["old_slug", "category_id"]).where("category_id", "in", ids).orderBy("old_slug").execute();
}

export async function insertCategory(ex: Executor, row: Insertable<CategoryTable>): Promise<void> {
  await ex.insertInto("categories").values(row).execute();
}

export async function updateCategory(ex: Executor, id: string, fields: Updateable<CategoryTable>): Promise<void> {
  await ex.updateTable("categories").set(fields).where("id", "=", id).execute();
}

/**
 * Deletes the sub-categories among `ids`, then the category `id` (sub-categories first: a
 * top-level category is deleted after its children).
 */
export async function deleteCategories(ex: Executor, ids: string[], id: string): Promise<void> {
  await ex.deleteFrom("categories").where("id", "in", ids).where("parent_id", "is not", null).execute();
  await ex.deleteFrom("categories").where("id", "=", id).execute();
}

/** Points `oldSlug` at `categoryId`, replacing where it pointed. */
export async function keepCategoryRedirect(ex: Executor, oldSlug: string, categoryId: string, at: string): Promise<void> {
  await ex.deleteFrom("category_slug_redirects").where("old_slug", "=", oldSlug).execute();
  await ex.insertInto("category_slug_redirects").values({ old_slug: oldSlug, category_id: categoryId, created_at: at }).execute();
}

export async function deleteCategoryRedirect(ex: Executor, slug: string): Promise<void> {
  await ex.deleteFrom("category_slug_redirects").where("old_slug", "=", slug).execute();
}

/** The former slugs of these categories lead to `to` instead. */
export async function moveCategoryRedirects(ex: Executor, fromIds: string[], to: string): Promise<void> {
  await ex.updateTable("category_slug_redirects").set({ category_id: to }).where("category_id", "in", fromIds).execute();
}

/** Categories' translations by category id, in language order. */
export async function listCategoryTranslations(ex: Executor, ids: string[]): Promise<Map<string, Translations<CategoryTranslation>>> {
  const out = new Map<string, Translations<CategoryTranslation>>();
  if (ids.length === 0) return out;
  const rows = await ex.selectFrom("category_translations").selectAll().where("category_id", "in", ids).orderBy("language").execute();
  for (const r of rows) {
    const entry = out.get(r.category_id) ?? {};
    if (isLanguage(r.language)) entry[r.language] = { name: r.name, description: r.description };
    out.set(r.category_id, entry);
  }
  return out;
}

/** Replaces a category's translations. */
export async function replaceCategoryTranslations(ex: Executor, id: string, translations: Translations<CategoryTranslation>): Promise<void> {
  await ex.deleteFrom("category_translations").where("category_id", "=", id).execute();
  const rows = Object.entries(translations).map(([language, t]) => ({ category_id: id, language, name: t.name, description: t.description }));
  if (rows.length) await ex.insertInto("category_translations").values(rows).execute();
}
