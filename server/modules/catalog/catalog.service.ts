import type { Db } from "../../db/database";
import { AppError } from "#common/errors";
import { type Epoch, createCache, createEpoch } from "../../lib/cache";
import { type CatalogRepo, type Executor, type ProductFilter, createCatalogRepo } from "./catalog.repo";
import type { ListingQuery, Sort } from "#common/catalog/catalog.schema";
import type { Category, Page, ProductCard, ProductDetail } from "./catalog.types";
import { toMajor, toMinor } from "#common/money";
import type { Market } from "#common/currency";
import { baseBounds, boundsInMarket, cardInMarket, detailInMarket, listedInMarket } from "./catalog.market";
import { listFixedPrices } from "./catalog.admin.repo";
import { DEFAULT_LANGUAGE, type Language } from "#common/i18n/languages";
import { type CategoryText, type ProductText, listCategoryTexts, listProductTexts } from "./catalog.translations.repo";

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
  async function resolveFilter(q: {
    category?: string;
    subCategory?: string;
    minPrice?: number;
    maxPrice?: number;
    minRating?: number;
  }): Promise<ProductFilter> {
    const filter: ProductFilter = {};
    if (q.minRating !== undefined) filter.minRating = q.minRating;
    if (q.category) filter.categoryIds = await repo.findCategoryIds(q.category, "top");
    if (q.subCategory) filter.subCategoryIds = await repo.findCategoryIds(q.subCategory, "sub");
    if (q.minPrice !== undefined) filter.minPrice = toMinor(q.minPrice);
    if (q.maxPrice !== undefined) filter.maxPrice = toMinor(q.maxPrice);
    return filter;
  }

  /** Fixed prices of products in a currency (their price lists), product id → minor units. */
  function priceList(ids: string[], currency: string): Promise<Map<string, number>> {
    return cached(`prices:${currency}:${ids.join(",")}`, () => listFixedPrices(db.kysely, ids, currency));
  }

  /** Whether reads in `language` need translating (the default language's texts are the products' own). */
  const foreign = (language: Language | undefined): language is Language => language !== undefined && language !== DEFAULT_LANGUAGE;

  function categoryTexts(language: Language) {
    return cached(`category-texts:${language}`, () => listCategoryTexts(db.kysely, language));
  }

  function productTexts(ids: string[], language: Language): Promise<Map<string, ProductText>> {
    return cached(`product-texts:${language}:${ids.join(",")}`, () => listProductTexts(db.kysely, ids, language));
  }

  const nameIn = (texts: Map<string, CategoryText>, key: string | null, name: string | null) => (key && texts.get(key)?.name) || name;

  /** Cards with their names and categories' names in `language` where translated (the default language's elsewhere). */
  async function cardsInLanguage<T extends ProductCard>(list: T[], language: Language | undefined): Promise<T[]> {
    if (!foreign(language) || list.length === 0) return list;
    const [texts, categories] = await Promise.all([
      productTexts(
        list.map((c) => c._id),
        language,
      ),
      categoryTexts(language),
    ]);
    return list.map((c) => ({
      ...c,
      name: texts.get(c._id)?.name || c.name,
      category: nameIn(categories.bySlug, c.categorySlug, c.category)!,
      subCategory: nameIn(categories.bySlug, c.subCategorySlug, c.subCategory),
    }));
  }

  /** A product page's data in `language` where translated: name, description, specifications and categories' names. */
  async function detailInLanguage(detail: ProductDetail, language: Language | undefined): Promise<ProductDetail> {
    if (!foreign(language)) return detail;
    const [card] = await cardsInLanguage([detail], language);
    const text = (await productTexts([detail._id], language)).get(detail._id);
    return { ...card, description: text?.description || detail.description, specifications: text?.specifications ?? detail.specifications };
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
      return ex ? listFixedPrices(ex, ids, currency) : priceList(ids, currency);
    },

    /** Cards in a shopper's currency (converted, or their price list's price): the listing's, the search's, the wishlist's. */
    cardsInMarket: cardsIn,

    /**
     * Listed prices of products (a wishlist's entries: their listed price, no variant named) in a
     * shopper's currency, by the one price rule.
     */
    async listedInMarket<T extends { productId: string; price: number; discount: number; finalPrice: number }>(items: T[], market: Market): Promise<T[]> {
      if (market.base || items.length === 0) return items;
      const fixed = await priceList(
        items.map((i) => i.productId),
        market.currency,
      );
      return items.map((item) => ({ ...item, ...listedInMarket(item, fixed.get(item.productId), market) }));
    },

    /** A product page's data in a shopper's currency. */
    async detailInMarket(detail: ProductDetail, market: Market): Promise<ProductDetail> {
      if (market.base) return detail;
      const fixed = await priceList([detail._id], market.currency);
      return detailInMarket(detail, fixed.get(detail._id), market);
    },

    /** One page of the listing in a shopper's currency: its price filter in that currency, its cards and price range converted. */
    async listProductsIn(query: Omit<ListingQuery, "q">, market: Market, language?: Language): Promise<Listing> {
      if (market.base) return this.listProducts(query, language);
      const page = await this.listProducts({ ...query, ...baseBounds(market, query.minPrice, query.maxPrice) }, language);
      return { ...page, data: await cardsIn(page.data, market), priceBounds: boundsInMarket(page.priceBounds, market) };
    },

    /** Cards with their texts in `language` where translated (the default language's elsewhere): the search's, the wishlist's. */
    cardsInLanguage,

    /** A product page's data with its texts in `language` where translated. */
    detailInLanguage,

    /** One page of active products with the listing's filters, sort and totals; names in `language` where translated. */
    async listProducts(query: Omit<ListingQuery, "q">, language?: Language): Promise<Listing> {
      const page = await cached<Listing>(`list:${JSON.stringify(query)}`, async () => {
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
      return foreign(language) ? { ...page, data: await cardsInLanguage(page.data, language) } : page;
    },

    /** Products of one category (by name or slug, any case), newest first; none for an unknown category. */
    async listByCategory(category: string | undefined, limit: number, offset: number, language?: Language): Promise<ProductCard[]> {
      const list = await cached(`cat:${category?.toLowerCase() ?? ""}:${limit}:${offset}`, async () => {
        const filter = category ? await resolveFilter({ category }) : {};
        if (filter.categoryIds && filter.categoryIds.length === 0) {
          filter.subCategoryIds = await repo.findCategoryIds(category!, "sub");
          delete filter.categoryIds;
        }
        return repo.listCards(filter, "newest", limit, offset);
      });
      return cardsInLanguage(list, language);
    },

    /** Products with a discount, biggest first, for the home page. */
    async listDiscounted(limit: number, language?: Language): Promise<ProductCard[]> {
      return cardsInLanguage(await cached(`discounted:${limit}`, () => repo.listCards({ discountedOnly: true }, "discount", limit, 0)), language);
    },

    async listNewest(limit: number, sort: Sort = "newest", language?: Language): Promise<ProductCard[]> {
      return cardsInLanguage(await cached(`newest:${limit}:${sort}`, () => repo.listCards({}, sort, limit, 0)), language);
    },

    /** Cards for a list of ids in the given order, skipping products that are gone or inactive. */
    async listByIds(ids: string[], language?: Language): Promise<ProductCard[]> {
      const byId = await cards.getMany(ids, (missing) => repo.cardsByIds(missing));
      const list = ids.flatMap((id) => {
        const card = byId.get(id);
        return card ? [card] : [];
      });
      return cardsInLanguage(list, language);
    },

    /** The full product for its page, its texts in `language` where translated; not_found when missing or not active. */
    async requireProduct(slug: string, language?: Language): Promise<ProductDetail> {
      const product = await cached(`product:${slug}`, () => repo.getDetailBySlug(slug));
      if (!product) throw new AppError("not_found", "Product not found");
      return detailInLanguage(product, language);
    },

    /** A product whatever its status, with the status, for staff previewing a draft on the storefront; never cached, null when missing. */
    async getPreview(slug: string, language?: Language) {
      const preview = await repo.getPreviewBySlug(slug);
      return preview && foreign(language) ? { ...preview, product: await detailInLanguage(preview.product, language) } : preview;
    },

    /** Other products of the same sub-category (or category), for "you may also like". */
    async listRelated(product: ProductDetail, limit = 8, language?: Language): Promise<ProductCard[]> {
      const list = await cached(`related:${product._id}:${limit}`, async () => {
        const filter: ProductFilter = { excludeId: product._id };
        const same = product.subCategorySlug
          ? await repo.findCategoryIds(product.subCategorySlug, "sub")
          : await repo.findCategoryIds(product.categorySlug, "top");
        if (product.subCategorySlug) filter.subCategoryIds = same;
        else filter.categoryIds = same;
        return repo.listCards(filter, "newest", limit, 0);
      });
      return cardsInLanguage(list, language);
    },

    /** The category tree with sub-categories and product counts; names in `language` where translated. */
    async listCategories(language?: Language): Promise<Category[]> {
      const tree = await cached("categories", () => repo.listCategories());
      if (!foreign(language)) return tree;
      const { byId } = await categoryTexts(language);
      return tree.map((c) => ({
        ...c,
        name: nameIn(byId, c._id, c.name)!,
        subCategories: c.subCategories.map((s) => ({ ...s, name: nameIn(byId, s._id, s.name)! })),
      }));
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

    /** Products' names in `language` where translated, by id (the others are left out): a cart's lines in the page's language. */
    async productNames(ids: string[], language: Language | undefined): Promise<Map<string, string>> {
      if (!foreign(language) || ids.length === 0) return new Map();
      const texts = await productTexts([...new Set(ids)].sort(), language);
      return new Map([...texts].flatMap(([id, t]) => (t.name ? [[id, t.name] as [string, string]] : [])));
    },

    /** Summaries of products, sold or not, in the given order: what the wishlist shows of its entries. */
    async listSummaries(ids: string[], language?: Language) {
      const list = await repo.listSummaries(ids);
      if (!foreign(language) || list.length === 0) return list;
      const texts = await productTexts(
        list.map((p) => p.id),
        language,
      );
      return list.map((p) => ({ ...p, name: texts.get(p.id)?.name || p.name }));
    },

    /** Drops cached reads (here and in the HTTP answer cache) after a catalogue write. */
    invalidate(): void {
      epoch.bump();
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
