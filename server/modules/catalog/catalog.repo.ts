import { type Expression, type Kysely, type SqlBool, sql } from "kysely";
import type { Db } from "../../db/database";
import { compiledQuery } from "../../db/compiled-query";
import { toIso } from "../../db/database";
import type { Database, ProductStatus } from "../../db/schema";
import { imageVariantUrl } from "#common/images/image-sizes";
import type { Sort } from "#common/catalog/catalog.schema";
import type { Category, ProductCard, ProductDetail, ProductRating, ProductVariant } from "./catalog.types";
import { parseColorImages, picturesFor } from "#common/catalog/pictures";
import { listedPrice, variantPrice } from "./pricing";
import { toMajor } from "#common/money";

/** Filters in minor units, already resolved to category ids. */
export interface ProductFilter {
  categoryIds?: string[];
  subCategoryIds?: string[];
  minPrice?: number;
  maxPrice?: number;
  ids?: string[];
  discountedOnly?: boolean;
  excludeId?: string;
  /** Only products whose shown average is at least this many stars (1–5). */
  minRating?: number;
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
  "p.rating_tenths",
  "p.rating_count",
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
  rating_tenths: number;
  rating_count: number;
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
    rating: ratingOf(row.rating_tenths, row.rating_count),
  };
}

/** The rating a card shows from the product row's figures (no average without reviews). */
export function ratingOf(tenths: number, count: number): ProductRating {
  const n = Number(count);
  return { average: n > 0 ? Number(tenths) / 10 : null, count: n };
}

/** A database handle or an open transaction (Kysely's Transaction is a Kysely). */
export type Executor = Kysely<Database>;

/** A product and one of its variants as a cart line needs them now (money in minor units). */
export interface Purchasable {
  productId: string;
  /** '' for the product itself (no variant chosen). */
  variantId: string;
  name: string;
  slug: string;
  /** The product's own price and discount, before any variant's additional price. */
  price: number;
  discount: number;
  shippingCost: number;
  /** 'active' when it is sold. */
  status: string;
  sku: string | null;
  /** The product row's units (for a product with variants, their sum). */
  productStock: number;
  categoryName: string;
  /** The slugs of its category and, where it has one, its sub-category (what promotions name). */
  categorySlugs: string[];
  /** The picture of the variant's colour (or the product's first), at the cart's width. */
  image: string | null;
  /** The chosen variant as it is now; null when none was chosen or it no longer exists. */
  variant: { id: string; color: string | null; size: string | null; additionalPrice: number; stock: number; sku: string | null } | null;
  /** The product's tax class; null: the tax settings' default class. */
  taxClass: string | null;
  /** Buying it buys a gift card of its price (unset: no). */
  giftCard?: boolean;
}

/** A product with every variant one can choose, to put one of them in a cart. */
export interface PurchaseOptions {
  id: string;
  name: string;
  status: string;
  stock: number;
  /** In the product page's order. */
  variants: Array<{ id: string; color: string | null; size: string | null; stock: number }>;
  /** The product ('') or one of its variants as listPurchasables gives it, so a cart prices the line it adds without reading it again; null for an unknown variant. */
  purchasable(variantId: string): Purchasable | null;
}

/** The product and variant columns a Purchasable is made of (aliases as both reads select them). */
interface PurchasableRow {
  id: string;
  name: string;
  slug: string;
  price: number;
  discount: number;
  shipping_cost: number;
  images: string;
  color_images: string;
  status: string;
  sku: string | null;
  stock: number;
  category_name: string;
  category_slug: string;
  subcategory_slug: string | null;
  tax_class: string | null;
  gift_card: number;
  v_id: string | null;
  color: string | null;
  size: string | null;
  additional_price: number | null;
  v_stock: number | null;
  v_sku: string | null;
}

/** One Purchasable from a product row and its chosen variant's row (none: the product itself). */
function toPurchasable(p: PurchasableRow, variantId: string, v: PurchasableRow | undefined): Purchasable {
  const variant = v ? { id: v.v_id!, color: v.color, size: v.size, additionalPrice: v.additional_price ?? 0, stock: v.v_stock ?? 0, sku: v.v_sku } : null;
  return {
    productId: p.id,
    variantId,
    name: p.name,
    slug: p.slug,
    price: p.price,
    discount: p.discount,
    shippingCost: p.shipping_cost,
    status: p.status,
    sku: p.sku,
    productStock: p.stock,
    categoryName: p.category_name,
    categorySlugs: p.subcategory_slug ? [p.category_slug, p.subcategory_slug] : [p.category_slug],
    image: firstImage(p.images, p.color_images, variant?.color),
    variant,
    taxClass: p.tax_class ?? null,
    giftCard: p.gift_card === 1,
  };
}

