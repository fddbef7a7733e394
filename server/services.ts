import type { Db } from "./db/database";
import type { Env } from "./env";
import { createEpoch } from "./lib/cache";
import { createCatalogRepo } from "./modules/catalog/catalog.repo";
import { createCatalogService } from "./modules/catalog/catalog.service";
import { createContentService } from "./modules/content/content.service";
import { createSearchService } from "./modules/search/search.service";

/** Every domain service, wired once per process and shared by the API and the pages. */
export function createServices(db: Db, env: Env) {
  const catalogRepo = createCatalogRepo(db);
  // Bumped by every catalogue or content write; all read caches (services and HTTP) key on it.
  const dataEpoch = createEpoch();
  return {
    env,
    db,
    dataEpoch,
    catalog: createCatalogService(db, catalogRepo, dataEpoch),
    search: createSearchService(db, catalogRepo, { epoch: dataEpoch }),
    content: createContentService(db, { contactLimitPer10Min: env.CONTACT_RATE_LIMIT, epoch: dataEpoch }),
  };
}

export type Services = ReturnType<typeof createServices>;
