import type { WebhookEvents } from "#modules/webhooks";
import type { Selectable } from "kysely";
import type { ProductStatus, ProductTable, ProductVariantTable } from "../../db/schema";
import type { Epoch } from "../../lib/cache";
import type { FieldChanges } from "#modules/audit";
import type { BulkInput, ProductTranslation, StockLevel } from "#common/catalog/catalog.admin.schema";
import type { Translations } from "#common/translations";
import type { Executor } from "./catalog.repo";
import type { ProductVariant } from "./catalog.types";
import type { ListingChange } from "./catalog.listing";

/**
 * Units to set on one product, as the inventory's `setStock` takes them: its variants' (by id) or,
 * for a product without variants, its own.
 */
export interface StockSetting {
  productId: string;
  /** The units of a product without variants. */
  stock?: number;
  /** Given (even empty) for a product with variants: these get their units, and the product then holds the sum of all of its variants'. */
  variants?: Array<{ id: string; stock: number }>;
}

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
  /**
   * The inventory, the one writer of stock: sets the units a write counts in the write's
   * transaction. The write path refreshes listed prices itself, once, after it (`refreshListing: false`).
   */
  stock: { setStock(trx: Executor, settings: StockSetting[], options: { refreshListing: false }): Promise<unknown> };
  /** The settings' low-stock threshold (content module): "low" in the list's badge and filter (LOW_STOCK when not given). */
  lowStockThreshold?: () => Promise<number>;
  /** The currencies the shop offers beside its own (content settings): a price list names only these. */
  presentmentCurrencies?: () => Promise<string[]>;
  /** The tax settings' classes (content settings): a product names only one of these (DEFAULT_TAX_CLASSES when not given). */
  taxClasses?: () => Promise<string[]>;
  /** Told in the write's transaction of products whose listed price (what a shopper pays) fell: the wishlists' price-drop mails. */
  prices?: { listedPricesFell(trx: Executor, fell: ListingChange[]): Promise<void> };
  /** Outgoing webhooks: product.created, product.updated and product.deleted are emitted in the write's transaction. */
  webhooks?: WebhookEvents;
}

/** What the store step of a write needs: the dependencies, and the threshold read before its transaction opened. */
export interface CatalogWriteDeps extends CatalogAdminDeps {
  /** The low-stock threshold last read (a read inside a transaction could wait on that transaction's own connection on SQLite). */
  lowStockKnown(): number;
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
  /** The price list: the product's price fixed per presentment currency (major unit). */
  prices: Array<{ currency: string; price: number }>;
  /** Its texts in the other languages, `{ de: { name, description, specifications } }` (null fields and languages left out: not translated). */
  translations: Translations<ProductTranslation>;
  /** One of the tax settings' classes; null: the settings' default class. */
  taxClass: string | null;
  /** Buying it buys a gift card of its price. */
  giftCard: boolean;
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

/** A product row and a variant row as the catalogue's admin reads them. */
export type ProductRow = Selectable<ProductTable>;
export type VariantRow = Selectable<ProductVariantTable>;

/** A variant of a product's state: what the write path compares and writes (money in minor units). */
export interface VariantState {
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

export interface ProductState {
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
  /** The price list: minor units of each currency, by currency code. */
  prices: Array<{ currency: string; price: number }>;
  /** Texts in the other languages, in the languages' order, each with every field (null: not translated). */
  translations: Translations<ProductTranslation>;
  /** One of the tax settings' classes; null: the settings' default class. */
  taxClass: string | null;
  /** Buying it buys a gift card of its price. */
  giftCard: boolean;
}