/** What listPurchasables and getPurchaseOptions read of a product and a variant. */
const PURCHASABLE_COLUMNS = [
  "p.id",
  "p.name",
  "p.slug",
  "p.price",
  "p.discount",
  "p.shipping_cost",
  "p.images",
  "p.color_images",
  "p.status",
  "p.sku",
  "p.stock",
  "p.tax_class",
  "p.gift_card",
  "cat.name as category_name",
  "cat.slug as category_slug",
  "sub.slug as subcategory_slug",
  "v.id as v_id",
  "v.color",
  "v.size",
  "v.additional_price",
  "v.stock as v_stock",
  "v.sku as v_sku",
] as const;

/** Products and the chosen variants of them (listPurchasables), compiled once per number of each. */
const purchasablesQuery = compiledQuery((k, a: { productIds: string[]; variantIds: string[] }) =>
  k
    .selectFrom("products as p")
    .innerJoin("categories as cat", "cat.id", "p.category_id")
    .leftJoin("categories as sub", "sub.id", "p.subcategory_id")
    .leftJoin("product_variants as v", (join) => join.onRef("v.product_id", "=", "p.id").on("v.id", "in", a.variantIds))
    .where("p.id", "in", a.productIds)
    .select(PURCHASABLE_COLUMNS),
);

/** A product with all of its variants (getPurchaseOptions), compiled once. */
const purchaseOptionsQuery = compiledQuery((k, a: { productId: string }) =>
  k
    .selectFrom("products as p")
    .innerJoin("categories as cat", "cat.id", "p.category_id")
    .leftJoin("categories as sub", "sub.id", "p.subcategory_id")
    .leftJoin("product_variants as v", "v.product_id", "p.id")
    .where("p.id", "=", a.productId)
    .select(PURCHASABLE_COLUMNS)
    .orderBy("v.sort_order"),
);

/** A product as the wishlist shows it, sold or not (money in the major unit). */
export interface ProductSummary {
  id: string;
  name: string;
  slug: string;
  /** The listed price (pricing.ts listedPrice), before and after the discount. */
  price: number;
  discount: number;
  finalPrice: number;
  priceVaries: boolean;
  image: string | null;
  category: string;
  /** Still sold ('active'). */
  active: boolean;
  inStock: boolean;
  hasVariants: boolean;
}

/** The first picture of a product (of the colour, when given and pictured) at its smallest stored width. */
function firstImage(imagesJson: string, colorImagesJson?: string, color?: string | null): string | null {
  try {
    const images = JSON.parse(imagesJson) as unknown;
    const list = Array.isArray(images) ? images.filter((x): x is string => typeof x === "string") : [];
    const first = picturesFor({ images: list, colorImages: parseColorImages(colorImagesJson) }, color)[0];
    return first ? imageVariantUrl(first, "product", 320) : null;
  } catch {
    return null;
  }
}

const ORDER: Record<Sort, Array<[string, "asc" | "desc"]>> = {
  newest: [
    ["p.created_at", "desc"],
    ["p.id", "desc"],
  ],
  "price-asc": [
    ["p.final_price", "asc"],
    ["p.id", "asc"],
  ],
  "price-desc": [
    ["p.final_price", "desc"],
    ["p.id", "desc"],
  ],
  discount: [
    ["p.discount", "desc"],
    ["p.id", "desc"],
  ],
  // Best average first; among equal averages, the one more reviews back; unreviewed products last.
  rating: [
    ["p.rating_tenths", "desc"],
    ["p.rating_count", "desc"],
    ["p.id", "desc"],
  ],
};

