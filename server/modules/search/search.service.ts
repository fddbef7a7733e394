import type { Db } from "../../db/database";
import type { CatalogRepo } from "../catalog/catalog.repo";
import { createCatalogRepo } from "../catalog/catalog.repo";
import type { ProductCard } from "../catalog/catalog.types";

/** Product search: trimmed term, blank finds nothing. (Interim LIKE implementation.) */
export function createSearchService(db: Db, repo: CatalogRepo = createCatalogRepo(db)) {
  async function matchIds(term: string, limit: number, offset: number): Promise<{ ids: string[]; total: number }> {
    const like = `%${term.toLowerCase()}%`;
    const base = db.kysely.selectFrom("products").where("status", "=", "active").where((eb) => eb(eb.fn("lower", ["name"]), "like", like));
    const rows = await base.select("id").orderBy("name").limit(limit).offset(offset).execute();
    const count = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    return { ids: rows.map((r) => r.id), total: Number(count.n) };
  }

  return {
    /** Up to `limit` products matching the term, best match first. */
    async search(term: string, limit = 10, offset = 0): Promise<{ products: ProductCard[]; total: number }> {
      const q = term.trim();
      if (!q) return { products: [], total: 0 };
      const { ids, total } = await matchIds(q, limit, offset);
      return { products: await repo.cardsByIds(ids), total };
    },
    /** Rebuilds the search index after catalogue writes. */
    async reindex(): Promise<void> {},
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
