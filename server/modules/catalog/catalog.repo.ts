import { type Expression, type SqlBool, sql } from "kysely";
import type { Db } from "../../db/database";
import { toIso } from "../../db/database";
import type { Sort } from "./catalog.schema";
import type { Category, ProductCard, ProductDetail, ProductVariant } from "./catalog.types";
import { parseColorImages } from "./pictures";
import { listedPrice, toMajor, variantPrice } from "./pricing";

/** Filters in minor units, already resolved to category ids. */
export interface ProductFilter {
  categoryIds?: string[];
  subCategoryIds?: string[];
  minPrice?: number;
  maxPrice?: number;
  ids?: string[];
  discountedOnly?: boolean;
  excludeId?: string;
}

const cardColumns = [
  "p.id",
  "p.name",
  "p.slug",
  "p.price",
  "p.discount",
  "p.final_price",
  "p.list_price",
  "p.price_varies",
  "p.images",
  "p.shipping_cost",
  "p.brand",
  "p.stock",
  "p.created_at",
  "c.name as category_name",
  "c.slug as category_slug",
  "sc.name as subcategory_name",
  "sc.slug as subcategory_slug",
] as const;

type CardRow = {
  id: string;
  name: string;
  slug: string;
  price: number;
  discount: number;
  final_price: number;
  list_price: number;
  price_varies: number;
  images: string;
  shipping_cost: number;
  brand: string | null;
  stock: number;
  created_at: Date | string;
  category_name: string;
  category_slug: string;
  subcategory_name: string | null;
  subcategory_slug: string | null;
};

function toCard(row: CardRow): ProductCard {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    price: toMajor(row.list_price),
    discount: row.discount,
    finalPrice: toMajor(row.final_price),
    priceVaries: row.price_varies === 1,
    image: JSON.parse(row.images) as string[],
    category: row.category_name,
    categorySlug: row.category_slug,
    subCategory: row.subcategory_name,
    subCategorySlug: row.subcategory_slug,
    shippingCost: toMajor(row.shipping_cost),
    brand: row.brand,
    inStock: row.stock > 0,
    selectedColor: null,
    selectedSize: null,
    selectedAditionalPrice: 0,
    createdAt: toIso(row.created_at)!,
  };
}

const ORDER: Record<Sort, Array<[string, "asc" | "desc"]>> = {
  newest: [["p.created_at", "desc"], ["p.id", "desc"]],
  "price-asc": [["p.final_price", "asc"], ["p.id", "asc"]],
  "price-desc": [["p.final_price", "desc"], ["p.id", "desc"]],
  discount: [["p.discount", "desc"], ["p.id", "desc"]],
};

