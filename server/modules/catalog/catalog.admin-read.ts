import { toIso } from "../../db/database";
import { AppError } from "#common/errors";
import type { AdminContext } from "./catalog.admin-context";
import { loadCategories } from "./catalog.admin-placement";
import { listOldSlugs, listProductsWithVariants } from "./catalog.admin.repo";
import { freeSlug } from "./catalog.admin-slug";
import { type Existing, stateOf } from "./catalog.admin-state";
import type { AdminProduct } from "./catalog.admin.types";
import { toAdminProduct } from "./catalog.admin-view";
import type { Executor } from "./catalog.repo";

/** Loads products (by id or by slug) with their variants, on the caller's executor. */
export async function loadExisting(ex: Executor, by: { ids?: string[]; slugs?: string[] }): Promise<Existing[]> {
  const found = await listProductsWithVariants(ex, by.ids ? "id" : "slug", by.ids ?? by.slugs ?? []);
  return found.map(({ row, variants, prices, translations }) => ({
    id: row.id,
    version: row.version,
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
    finalPrice: row.final_price,
    listPrice: row.list_price,
    priceVaries: row.price_varies === 1,
    state: stateOf(row, variants, prices, translations),
  }));
}

/** A stored product; not_found when there is none. */
export async function requireExisting(ex: Executor, id: string): Promise<Existing> {
  const [found] = await loadExisting(ex, { ids: [id] });
  if (!found) throw new AppError("not_found", "There is no such product (it may have been deleted).");
  return found;
}

/** Products as the admin reads them, by id (those that exist), on the caller's executor: the data of the product events. */
export async function readProducts(ex: Executor, ids: string[], lowStock: number): Promise<Map<string, AdminProduct>> {
  const [found, categories, slugs] = await Promise.all([loadExisting(ex, { ids }), loadCategories(ex), listOldSlugs(ex, ids)]);
  return new Map(found.map((p) => [p.id, toAdminProduct(p, categories, slugs.get(p.id) ?? [], lowStock)]));
}

/** One product as the admin reads it, or null. */
export async function readProduct(ctx: AdminContext, ex: Executor, id: string): Promise<AdminProduct | null> {
  const [found] = await loadExisting(ex, { ids: [id] });
  if (!found) return null;
  const [categories, slugs, lowStock] = await Promise.all([loadCategories(ex), listOldSlugs(ex, [id]), ctx.lowStockThreshold()]);
  return toAdminProduct(found, categories, slugs.get(id) ?? [], lowStock);
}

/** The admin's reads of one product. */
export function createAdminRead(ctx: AdminContext) {
  return {
    /** One product as the admin edits it (any status), or null. */
    getProduct(id: string): Promise<AdminProduct | null> {
      return readProduct(ctx, ctx.k, id);
    },

    /** One product as the admin edits it; not_found when there is none. */
    async requireProduct(id: string): Promise<AdminProduct> {
      const product = await readProduct(ctx, ctx.k, id);
      if (!product) throw new AppError("not_found", "There is no such product (it may have been deleted).");
      return product;
    },

    /** A free slug for a name (what a new product would get), for the form's slug field; `except` is the product being edited. */
    suggestSlug(name: string, except?: string): Promise<string> {
      return freeSlug(ctx.k, name, except);
    },
  };
}
