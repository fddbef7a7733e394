import { type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool, sql } from "kysely";
import type { Db } from "../../db/database";
import { nowIso, toIso } from "../../db/database";
import type { Database, ProductStatus, ProductTable, ProductVariantTable } from "../../db/schema";
import type { Epoch } from "../../lib/cache";
import { AppError, fieldErrors } from "../../lib/errors";
import { newId, slugify } from "../../lib/ids";
import { sanitizeRichText } from "../../lib/rich-text";
import { type AuditActor, type AuditEntryInput, type FieldChanges, appendAudit, appendAuditEntries, changedFields } from "../audit/audit.service";
import { imageVariantUrl } from "../images/image-sizes";
import { type StockSetting, setStock } from "../inventory/inventory.service";
import {
  type AdminProductFilters,
  type AdminProductQuery,
  type AdminProductSort,
  type BulkInput,
  LOW_STOCK,
  MAX_SLUG_LENGTH,
  type ProductCreateInput,
  type ProductInput,
  type ProductPatchInput,
  type StockLevel,
  adminProductFilterSchema,
  adminProductQuerySchema,
  bulkSchema,
  productCreateSchema,
  productPatchSchema,
  productRuleProblems,
  MAX_NAME_LENGTH,
} from "./catalog.admin.schema";
import { type CsvProduct, type ImportGroup, parseProductsCsv, productsToCsv } from "./catalog.csv";
import { refreshListedPrices } from "./catalog.listing";
import { parseColorImages } from "./pictures";
import type { ProductVariant } from "./catalog.types";
import { toMajor, toMinor, variantPrice } from "./pricing";

// The one catalogue write path for products and variants (issue 10): the admin API, the admin
// screens and the CSV import create, change and delete products only through this module. Every
// write runs in one transaction that also sets stock through the inventory, recomputes the listed
// price (refreshListedPrices), withdraws archived or deleted products from carts and wishlists,
// and appends audit entries; after it commits, the data epoch moves on (read caches drop what
// they hold) and the search's vocabulary is reloaded. The search index follows `products` by
// itself (triggers of migration 0002).

/** A database handle or an open transaction. */
type Executor = Kysely<Database>;

/** The admin list's default page size and the search hits it considers. */
const MAX_SEARCH_IDS = 2_000;
/** Rows per INSERT and ids per IN list: within SQLite's and PostgreSQL's bound parameters. */
const CHUNK = 400;

export const STALE_VERSION_MESSAGE = "Someone else saved this product since you opened it. Reload it to see their changes, then make yours again.";

export interface CatalogAdminDeps {
  /** Bumped after every committed write: the catalogue's, the HTTP answers' and the search's caches drop what they hold. */
  epoch: Epoch;
  /** The shop's search: the admin list's `q` (typo-tolerant, active products) and a fresh vocabulary after a write. */
  search: {
    matchIds(term: string, limit?: number): Promise<string[]>;
    reindex(): Promise<void>;
  };
  /** Carts and wishlists let go of products withdrawn from sale (archived or deleted) in the write's transaction, telling their owners once. */
  shoppers: { withdrawProducts(trx: Executor, products: Array<{ id: string; name: string }>): Promise<void> };
  /** The settings' low-stock threshold (content module): "low" in the list's badge and filter (LOW_STOCK when not given). */
  lowStockThreshold?: () => Promise<number>;
}

/** A variant as the admin reads it: the storefront's shape (money in the major unit), ids included. */
export type AdminVariant = ProductVariant;

/**
 * A product as the admin reads it: the body of POST/PATCH (so a client can change it and send it
 * back) plus its id, version, status, variant ids, listed price, categories' names and dates.
 */
export interface AdminProduct {
  id: string;
  /** Send it back with a PATCH: a save over someone else's newer one is refused (409). */
  version: number;
  name: string;
  slug: string;
  description: string;
  brand: string | null;
  sku: string | null;
  categorySlug: string;
  subCategorySlug: string | null;
  category: { id: string; name: string; slug: string };
  subCategory: { id: string; name: string; slug: string } | null;
  price: number;
  discount: number;
  shippingCost: number;
  status: ProductStatus;
  image: string[];
  /** Alt text per picture, parallel to `image` ('' where none). */
  imageAlt: string[];
  colorImages: Record<string, string[]>;
  specifications: Array<{ name: string; value: string }>;
  colors: Array<{ name: string; hex: string | null }>;
  sizes: string[];
  variants: AdminVariant[];
  /** Units: the product's own, or the sum of its variants'. */
  stock: number;
  stockLevel: StockLevel;
  /** The listed price (what cards show), before and after the discount, and whether it is "From". */
  listPrice: number;
  finalPrice: number;
  priceVaries: boolean;
  /** Former slugs whose addresses answer 301 to this product. */
  oldSlugs: string[];
  createdAt: string;
  updatedAt: string;
}

/** One row of the admin list. */
export interface AdminProductRow {
  id: string;
  name: string;
  slug: string;
  sku: string | null;
  /** The first picture at its smallest stored width, or null. */
  thumbnail: string | null;
  category: string;
  categorySlug: string;
  subCategory: string | null;
  subCategorySlug: string | null;
  /** The product's own price before the discount (major unit). */
  price: number;
  discount: number;
  /** The listed price after the discount (the cheapest variant one can buy); "From" when `priceVaries`. */
  finalPrice: number;
  priceVaries: boolean;
  stock: number;
  stockLevel: StockLevel;
  variantCount: number;
  status: ProductStatus;
  updatedAt: string;
}

export interface AdminProductList {
  data: AdminProductRow[];
  meta: { total: number; page: number; pageSize: number };
}

/** What a bulk action did. */
export interface BulkResult {
  action: BulkInput["action"];
  /** Products changed (for `delete`: removed). */
  changed: number;
  /** Selected products that needed no change. */
  unchanged: number;
  /** Selected ids that no longer exist. */
  notFound: string[];
}

/** What an import did (or, in a dry run, would do). */
export interface ImportReport {
  dryRun: boolean;
  created: number;
  updated: number;
  unchanged: number;
  /** Every bad row: its line in the file (1 is the header) and why. Any error: nothing is written. */
  errors: Array<{ line: number; message: string }>;
  /** Each product of the file with what happens to it; an update with the fields it changes (before and after, as its audit entry will record them). */
  products: Array<{ line: number; handle: string; name: string; action: "create" | "update" | "unchanged"; changes?: FieldChanges }>;
}

/** The stock level shown as a badge and filtered by: out (0), low (1 to the settings' low-stock threshold), in (more). */
export function stockLevelOf(stock: number, lowStock: number = LOW_STOCK): StockLevel {
  if (stock <= 0) return "out";
  return stock <= lowStock ? "low" : "in";
}

// ---------------------------------------------------------------------------------------------
// A product's state: what the write path compares and writes (money in minor units).

interface VariantState {
  /** Set for a variant that exists (kept when its colour × size stays in the matrix). */
  id?: string;
  color: string | null;
  colorHex: string | null;
  size: string | null;
  additionalPrice: number;
  /** Undefined: keep the existing variant's units (a new one starts at 0). */
  stock: number | undefined;
  sku: string | null;
}

