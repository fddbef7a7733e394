import type { Db } from "./db/database";
import type { Env } from "./env";
import { createCatalogRepo } from "./modules/catalog/catalog.repo";
import { createCatalogService } from "./modules/catalog/catalog.service";
import { createContentService } from "./modules/content/content.service";
import { createSearchService } from "./modules/search/search.service";

/** Every domain service, wired once per process and shared by the API and the pages. */
export function createServices(db: Db, env: Env) {
  const catalogRepo = createCatalogRepo(db);
  return {
    env,
    db,
    catalog: createCatalogService(db, catalogRepo),
    search: createSearchService(db, catalogRepo),
    content: createContentService(db, { contactLimitPer10Min: env.CONTACT_RATE_LIMIT }),
  };
}

export type Services = ReturnType<typeof createServices>;
