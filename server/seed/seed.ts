import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { chunked } from "../db/chunks";
import sharp from "sharp";
import { type Insertable, type Kysely, sql } from "kysely";
import type { Logger } from "../lib/logger";
import { pixelSchema, readStoredSettings, siteSettingsSchema } from "#common/content/content.schema";
import { listedPrice } from "#modules/catalog";
import { promotionColumns } from "#modules/promotions";
import { newPromotionValues, promotionCreateSchema, promotionProblems } from "#common/promotions/promotions.schema";
import { LANGUAGES } from "#common/i18n/languages";
import { createImageService } from "#modules/images";
import type { ObjectStore } from "#modules/storage";
import { type Db, analyze } from "../db/database";
import type { Database } from "../db/schema";
import { CATALOG, type CategoryDef, type SubCategoryDef } from "./catalog-data";
import { COLORS } from "./colors";
import { BANNERS, type BannerDef, DEMO_PROMOTIONS, PIXEL_SETTINGS, PROMOTION_BANNER, SITE_SETTINGS, bannerAlt, demoTaxClass } from "./content-data";
import { CATEGORY_NAMES } from "./category-names";
import { createImagePool } from "./image-pool";
import { createProductPlanner } from "./product-planner";
import { planPastOrders } from "./past-orders";

/** Active products of the demo shop when no count is given. */
export const DEFAULT_PRODUCTS = 120;
/** Draft products added to the default demo shop, so the admin has some to publish. */
const DEFAULT_DRAFTS = 3;
/** Products per transaction in a large catalogue: keeps each commit (and SQLite's WAL) moderate. */
const PRODUCTS_PER_TRANSACTION = 5_000;
/** A bulk load takes larger statements than the shop's own writes (server/db/chunks.ts): fewer round trips per table. */
const MAX_BIND_VALUES = 30_000;
const MAX_ROWS_PER_INSERT = 1_000;
/** SQLite page cache while seeding (KiB): large catalogues insert into several random-keyed indexes. */
const SQLITE_SEED_CACHE_KIB = 131_072;

export interface SeedOptions {
  /** Where the pictures go (the shop's object store). */
  storage: ObjectStore;
  logger?: Logger;
  /** Active products to create (default 120). */
  products?: number;
  /** Draft products to add after the active ones (default 3 with the default count, otherwise 0). */
  drafts?: number;
  /** Write the picture files (default true); false only stores their URLs, for fast tests. */
  writeImages?: boolean;
  /**
   * Where rendered pictures are kept between seeds; by default `node_modules/.cache/shop-demo-images`
   * when there is a node_modules folder (the convention of Vite, Babel and friends); false for none.
   */
  imageCacheDir?: string | false;
  /** The moment the catalogue is dated back from (default: now). */
  now?: Date;
  /** Called after each transaction of a large catalogue with the products written so far. */
  onProgress?: (done: number, total: number) => void;
  /** Add a few weeks of past orders and visits when the shop has no orders yet (default true). */
  pastOrders?: boolean;
}

export interface SeedResult {
  products: number;
  drafts: number;
  variants: number;
  categories: number;
  banners: number;
  /** Past orders added (none when the shop had orders already). */
  orders: number;
  /** Distinct pictures, and how many were rendered, already in the store, or copied from the cache. */
  images: { distinct: number; rendered: number; reused: number; cached: number };
  ms: number;
}

/**
 * Seeds the demo shop when the catalogue is empty (no products, and no categories an operator
 * kept); returns what it created, or null. When several instances start at once on an empty
 * database, one seeds and the others step aside.
 */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<SeedResult | null> {
  const existing = await countCatalog(db);
  if (existing.products > 0 || existing.categories > 0) return null;
  options.logger?.info("seeding the demo shop");
  try {
    return await seedDemo(db, options);
  } catch (error) {
    // Another instance committed first (our inserts hit its unique slugs): its catalogue stands.
    if ((await countCatalog(db)).products > 0) return null;
    throw error;
  }
}

/** How many products (any status) and categories the shop has. */
export async function countCatalog(db: Db): Promise<{ products: number; categories: number }> {
  const count = async (table: "products" | "categories") => {
    const row = await db.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return { products: await count("products"), categories: await count("categories") };
}

/** Deletes the catalogue (variants, products, categories) and the banners; settings are kept. */
export async function wipeCatalog(db: Db): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom("product_variants").execute();
    await trx.deleteFrom("products").execute();
    await trx.deleteFrom("categories").where("parent_id", "is not", null).execute();
    await trx.deleteFrom("categories").execute();
    await trx.deleteFrom("banners").execute();
  });
}

