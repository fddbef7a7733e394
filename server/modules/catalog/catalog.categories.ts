import type { Db } from "../../db/database";
import { nowIso, toIso } from "../../db/database";
import type { Epoch } from "../../lib/cache";
import { AppError } from "#common/errors";
import { newId } from "../../lib/ids";
import { parseInput } from "#common/validate";
import { type AuditActor, appendAudit, changedFields } from "#modules/audit";
import type { ImageService } from "#modules/images";
import type { CatalogAdmin } from "./catalog.admin";
import {
  type CategoryDeleteOptions,
  categoryCreateSchema,
  categoryDeleteQuery,
  categoryReorderSchema,
  categoryUpdateSchema,
} from "#common/catalog/catalog.categories.schema";
import { createCategoryMoves } from "./catalog.categories-move";
import {
  type CategoryRow,
  countProductsByCategory,
  countProductsIn,
  deleteCategories,
  deleteCategoryRedirect,
  findCategory,
  insertCategory,
  keepCategoryRedirect,
  listAllCategories,
  listCategoryRedirects,
  listCategoryTranslations,
  listSiblings,
  replaceCategoryTranslations,
  updateCategory,
} from "./catalog.categories.repo";
import type { CategoryTranslation } from "#common/catalog/catalog.categories.schema";
import type { Translations } from "#common/translations";
import { chooseSlug, closeGap, place, renumber, requireMovableUnder, requireRow, requireUniqueName, sameName } from "./catalog.categories-tree";
import type { Executor } from "./catalog.repo";

/** A category as the admin sees it: hidden ones too, with how many products it holds. */
export interface AdminCategory {
  id: string;
  name: string;
  slug: string;
  /** The top-level category of a sub-category; null for a top-level one. */
  parentId: string | null;
  image: string | null;
  description: string | null;
  /** Its position among its siblings (0 first). */
  sortOrder: number;
  hidden: boolean;
  /** Products in it (a top-level category counts its sub-categories' too), any status. */
  productCount: number;
  /** Of those, the ones on sale (status active). */
  activeProductCount: number;
  /** Former slugs that answer with a 301 to this category. */
  oldSlugs: string[];
  /** Its name and description in the other languages (a language left out is not translated). */
  translations: Translations<CategoryTranslation>;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A top-level category with its sub-categories, in order. */
export interface AdminCategoryNode extends AdminCategory {
  subCategories: AdminCategory[];
}

/** What a delete did: the categories removed (it and its sub-categories) and the products moved. */
export interface CategoryDeletion {
  deleted: string[];
  movedProducts: number;
  /** Where its products and sub-categories went, when `moveTo` was given. */
  movedTo: string | null;
}

/** Fields a category's audit entry compares. */
function audited(row: CategoryRow) {
  return {
    name: row.name,
    slug: row.slug,
    parentId: row.parent_id,
    image: row.image,
    description: row.description,
    sortOrder: row.sort_order,
    hidden: row.hidden === 1,
  };
}

/** Every field of a deleted row, as before → null. */
const removed = (fields: Record<string, unknown>) => Object.fromEntries(Object.entries(fields).map(([key, before]) => [key, { before, after: null }]));

/** Rows with their product counts and old slugs, as the admin shows them. */
async function toAdmin(ex: Executor, rows: CategoryRow[]): Promise<AdminCategory[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [counts, redirects, translations] = await Promise.all([
    countProductsByCategory(ex, ids),
    listCategoryRedirects(ex, ids),
    listCategoryTranslations(ex, ids),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    parentId: r.parent_id,
    image: r.image,
    description: r.description,
    sortOrder: r.sort_order,
    hidden: r.hidden === 1,
    productCount: counts.get(r.id)?.n ?? 0,
    activeProductCount: counts.get(r.id)?.active ?? 0,
    oldSlugs: redirects.filter((x) => x.category_id === r.id).map((x) => x.old_slug),
    translations: translations.get(r.id) ?? {},
    version: r.version,
    createdAt: toIso(r.created_at)!,
    updatedAt: toIso(r.updated_at ?? r.created_at)!,
  }));
}

async function one(ex: Executor, id: string): Promise<AdminCategory> {
  return (await toAdmin(ex, [await requireRow(ex, id)]))[0]!;
}

/**
 * The category tree for the admin: create, rename (the old slug answers with a 301), picture,
 * order, hide, move, delete. A category with products is deleted only when they are moved to
 * another category in the same transaction (decision record 0022). Every write runs in one
 * transaction with its audit entries and then bumps the data epoch, so the storefront's cached
 * menus, listings and sitemap follow.
 */
