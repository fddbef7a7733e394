import { newId } from "../../lib/ids";
import type { AuditActor } from "#modules/audit";
import { MAX_NAME_LENGTH } from "#common/catalog/catalog.admin.schema";
import { commitPlans } from "./catalog.admin-commit";
import type { AdminContext } from "./catalog.admin-context";
import { loadCategories } from "./catalog.admin-placement";
import { readProduct, requireExisting } from "./catalog.admin-read";
import { freeSlug } from "./catalog.admin-slug";
import type { AdminProduct, ProductState } from "./catalog.admin.types";

const COPY = " (copy)";

/** A product's copy, to start a similar one from. */
export function createAdminDuplicate(ctx: AdminContext) {
  return {
    /**
     * A draft copy of a product, to start a similar one from (audit entry product.create): named
     * "<name> (copy)" with a free address from that name, its description, pictures, prices,
     * specifications, category and colour × size matrix as they are; no SKUs (each must stay
     * unique) and no units (stock is counted, not copied).
     */
    async duplicateProduct(actor: AuditActor, id: string): Promise<AdminProduct> {
      const copyId = newId();
      await ctx.write(async (trx) => {
        const existing = await requireExisting(trx, id);
        const categories = await loadCategories(trx);
        const name = `${existing.state.name.slice(0, MAX_NAME_LENGTH - COPY.length)}${COPY}`;
        const variants = existing.state.variants.map(({ id: _id, ...v }) => ({ ...v, sku: null, stock: 0 }));
        const after: ProductState = { ...existing.state, name, slug: await freeSlug(trx, name), status: "draft", sku: null, stock: 0, variants };
        await commitPlans(trx, ctx.deps, actor, [{ kind: "create", id: copyId, after }], categories);
      });
      return (await readProduct(ctx, ctx.k, copyId))!;
    },
  };
}