interface ProductState {
  name: string;
  slug: string;
  description: string;
  brand: string | null;
  sku: string | null;
  categoryId: string;
  subCategoryId: string | null;
  price: number;
  discount: number;
  shippingCost: number;
  status: ProductStatus;
  images: string[];
  imageAlts: string[];
  colorImages: Record<string, string[]>;
  specifications: Array<{ name: string; value: string }>;
  /** The product's own units (without variants); with variants, their sum as stored. */
  stock: number;
  variants: VariantState[];
}

/** A product as stored, with what the write path needs to change it. */
interface Existing {
  id: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  finalPrice: number;
  listPrice: number;
  priceVaries: boolean;
  state: ProductState;
}

type ProductRow = Selectable<ProductTable>;
type VariantRow = Selectable<ProductVariantTable>;

const parseList = <T>(json: string): T[] => {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
};

const variantKey = (color: string | null | undefined, size: string | null | undefined) => `${(color ?? "").toLowerCase()}\u0000${(size ?? "").toLowerCase()}`;
const variantLabel = (v: { color: string | null; size: string | null }) => [v.color, v.size].filter(Boolean).join(" / ");

/**
 * Each colour's pictures as the write path stores them: the colours in the order given (as the
 * variants list them, names matched in any case), each one's pictures in the gallery's order, and
 * colours without a picture left out.
 */
function colorPictures(colors: string[], given: Record<string, string[]>, images: string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const color of colors) {
    const entry = Object.entries(given).find(([name]) => name.toLowerCase() === color.toLowerCase());
    const own = new Set(entry?.[1] ?? []);
    const list = images.filter((url) => own.has(url));
    if (list.length) out[color] = list;
  }
  return out;
}

function stateOf(row: ProductRow, variants: VariantRow[]): ProductState {
  const images = parseList<string>(row.images).filter((x) => typeof x === "string");
  const alts = parseList<string>(row.image_alts);
  // Read in the stored order's canonical form, so a product written by other means (the demo seed)
  // compares equal to itself coming back through a form or a CSV; colours of no variant stay, last.
  const stored = parseColorImages(row.color_images);
  const colors = [...new Set(variants.flatMap((v) => (v.color ? [v.color] : [])))];
  const ordered = colorPictures(colors, stored, images);
  const known = new Set(colors.map((c) => c.toLowerCase()));
  const colorImages = { ...ordered, ...Object.fromEntries(Object.entries(stored).filter(([name]) => !known.has(name.toLowerCase()))) };
  return {
    name: row.name,
    slug: row.slug,
    description: row.description,
    brand: row.brand,
    sku: row.sku,
    categoryId: row.category_id,
    subCategoryId: row.subcategory_id,
    price: row.price,
    discount: row.discount,
    shippingCost: row.shipping_cost,
    status: row.status,
    images,
    imageAlts: images.map((_, i) => (typeof alts[i] === "string" ? alts[i] : "")),
    colorImages,
    specifications: parseList<{ name: string; value: string }>(row.specifications),
    stock: row.stock,
    variants: variants.map((v) => ({ id: v.id, color: v.color, colorHex: v.color_hex, size: v.size, additionalPrice: v.additional_price, stock: v.stock, sku: v.sku })),
  };
}

