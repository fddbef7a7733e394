import type { Db } from "../../db/database";
import { createAdminBulk } from "./catalog.admin-bulk";
import { createAdminContext } from "./catalog.admin-context";
import { createAdminDuplicate } from "./catalog.admin-duplicate";
import { createAdminList } from "./catalog.admin-list";
import { createAdminRead } from "./catalog.admin-read";
import type { CatalogAdminDeps } from "./catalog.admin.types";
import { createAdminWrite } from "./catalog.admin-write";
import { createCsvExport } from "./catalog.csv-export";
import { createCsvImport } from "./catalog.csv-import";

export type {
  AdminProduct,
  AdminProductList,
  AdminProductRow,
  AdminVariant,
  BulkResult,
  CatalogAdminDeps,
  ImportReport,
  StockSetting,
} from "./catalog.admin.types";
export { STALE_VERSION_MESSAGE } from "./catalog.admin-commit";
export { stockLevelOf } from "./catalog.admin-view";

/**
 * The catalogue's admin: the admin list, the product read, and the one write path for products
 * and variants (create, change, delete, duplicate, bulk actions, CSV import and export). Every
 * write runs in one transaction through catalog.admin-commit.ts, then bumps the data epoch and
 * reloads the search's vocabulary.
 */
export function createCatalogAdmin(db: Db, deps: CatalogAdminDeps) {
  const ctx = createAdminContext(db, deps);
  return {
    ...createAdminList(ctx),
    ...createAdminRead(ctx),
    ...createAdminWrite(ctx),
    ...createAdminDuplicate(ctx),
    ...createAdminBulk(ctx),
    ...createCsvExport(ctx),
    ...createCsvImport(ctx),
  };
}

export type CatalogAdmin = ReturnType<typeof createCatalogAdmin>;