/** WebP settings of the demo pictures: fast to encode, and about 20 KB at 1024 × 1024; AVIF (banners) at the service's defaults. */
const ENCODING = { quality: 80, effort: 0, avifQuality: 50, avifEffort: 2 };

function defaultCacheDir(): string | undefined {
  const modules = path.resolve("node_modules");
  if (!fs.existsSync(modules)) return undefined;
  return path.join(
    modules,
    ".cache",
    "shop-demo-images",
    `q${ENCODING.quality}-e${ENCODING.effort}-avif-q${ENCODING.avifQuality}-e${ENCODING.avifEffort}-sharp${sharp.versions.sharp}`,
  );
}

/** Identifiers in the format of newId() (128 random bits, base64url), drawn from a shared buffer for speed. */
function createIdSource() {
  let pool = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + 16 > pool.length) {
      pool = randomBytes(16 * 4096);
      offset = 0;
    }
    offset += 16;
    return pool.subarray(offset - 16, offset).toString("base64url");
  };
}

/** Inserts rows in statements small enough for both engines' limits on bound values. */
async function insertRows<T extends keyof Database>(k: Kysely<Database>, table: T, rows: Array<Insertable<Database[T]>>): Promise<void> {
  if (rows.length === 0) return;
  for (const chunk of chunked(rows, Object.keys(rows[0] as object).length, MAX_ROWS_PER_INSERT, MAX_BIND_VALUES)) {
    // Kysely cannot check a generic table's row type here; callers pass rows typed for their table.
    await k
      .insertInto(table)
      .values(chunk as never)
      .execute();
  }
}

function itemFor(sub: SubCategoryDef) {
  return { art: sub.art, color: COLORS[sub.palette[0]], text: sub.art === "book" ? { title: sub.name } : undefined };
}

/**
 * Creates the demo shop: categories with pictures, products with variants and pictures, home
 * banners, a discount code and an automatic promotion, site settings and the (inactive) tracking
 * pixel. Deterministic: the same options give the same catalogue (ids and dates aside). Large
 * counts are written in batches, each in its own transaction; the default shop is written in one.
 */