/** Loads products (by id or by slug) with their variants, on the caller's executor. */
async function loadExisting(ex: Executor, by: { ids?: string[]; slugs?: string[] }): Promise<Existing[]> {
  const keys = by.ids ?? by.slugs ?? [];
  const column = by.ids ? "id" : "slug";
  const out: Existing[] = [];
  for (let i = 0; i < keys.length; i += CHUNK) {
    const chunk = [...new Set(keys.slice(i, i + CHUNK))];
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
    const byProduct = new Map<string, VariantRow[]>();
    for (const v of variants) {
      const list = byProduct.get(v.product_id);
      if (list) list.push(v);
      else byProduct.set(v.product_id, [v]);
    }
    for (const row of rows) {
      out.push({
        id: row.id,
        version: row.version,
        createdAt: toIso(row.created_at)!,
        updatedAt: toIso(row.updated_at)!,
        finalPrice: row.final_price,
        listPrice: row.list_price,
        priceVaries: row.price_varies === 1,
        state: stateOf(row, byProduct.get(row.id) ?? []),
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Categories as the write path resolves them (the whole tree: a few hundred rows at most).

interface CategoryInfo {
  id: string;
  name: string;
  slug: string;
  parentId: string | null;
}

interface Categories {
  byId: Map<string, CategoryInfo>;
  bySlug: Map<string, CategoryInfo>;
}

async function loadCategories(ex: Executor): Promise<Categories> {
  const rows = await ex.selectFrom("categories").select(["id", "name", "slug", "parent_id"]).execute();
  const list = rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, parentId: r.parent_id }));
  return { byId: new Map(list.map((c) => [c.id, c])), bySlug: new Map(list.map((c) => [c.slug.toLowerCase(), c])) };
}

/** The category and sub-category named by slugs, or the fields that name none (or a sub-category of another). */
/** Where a product sits in the category tree. */
interface Placement {
  categoryId: string;
  subCategoryId: string | null;
}

function placementOf(categories: Categories, categorySlug: unknown, subCategorySlug: unknown): { placement: Placement; problems?: undefined } | { placement?: undefined; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const category = typeof categorySlug === "string" ? categories.bySlug.get(categorySlug.trim().toLowerCase()) : undefined;
  if (typeof categorySlug === "string" && categorySlug.trim() !== "") {
    if (!category) problems.categorySlug = `There is no category “${categorySlug.trim()}”`;
    else if (category.parentId) problems.categorySlug = `“${category.name}” is a sub-category: choose its category and pick it as the sub-category`;
  }
  let sub: CategoryInfo | undefined;
  if (typeof subCategorySlug === "string" && subCategorySlug.trim() !== "") {
    sub = categories.bySlug.get(subCategorySlug.trim().toLowerCase());
    if (!sub || !sub.parentId) problems.subCategorySlug = `There is no sub-category “${subCategorySlug.trim()}”`;
    else if (category && !category.parentId && sub.parentId !== category.id) problems.subCategorySlug = `“${sub.name}” is not a sub-category of “${category.name}”`;
  }
  if (Object.keys(problems).length || !category) return { problems };
  return { placement: { categoryId: category.id, subCategoryId: sub?.id ?? null } };
}

// ---------------------------------------------------------------------------------------------
// Input → state, and state → what the admin reads.

/**
 * A checked product input as the state to store: minor units, the description sanitised, colour
 * and size names as listed (a variant's "red" is the listed "Red"), alt texts as long as the
 * pictures, colour pictures in picture order. `prior` supplies the units of variants whose stock
 * the input leaves out.
 */
function stateFromInput(input: ProductInput, placement: Placement, slug: string, prior?: ProductState): ProductState {
  const colors = new Map(input.colors.map((c) => [c.name.toLowerCase(), c]));
  const sizes = new Map(input.sizes.map((s) => [s.toLowerCase(), s]));
  const priorVariants = new Map((prior?.variants ?? []).map((v) => [variantKey(v.color, v.size), v]));
  const variants: VariantState[] = input.variants.map((v) => {
    const color = v.color ? (colors.get(v.color.toLowerCase()) ?? null) : null;
    const size = v.size ? (sizes.get(v.size.toLowerCase()) ?? v.size) : null;
    const before = priorVariants.get(variantKey(color?.name ?? null, size));
    return {
      id: before?.id,
      color: color?.name ?? null,
      colorHex: color?.hex ? color.hex.toLowerCase() : null,
      size,
      additionalPrice: toMinor(v.additionalPrice),
      stock: v.stock ?? before?.stock,
      sku: v.sku ?? null,
    };
  });
  const images = input.image;
  const colorImages = colorPictures(
    input.colors.map((c) => c.name),
    input.colorImages,
    images,
  );
  return {
    name: input.name,
    slug,
    description: sanitizeRichText(input.description),
    brand: input.brand ?? null,
    sku: input.sku ?? null,
    categoryId: placement.categoryId,
    subCategoryId: placement.subCategoryId,
    price: toMinor(input.price),
    discount: input.discount,
    shippingCost: toMinor(input.shippingCost),
    status: input.status,
    images,
    imageAlts: images.map((_, i) => input.imageAlt[i] ?? ""),
    colorImages,
    specifications: input.specifications,
    stock: variants.length ? (prior?.stock ?? 0) : input.stock,
    variants,
  };
}

/** Colours (with the hex of their first variant) and sizes in the order the variants first name them. */
function optionsOf(variants: Array<{ color: string | null; colorHex: string | null; size: string | null }>) {
  const colors = new Map<string, { name: string; hex: string | null }>();
  const sizes = new Set<string>();
  for (const v of variants) {
    if (v.color && !colors.has(v.color)) colors.set(v.color, { name: v.color, hex: v.colorHex });
    if (v.size) sizes.add(v.size);
  }
  return { colors: [...colors.values()], sizes: [...sizes] };
}

/** A stored product in the shape of the admin's input (major units, category slugs). */
function inputOf(state: ProductState, categories: Categories): ProductInput {
  const { colors, sizes } = optionsOf(state.variants);
  return {
    name: state.name,
    slug: state.slug,
    description: state.description,
    brand: state.brand,
    sku: state.sku,
    categorySlug: categories.byId.get(state.categoryId)?.slug ?? "",
    subCategorySlug: state.subCategoryId ? (categories.byId.get(state.subCategoryId)?.slug ?? null) : null,
    price: toMajor(state.price),
    discount: state.discount,
    shippingCost: toMajor(state.shippingCost),
    status: state.status,
    image: state.images,
    imageAlt: state.imageAlts,
    colorImages: state.colorImages,
    specifications: state.specifications,
    colors,
    sizes,
    variants: state.variants.map((v) => ({ color: v.color, size: v.size, additionalPrice: toMajor(v.additionalPrice), stock: v.stock, sku: v.sku })),
    stock: state.stock,
  };
}

function toAdminProduct(p: Existing, categories: Categories, oldSlugs: string[], lowStock: number): AdminProduct {
  const s = p.state;
  const category = categories.byId.get(s.categoryId);
  const sub = s.subCategoryId ? categories.byId.get(s.subCategoryId) : undefined;
  const { colors, sizes } = optionsOf(s.variants);
  const stock = s.variants.length ? s.variants.reduce((n, v) => n + (v.stock ?? 0), 0) : s.stock;
  return {
    id: p.id,
    version: p.version,
    ...ownFields(s),
    categorySlug: category?.slug ?? "",
    subCategorySlug: sub?.slug ?? null,
    category: { id: s.categoryId, name: category?.name ?? "", slug: category?.slug ?? "" },
    subCategory: sub ? { id: sub.id, name: sub.name, slug: sub.slug } : null,
    colors,
    sizes,
    variants: s.variants.map((v) => {
      const prices = variantPrice(s.price, v.additionalPrice, s.discount);
      return {
        id: v.id!,
        color: v.color,
        colorHex: v.colorHex,
        size: v.size,
        additionalPrice: toMajor(v.additionalPrice),
        price: toMajor(prices.price),
        finalPrice: toMajor(prices.finalPrice),
        stock: v.stock ?? 0,
        sku: v.sku,
      };
    }),
    stock,
    stockLevel: stockLevelOf(stock, lowStock),
    listPrice: toMajor(p.listPrice),
    finalPrice: toMajor(p.finalPrice),
    priceVaries: p.priceVaries,
    oldSlugs,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

// ---------------------------------------------------------------------------------------------
// What changed: the audit entry's fields (major units, slugs) and the variants summarised.

function auditView(s: ProductState, categories: Categories): Record<string, unknown> {
  return {
    ...ownFields(s),
    category: categories.byId.get(s.categoryId)?.slug ?? s.categoryId,
    subCategory: s.subCategoryId ? (categories.byId.get(s.subCategoryId)?.slug ?? s.subCategoryId) : null,
    ...(s.variants.length ? {} : { stock: s.stock }),
  };
}

/** The product's own fields as the admin and its audit entries show them (money in the major unit). */
function ownFields(s: ProductState) {
  return {
    name: s.name,
    slug: s.slug,
    description: s.description,
    brand: s.brand,
    sku: s.sku,
    price: toMajor(s.price),
    discount: s.discount,
    shippingCost: toMajor(s.shippingCost),
    status: s.status,
    image: s.images,
    imageAlt: s.imageAlts,
    colorImages: s.colorImages,
    specifications: s.specifications,
  };
}

/** The matrix before and after, in words: "3 variants" → "4 variants: added Green / L; Red / M stock 5 → 2". */
function variantChanges(before: VariantState[], after: VariantState[]): FieldChanges {
  const count = (n: number) => `${n} variant${n === 1 ? "" : "s"}`;
  const old = new Map(before.map((v) => [variantKey(v.color, v.size), v]));
  const now = new Map(after.map((v) => [variantKey(v.color, v.size), v]));
  const notes: string[] = [];
  const added = after.filter((v) => !old.has(variantKey(v.color, v.size))).map(variantLabel);
  const removed = before.filter((v) => !now.has(variantKey(v.color, v.size))).map(variantLabel);
  if (added.length) notes.push(`added ${added.join(", ")}`);
  if (removed.length) notes.push(`removed ${removed.join(", ")}`);
  const changed: string[] = [];
  for (const v of after) {
    const was = old.get(variantKey(v.color, v.size));
    if (!was) continue;
    const parts: string[] = [];
    if (v.stock !== undefined && v.stock !== was.stock) parts.push(`stock ${was.stock} → ${v.stock}`);
    if (v.additionalPrice !== was.additionalPrice) parts.push(`extra price ${toMajor(was.additionalPrice)} → ${toMajor(v.additionalPrice)}`);
    if ((v.sku ?? null) !== (was.sku ?? null)) parts.push(`SKU ${was.sku ?? "none"} → ${v.sku ?? "none"}`);
    if ((v.colorHex ?? null) !== (was.colorHex ?? null)) parts.push(`colour ${was.colorHex ?? "none"} → ${v.colorHex ?? "none"}`);
    if (parts.length) changed.push(`${variantLabel(v)} ${parts.join(", ")}`);
  }
  if (changed.length) notes.push(...changed.slice(0, 20), ...(changed.length > 20 ? [`${changed.length - 20} more changed`] : []));
  const reordered = !added.length && !removed.length && before.map((v) => variantKey(v.color, v.size)).join("|") !== after.map((v) => variantKey(v.color, v.size)).join("|");
  if (reordered) notes.push("reordered");
  if (notes.length === 0) return {};
  return { variants: { before: count(before.length), after: `${count(after.length)}: ${notes.join("; ")}` } };
}

// ---------------------------------------------------------------------------------------------
// Plans: what one write does to each product.

interface CreatePlan {
  kind: "create";
  id: string;
  after: ProductState;
}
interface UpdatePlan {
  kind: "update";
  before: Existing;
  after: ProductState;
}
type Plan = CreatePlan | UpdatePlan;

/** What an update changes, field by field, as its audit entry records it and an import's dry run shows it. */
function updateChanges(p: UpdatePlan, categories: Categories): FieldChanges {
  const changes = { ...changedFields(auditView(p.before.state, categories), auditView(p.after, categories)), ...variantChanges(p.before.state.variants, p.after.variants) };
  if (p.after.variants.length === 0 && p.before.state.variants.length > 0) changes.stock = { before: null, after: p.after.stock };
  return changes;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether storing `after` over `before` changes anything (units left out count as unchanged). */
function differs(before: ProductState, after: ProductState): boolean {
  const strip = (s: ProductState) => ({ ...s, stock: 0, variants: s.variants.map(({ id: _id, stock: _stock, ...v }) => v) });
  if (!sameJson(strip(before), strip(after))) return true;
  if (after.variants.length === 0) return before.stock !== after.stock;
  const units = new Map(before.variants.map((v) => [v.id, v.stock]));
  return after.variants.some((v) => v.stock !== undefined && v.stock !== units.get(v.id));
}

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
});

const variantColumns = (v: VariantState, sortOrder: number) => ({
  color: v.color,
  color_hex: v.colorHex,
  size: v.size,
  additional_price: v.additionalPrice,
  sku: v.sku,
  sort_order: sortOrder,
});

async function inChunks<T>(items: T[], run: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += CHUNK) await run(items.slice(i, i + CHUNK));
}

/**
 * The catalogue's admin: the admin list, the product read, and the one write path for products
 * and variants (create, change, delete, bulk actions, CSV import and export). See the module
 * comment above for what every write does.
 */
export function createCatalogAdmin(db: Db, deps: CatalogAdminDeps) {
  const k = db.kysely;
  const lowStockThreshold = () => (deps.lowStockThreshold ? deps.lowStockThreshold() : Promise.resolve(LOW_STOCK));

  /** Runs a write in one transaction, then lets every cache and the search vocabulary see it. */
  async function write<T>(run: (trx: Executor) => Promise<T>): Promise<T> {
    const result = await k.transaction().execute(run);
    deps.epoch.bump();
    await deps.search.reindex().catch(() => {});
    return result;
  }

  /**
   * Stores the plans: inserts and updates products and variants (stock through the inventory),
   * keeps old slugs as redirects, recomputes listed prices, withdraws newly archived products from
   * carts and wishlists, and appends one audit entry per product. An update whose version moved
   * since it was read fails with 409 (the transaction rolls back).
   */
  async function commit(trx: Executor, actor: AuditActor, plans: Plan[], categories: Categories): Promise<void> {
    if (plans.length === 0) return;
    const now = nowIso();
    const creates = plans.filter((p): p is CreatePlan => p.kind === "create");
    const updates = plans.filter((p): p is UpdatePlan => p.kind === "update");

    // A slug in use again leaves the redirects (whoever's they were); a changed slug becomes one.
    const newSlugs = [...creates.map((p) => p.after.slug), ...updates.filter((p) => p.after.slug !== p.before.state.slug).map((p) => p.after.slug)];
    await inChunks(newSlugs, (slugs) => trx.deleteFrom("product_slug_redirects").where("old_slug", "in", slugs).execute());

    await inChunks(creates, (chunk) =>
      trx
        .insertInto("products")
        .values(
          chunk.map((p) => ({
            id: p.id,
            ...productColumns(p.after),
            // Units come from the inventory, the listed price from refreshListedPrices, below.
            stock: 0,
            final_price: 0,
            version: 1,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute(),
    );
    for (const p of updates) {
      const done = await trx
        .updateTable("products")
        .set({ ...productColumns(p.after), version: p.before.version + 1, updated_at: now })
        .where("id", "=", p.before.id)
        .where("version", "=", p.before.version)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) throw new AppError("conflict", STALE_VERSION_MESSAGE);
    }
    const redirects = updates.filter((p) => p.after.slug !== p.before.state.slug).map((p) => ({ old_slug: p.before.state.slug, product_id: p.before.id, created_at: now }));
    await inChunks(redirects, (chunk) =>
      trx
        .insertInto("product_slug_redirects")
        .values(chunk)
        .onConflict((oc) => oc.column("old_slug").doUpdateSet((eb) => ({ product_id: eb.ref("excluded.product_id"), created_at: eb.ref("excluded.created_at") })))
        .execute(),
    );

    // Variants: kept ones (same colour × size) keep their ids; new ones start with no units.
    const newVariants: Array<{ productId: string; variant: VariantState; sortOrder: number }> = [];
    const removedVariants: string[] = [];
    for (const p of creates) p.after.variants.forEach((v, i) => newVariants.push({ productId: p.id, variant: v, sortOrder: i }));
    for (const p of updates) {
      const before = new Map(p.before.state.variants.map((v, i) => [v.id!, { v, i }]));
      const kept = new Set<string>();
      for (const [i, v] of p.after.variants.entries()) {
        if (!v.id) {
          newVariants.push({ productId: p.before.id, variant: v, sortOrder: i });
          continue;
        }
        kept.add(v.id);
        const was = before.get(v.id)!;
        if (!sameJson(variantColumns(v, i), variantColumns(was.v, was.i))) {
          await trx.updateTable("product_variants").set(variantColumns(v, i)).where("id", "=", v.id).execute();
        }
      }
      for (const id of before.keys()) if (!kept.has(id)) removedVariants.push(id);
    }
    await inChunks(removedVariants, (ids) => trx.deleteFrom("product_variants").where("id", "in", ids).execute());
    for (const n of newVariants) n.variant.id = newId();
    await inChunks(newVariants, (chunk) =>
      trx
        .insertInto("product_variants")
        .values(chunk.map((n) => ({ id: n.variant.id!, product_id: n.productId, ...variantColumns(n.variant, n.sortOrder), stock: 0 })))
        .execute(),
    );

    // Units through the inventory, the only writer of stock: only the numbers that change, and
    // every product whose matrix changed (it holds the sum of its variants).
    const settings: StockSetting[] = [];
    for (const p of plans) {
      const id = p.kind === "create" ? p.id : p.before.id;
      const before = p.kind === "update" ? p.before.state : null;
      if (p.after.variants.length === 0) {
        if (!before || before.stock !== p.after.stock || before.variants.length > 0) settings.push({ productId: id, stock: p.after.stock });
        continue;
      }
      const old = new Map((before?.variants ?? []).map((v) => [v.id!, v.stock]));
      const variants = p.after.variants.filter((v) => v.stock !== undefined && v.stock !== (old.get(v.id!) ?? 0)).map((v) => ({ id: v.id!, stock: v.stock! }));
      const matrixChanged = !before || before.variants.length !== p.after.variants.length || p.after.variants.some((v) => !old.has(v.id!));
      if (variants.length || matrixChanged) settings.push({ productId: id, variants });
    }
    await setStock(trx, settings, { refreshListing: false });

    const ids = plans.map((p) => (p.kind === "create" ? p.id : p.before.id));
    await inChunks(ids, (chunk) => refreshListedPrices(trx, chunk));

    const withdrawn = updates.filter((p) => p.after.status === "archived" && p.before.state.status !== "archived").map((p) => ({ id: p.before.id, name: p.after.name }));
    if (withdrawn.length) await deps.shoppers.withdrawProducts(trx, withdrawn);

    const entries: AuditEntryInput[] = creates.map((p) => ({
      action: "product.create",
      entityType: "product",
      entityId: p.id,
      changes: changedFields(null, { ...auditView(p.after, categories), variants: p.after.variants.map(variantLabel) }),
    }));
    for (const p of updates) entries.push({ action: "product.update", entityType: "product", entityId: p.before.id, changes: updateChanges(p, categories) });
    await appendAuditEntries(trx, actor, entries);
  }

  /** Deletes products (variants, redirects, cart and wishlist lines go with them; orders keep their copy), withdrawing them from carts and wishlists first so their owners are told. */
  async function remove(trx: Executor, actor: AuditActor, products: Existing[], categories: Categories): Promise<void> {
    if (products.length === 0) return;
    await deps.shoppers.withdrawProducts(
      trx,
      products.map((p) => ({ id: p.id, name: p.state.name })),
    );
    await inChunks(
      products.map((p) => p.id),
      (ids) => trx.deleteFrom("products").where("id", "in", ids).execute(),
    );
    await appendAuditEntries(
      trx,
      actor,
      products.map((p) => {
        const view = { ...auditView(p.state, categories), variants: p.state.variants.map(variantLabel), stock: p.state.stock };
        return { action: "product.delete", entityType: "product", entityId: p.id, changes: Object.fromEntries(Object.entries(view).map(([key, before]) => [key, { before, after: null }])) };
      }),
    );
  }

  /** Whether another product has this slug. */
  async function slugOwner(ex: Executor, slug: string): Promise<string | null> {
    const row = await ex.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirst();
    return row?.id ?? null;
  }

  /** A slug made from the name that no product and no other product's redirect uses (-2, -3… when taken). */
  async function freeSlug(ex: Executor, name: string, except?: string): Promise<string> {
    const base = (slugify(name) || "product").slice(0, MAX_SLUG_LENGTH - 4).replace(/-+$/, "");
    const taken = async (slug: string) => {
      const [product, redirect] = await Promise.all([
        ex.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirst(),
        ex.selectFrom("product_slug_redirects").select("product_id").where("old_slug", "=", slug).executeTakeFirst(),
      ]);
      return (!!product && product.id !== except) || (!!redirect && redirect.product_id !== except);
    };
    if (!(await taken(base))) return base;
    for (let n = 2; ; n++) if (!(await taken(`${base}-${n}`))) return `${base}-${n}`;
  }

  /** Checks a product input against the schema and the categories; every bad field in one 400. */
  function parseProduct(raw: unknown, categories: Categories) {
    const parsed = productCreateSchema.safeParse(raw);
    const problems: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error.issues);
    const body = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
    const { placement, problems: misplaced } = placementOf(categories, body.categorySlug, body.subCategorySlug);
    for (const [key, message] of Object.entries(misplaced ?? {})) problems[key] ??= message;
    if (!parsed.success || !placement) throw new AppError("invalid_input", "Please check the highlighted fields.", problems);
    return { input: parsed.data, placement };
  }

  /** Reads products' old slugs. */
  async function oldSlugsOf(ex: Executor, ids: string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    if (ids.length === 0) return out;
    const rows = await ex.selectFrom("product_slug_redirects").select(["old_slug", "product_id"]).where("product_id", "in", ids).orderBy("created_at", "desc").orderBy("old_slug").execute();
    for (const r of rows) out.set(r.product_id, [...(out.get(r.product_id) ?? []), r.old_slug]);
    return out;
  }

  async function readProduct(ex: Executor, id: string): Promise<AdminProduct | null> {
    const [found] = await loadExisting(ex, { ids: [id] });
    if (!found) return null;
    const [categories, slugs, lowStock] = await Promise.all([loadCategories(ex), oldSlugsOf(ex, [id]), lowStockThreshold()]);
    return toAdminProduct(found, categories, slugs.get(id) ?? [], lowStock);
  }

  async function requireExisting(ex: Executor, id: string): Promise<Existing> {
    const [found] = await loadExisting(ex, { ids: [id] });
    if (!found) throw new AppError("not_found", "There is no such product (it may have been deleted).");
    return found;
  }

  /**
   * A PATCH over a stored product: the fields given replace the stored ones, with what they imply
   * (new pictures keep the alt texts of pictures that stay; a new category drops a sub-category
   * that is not under it; colours removed leave the colour pictures), then the cross-field rules
   * run on the result.
   */
  function mergePatch(existing: Existing, patch: Record<string, unknown>, categories: Categories): { input: ProductInput; problems: Record<string, string> } {
    const current = inputOf(existing.state, categories);
    const given = Object.fromEntries(Object.entries(patch).filter(([key, v]) => v !== undefined && key !== "version" && key in current)) as Partial<ProductInput>;
    const merged: ProductInput = { ...current, ...given };
    if (given.slug === null) merged.slug = current.slug;
    if (given.image && !given.imageAlt) {
      const alts = new Map(current.image.map((url, i) => [url, current.imageAlt[i] ?? ""]));
      merged.imageAlt = given.image.map((url) => alts.get(url) ?? "");
    }
    if (!given.colorImages) {
      // Pictures or colours removed take their colour pictures with them.
      const pictures = new Set(merged.image);
      const colors = new Set(merged.colors.map((c) => c.name.toLowerCase()));
      merged.colorImages = Object.fromEntries(
        Object.entries(current.colorImages)
          .filter(([color]) => colors.has(color.toLowerCase()))
          .map(([color, list]) => [color, list.filter((url) => pictures.has(url))]),
      );
    }
    if (given.categorySlug !== undefined && given.subCategorySlug === undefined && current.subCategorySlug) {
      const sub = categories.bySlug.get(current.subCategorySlug.toLowerCase());
      const category = categories.bySlug.get(String(given.categorySlug).toLowerCase());
      if (!sub || !category || sub.parentId !== category.id) merged.subCategorySlug = null;
    }
    const problems = productRuleProblems(merged);
    return { input: merged, problems };
  }

  // -------------------------------------------------------------------------------------------
  // The admin list.

  function listQuery(ex: Executor) {
    return ex
      .selectFrom("products as p")
      .innerJoin("categories as c", "c.id", "p.category_id")
      .leftJoin("categories as sc", "sc.id", "p.subcategory_id");
  }
  type ListQuery = ReturnType<typeof listQuery>;

  const SORT_COLUMN: Record<string, "p.updated_at" | "p.name" | "p.price" | "p.final_price" | "p.stock"> = {
    updated: "p.updated_at",
    name: "p.name",
    price: "p.price",
    finalPrice: "p.final_price",
    stock: "p.stock",
  };

  const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

  /**
   * The list's search and filters as a condition on `products as p` (every status; `q` as the list
   * reads it), with the search's hits in its order for the list's relevance sort. The list and its
   * CSV export select through it, so an export holds exactly what the list shows.
   */
  async function productMatcher(filters: AdminProductFilters, categories: Categories) {
    const q = adminProductFilterSchema.parse(filters);
    const [lowStock, hits] = await Promise.all([lowStockThreshold(), q.q ? deps.search.matchIds(q.q, MAX_SEARCH_IDS) : Promise.resolve([])]);
    // The filters read only `products` (every product has a category), so a count needs no join.
    const typed = q.q?.toLowerCase() ?? "";
    const matching = (eb: ExpressionBuilder<Database & { p: ProductTable }, "p">) => {
      const conditions: Array<Expression<SqlBool>> = [];
      if (q.status) conditions.push(eb("p.status", "=", q.status));
      if (q.category) {
        const c = categories.bySlug.get(q.category.toLowerCase());
        conditions.push(c ? eb(c.parentId ? "p.subcategory_id" : "p.category_id", "=", c.id) : sql<boolean>`1 = 0`);
      }
      if (q.subCategory) {
        const c = categories.bySlug.get(q.subCategory.toLowerCase());
        conditions.push(c ? eb("p.subcategory_id", "=", c.id) : sql<boolean>`1 = 0`);
      }
      if (q.stock === "out") conditions.push(eb("p.stock", "<=", 0));
      if (q.stock === "low") conditions.push(eb.and([eb("p.stock", ">=", 1), eb("p.stock", "<=", lowStock)]));
      if (q.stock === "in") conditions.push(eb("p.stock", ">", lowStock));
      if (q.q) {
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
              eb.or([sql<boolean>`lower(p.name) LIKE ${like} ESCAPE '\\'`, sql<boolean>`lower(p.sku) LIKE ${like} ESCAPE '\\'`, sql<boolean>`p.slug LIKE ${like} ESCAPE '\\'`]),
            ]),
          ]),
        );
      }
      return eb.and(conditions);
    };
    return { matching, hits, typed, lowStock };
  }

  return {
    /**
     * One page of the admin's product list (every status): search, filters, sort, page. `q` goes
     * through the shop's search (typo-tolerant; it indexes active products only), finds a SKU
     * typed in full (the product's or a variant's), and finds drafts and archived products by
     * name, SKU or slug as typed; with `q` the default order puts a full SKU match first, then the
     * search's ranking, then the other matches by name.
     */
    async listProducts(query: AdminProductQuery = {}): Promise<AdminProductList> {
      const q = adminProductQuerySchema.parse(query);
      const categories = await loadCategories(k);
      const sort: AdminProductSort = q.sort ?? (q.q ? "relevance" : "-updated");

      const { matching, hits, typed, lowStock } = await productMatcher(q, categories);
      const filtered = (base: ListQuery): ListQuery => base.where(matching);
      const columns = (b: ListQuery) =>
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
          eb.selectFrom("product_variants as v").select((v) => v.fn.countAll<number>().as("n")).whereRef("v.product_id", "=", "p.id").as("variant_count"),
        ]);

      const offset = (q.page - 1) * q.pageSize;
      let rows: Awaited<ReturnType<ReturnType<typeof columns>["execute"]>>;
      let total: number;
      if (sort === "relevance" && q.q) {
        // The search's order for its hits, then the other matches by name: sorted here, over the
        // matching ids only (a search matches hundreds, not the catalogue).
        // A SKU typed in full (the product's or a variant's) comes first.
        const matches = await k
          .selectFrom("products as p")
          .where(matching)
          .select((eb) => [
            "p.id",
            "p.name",
            eb.or([sql<boolean>`lower(p.sku) = ${typed}`, eb("p.id", "in", eb.selectFrom("product_variants as v").select("v.product_id").where(sql<boolean>`lower(v.sku) = ${typed}`))]).as("exact"),
          ])
          .execute();
        const rank = new Map(hits.map((id, i) => [id, i]));
        const exact = (m: { exact: unknown }) => (m.exact === true || Number(m.exact) === 1 ? 0 : 1);
        matches.sort((a, b) => exact(a) - exact(b) || (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity) || a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
        total = matches.length;
        const page = matches.slice(offset, offset + q.pageSize).map((m) => m.id);
        const found = page.length ? await columns(listQuery(k)).where("p.id", "in", page).execute() : [];
        const byId = new Map(found.map((r) => [r.id, r]));
        rows = page.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
      } else {
        const key = sort.replace(/^-/, "");
        const dir = sort.startsWith("-") ? "desc" : "asc";
        const column = SORT_COLUMN[key] ?? "p.updated_at";
        const [list, count] = await Promise.all([
          columns(filtered(listQuery(k)))
            .orderBy(column, dir)
            .orderBy("p.id", dir)
            .limit(q.pageSize)
            .offset(offset)
            .execute(),
          k
            .selectFrom("products as p")
            .where(matching)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow(),
        ]);
        rows = list;
        total = Number(count.n);
      }
      return {
        data: rows.map((r) => {
          const first = parseList<string>(r.images)[0];
          return {
            id: r.id,
            name: r.name,
            slug: r.slug,
            sku: r.sku,
            thumbnail: typeof first === "string" ? imageVariantUrl(first, "product", 320) : null,
            category: r.category_name,
            categorySlug: r.category_slug,
            subCategory: r.sub_name,
            subCategorySlug: r.sub_slug,
            price: toMajor(r.price),
            discount: r.discount,
            finalPrice: toMajor(r.final_price),
            priceVaries: r.price_varies === 1,
            stock: r.stock,
            stockLevel: stockLevelOf(r.stock, lowStock),
            variantCount: Number(r.variant_count ?? 0),
            status: r.status,
            updatedAt: toIso(r.updated_at)!,
          };
        }),
        meta: { total, page: q.page, pageSize: q.pageSize },
      };
    },

    /** One product as the admin edits it (any status), or null. */
    getProduct(id: string): Promise<AdminProduct | null> {
      return readProduct(k, id);
    },

    /** One product as the admin edits it; not_found when there is none. */
    async requireProduct(id: string): Promise<AdminProduct> {
      const product = await readProduct(k, id);
      if (!product) throw new AppError("not_found", "There is no such product (it may have been deleted).");
      return product;
    },

    /** A free slug for a name (what a new product would get), for the form's slug field; `except` is the product being edited. */
    suggestSlug(name: string, except?: string): Promise<string> {
      return freeSlug(k, name, except);
    },

    /**
     * Creates a product (audit entry product.create) from the body as received (parsed here with
     * productCreateSchema). Bad input, an unknown category or a slug another product uses: one 400
     * naming each field. Without a slug, one is made from the name.
     */
    async createProduct(actor: AuditActor, body: unknown): Promise<AdminProduct> {
      const id = newId();
      await write(async (trx) => {
        const categories = await loadCategories(trx);
        const { input, placement } = parseProduct(body, categories);
        let slug = input.slug ?? null;
        if (slug) {
          if (await slugOwner(trx, slug)) throw new AppError("invalid_input", "Another product already uses this address.", { slug: "Another product uses this address" });
        } else slug = await freeSlug(trx, input.name);
        await commit(trx, actor, [{ kind: "create", id, after: stateFromInput(input, placement, slug) }], categories);
      });
      return (await readProduct(k, id))!;
    },

    /**
     * A draft copy of a product, to start a similar one from (audit entry product.create): named
     * "<name> (copy)" with a free address from that name, its description, pictures, prices,
     * specifications, category and colour × size matrix as they are; no SKUs (each must stay
     * unique) and no units (stock is counted, not copied).
     */
    async duplicateProduct(actor: AuditActor, id: string): Promise<AdminProduct> {
      const copyId = newId();
      await write(async (trx) => {
        const existing = await requireExisting(trx, id);
        const categories = await loadCategories(trx);
        const name = `${existing.state.name.slice(0, MAX_NAME_LENGTH - " (copy)".length)} (copy)`;
        const variants = existing.state.variants.map(({ id: _id, ...v }) => ({ ...v, sku: null, stock: 0 }));
        const after: ProductState = { ...existing.state, name, slug: await freeSlug(trx, name), status: "draft", sku: null, stock: 0, variants };
        await commit(trx, actor, [{ kind: "create", id: copyId, after }], categories);
      });
      return (await readProduct(k, copyId))!;
    },

    /**
     * Changes the fields a PATCH carries (audit entry product.update with each changed field).
     * `version` must be the one read: an older one answers 409 and stores nothing. Variants given
     * replace the matrix, keeping the ids (and, when their stock is left out, the units) of the
     * colour × size pairs that stay; units change through the inventory. A changed slug keeps the
     * old address as a redirect; archiving withdraws the product from carts and wishlists.
     */
    async updateProduct(actor: AuditActor, id: string, body: unknown): Promise<AdminProduct> {
      const parsed = productPatchSchema.safeParse(body);
      const raw = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
      await write(async (trx) => {
        const existing = await requireExisting(trx, id);
        const categories = await loadCategories(trx);
        const problems: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error.issues);
        if (raw.categorySlug !== undefined || raw.subCategorySlug !== undefined) {
          const current = inputOf(existing.state, categories);
          const checked = placementOf(categories, raw.categorySlug ?? current.categorySlug, raw.subCategorySlug === undefined ? undefined : raw.subCategorySlug);
          for (const [key, message] of Object.entries(checked.problems ?? {})) problems[key] ??= message;
        }
        if (!parsed.success || Object.keys(problems).length) throw new AppError("invalid_input", "Please check the highlighted fields.", problems);
        if (parsed.data.version !== existing.version) throw new AppError("conflict", STALE_VERSION_MESSAGE);
        const { input, problems: rules } = mergePatch(existing, parsed.data as Record<string, unknown>, categories);
        if (Object.keys(rules).length) throw new AppError("invalid_input", "Please check the highlighted fields.", rules);
        const { placement, problems: misplaced } = placementOf(categories, input.categorySlug, input.subCategorySlug);
        if (!placement) throw new AppError("invalid_input", "Please check the highlighted fields.", misplaced);
        const slug = input.slug ?? existing.state.slug;
        if (slug !== existing.state.slug) {
          const owner = await slugOwner(trx, slug);
          if (owner && owner !== id) throw new AppError("invalid_input", "Another product already uses this address.", { slug: "Another product uses this address" });
        }
        const after = stateFromInput(input, placement, slug, existing.state);
        if (!differs(existing.state, after)) return;
        await commit(trx, actor, [{ kind: "update", before: existing, after }], categories);
      });
      return (await readProduct(k, id))!;
    },

    /**
     * Deletes a product for good (audit entry product.delete with what it was). Carts and
     * wishlists that held it lose it and their owners are told; orders keep their own copy of
     * the line (decision record 0021). To keep it but stop selling it, archive it instead.
     */
    async deleteProduct(actor: AuditActor, id: string): Promise<void> {
      await write(async (trx) => {
        const existing = await requireExisting(trx, id);
        await remove(trx, actor, [existing], await loadCategories(trx));
      });
    },

    /**
     * A bulk action on selected products, all in one transaction: set the status, set the
     * discount, move to a category (and sub-category), or delete. Each product changed gets its
     * own audit entry; ids that no longer exist are reported, the rest is done.
     */
    async bulk(actor: AuditActor, body: unknown): Promise<BulkResult> {
      const input = bulkSchema.safeParse(body);
      if (!input.success) throw new AppError("invalid_input", "Please check the bulk action.", fieldErrors(input.error.issues));
      const { ids, action, value } = input.data;
      return write(async (trx) => {
        const categories = await loadCategories(trx);
        const found = await loadExisting(trx, { ids });
        const known = new Set(found.map((p) => p.id));
        const notFound = [...new Set(ids)].filter((id) => !known.has(id));
        if (action === "delete") {
          await remove(trx, actor, found, categories);
          return { action, changed: found.length, unchanged: 0, notFound };
        }
        let change: (s: ProductState) => ProductState;
        if (action === "status") change = (s) => ({ ...s, status: value as ProductStatus });
        else if (action === "discount") change = (s) => ({ ...s, discount: value as number });
        else {
          const target = typeof value === "string" ? { category: value, subCategory: undefined } : (value as { category: string; subCategory?: string });
          const { placement, problems } = placementOf(categories, target.category, target.subCategory);
          if (!placement) throw new AppError("invalid_input", "Please check the category.", { value: problems.categorySlug ?? problems.subCategorySlug ?? "Choose a category" });
          change = (s) => ({ ...s, categoryId: placement.categoryId, subCategoryId: placement.subCategoryId });
        }
        const plans: Plan[] = [];
        for (const p of found) {
          const after = change({ ...p.state, variants: p.state.variants.map((v) => ({ ...v })) });
          if (differs(p.state, after)) plans.push({ kind: "update", before: p, after });
        }
        await commit(trx, actor, plans, categories);
        return { action, changed: plans.length, unchanged: found.length - plans.length, notFound };
      });
    },

    /**
     * Moves products to another place in the category tree as catalogue writes (version,
     * update time, audit entry each), in the caller's transaction: for the categories' admin when
     * a category is deleted or moved. The caller bumps the data epoch after its commit.
     */
    async placeProducts(trx: Executor, actor: AuditActor, moves: Array<{ id: string; categoryId: string; subCategoryId: string | null }>): Promise<number> {
      if (moves.length === 0) return 0;
      const categories = await loadCategories(trx);
      const found = new Map((await loadExisting(trx, { ids: moves.map((m) => m.id) })).map((p) => [p.id, p]));
      const plans: Plan[] = [];
      for (const m of moves) {
        const p = found.get(m.id);
        if (!p || (p.state.categoryId === m.categoryId && p.state.subCategoryId === m.subCategoryId)) continue;
        plans.push({ kind: "update", before: p, after: { ...p.state, categoryId: m.categoryId, subCategoryId: m.subCategoryId } });
      }
      await commit(trx, actor, plans, categories);
      return plans.length;
    },

    /**
     * The products the admin list's search and filters select (all of them, every page; none given:
     * the whole catalogue) as CSV, a row per variant (Shopify-like columns, see catalog.csv.ts),
     * ordered by handle; `importCsv` takes it back unchanged.
     */
    async exportCsv(filters: AdminProductFilters = {}): Promise<string> {
      // The search runs before the snapshot (on SQLite it would wait for the transaction's connection).
      const { matching } = await productMatcher(filters, await loadCategories(k));
      // Two reads in one snapshot: products by handle, their variants by product.
      const { categories, rows, variants } = await k.transaction().execute(async (trx) => ({
        categories: await loadCategories(trx),
        rows: await trx.selectFrom("products as p").selectAll("p").where(matching).orderBy("p.slug").execute(),
        variants: await trx
          .selectFrom("product_variants")
          .selectAll()
          .where("product_id", "in", (eb) => eb.selectFrom("products as p").select("p.id").where(matching))
          .orderBy("product_id")
          .orderBy("sort_order")
          .orderBy("id")
          .execute(),
      }));
      const byProduct = new Map<string, VariantRow[]>();
      for (const v of variants) {
        const list = byProduct.get(v.product_id);
        if (list) list.push(v);
        else byProduct.set(v.product_id, [v]);
      }
      // Handles compared as the import reads them (byte order), whatever the database's collation.
      rows.sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
      return productsToCsv(rows.map((row): CsvProduct => ({ ...inputOf(stateOf(row, byProduct.get(row.id) ?? []), categories), slug: row.slug })));
    },

    /**
     * Imports products from CSV (the export's columns): rows are grouped by Handle, each product
     * checked with the same schema as the API, then created, or updated when a product has that
     * handle (slug); products whose rows match what is stored are left alone. Every bad row is
     * reported with its line; with any error nothing is written. All writes are one transaction
     * with one audit entry per product plus a product.import summary. `dryRun` only reports.
     */
    async importCsv(actor: AuditActor, csv: string, options: { dryRun?: boolean } = {}): Promise<ImportReport> {
      const dryRun = options.dryRun === true;
      const parsed = parseProductsCsv(csv);
      const report: ImportReport = { dryRun, created: 0, updated: 0, unchanged: 0, errors: [...parsed.errors], products: [] };
      const run = async (trx: Executor) => {
        const categories = await loadCategories(trx);
        const existing = new Map((await loadExisting(trx, { slugs: parsed.groups.map((g) => g.handle) })).map((p) => [p.state.slug, p]));
        const plans: Plan[] = [];
        for (const group of parsed.groups) {
          const plan = planImport(group, existing.get(group.handle), categories, report);
          if (plan) plans.push(plan);
        }
        report.errors.sort((a, b) => a.line - b.line);
        if (report.errors.length || dryRun) return;
        await commit(trx, actor, plans, categories);
        if (plans.length) {
          await appendAudit(trx, actor, {
            action: "product.import",
            // The import as a whole (each product has its own entry): not one product's history.
            entityType: "catalog",
            entityId: "csv-import",
            changes: { created: { before: null, after: report.created }, updated: { before: null, after: report.updated }, unchanged: { before: null, after: report.unchanged } },
          });
        }
      };
      if (dryRun || parsed.groups.length === 0) await run(k);
      else {
        let wrote = false;
        await k.transaction().execute(async (trx) => {
          await run(trx);
          wrote = report.errors.length === 0 && report.created + report.updated > 0;
          // With any bad row nothing is applied: the checks ran before any write, so there is nothing to undo.
        });
        if (wrote) {
          deps.epoch.bump();
          await deps.search.reindex().catch(() => {});
        }
      }
      return report;
    },
  };

  /** What one CSV product becomes: a create, an update, nothing (unchanged), or errors in the report. */
  function planImport(group: ImportGroup, existing: Existing | undefined, categories: Categories, report: ImportReport): Plan | null {
    const fail = (line: number, message: string) => report.errors.push({ line, message });
    for (const e of group.errors) fail(e.line, e.message);
    const body = { ...group.body };
    // A blank status or stock keeps the stored one (a new product is active, with no units).
    if (body.status === undefined && existing) body.status = existing.state.status;
    if (body.stock === undefined && existing) body.stock = existing.state.stock;
    const parsed = productCreateSchema.safeParse(body);
    const problems: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error.issues);
    const { placement, problems: misplaced } = placementOf(categories, body.categorySlug, body.subCategorySlug);
    for (const [key, message] of Object.entries(misplaced ?? {})) problems[key] ??= message;
    if (Object.keys(problems).length || !parsed.success || !placement) {
      for (const [field, message] of Object.entries(problems)) fail(group.lineOf(field), `${group.columnOf(field)}: ${message}`);
      return null;
    }
    const name = parsed.data.name;
    if (!existing) {
      report.created += 1;
      report.products.push({ line: group.line, handle: group.handle, name, action: "create" });
      return { kind: "create", id: newId(), after: stateFromInput(parsed.data, placement, group.handle) };
    }
    const after = stateFromInput(parsed.data, placement, group.handle, existing.state);
    if (!differs(existing.state, after)) {
      report.unchanged += 1;
      report.products.push({ line: group.line, handle: group.handle, name, action: "unchanged" });
      return null;
    }
    const plan: UpdatePlan = { kind: "update", before: existing, after };
    report.updated += 1;
    report.products.push({ line: group.line, handle: group.handle, name, action: "update", changes: updateChanges(plan, categories) });
    return plan;
  }
}

export type CatalogAdmin = ReturnType<typeof createCatalogAdmin>;
