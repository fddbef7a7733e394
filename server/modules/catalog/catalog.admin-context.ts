import type { Db } from "../../db/database";
import { LOW_STOCK } from "#common/catalog/catalog.admin.schema";
import type { CatalogAdminDeps, CatalogWriteDeps } from "./catalog.admin.types";
import type { Executor } from "./catalog.repo";

/** What the jobs of the catalogue's admin share: the database, the dependencies, and how a write is published. */
export interface AdminContext {
  k: Executor;
  deps: CatalogWriteDeps;
  /** The settings' low-stock threshold (LOW_STOCK when none is given). */
  lowStockThreshold(): Promise<number>;
  /** Lets every cache and the search vocabulary see a committed write. */
  published(): Promise<void>;
  /** Runs a write in one transaction, then publishes it. */
  write<T>(run: (trx: Executor) => Promise<T>): Promise<T>;
}

export function createAdminContext(db: Db, deps: CatalogAdminDeps): AdminContext {
  const k = db.kysely;
  let lowStock = LOW_STOCK;
  async function lowStockThreshold(): Promise<number> {
    lowStock = deps.lowStockThreshold ? await deps.lowStockThreshold() : LOW_STOCK;
    return lowStock;
  }
  async function published(): Promise<void> {
    deps.epoch.bump();
    await deps.search.reindex().catch(() => {});
  }
  return {
    k,
    deps: { ...deps, lowStockKnown: () => lowStock },
    lowStockThreshold,
    published,
    async write<T>(run: (trx: Executor) => Promise<T>): Promise<T> {
      // Read before the transaction: the events it emits show each product's stock level.
      if (deps.webhooks) await lowStockThreshold();
      const result = await k.transaction().execute(run);
      await published();
      return result;
    },
  };
}
