import type { Db } from "../../db/database";
import { AppError } from "#common/errors";
import { type Epoch, createCache, createEpoch } from "../../lib/cache";
import { type CatalogRepo, type Executor, type ProductFilter, createCatalogRepo } from "./catalog.repo";
import type { ListingQuery, Sort } from "#common/catalog/catalog.schema";
import type { Category, Page, ProductCard, ProductDetail } from "./catalog.types";
import { toMajor, toMinor } from "#common/money";
import type { Market } from "#common/currency";
import { baseBounds, boundsInMarket, cardInMarket, detailInMarket } from "./catalog.market";
import { listPriceRows } from "./catalog.admin.repo";

export type { Executor, ProductSummary, Purchasable, PurchaseOptions } from "./catalog.repo";

export interface Listing extends Page<ProductCard> {
  priceBounds: { min: number; max: number } | null;
}

/** Reads of the public catalogue: listings, filters, product details and the category tree. */
export function createCatalogService(db: Db, repo: CatalogRepo = createCatalogRepo(db), epoch: Epoch = createEpoch()) {
  const cache = createCache<unknown>(5_000, epoch);
  const cached = <T>(key: string, load: () => Promise<T>) => cache.get(key, load) as Promise<T>;
  // Cards by product id, for lists of ids (search results): most ids come up again soon (the search
  // ranks the most recently added first), so a page of results usually needs no query.
  const cards = createCache<ProductCard>(5_000, epoch, 5_000);

  /** Turns category/sub-category names or slugs into id filters; an unknown name matches nothing. */
  async function resolveFilter(q: { category?: string; subCategory?: string; minPrice?: number; maxPrice?: number }): Promise<ProductFilter> {
    const filter: ProductFilter = {};
    if (q.category) filter.categoryIds = await repo.findCategoryIds(q.category, "top");
    if (q.subCategory) filter.subCategoryIds = await repo.findCategoryIds(q.subCategory, "sub");
    if (q.minPrice !== undefined) filter.minPrice = toMinor(q.minPrice);
    if (q.maxPrice !== undefined) filter.maxPrice = toMinor(q.maxPrice);
    return filter;
  }

  /** Fixed prices of products in a currency (their price lists), product id → minor units. */
  async function priceList(ids: string[], currency: string): Promise<Map<string, number>> {
    const rows = await cached(`prices:${currency}:${ids.join(",")}`, () => listPriceRows(db.kysely, ids));
    return new Map(rows.filter((r) => r.currency === currency).map((r) => [r.product_id, r.price]));
  }

  async function cardsIn<T extends ProductCard>(list: T[], market: Market): Promise<T[]> {
    if (market.base || list.length === 0) return list;
    const fixed = await priceList(
      list.map((c) => c._id),
      market.currency,
    );
    return list.map((c) => cardInMarket(c, fixed.get(c._id), market));
  }

  return {
    /** Products' prices fixed in a currency (their price lists), product id → minor units; `ex` is the caller's transaction when it has one. */
    async fixedPrices(ids: string[], currency: string, ex?: Executor): Promise<Map<string, number>> {
      if (!ex) return priceList(ids, currency);
      const rows = await listPriceRows(ex, ids);
      return new Map(rows.filter((r) => r.currency === currency).map((r) => [r.product_id, r.price]));
    },

    /** Cards in a shopper's currency (converted, or their price list's price): the listing's, the search's, the wishlist's. */
    cardsInMarket: cardsIn,

    /** A product page's data in a shopper's currency. */
    async detailInMarket(detail: ProductDetail, market: Market): Promise<ProductDetail> {
      if (market.base) return detail;
      const fixed = await priceList([detail._id], market.currency);
      return detailInMarket(detail, fixed.get(detail._id), market);
    },

    /** One page of the listing in a shopper's currency: its price filter in that currency, its cards and price range converted. */
    async listProductsIn(query: Omit<ListingQuery, "q">, market: Market): Promise<Listing> {
      if (market.base) return this.listProducts(query);
      const page = await this.listProducts({ ...query, ...baseBounds(market, query.minPrice, query.maxPrice) });
      return { ...page, data: await cardsIn(page.data, market), priceBounds: boundsInMarket(page.priceBounds, market) };
    },

    /** One page of active products with the listing's filters, sort and totals. */
    listProducts(query: Omit<ListingQuery, "q">): Promise<Listing> {
      return cached(`list:${JSON.stringify(query)}`, async () => {
        const filter = await resolveFilter(query);
        const offset = (query.page - 1) * query.pageSize;
        const [data, total, bounds] = await Promise.all([
          repo.listCards(filter, query.sort, query.pageSize, offset),
          repo.countProducts(filter),
          repo.priceBounds(filter),
        ]);
        return {
          data,
          meta: { page: query.page, pageSize: query.pageSize, total, totalPages: Math.max(1, Math.ceil(total / query.pageSize)) },
          priceBounds: bounds && { min: toMajor(bounds.min), max: toMajor(bounds.max) },
        };
      });
    },

    /** Products of one category (by name or slug, any case), newest first; none for an unknown category. */
    listByCategory(category: string | undefined, limit: number, offset: number): Promise<ProductCard[]> {
      return cached(`cat:${category?.toLowerCase() ?? ""}:${limit}:${offset}`, async () => {
        const filter = category ? await resolveFilter({ category }) : {};
        if (filter.categoryIds && filter.categoryIds.length === 0) {
          filter.subCategoryIds = await repo.findCategoryIds(category!, "sub");
          delete filter.categoryIds;
        }
        return repo.listCards(filter, "newest", limit, offset);
      });
    },

    /** Products with a discount, biggest first, for the home page. */
    listDiscounted(limit: number): Promise<ProductCard[]> {
      return cached(`discounted:${limit}`, () => repo.listCards({ discountedOnly: true }, "discount", limit, 0));
    },

    listNewest(limit: number, sort: Sort = "newest"): Promise<ProductCard[]> {
      return cached(`newest:${limit}:${sort}`, () => repo.listCards({}, sort, limit, 0));
    },

    /** Cards for a list of ids in the given order, skipping products that are gone or inactive. */
    async listByIds(ids: string[]): Promise<ProductCard[]> {
      const byId = await cards.getMany(ids, (missing) => repo.cardsByIds(missing));
      return ids.flatMap((id) => {
        const card = byId.get(id);
        return card ? [card] : [];
      });
    },

    /** The full product for its page; not_found when missing or not active. */
    async requireProduct(slug: string): Promise<ProductDetail> {
      const product = await cached(`product:${slug}`, () => repo.getDetailBySlug(slug));
      if (!product) throw new AppError("not_found", "Product not found");
      return product;
    },

    /** A product whatever its status, with the status, for staff previewing a draft on the storefront; never cached, null when missing. */
    getPreview(slug: string) {
      return repo.getPreviewBySlug(slug);
    },

    /** Other products of the same sub-category (or category), for "you may also like". */
    listRelated(product: ProductDetail, limit = 8): Promise<ProductCard[]> {
      return cached(`related:${product._id}:${limit}`, async () => {
        const filter: ProductFilter = { excludeId: product._id };
        const same = product.subCategorySlug
          ? await repo.findCategoryIds(product.subCategorySlug, "sub")
          : await repo.findCategoryIds(product.categorySlug, "top");
        if (product.subCategorySlug) filter.subCategoryIds = same;
        else filter.categoryIds = same;
        return repo.listCards(filter, "newest", limit, 0);
      });
    },

    /** The category tree with sub-categories and product counts. */
    listCategories(): Promise<Category[]> {
      return cached("categories", () => repo.listCategories());
    },

    listSitemapEntries: () => repo.allSlugs(),

    /** Where a renamed or merged category's former slug leads now (its slug, and its parent's for a sub-category), or null: the listing answers it with a 301. */
    findCategoryRedirect(oldSlug: string): Promise<{ slug: string; parentSlug: string | null } | null> {
      return cached(`category-redirect:${oldSlug.toLowerCase()}`, () => repo.findCategoryRedirect(oldSlug));
    },

    /** Where a renamed product's former slug leads now (its current slug), or null: its page and API answer it with a 301. */
    findProductRedirect(oldSlug: string): Promise<string | null> {
      return cached(`product-redirect:${oldSlug}`, () => repo.findProductRedirect(oldSlug));
    },

    /** Products and chosen variants as they are now (price, stock, status, picture), for cart lines; `ex` is the caller's transaction when it has one, so the cart never reads catalogue tables itself. */
    listPurchasables(items: ReadonlyArray<{ productId: string; variantId: string }>, ex?: Executor) {
      return repo.listPurchasables(items, ex);
    },

    /** A product with the variants one can choose, or null: the cart resolves a colour and size against it, and prices the line it adds from it. */
    getPurchaseOptions(productId: string, ex?: Executor) {
      return repo.getPurchaseOptions(productId, ex);
    },

    /** Summaries of products, sold or not, in the given order: what the wishlist shows of its entries. */
    listSummaries(ids: string[]) {
      return repo.listSummaries(ids);
    },

    /** Drops cached reads (here and in the HTTP answer cache) after a catalogue write. */
    invalidate(): void {
      epoch.bump();
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
