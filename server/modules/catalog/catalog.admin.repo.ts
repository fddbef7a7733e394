import { type Expression, type ExpressionBuilder, type Selectable, type SqlBool, sql } from "kysely";
import type { Database, ProductPriceTable, ProductStatus, ProductTable, ProductTranslationTable } from "../../db/schema";
import type { ProductTranslation } from "#common/catalog/catalog.admin.schema";
import type { Translations } from "#common/translations";
import type { ProductRow, ProductState, VariantRow, VariantState } from "./catalog.admin.types";
import type { Executor } from "./catalog.repo";
import { chunked, inChunks, insertRows } from "../../db/chunks";

// The statements of the catalogue's admin: products, variants, their slug redirects and the
// category tree as the write path reads it. Each function runs on the executor it is given (the
// database or the caller's open transaction).

/** Rows by their product's id, in the order read. */
function byProduct<R extends { product_id: string }>(variants: R[]): Map<string, R[]> {
  const out = new Map<string, R[]>();
  for (const v of variants) {
    const list = out.get(v.product_id);
    if (list) list.push(v);
    else out.set(v.product_id, [v]);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Reads.

/** Products (by id or by slug) with their variants in the product's order. */
export type PriceRow = Selectable<ProductPriceTable>;

/** The price lists of products (any number of ids). */
export async function listPriceRows(ex: Executor, productIds: string[]): Promise<PriceRow[]> {
  const out: PriceRow[] = [];
  for (const chunk of chunked([...new Set(productIds)])) {
    if (chunk.length) out.push(...(await ex.selectFrom("product_prices").selectAll().where("product_id", "in", chunk).orderBy("currency").execute()));
  }
  return out;
}

/** Products' prices fixed in one currency (any number of ids), product id → minor units. */
export async function listFixedPrices(ex: Executor, productIds: string[], currency: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const chunk of chunked([...new Set(productIds)])) {
    if (!chunk.length) continue;
    const rows = await ex
      .selectFrom("product_prices")
      .select(["product_id", "price"])
      .where("currency", "=", currency)
      .where("product_id", "in", chunk)
      .execute();
    for (const r of rows) out.set(r.product_id, r.price);
  }
  return out;
}

/** Replaces products' price lists (each product given: its rows become `prices`). */
export async function replacePriceLists(ex: Executor, lists: Array<{ productId: string; prices: Array<{ currency: string; price: number }> }>): Promise<void> {
  if (lists.length === 0) return;
  for (const chunk of chunked(lists.map((l) => l.productId))) await ex.deleteFrom("product_prices").where("product_id", "in", chunk).execute();
  const rows = lists.flatMap((l) => l.prices.map((p) => ({ product_id: l.productId, currency: p.currency, price: p.price })));
  for (const chunk of chunked(rows, 3)) if (chunk.length) await ex.insertInto("product_prices").values(chunk).execute();
}

/** Products' translations (any number of ids), in language order. */
export async function listTranslationRows(ex: Executor, productIds: string[]): Promise<TranslationRow[]> {
  const out: TranslationRow[] = [];
  for (const chunk of chunked([...new Set(productIds)])) {
    if (chunk.length) out.push(...(await ex.selectFrom("product_translations").selectAll().where("product_id", "in", chunk).orderBy("language").execute()));
  }
  return out;
}

/** Replaces products' translations (each product given: its rows become `translations`). */
export async function replaceProductTranslations(
  ex: Executor,
  lists: Array<{ productId: string; translations: Translations<ProductTranslation> }>,
): Promise<void> {
  if (lists.length === 0) return;
  for (const chunk of chunked(lists.map((l) => l.productId))) await ex.deleteFrom("product_translations").where("product_id", "in", chunk).execute();
  const rows = lists.flatMap((l) =>
    Object.entries(l.translations).map(([language, t]) => ({
      product_id: l.productId,
      language,
      name: t.name,
      description: t.description,
      specifications: t.specifications ? JSON.stringify(t.specifications) : null,
    })),
  );
  for (const chunk of chunked(rows, 6)) if (chunk.length) await ex.insertInto("product_translations").values(chunk).execute();
}

export type TranslationRow = Selectable<ProductTranslationTable>;

export async function listProductsWithVariants(
  ex: Executor,
  column: "id" | "slug",
  keys: string[],
): Promise<Array<{ row: ProductRow; variants: VariantRow[]; prices: PriceRow[]; translations: TranslationRow[] }>> {
  const out: Array<{ row: ProductRow; variants: VariantRow[]; prices: PriceRow[]; translations: TranslationRow[] }> = [];
  for (const chunk of chunked([...new Set(keys)])) {
    const rows = await ex.selectFrom("products").selectAll().where(column, "in", chunk).execute();
    if (rows.length === 0) continue;
    const variants = await ex
      .selectFrom("product_variants")
      .selectAll()
      .where(
        "product_id",
        "in",
        rows.map((r) => r.id),
      )
      .orderBy("product_id")
      .orderBy("sort_order")
      .orderBy("id")
      .execute();
    const grouped = byProduct(variants);
    const prices = byProduct(
      await listPriceRows(
        ex,
        rows.map((r) => r.id),
      ),
    );
    const translations = byProduct(
      await listTranslationRows(
        ex,
        rows.map((r) => r.id),
      ),
    );
    for (const row of rows)
      out.push({ row, variants: grouped.get(row.id) ?? [], prices: prices.get(row.id) ?? [], translations: translations.get(row.id) ?? [] });
  }
  return out;
}

/** The whole category tree (a few hundred rows at most). */
export function listCategoryRows(ex: Executor) {
  return ex.selectFrom("categories").select(["id", "name", "slug", "parent_id"]).execute();
}

/** The id of the product with this slug, or null. */
export async function findProductIdBySlug(ex: Executor, slug: string): Promise<string | null> {
  const row = await ex.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirst();
  return row?.id ?? null;
}

/** The id of the product this former slug redirects to, or null. */
export async function findRedirectedProductId(ex: Executor, slug: string): Promise<string | null> {
  const row = await ex.selectFrom("product_slug_redirects").select("product_id").where("old_slug", "=", slug).executeTakeFirst();
  return row?.product_id ?? null;
}

/** Products' former slugs, newest first. */
export async function listOldSlugs(ex: Executor, ids: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (ids.length === 0) return out;
  const rows = await ex
    .selectFrom("product_slug_redirects")
    .select(["old_slug", "product_id"])
    .where("product_id", "in", ids)
    .orderBy("created_at", "desc")
    .orderBy("old_slug")
    .execute();
  for (const r of rows) out.set(r.product_id, [...(out.get(r.product_id) ?? []), r.old_slug]);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Writes.

const productColumns = (s: ProductState) => ({
  name: s.name,
  slug: s.slug,
  description: s.description,
  brand: s.brand,
  sku: s.sku,
  category_id: s.categoryId,
  subcategory_id: s.subCategoryId,
  price: s.price,
  discount: s.discount,
  shipping_cost: s.shippingCost,
  status: s.status,
  images: JSON.stringify(s.images),
  image_alts: JSON.stringify(s.imageAlts),
  color_images: JSON.stringify(s.colorImages),
  specifications: JSON.stringify(s.specifications),
  tax_class: s.taxClass,
  gift_card: s.giftCard ? 1 : 0,
});

const variantColumns = (v: VariantState, sortOrder: number) => ({
  color: v.color,
  color_hex: v.colorHex,
  size: v.size,
  additional_price: v.additionalPrice,
  sku: v.sku,
  sort_order: sortOrder,
});

/** Slugs in use again stop redirecting (whoever's redirects they were). */
export function deleteSlugRedirects(ex: Executor, slugs: string[]): Promise<void> {
  return inChunks(slugs, (chunk) => ex.deleteFrom("product_slug_redirects").where("old_slug", "in", chunk).execute());
}

/** Keeps former slugs as redirects to their products (a former slug kept already points at the new one). */
export function upsertSlugRedirects(ex: Executor, redirects: Array<{ oldSlug: string; productId: string }>, now: string): Promise<void> {
  const rows = redirects.map((r) => ({ old_slug: r.oldSlug, product_id: r.productId, created_at: now }));
  return insertRows(rows, (chunk) =>
    ex
      .insertInto("product_slug_redirects")
      .values(chunk)
      .onConflict((oc) => oc.column("old_slug").doUpdateSet((eb) => ({ product_id: eb.ref("excluded.product_id"), created_at: eb.ref("excluded.created_at") })))
      .execute(),
  );
}

/** New products at version 1, with no units and no listed price yet (the inventory and the listing set them). */
export function insertProducts(ex: Executor, products: Array<{ id: string; state: ProductState }>, now: string): Promise<void> {
  const rows = products.map((p) => ({ id: p.id, ...productColumns(p.state), stock: 0, final_price: 0, version: 1, created_at: now, updated_at: now }));
  return insertRows(rows, (chunk) => ex.insertInto("products").values(chunk).execute());
}

/** Stores a product's fields over `version`, moving it on; false when its version is no longer that one. */
export async function updateProductAtVersion(ex: Executor, id: string, version: number, state: ProductState, now: string): Promise<boolean> {
  const done = await ex
    .updateTable("products")
    .set({ ...productColumns(state), version: version + 1, updated_at: now })
    .where("id", "=", id)
    .where("version", "=", version)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** A kept variant's colour, size, extra price, SKU and position. */
export async function updateVariant(ex: Executor, variant: VariantState & { id: string }, sortOrder: number): Promise<void> {
  await ex.updateTable("product_variants").set(variantColumns(variant, sortOrder)).where("id", "=", variant.id).execute();
}

/** New variants, with no units (the inventory sets them). */
export function insertVariants(ex: Executor, variants: Array<{ productId: string; variant: VariantState & { id: string }; sortOrder: number }>): Promise<void> {
  const rows = variants.map((n) => ({ id: n.variant.id, product_id: n.productId, ...variantColumns(n.variant, n.sortOrder), stock: 0 }));
  return insertRows(rows, (chunk) => ex.insertInto("product_variants").values(chunk).execute());
}

export function deleteVariants(ex: Executor, ids: string[]): Promise<void> {
  return inChunks(ids, (chunk) => ex.deleteFrom("product_variants").where("id", "in", chunk).execute());
}

/** Deletes products; their variants, redirects, cart and wishlist lines go with them (foreign keys). */
export function deleteProducts(ex: Executor, ids: string[]): Promise<void> {
  return inChunks(ids, (chunk) => ex.deleteFrom("products").where("id", "in", chunk).execute());
}

// ---------------------------------------------------------------------------------------------
// The admin list and its CSV export.

/** A condition on `products as p`. */
export type ProductCondition = (eb: ExpressionBuilder<Database & { p: ProductTable }, "p">) => Expression<SqlBool>;

/** The admin list's search and filters, resolved against the category tree and the search. */
export interface AdminProductFilter {
  status?: ProductStatus;
  /** The category asked for (a sub-category filters by sub-category); null when its slug names none, which matches nothing. */
  category?: { id: string; isSub: boolean } | null;
  /** The sub-category asked for; null when its slug names none. */
  subCategoryId?: string | null;
  stock?: "in" | "low" | "out";
  /** Units at or under which a product's stock is low. */
  lowStock: number;
  /** The search term in lower case and the search's hits for it. */
  text?: { typed: string; hits: string[] };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * The list's filters as a condition on `products as p` (every status). They read only `products`
 * (every product has a category), so a count needs no join.
 */
export function adminProductCondition(f: AdminProductFilter): ProductCondition {
  return (eb) => {
    const conditions: Array<Expression<SqlBool>> = [];
    if (f.status) conditions.push(eb("p.status", "=", f.status));
    if (f.category !== undefined)
      conditions.push(f.category ? eb(f.category.isSub ? "p.subcategory_id" : "p.category_id", "=", f.category.id) : sql<boolean>`1 = 0`);
    if (f.subCategoryId !== undefined) conditions.push(f.subCategoryId ? eb("p.subcategory_id", "=", f.subCategoryId) : sql<boolean>`1 = 0`);
    if (f.stock === "out") conditions.push(eb("p.stock", "<=", 0));
    if (f.stock === "low") conditions.push(eb.and([eb("p.stock", ">=", 1), eb("p.stock", "<=", f.lowStock)]));
    if (f.stock === "in") conditions.push(eb("p.stock", ">", f.lowStock));
    if (f.text) {
      const { typed, hits } = f.text;
      const like = `%${escapeLike(typed)}%`;
      conditions.push(
        eb.or([
          // Active products: the search's hits, or a SKU typed in full in any case (the
          // product's or a variant's): index lookups only (indexes on lower(sku), migration 0010).
          eb("p.id", "in", hits.length ? hits : ["-"]),
          sql<boolean>`lower(p.sku) = ${typed}`,
          eb("p.id", "in", eb.selectFrom("product_variants as v").select("v.product_id").where(sql<boolean>`lower(v.sku) = ${typed}`)),
          // Drafts and archived products, which the search does not index: name, SKU or slug as
          // typed (a scan of those rows only, through the status index).
          eb.and([
            eb("p.status", "in", ["draft", "archived"]),
            eb.or([
              sql<boolean>`lower(p.name) LIKE ${like} ESCAPE '\\'`,
              sql<boolean>`lower(p.sku) LIKE ${like} ESCAPE '\\'`,
              sql<boolean>`p.slug LIKE ${like} ESCAPE '\\'`,
            ]),
          ]),
        ]),
      );
    }
    return eb.and(conditions);
  };
}

function listQuery(ex: Executor) {
  return ex.selectFrom("products as p").innerJoin("categories as c", "c.id", "p.category_id").leftJoin("categories as sc", "sc.id", "p.subcategory_id");
}

const withListColumns = (b: ReturnType<typeof listQuery>) =>
  b.select((eb) => [
    "p.id",
    "p.name",
    "p.slug",
    "p.sku",
    "p.images",
    "p.price",
    "p.discount",
    "p.final_price",
    "p.price_varies",
    "p.stock",
    "p.status",
    "p.updated_at",
    "c.name as category_name",
    "c.slug as category_slug",
    "sc.name as sub_name",
    "sc.slug as sub_slug",
    eb
      .selectFrom("product_variants as v")
      .select((v) => v.fn.countAll<number>().as("n"))
      .whereRef("v.product_id", "=", "p.id")
      .as("variant_count"),
  ]);

/** A row of the admin list as read. */
export type AdminListRow = Awaited<ReturnType<ReturnType<typeof withListColumns>["execute"]>>[number];

const SORT_COLUMN: Record<string, "p.updated_at" | "p.name" | "p.price" | "p.final_price" | "p.stock"> = {
  updated: "p.updated_at",
  name: "p.name",
  price: "p.price",
  finalPrice: "p.final_price",
  stock: "p.stock",
};

/** One page of the matching products sorted by a field of the list (`updated` when unknown), ties by id. */
export function listAdminPage(
  ex: Executor,
  matching: ProductCondition,
  sort: { key: string; dir: "asc" | "desc" },
  limit: number,
  offset: number,
): Promise<AdminListRow[]> {
  const column = SORT_COLUMN[sort.key] ?? "p.updated_at";
  return withListColumns(listQuery(ex).where(matching)).orderBy(column, sort.dir).orderBy("p.id", sort.dir).limit(limit).offset(offset).execute();
}

export async function countMatching(ex: Executor, matching: ProductCondition): Promise<number> {
  const count = await ex
    .selectFrom("products as p")
    .where(matching)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(count.n);
}

/** Every matching product's id and name, and whether the term is its SKU or a variant's in full (`exact`). */
export function listMatchesWithExact(ex: Executor, matching: ProductCondition, typed: string) {
  return ex
    .selectFrom("products as p")
    .where(matching)
    .select((eb) => [
      "p.id",
      "p.name",
      eb
        .or([
          sql<boolean>`lower(p.sku) = ${typed}`,
          eb("p.id", "in", eb.selectFrom("product_variants as v").select("v.product_id").where(sql<boolean>`lower(v.sku) = ${typed}`)),
        ])
        .as("exact"),
    ])
    .execute();
}

/** The list's rows of these products (in no particular order). */
export function listAdminRowsByIds(ex: Executor, ids: string[]): Promise<AdminListRow[]> {
  return withListColumns(listQuery(ex)).where("p.id", "in", ids).execute();
}

/** The matching products, whole, by slug. */
export function listMatchingProducts(ex: Executor, matching: ProductCondition): Promise<ProductRow[]> {
  return ex.selectFrom("products as p").selectAll("p").where(matching).orderBy("p.slug").execute();
}

/** The variants of the matching products by product, each product's in its order. */
export async function listMatchingVariants(ex: Executor, matching: ProductCondition): Promise<Map<string, VariantRow[]>> {
  const variants = await ex
    .selectFrom("product_variants")
    .selectAll()
    .where("product_id", "in", (eb) => eb.selectFrom("products as p").select("p.id").where(matching))
    .orderBy("product_id")
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  return byProduct(variants);
}