export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const k = db.kysely;
  const active = options.products ?? DEFAULT_PRODUCTS;
  const drafts = options.drafts ?? (options.products === undefined ? DEFAULT_DRAFTS : 0);
  if (!Number.isInteger(active) || active < 0 || !Number.isInteger(drafts) || drafts < 0) {
    throw new Error("The number of products must be a whole number, 0 or more");
  }
  const total = active + drafts;
  const nowMs = (options.now ?? new Date()).getTime();
  const nowIso = new Date(nowMs).toISOString();
  const newId = createIdSource();
  const pool = createImagePool({
    images: createImageService({ storage: options.storage, ...ENCODING }),
    storage: options.storage,
    write: options.writeImages ?? true,
    cacheDir: options.imageCacheDir === false ? undefined : (options.imageCacheDir ?? defaultCacheDir()),
  });
  const planner = createProductPlanner();
  const categoryIds = new Map<string, string>();
  let variantCount = 0;
  let orderCount = 0;
  // The first batch's rows: what the past orders bought.
  const firstBatch: { products: Array<Insertable<Database["products"]>>; variants: Array<Insertable<Database["product_variants"]>> } = {
    products: [],
    variants: [],
  };

  const categoryRows: Array<Insertable<Database["categories"]>> = [];
  CATALOG.forEach((category: CategoryDef, i) => {
    const id = newId();
    categoryIds.set(category.slug, id);
    const image = pool.category(category.slug, category.subs.slice(0, 2).map(itemFor), category.theme);
    categoryRows.push({ id, name: category.name, slug: category.slug, image, parent_id: null, sort_order: i, created_at: nowIso });
    category.subs.forEach((sub, j) => {
      const subId = newId();
      categoryIds.set(sub.slug, subId);
      const subImage = pool.category(sub.slug, [itemFor(sub)], category.theme);
      categoryRows.push({ id: subId, name: sub.name, slug: sub.slug, image: subImage, parent_id: id, sort_order: j, created_at: nowIso });
    });
  });

  const categoryTranslationRows = (): Array<Insertable<Database["category_translations"]>> =>
    [...categoryIds].flatMap(([slug, id]) =>
      Object.entries(CATEGORY_NAMES[slug] ?? {}).map(([language, name]) => ({ category_id: id, language, name, description: null })),
    );

  // The home banners' pictures now; their text promises discounts, so it is written once every
  // product is planned, from the best discount among each category's active products. The first
  // banner names the demo's promotions, in every language.
  const bannerPicture = (banner: Pick<BannerDef, "category" | "items">) => {
    const category = CATALOG.find((c) => c.slug === banner.category)!;
    const items = banner.items.map((item) => ({ art: item.art, color: COLORS[item.color] }));
    return pool.banner(`banner-${banner.category}`, items, category.theme);
  };
  const promotionBannerImage = bannerPicture(PROMOTION_BANNER);
  const bannerImages = BANNERS.map(bannerPicture);
  const bestDiscount = new Map<string, number>();
  const promotionBannerId = newId();
  const bannerRows = (): Array<Insertable<Database["banners"]>> => [
    {
      id: promotionBannerId,
      ...PROMOTION_BANNER.texts.en,
      image: promotionBannerImage,
      alt: bannerAlt(PROMOTION_BANNER),
      link: `/product-category/${PROMOTION_BANNER.category}`,
      sort_order: 0,
      active: 1,
      created_at: nowIso,
    },
    ...BANNERS.map((banner, i) => ({
      id: newId(),
      title: banner.title,
      subtitle: banner.subtitle(bestDiscount.get(banner.category) ?? 0),
      image: bannerImages[i],
      alt: bannerAlt(banner),
      link: `/product-category/${banner.category}`,
      sort_order: i + 1,
      active: 1,
      created_at: nowIso,
    })),
  ];
  const bannerTranslationRows = (): Array<Insertable<Database["banner_translations"]>> =>
    LANGUAGES.filter((language) => language !== "en").map((language) => ({
      banner_id: promotionBannerId,
      language,
      ...PROMOTION_BANNER.texts[language],
      alt: null,
    }));
  const insertBanners = async (trx: Kysely<Database>) => {
    await insertRows(trx, "banners", bannerRows());
    await insertRows(trx, "banner_translations", bannerTranslationRows());
  };

  const settingRows: Array<Insertable<Database["settings"]>> = [
    { key: "site", value: JSON.stringify(siteSettingsSchema.parse(SITE_SETTINGS)), updated_at: nowIso },
    { key: "facebook_pixel", value: JSON.stringify(pixelSchema.parse(PIXEL_SETTINGS)), updated_at: nowIso },
  ];

  /** Plans and inserts products [from, to) with their variants, then waits for their pictures. */
  async function insertProducts(trx: Kysely<Database>, from: number, to: number): Promise<void> {
    const products: Array<Insertable<Database["products"]>> = [];
    const variants: Array<Insertable<Database["product_variants"]>> = [];
    for (let i = from; i < to; i++) {
      const p = planner.next();
      const id = newId();
      if (i < active) bestDiscount.set(p.category.slug, Math.max(p.discount, bestDiscount.get(p.category.slug) ?? 0));
      const imageUrls = p.images.map((ref) => pool.product(ref));
      const colorImages: Record<string, string[]> = {};
      p.images.forEach((ref, n) => {
        if (p.variants.some((v) => v.color === ref.colorName)) (colorImages[ref.colorName] ??= []).push(imageUrls[n]);
      });
      const listed = listedPrice(p, p.variants);
      products.push({
        id,
        name: p.name,
        slug: p.slug,
        description: p.description,
        price: p.price,
        discount: p.discount,
        final_price: listed.finalPrice,
        list_price: listed.price,
        price_varies: listed.varies ? 1 : 0,
        category_id: categoryIds.get(p.category.slug)!,
        subcategory_id: categoryIds.get(p.sub.slug)!,
        brand: p.brand,
        sku: p.sku,
        stock: p.stock,
        shipping_cost: p.shipping_cost,
        tax_class: demoTaxClass(p.category.slug),
        status: i < active ? "active" : "draft",
        images: JSON.stringify(imageUrls),
        color_images: JSON.stringify(colorImages),
        specifications: JSON.stringify(p.specifications),
        created_at: new Date(nowMs - p.ageMs).toISOString(),
        updated_at: new Date(nowMs - p.updatedAgoMs).toISOString(),
      });
      for (const v of p.variants) variants.push({ id: newId(), product_id: id, ...v });
    }
    await insertRows(trx, "products", products);
    await insertRows(trx, "product_variants", variants);
    variantCount += variants.length;
    if (from === 0) Object.assign(firstBatch, { products, variants });
    // Commit only once the pictures these rows point to are on disk.
    await pool.flush();
  }

  /**
   * Categories and settings with the first products in one transaction, then the rest in batches;
   * the banners go in with the last products, once every discount they may promise is known.
   */
  async function writeCatalog(): Promise<void> {
    let done = Math.min(total, PRODUCTS_PER_TRANSACTION);
    await k.transaction().execute(async (trx) => {
      await insertRows(trx, "categories", categoryRows);
      await insertRows(trx, "category_translations", categoryTranslationRows());
      await trx
        .insertInto("settings")
        .values(settingRows)
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
      await insertProducts(trx, 0, done);
      if (done === total) await insertBanners(trx);
      await insertPromotions(trx);
      if (options.pastOrders !== false) orderCount = await insertPastOrders(trx);
    });
    while (done < total) {
      const to = Math.min(total, done + PRODUCTS_PER_TRANSACTION);
      await k.transaction().execute(async (trx) => {
        await insertProducts(trx, done, to);
        if (to === total) await insertBanners(trx);
      });
      done = to;
      options.logger?.info({ products: done, of: total }, "seeding products");
      options.onProgress?.(done, total);
    }
  }

  /** The welcome code and the automatic offer the first banner names, unless the shop has promotions already (a --reset keeps them). */
  async function insertPromotions(trx: Kysely<Database>): Promise<void> {
    const existing = await trx.selectFrom("promotions").select("id").limit(1).executeTakeFirst();
    if (existing) return;
    const rows = Object.values(DEMO_PROMOTIONS).map((input) => {
      const values = newPromotionValues(promotionCreateSchema.parse(input));
      const problems = promotionProblems(values);
      if (Object.keys(problems).length > 0) throw new Error(`demo promotion ${input.name}: ${JSON.stringify(problems)}`);
      return { id: newId(), ...promotionColumns(values), created_at: nowIso, updated_at: nowIso };
    });
    await insertRows(trx, "promotions", rows);
  }

  /** A few weeks of orders and visits over the first products, unless the shop has orders already (a --reset keeps them). */
  async function insertPastOrders(trx: Kysely<Database>): Promise<number> {
    const existing = await trx.selectFrom("orders").select("id").limit(1).executeTakeFirst();
    if (existing) return 0;
    const stored = await trx.selectFrom("settings").select("value").where("key", "=", "site").executeTakeFirstOrThrow();
    const past = planPastOrders({ ...firstBatch, settings: readStoredSettings(JSON.parse(stored.value)), nowMs, newId });
    await insertRows(trx, "orders", past.orders);
    await insertRows(trx, "order_lines", past.lines);
    await insertRows(trx, "order_events", past.events);
    await insertRows(trx, "order_tax_lines", past.taxLines);
    // Orders written here, not through the orders module: the first report sums the roll-ups again.
    await trx.updateTable("report_rollups").set({ time_zone: null }).execute();
    await insertRows(trx, "analytics_events", past.visits);
    return past.orders.length;
  }

  // SQLite's default 2 MB page cache thrashes once the indexes outgrow it; widen it while seeding.
  const cacheSize =
    db.dialect === "sqlite" && total > PRODUCTS_PER_TRANSACTION
      ? (await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(k)).rows[0]?.cache_size
      : undefined;
  if (cacheSize !== undefined) await sql.raw(`PRAGMA cache_size = -${SQLITE_SEED_CACHE_KIB}`).execute(k);
  try {
    await writeCatalog();
  } finally {
    if (cacheSize !== undefined) await sql.raw(`PRAGMA cache_size = ${Number(cacheSize)}`).execute(k);
  }

  // The planner's statistics describe the catalogue just written: until autovacuum gets to it (a
  // minute or more on PostgreSQL), a table of 100,000 products estimated from its empty state chose
  // a bitmap over every active product to read ten cards by id.
  await analyze(db);
  const images = await pool.flush();
  return {
    products: active,
    drafts,
    variants: variantCount,
    categories: categoryRows.length,
    banners: BANNERS.length + 1,
    orders: orderCount,
    images: { distinct: pool.size, ...images },
    ms: Math.round(performance.now() - started),
  };
}
