import type { ProductStatus } from "../../db/schema";
import { AppError, fieldErrors } from "#common/errors";
import type { AuditActor } from "#modules/audit";
import { type BulkInput, bulkSchema } from "#common/catalog/catalog.admin.schema";
import { commitPlans, removeProducts } from "./catalog.admin-commit";
import type { AdminContext } from "./catalog.admin-context";
import { type Categories, loadCategories, placementOf } from "./catalog.admin-placement";
import { loadExisting } from "./catalog.admin-read";
import { type Plan, differs } from "./catalog.admin-state";
import type { BulkResult, ProductState } from "./catalog.admin.types";

/** What a bulk action other than delete does to one product's state; a category that names none is a 400. */
function changeOf(action: Exclude<BulkInput["action"], "delete">, value: unknown, categories: Categories): (s: ProductState) => ProductState {
  if (action === "status") return (s) => ({ ...s, status: value as ProductStatus });
  if (action === "discount") return (s) => ({ ...s, discount: value as number });
  const target = typeof value === "string" ? { category: value, subCategory: undefined } : (value as { category: string; subCategory?: string });
  const { placement, problems } = placementOf(categories, target.category, target.subCategory);
  if (!placement)
    throw new AppError("invalid_input", "Please check the category.", { value: problems.categorySlug ?? problems.subCategorySlug ?? "Choose a category" });
  return (s) => ({ ...s, categoryId: placement.categoryId, subCategoryId: placement.subCategoryId });
}

/** Bulk actions on selected products. */
export function createAdminBulk(ctx: AdminContext) {
  return {
    /**
     * A bulk action on selected products, all in one transaction: set the status, set the
     * discount, move to a category (and sub-category), or delete. Each product changed gets its
     * own audit entry; ids that no longer exist are reported, the rest is done.
     */
    async bulk(actor: AuditActor, body: unknown): Promise<BulkResult> {
      const input = bulkSchema.safeParse(body);
      if (!input.success) throw new AppError("invalid_input", "Please check the bulk action.", fieldErrors(input.error.issues));
      const { ids, action, value } = input.data;
      return ctx.write(async (trx) => {
        const categories = await loadCategories(trx);
        const found = await loadExisting(trx, { ids });
        const known = new Set(found.map((p) => p.id));
        const notFound = [...new Set(ids)].filter((id) => !known.has(id));
        if (action === "delete") {
          await removeProducts(trx, ctx.deps, actor, found, categories);
          return { action, changed: found.length, unchanged: 0, notFound };
        }
        const change = changeOf(action, value, categories);
        const plans: Plan[] = [];
        for (const p of found) {
          const after = change({ ...p.state, variants: p.state.variants.map((v) => ({ ...v })) });
          if (differs(p.state, after)) plans.push({ kind: "update", before: p, after });
        }
        await commitPlans(trx, ctx.deps, actor, plans, categories);
        return { action, changed: plans.length, unchanged: found.length - plans.length, notFound };
      });
    },
  };
}