export function createCategoriesAdmin(
  db: Db,
  deps: { epoch: Epoch; images: Pick<ImageService, "hasImage">; products: Pick<CatalogAdmin, "placeProducts">; search?: { reindex(): Promise<void> } },
) {
  const k = db.kysely;
  const { followMove, moveBranch } = createCategoryMoves(deps.products);

  async function requireImage(image: string | null | undefined): Promise<void> {
    if (image?.startsWith("/uploads/") && !(await deps.images.hasImage(image, "category"))) {
      throw new AppError("invalid_input", "This picture is not among the shop's uploads: upload it again.", { image: "Upload the picture again" });
    }
  }

  async function write<T>(run: (trx: Executor) => Promise<T>): Promise<T> {
    const result = await k.transaction().execute(run);
    deps.epoch.bump();
    // Category names are search keywords: the next search reads the new ones.
    await deps.search?.reindex().catch(() => {});
    return result;
  }

  return {
    /** Every category, hidden ones too, as a tree in menu order, with product counts and former slugs. */
    async listTree(): Promise<AdminCategoryNode[]> {
      const all = await toAdmin(k, await listAllCategories(k));
      return all.filter((c) => c.parentId === null).map((c) => ({ ...c, subCategories: all.filter((s) => s.parentId === c.id) }));
    },

    /** One category as the admin sees it, or null for an unknown id. */
    async getCategory(id: string): Promise<AdminCategory | null> {
      const row = await findCategory(k, id);
      return row ? (await toAdmin(k, [row]))[0]! : null;
    },

    /**
     * Creates a category, or a sub-category under a top-level `parentId`, audited. Its slug comes
     * from the name unless given; a name another sibling has, or a slug another category has, is a 409.
     */
    async createCategory(actor: AuditActor, body: unknown): Promise<AdminCategory> {
      const input = parseInput(categoryCreateSchema, body);
      await requireImage(input.image);
      return write(async (trx) => {
        const parent = input.parentId ? await requireRow(trx, input.parentId, "parentId") : null;
        if (parent?.parent_id) {
          throw new AppError("invalid_input", "A sub-category cannot have sub-categories: choose a top-level category.", {
            parentId: "Choose a top-level category",
          });
        }
        await requireUniqueName(trx, input.name, parent?.id ?? null);
        const slug = await chooseSlug(trx, input.slug, input.name, parent);
        await deleteCategoryRedirect(trx, slug);
        const id = newId();
        const at = nowIso();
        await insertCategory(trx, {
          id,
          name: input.name,
          slug,
          image: input.image ?? null,
          parent_id: parent?.id ?? null,
          sort_order: 1_000_000,
          description: input.description ?? null,
          hidden: input.hidden ? 1 : 0,
          created_at: at,
          updated_at: at,
          version: 1,
        });
        await place(trx, id, parent?.id ?? null, input.sortOrder, at);
        if (input.translations) await replaceCategoryTranslations(trx, id, input.translations);
        const row = await requireRow(trx, id);
        const changes = changedFields(null, { ...audited(row), ...(input.translations ? { translations: input.translations } : {}) });
        await appendAudit(trx, actor, { action: "category.create", entityType: "category", entityId: id, changes });
        return one(trx, id);
      });
    },

    /**
     * Changes a category, audited: a new name brings a new slug (unless one is given) and the old
     * one answers with a 301; `parentId` moves it and its products (never three levels deep);
     * `sortOrder` is its new position among its siblings. A stale `version` is a 409.
     */
    async updateCategory(actor: AuditActor, id: string, body: unknown): Promise<AdminCategory> {
      const patch = parseInput(categoryUpdateSchema, body);
      await requireImage(patch.image);
      return write(async (trx) => {
        const before = await requireRow(trx, id);
        if (patch.version !== undefined && patch.version !== before.version) {
          throw new AppError("conflict", "Someone else changed this category since you opened it: reload it to see their changes.");
        }
        const at = nowIso();
        const parentId = patch.parentId === undefined ? before.parent_id : patch.parentId;
        const moving = parentId !== before.parent_id;
        const parent = parentId ? await requireRow(trx, parentId, "parentId") : null;
        if (moving && parent) await requireMovableUnder(trx, id, parent);
        const name = patch.name ?? before.name;
        if (patch.name !== undefined || moving) await requireUniqueName(trx, name, parentId, id);
        const renamed = patch.name !== undefined && !sameName(patch.name, before.name);
        const slug =
          patch.slug !== undefined
            ? await chooseSlug(trx, patch.slug, name, parent, id)
            : renamed
              ? await chooseSlug(trx, undefined, name, parent, id)
              : before.slug;
        if (slug !== before.slug) {
          await deleteCategoryRedirect(trx, slug);
          await keepCategoryRedirect(trx, before.slug, id, at);
        }
        await updateCategory(trx, id, {
          name,
          slug,
          parent_id: parentId,
          image: patch.image === undefined ? before.image : patch.image,
          description: patch.description === undefined ? before.description : patch.description,
          hidden: patch.hidden === undefined ? before.hidden : patch.hidden ? 1 : 0,
          updated_at: at,
          version: before.version + 1,
        });
        if (moving) await followMove(trx, actor, id, before.parent_id, { parentId, parent }, patch.sortOrder, at);
        else if (patch.sortOrder !== undefined) await place(trx, id, parentId, patch.sortOrder, at);
        const changes = changedFields(audited(before), audited(await requireRow(trx, id)));
        if (patch.translations) {
          const stored = (await listCategoryTranslations(trx, [id])).get(id) ?? {};
          await replaceCategoryTranslations(trx, id, patch.translations);
          Object.assign(changes, changedFields({ translations: stored }, { translations: patch.translations }));
        }
        if (Object.keys(changes).length) await appendAudit(trx, actor, { action: "category.update", entityType: "category", entityId: id, changes });
        return one(trx, id);
      });
    },

    /**
     * Deletes a category and its sub-categories, audited. One that holds products (itself or its
     * sub-categories, any status) is refused with a 409 unless `moveTo` names another category:
     * then its products move there in the same transaction, its sub-categories move under it (one
     * named like a sub-category already there merges into it; under a sub-category target they
     * merge into that one), and its old addresses answer with a 301 to where things went.
     */
    async deleteCategory(actor: AuditActor, id: string, options: CategoryDeleteOptions = {}): Promise<CategoryDeletion> {
      const { moveTo } = parseInput(categoryDeleteQuery, options ?? {});
      return write(async (trx) => {
        const target = await requireRow(trx, id);
        const subs = await listSiblings(trx, id);
        const productCount = await countProductsIn(trx, [id, ...subs.map((s) => s.id)]);
        const at = nowIso();
        let moved = 0;
        const deleted: CategoryRow[] = [target];
        if (!moveTo) {
          if (productCount > 0) {
            throw new AppError(
              "conflict",
              `“${target.name}” still has ${productCount} product${productCount === 1 ? "" : "s"}: choose a category to move ${productCount === 1 ? "it" : "them"} to.`,
              { moveTo: "Choose where its products go" },
            );
          }
          deleted.push(...subs);
        } else {
          const branch = await moveBranch(trx, actor, target, subs, moveTo, at);
          moved = branch.moved;
          deleted.push(...branch.merged);
        }
        const gone = deleted.map((d) => d.id);
        await deleteCategories(trx, gone, id);
        for (const d of deleted) {
          await appendAudit(trx, actor, {
            action: "category.delete",
            entityType: "category",
            entityId: d.id,
            changes: { ...removed(audited(d)), ...(moveTo ? { movedTo: { before: null, after: moveTo } } : {}) },
          });
        }
        await closeGap(trx, target.parent_id, at);
        return { deleted: gone, movedProducts: moved, movedTo: moveTo ?? null };
      });
    },

    /**
     * Puts the top-level categories (no `parentId`) or one category's sub-categories in the given
     * order, audited; `ids` must list every one of them once (409 when the list is out of date).
     */
    async reorder(actor: AuditActor, body: unknown): Promise<AdminCategory[]> {
      const input = parseInput(categoryReorderSchema, body);
      const parentId = input.parentId ?? null;
      return write(async (trx) => {
        if (parentId) await requireRow(trx, parentId, "parentId");
        const siblings = await listSiblings(trx, parentId);
        const known = new Set(siblings.map((s) => s.id));
        if (new Set(input.ids).size !== input.ids.length || input.ids.length !== siblings.length || !input.ids.every((i) => known.has(i))) {
          throw new AppError("conflict", "The categories changed since the list was loaded: reload it and try again.", {
            ids: "List every category of this level once",
          });
        }
        const at = nowIso();
        await renumber(trx, input.ids, new Map(siblings.map((s) => [s.id, s.sort_order])), at);
        for (const [i, sid] of input.ids.entries()) {
          const before = siblings.find((s) => s.id === sid)!;
          if (before.sort_order !== i) {
            await appendAudit(trx, actor, {
              action: "category.reorder",
              entityType: "category",
              entityId: sid,
              changes: { sortOrder: { before: before.sort_order, after: i } },
            });
          }
        }
        return toAdmin(trx, await listSiblings(trx, parentId));
      });
    },
  };
}

export type CategoriesAdmin = ReturnType<typeof createCategoriesAdmin>;