/** Data access for categories, products and variants. */
export function createCatalogRepo(db: Db) {
  const k = db.kysely;

  function anyStatusQuery() {
    return k.selectFrom("products as p").innerJoin("categories as c", "c.id", "p.category_id").leftJoin("categories as sc", "sc.id", "p.subcategory_id");
  }

  function baseQuery() {
    return anyStatusQuery().where("p.status", "=", "active");
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
    if (f.minRating !== undefined) q = q.where("p.rating_tenths", ">=", f.minRating * 10).where("p.rating_count", ">", 0) as Q;
    return q;
  }

  /** A product's page data and status by its slug, from `query` (active products, or any status for staff previews). */
  async function detailOf(query: ReturnType<typeof anyStatusQuery>, slug: string): Promise<{ product: ProductDetail; status: ProductStatus } | null> {
    const row = await query
      .where("p.slug", "=", slug)
      .select([...cardColumns, "p.status as product_status", "p.description", "p.sku", "p.specifications", "p.color_images", "p.updated_at"])
      .executeTakeFirst();
    if (!row) return null;
    const variantRows = await k.selectFrom("product_variants").selectAll().where("product_id", "=", row.id).orderBy("sort_order").orderBy("id").execute();
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
    const product: ProductDetail = {
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
    return { product, status: row.product_status };
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

    /** The cards of those of these products that are active, by id (the caller puts them in its order). */
    async cardsByIds(ids: string[]): Promise<Map<string, ProductCard>> {
      if (ids.length === 0) return new Map();
      const rows = (await applyFilter(baseQuery(), { ids }).select(cardColumns).execute()) as CardRow[];
      return new Map(rows.map((r) => [r.id, toCard(r)]));
    },

    async getDetailBySlug(slug: string): Promise<ProductDetail | null> {
      return (await detailOf(baseQuery(), slug))?.product ?? null;
    },

    /** A product's page data by its slug whatever its status (active, draft or archived), with the status: what staff preview. */
    getPreviewBySlug(slug: string): Promise<{ product: ProductDetail; status: ProductStatus } | null> {
      return detailOf(anyStatusQuery(), slug);
    },

    /** The storefront's tree: hidden categories (and a hidden one's sub-categories) are left out (decision record 0022). */
    async listCategories(): Promise<Category[]> {
      const rows = await k.selectFrom("categories").selectAll().where("hidden", "=", 0).orderBy("sort_order").orderBy("name").execute();
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
        subCategories: rows.filter((s) => s.parent_id === c.id).map((s) => ({ _id: s.id, name: s.name, slug: s.slug, image: s.image, order: s.sort_order })),
      }));
    },

    /** Ids of shown categories whose name or slug equals the term, case-insensitively; top-level or sub-level. */
    async findCategoryIds(term: string, level: "top" | "sub"): Promise<string[]> {
      const t = term.toLowerCase();
      const rows = await k
        .selectFrom("categories")
        .select("id")
        .where((eb) => {
          const match: Expression<SqlBool> = eb.or([eb(eb.fn("lower", ["name"]), "=", t), eb(eb.fn("lower", ["slug"]), "=", t)]);
          const shown = eb("hidden", "=", 0);
          const atLevel =
            level === "top"
              ? eb("parent_id", "is", null)
              : eb("parent_id", "in", eb.selectFrom("categories as parent").select("parent.id").where("parent.hidden", "=", 0));
          return eb.and([match, shown, atLevel]);
        })
        .execute();
      return rows.map((r) => r.id);
    },

    /**
     * Where a former slug of a category now lives (a renamed or merged category, decision record
     * 0022): the category's slug and, for a sub-category, its parent's; null when the slug is no
     * former one or its category is hidden.
     */
    async findCategoryRedirect(oldSlug: string): Promise<{ slug: string; parentSlug: string | null } | null> {
      const row = await k
        .selectFrom("category_slug_redirects as r")
        .innerJoin("categories as c", "c.id", "r.category_id")
        .leftJoin("categories as parent", "parent.id", "c.parent_id")
        .where("r.old_slug", "=", oldSlug.toLowerCase())
        .where("c.hidden", "=", 0)
        .where((eb) => eb.or([eb("parent.id", "is", null), eb("parent.hidden", "=", 0)]))
        .select(["c.slug", "parent.slug as parent_slug"])
        .executeTakeFirst();
      return row ? { slug: row.slug, parentSlug: row.parent_slug } : null;
    },

    /** The current slug of the product a former slug belonged to (a renamed product, migration 0010), while it is on sale; else null. */
    async findProductRedirect(oldSlug: string): Promise<string | null> {
      const row = await k
        .selectFrom("product_slug_redirects as r")
        .innerJoin("products as p", "p.id", "r.product_id")
        .where("r.old_slug", "=", oldSlug)
        .where("p.status", "=", "active")
        .select("p.slug")
        .executeTakeFirst();
      return row?.slug ?? null;
    },

    async allSlugs(): Promise<Array<{ slug: string; updatedAt: string }>> {
      const rows = await k.selectFrom("products").select(["slug", "updated_at"]).where("status", "=", "active").execute();
      return rows.map((r) => ({ slug: r.slug, updatedAt: toIso(r.updated_at)! }));
    },

    /**
     * Products and chosen variants as they are now, in one query, on the caller's executor (a
     * transaction sees its own writes): one entry per item whose product exists, in the given order.
     */
    async listPurchasables(items: ReadonlyArray<{ productId: string; variantId: string }>, ex: Executor = k): Promise<Purchasable[]> {
      if (items.length === 0) return [];
      const productIds = [...new Set(items.map((i) => i.productId))];
      const variantIds = [...new Set(items.map((i) => i.variantId).filter((v) => v !== ""))];
      const { rows } = await purchasablesQuery.execute(ex, { productIds, variantIds: variantIds.length ? variantIds : ["-"] });
      const byProduct = new Map<string, typeof rows>();
      for (const r of rows) {
        const list = byProduct.get(r.id);
        if (list) list.push(r);
        else byProduct.set(r.id, [r]);
      }
      return items.flatMap((item): Purchasable[] => {
        const found = byProduct.get(item.productId);
        if (!found) return [];
        const v = item.variantId === "" ? undefined : found.find((r) => r.v_id === item.variantId);
        return [toPurchasable(found[0], item.variantId, v)];
      });
    },

    /** A product with the variants one can choose (their colour, size and stock), or null when there is no such product. */
    async getPurchaseOptions(productId: string, ex: Executor = k): Promise<PurchaseOptions | null> {
      // Everything a cart line is priced with too (one query): the add prices its new line from it.
      const { rows } = await purchaseOptionsQuery.execute(ex, { productId });
      const product = rows[0];
      if (!product) return null;
      const variantRows = rows.filter((r) => r.v_id !== null);
      return {
        id: product.id,
        name: product.name,
        status: product.status,
        stock: product.stock,
        variants: variantRows.map((r) => ({ id: r.v_id!, color: r.color, size: r.size, stock: r.v_stock ?? 0 })),
        purchasable(variantId) {
          if (variantId === "") return toPurchasable(product, "", undefined);
          const v = variantRows.find((r) => r.v_id === variantId);
          return v ? toPurchasable(product, variantId, v) : null;
        },
      };
    },

    /** Summaries of these products, sold or not, in the given order (unknown ids are skipped): one query. */
    async listSummaries(ids: string[]): Promise<ProductSummary[]> {
      if (ids.length === 0) return [];
      const rows = await k
        .selectFrom("products as p")
        .innerJoin("categories as c", "c.id", "p.category_id")
        .where("p.id", "in", [...new Set(ids)])
        .select((eb) => [
          "p.id",
          "p.name",
          "p.slug",
          "p.discount",
          "p.final_price",
          "p.list_price",
          "p.price_varies",
          "p.images",
          "p.stock",
          "p.status",
          "c.name as category",
          eb.exists(eb.selectFrom("product_variants as v").select("v.id").whereRef("v.product_id", "=", "p.id")).as("has_variants"),
        ])
        .execute();
      const byId = new Map(
        rows.map((r): [string, ProductSummary] => [
          r.id,
          {
            id: r.id,
            name: r.name,
            slug: r.slug,
            price: toMajor(r.list_price),
            discount: r.discount,
            finalPrice: toMajor(r.final_price),
            priceVaries: r.price_varies === 1,
            image: firstImage(r.images),
            category: r.category,
            active: r.status === "active",
            inStock: r.status === "active" && r.stock > 0,
            hasVariants: Boolean(r.has_variants),
          },
        ]),
      );
      return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    },
  };
}

export type CatalogRepo = ReturnType<typeof createCatalogRepo>;
