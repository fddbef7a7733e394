import { type AuditActor, appendAudit } from "#modules/audit";
import { AppError } from "#common/errors";
import type { CatalogAdmin } from "./catalog.admin";
import type { Placement } from "./catalog.admin-placement";
import { type CategoryRow, keepCategoryRedirect, listProductPlacements, listSiblings, moveCategoryRedirects, updateCategory } from "./catalog.categories.repo";
import { closeGap, place, requireRow, sameName } from "./catalog.categories-tree";
import type { Executor } from "./catalog.repo";

/**
 * What moves with a category when the categories' admin moves or deletes one: its products,
 * through the catalogue's one write path (`catalog`), its sub-categories and its old addresses.
 * Everything runs in the caller's transaction.
 */
export function createCategoryMoves(catalog: Pick<CatalogAdmin, "placeProducts">) {
  /**
   * Moves the products matching `where` to another place in the tree through the catalogue's one
   * write path (catalog.admin-write.ts placeProducts: version, update time and an audit entry each,
   * so a product's history shows the move), in this transaction. The search index follows through
   * its triggers; the listed price does not depend on the category.
   */
  async function moveProducts(
    ex: Executor,
    actor: AuditActor,
    where: { categoryId?: string; subCategoryId?: string },
    to: Placement | ((from: Placement) => Placement),
  ): Promise<number> {
    const products = await listProductPlacements(ex, where);
    const moves = products.map((p) => {
      const target = typeof to === "function" ? to({ categoryId: p.category_id, subCategoryId: p.subcategory_id }) : to;
      return { id: p.id, categoryId: target.categoryId, subCategoryId: target.subCategoryId };
    });
    await catalog.placeProducts(ex, actor, moves);
    return products.length;
  }

  /**
   * A moved category's products follow it: a sub-category's carry their new top-level category; a
   * top-level category that becomes a sub-category keeps its products as that sub-category's.
   * Then it takes its place among its new siblings and the old ones close the gap.
   */
  async function followMove(
    trx: Executor,
    actor: AuditActor,
    id: string,
    from: string | null,
    to: { parentId: string | null; parent: CategoryRow | null },
    position: number | undefined,
    at: string,
  ): Promise<void> {
    const { parent } = to;
    if (from && parent) await moveProducts(trx, actor, { subCategoryId: id }, { categoryId: parent.id, subCategoryId: id });
    else if (from) await moveProducts(trx, actor, { subCategoryId: id }, { categoryId: id, subCategoryId: null });
    else if (parent) await moveProducts(trx, actor, { categoryId: id }, { categoryId: parent.id, subCategoryId: id });
    await place(trx, id, to.parentId, position, at);
    await closeGap(trx, from, at);
  }

  /**
   * A top-level category's branch into another top-level category `dest`: its products move
   * there, its sub-categories go under it, and one named like a sub-category already there merges
   * into it (its products and old slugs go to that one). Returns the products moved and the
   * sub-categories merged (deleted with the category).
   */
  async function moveUnderTopLevel(
    trx: Executor,
    actor: AuditActor,
    id: string,
    subs: CategoryRow[],
    dest: CategoryRow,
    at: string,
  ): Promise<{ moved: number; merged: CategoryRow[] }> {
    const theirs = await listSiblings(trx, dest.id);
    const mergeInto = new Map<string, string>();
    for (const s of subs) {
      const twin = theirs.find((t) => sameName(t.name, s.name));
      if (twin) mergeInto.set(s.id, twin.id);
    }
    const moved = await moveProducts(trx, actor, { categoryId: id }, (from) => ({
      categoryId: dest.id,
      subCategoryId: from.subCategoryId ? (mergeInto.get(from.subCategoryId) ?? from.subCategoryId) : null,
    }));
    const merged: CategoryRow[] = [];
    let next = theirs.length;
    for (const s of subs) {
      const twin = mergeInto.get(s.id);
      if (twin) {
        await keepCategoryRedirect(trx, s.slug, twin, at);
        await moveCategoryRedirects(trx, [s.id], twin);
        merged.push(s);
      } else {
        await updateCategory(trx, s.id, { parent_id: dest.id, sort_order: next++, updated_at: at, version: s.version + 1 });
        await appendAudit(trx, actor, {
          action: "category.update",
          entityType: "category",
          entityId: s.id,
          changes: { parentId: { before: id, after: dest.id } },
        });
      }
    }
    return { moved, merged };
  }

  /**
   * Moves what a category to be deleted holds to `moveTo`: its products, and its sub-categories
   * (into a sub-category they merge into it); its old addresses and its own lead there. Returns the
   * products moved and the sub-categories merged (deleted with the category).
   */
  async function moveBranch(
    trx: Executor,
    actor: AuditActor,
    target: CategoryRow,
    subs: CategoryRow[],
    moveTo: string,
    at: string,
  ): Promise<{ moved: number; merged: CategoryRow[] }> {
    const id = target.id;
    const dest = await requireRow(trx, moveTo, "moveTo");
    if (dest.id === id || subs.some((s) => s.id === dest.id)) {
      throw new AppError("invalid_input", "Move its products to a category outside the one you delete.", { moveTo: "Choose a category outside this one" });
    }
    const destParent = dest.parent_id ? await requireRow(trx, dest.parent_id) : null;
    /** Where a product of the deleted branch lands. */
    const placement = (subId: string | null): Placement =>
      destParent ? { categoryId: destParent.id, subCategoryId: dest.id } : { categoryId: dest.id, subCategoryId: subId };
    let branch: { moved: number; merged: CategoryRow[] };
    if (target.parent_id) {
      branch = { moved: await moveProducts(trx, actor, { subCategoryId: id }, placement(null)), merged: [] };
    } else if (destParent) {
      // Into a sub-category: everything lands there; the sub-categories merge into it.
      const moved = await moveProducts(trx, actor, { categoryId: id }, placement(null));
      for (const s of subs) await keepCategoryRedirect(trx, s.slug, dest.id, at);
      await moveCategoryRedirects(trx, subs.map((s) => s.id).concat("-"), dest.id);
      branch = { moved, merged: subs };
    } else {
      branch = await moveUnderTopLevel(trx, actor, id, subs, dest, at);
    }
    await keepCategoryRedirect(trx, target.slug, dest.id, at);
    await moveCategoryRedirects(trx, [id], dest.id);
    return branch;
  }

  return { followMove, moveBranch };
}