/** Data access for categories, products and variants. */
export function createCatalogRepo(db: Db) {
  const k = db.kysely;

  function baseQuery() {
    return k
      .selectFrom("products as p")
      .innerJoin("categories as c", "c.id", "p.category_id")
      .leftJoin("categories as sc", "sc.id", "p.subcategory_id")
      .where("p.status", "=", "active");
  }

  function applyFilter<Q extends ReturnType<typeof baseQuery>>(query: Q, f: ProductFilter): Q {
    let q = query;
    if (f.categoryIds) q = q.where("p.category_id", "in", f.categoryIds.length ? f.categoryIds : ["-"]) as Q;
    if (f.subCategoryIds) q = q.where("p.subcategory_id", "in", f.subCategoryIds.length ? f.subCategoryIds : ["-"]) as Q;
    if (f.minPrice !== undefined) q = q.where("p.final_price", ">=", f.minPrice) as Q;
    if (f.maxPrice !== undefined) q = q.where("p.final_price", "<=", f.maxPrice) as Q;
    if (f.ids) q = q.where("p.id", "in", f.ids.length ? f.ids : ["-"]) as Q;
    if (f.discountedOnly) q = q.where("p.discount", ">", 0) as Q;
    if (f.excludeId) q = q.where("p.id", "!=", f.excludeId) as Q;
    return q;
  }

  return {
    async listCards(filter: ProductFilter, sort: Sort, limit: number, offset: number): Promise<ProductCard[]> {
      let q = applyFilter(baseQuery(), filter).select(cardColumns);
      for (const [col, dir] of ORDER[sort]) q = q.orderBy(sql.ref(col), dir);
      const rows = await q.limit(limit).offset(offset).execute();
      return (rows as CardRow[]).map(toCard);
    },

    async countProducts(filter: ProductFilter): Promise<number> {
      const row = await applyFilter(baseQuery(), filter)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async priceBounds(filter: ProductFilter): Promise<{ min: number; max: number } | null> {
      const { minPrice: _a, maxPrice: _b, ...rest } = filter;
      const row = await applyFilter(baseQuery(), rest)
        .select((eb) => [eb.fn.min<number>("p.final_price").as("min"), eb.fn.max<number>("p.final_price").as("max")])
        .executeTakeFirst();
      if (!row || row.min == null) return null;
      return { min: Number(row.min), max: Number(row.max) };
    },

    async cardsByIds(ids: string[]): Promise<ProductCard[]> {
      if (ids.length === 0) return [];
      const rows = (await applyFilter(baseQuery(), { ids }).select(cardColumns).execute()) as CardRow[];
      const byId = new Map(rows.map((r) => [r.id, toCard(r)]));
      return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    },

    async getDetailBySlug(slug: string): Promise<ProductDetail | null> {
      const row = await baseQuery()
        .where("p.slug", "=", slug)
        .select([...cardColumns, "p.description", "p.sku", "p.specifications", "p.color_images", "p.updated_at"])
        .executeTakeFirst();
      if (!row) return null;
      const variantRows = await k
        .selectFrom("product_variants")
        .selectAll()
        .where("product_id", "=", row.id)
        .orderBy("sort_order")
        .orderBy("id")
        .execute();
      const card = toCard(row as CardRow);
      const listed = listedPrice(row, variantRows);
      const variants: ProductVariant[] = variantRows.map((v) => {
        const prices = variantPrice(row.price, v.additional_price, row.discount);
        return {
          id: v.id,
          color: v.color,
          colorHex: v.color_hex,
          size: v.size,
          additionalPrice: toMajor(v.additional_price),
          price: toMajor(prices.price),
          finalPrice: toMajor(prices.finalPrice),
          stock: v.stock,
          sku: v.sku,
        };
      });
      const colors = new Map<string, string | null>();
      const sizes = new Set<string>();
      for (const v of variants) {
        if (v.color && !colors.has(v.color)) colors.set(v.color, v.colorHex);
        if (v.size) sizes.add(v.size);
      }
      const stock = variants.length ? variants.reduce((n, v) => n + v.stock, 0) : row.stock;
      return {
        ...card,
        inStock: stock > 0,
        description: row.description,
        sku: row.sku,
        stock,
        specifications: JSON.parse(row.specifications),
        colors: [...colors].map(([name, hex]) => ({ name, hex })),
        sizes: [...sizes],
        variants,
        listedVariantId: listed.variantIndex === null ? null : variantRows[listed.variantIndex].id,
        colorImages: parseColorImages(row.color_images),
        updatedAt: toIso(row.updated_at)!,
      };
    },

    async listCategories(): Promise<Category[]> {
      const rows = await k.selectFrom("categories").selectAll().orderBy("sort_order").orderBy("name").execute();
      const counts = await k
        .selectFrom("products")
        .where("status", "=", "active")
        .select(["category_id", (eb) => eb.fn.countAll<number>().as("n")])
        .groupBy("category_id")
        .execute();
      const countById = new Map(counts.map((c) => [c.category_id, Number(c.n)]));
      const top = rows.filter((r) => !r.parent_id);
      return top.map((c) => ({
        _id: c.id,
        name: c.name,
        slug: c.slug,
        image: c.image,
        order: c.sort_order,
        productCount: countById.get(c.id) ?? 0,
        subCategories: rows
          .filter((s) => s.parent_id === c.id)
          .map((s) => ({ _id: s.id, name: s.name, slug: s.slug, image: s.image, order: s.sort_order })),
      }));
    },

    /** Category ids whose name or slug equals the term, case-insensitively; top-level or sub-level. */
    async findCategoryIds(term: string, level: "top" | "sub"): Promise<string[]> {
      const t = term.toLowerCase();
      const rows = await k
        .selectFrom("categories")
        .select("id")
        .where((eb) => {
          const match: Expression<SqlBool> = eb.or([
            eb(eb.fn("lower", ["name"]), "=", t),
            eb(eb.fn("lower", ["slug"]), "=", t),
          ]);
          return eb.and([match, level === "top" ? eb("parent_id", "is", null) : eb("parent_id", "is not", null)]);
        })
        .execute();
      return rows.map((r) => r.id);
    },

    async allSlugs(): Promise<Array<{ slug: string; updatedAt: string }>> {
      const rows = await k.selectFrom("products").select(["slug", "updated_at"]).where("status", "=", "active").execute();
      return rows.map((r) => ({ slug: r.slug, updatedAt: toIso(r.updated_at)! }));
    },
  };
}

export type CatalogRepo = ReturnType<typeof createCatalogRepo>;
