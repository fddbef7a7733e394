import {
  type AdminProductFilters,
  type AdminProductQuery,
  type AdminProductSort,
  adminProductFilterSchema,
  adminProductQuerySchema,
} from "#common/catalog/catalog.admin.schema";
import type { AdminContext } from "./catalog.admin-context";
import { type Categories, loadCategories } from "./catalog.admin-placement";
import {
  type AdminListRow,
  type ProductCondition,
  adminProductCondition,
  countMatching,
  listAdminPage,
  listAdminRowsByIds,
  listMatchesWithExact,
} from "./catalog.admin.repo";
import type { AdminProductList } from "./catalog.admin.types";
import { toAdminRow } from "./catalog.admin-view";

/** The search hits the admin list considers. */
const MAX_SEARCH_IDS = 2_000;

/** What the list's search and filters select, and what its relevance order needs. */
interface Matcher {
  matching: ProductCondition;
  /** The search's hits, best first. */
  hits: string[];
  /** The term in lower case ('' without one). */
  typed: string;
  lowStock: number;
}

/**
 * The list's search and filters as a condition on `products as p` (every status; `q` as the list
 * reads it), with the search's hits in its order for the list's relevance sort. The list and its
 * CSV export select through it, so an export holds exactly what the list shows.
 */
export async function productMatcher(ctx: AdminContext, filters: AdminProductFilters, categories: Categories): Promise<Matcher> {
  const q = adminProductFilterSchema.parse(filters);
  const [lowStock, hits] = await Promise.all([ctx.lowStockThreshold(), q.q ? ctx.deps.search.matchIds(q.q, MAX_SEARCH_IDS) : Promise.resolve([])]);
  const typed = q.q?.toLowerCase() ?? "";
  const category = q.category ? categories.bySlug.get(q.category.toLowerCase()) : undefined;
  const matching = adminProductCondition({
    status: q.status,
    category: q.category ? (category ? { id: category.id, isSub: !!category.parentId } : null) : undefined,
    subCategoryId: q.subCategory ? (categories.bySlug.get(q.subCategory.toLowerCase())?.id ?? null) : undefined,
    stock: q.stock,
    lowStock,
    text: q.q ? { typed, hits } : undefined,
  });
  return { matching, hits, typed, lowStock };
}

/**
 * The search's order for its hits, then the other matches by name, with a SKU typed in full (the
 * product's or a variant's) first: sorted here, over the matching ids only (a search matches
 * hundreds, not the catalogue).
 */
async function relevancePage(ctx: AdminContext, m: Matcher, offset: number, pageSize: number): Promise<{ rows: AdminListRow[]; total: number }> {
  const matches = await listMatchesWithExact(ctx.k, m.matching, m.typed);
  const rank = new Map(m.hits.map((id, i) => [id, i]));
  const exact = (x: { exact: unknown }) => (x.exact === true || Number(x.exact) === 1 ? 0 : 1);
  matches.sort(
    (a, b) => exact(a) - exact(b) || (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity) || a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1),
  );
  const page = matches.slice(offset, offset + pageSize).map((x) => x.id);
  const found = page.length ? await listAdminRowsByIds(ctx.k, page) : [];
  const byId = new Map(found.map((r) => [r.id, r]));
  return { rows: page.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])), total: matches.length };
}

/** A page sorted by a field ("-" first: descending), with the count of every match. */
async function sortedPage(
  ctx: AdminContext,
  m: Matcher,
  sort: AdminProductSort,
  offset: number,
  pageSize: number,
): Promise<{ rows: AdminListRow[]; total: number }> {
  const order = { key: sort.replace(/^-/, ""), dir: sort.startsWith("-") ? ("desc" as const) : ("asc" as const) };
  const [rows, total] = await Promise.all([listAdminPage(ctx.k, m.matching, order, pageSize, offset), countMatching(ctx.k, m.matching)]);
  return { rows, total };
}

/** The admin's product list. */
export function createAdminList(ctx: AdminContext) {
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
      const categories = await loadCategories(ctx.k);
      const sort: AdminProductSort = q.sort ?? (q.q ? "relevance" : "-updated");
      const matcher = await productMatcher(ctx, q, categories);
      const offset = (q.page - 1) * q.pageSize;
      const { rows, total } =
        sort === "relevance" && q.q ? await relevancePage(ctx, matcher, offset, q.pageSize) : await sortedPage(ctx, matcher, sort, offset, q.pageSize);
      return {
        data: rows.map((r) => toAdminRow(r, matcher.lowStock)),
        meta: { total, page: q.page, pageSize: q.pageSize },
      };
    },
  };
}
