import type { Kysely, Selectable } from "kysely";
import type { Db } from "../../db/database";
import { nowIso, toIso } from "../../db/database";
import type { CategoryTable, Database } from "../../db/schema";
import type { Epoch } from "../../lib/cache";
import { AppError } from "#common/errors";
import { newId, slugify } from "../../lib/ids";
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

type Row = Selectable<CategoryTable>;
type Trx = Kysely<Database>;

/** What a product's category is: its top-level category and, optionally, a sub-category of it. */
interface Placement {
  categoryId: string;
  subCategoryId: string | null;
}

/** Fields a category's audit entry compares. */
function audited(row: Row) {
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

const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: "accent" }) === 0;

/**
 * The category tree for the admin (issue 10, section 5): create, rename (the old slug answers with
 * a 301), picture, order, hide, move, delete. A category with products is deleted only when they
 * are moved to another category in the same transaction (decision record 0022). Every write runs
 * in one transaction with its audit entries and then bumps the data epoch, so the storefront's
 * cached menus, listings and sitemap follow.
 */
export function createCategoriesAdmin(
  db: Db,
  deps: { epoch: Epoch; images: Pick<ImageService, "hasImage">; products: Pick<CatalogAdmin, "placeProducts">; search?: { reindex(): Promise<void> } },
) {
  const k = db.kysely;

  async function requireRow(ex: Trx, id: string, field?: string): Promise<Row> {
    const row = await ex.selectFrom("categories").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) {
      if (field) throw new AppError("invalid_input", "There is no such category.", { [field]: "There is no such category" });
      throw new AppError("not_found", "There is no such category.");
    }
    return row;
  }

  /** Rows of `ids` with their product counts and old slugs, as the admin shows them. */
  async function toAdmin(ex: Trx, rows: Row[]): Promise<AdminCategory[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [byCategory, bySub, redirects] = await Promise.all([
      ex
        .selectFrom("products")
        .where("category_id", "in", ids)
        .select((eb) => ["category_id as id", eb.fn.countAll<number>().as("n"), eb.fn.sum<number>(eb.case().when("status", "=", "active").then(1).else(0).end()).as("active")])
        .groupBy("category_id")
        .execute(),
      ex
        .selectFrom("products")
        .where("subcategory_id", "in", ids)
        .select((eb) => ["subcategory_id as id", eb.fn.countAll<number>().as("n"), eb.fn.sum<number>(eb.case().when("status", "=", "active").then(1).else(0).end()).as("active")])
        .groupBy("subcategory_id")
        .execute(),
      ex.selectFrom("category_slug_redirects").select(["old_slug", "category_id"]).where("category_id", "in", ids).orderBy("old_slug").execute(),
    ]);
    const counts = new Map<string, { n: number; active: number }>();
    for (const r of [...byCategory, ...bySub]) if (r.id) counts.set(r.id, { n: Number(r.n), active: Number(r.active ?? 0) });
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
      version: r.version,
      createdAt: toIso(r.created_at)!,
      updatedAt: toIso(r.updated_at ?? r.created_at)!,
    }));
  }

  async function one(ex: Trx, id: string): Promise<AdminCategory> {
    return (await toAdmin(ex, [await requireRow(ex, id)]))[0]!;
  }

  const siblingsOf = (ex: Trx, parentId: string | null) =>
    ex
      .selectFrom("categories")
      .selectAll()
      .where((eb) => (parentId === null ? eb("parent_id", "is", null) : eb("parent_id", "=", parentId)))
      .orderBy("sort_order")
      .orderBy("name")
      .orderBy("id")
      .execute();

  /** Writes positions 0…n-1 for `ids` in this order (only the rows whose position changes). */
  async function renumber(ex: Trx, ids: string[], current: Map<string, number>, at: string): Promise<void> {
    for (const [i, id] of ids.entries()) {
      if (current.get(id) === i) continue;
      await ex.updateTable("categories").set({ sort_order: i, updated_at: at }).where("id", "=", id).execute();
    }
  }

  /** Puts `id` at `position` among the siblings under `parentId` (the end when undefined), renumbering them. */
  async function place(ex: Trx, id: string, parentId: string | null, position: number | undefined, at: string): Promise<void> {
    const siblings = await siblingsOf(ex, parentId);
    const ids = siblings.map((s) => s.id).filter((s) => s !== id);
    ids.splice(Math.min(position ?? ids.length, ids.length), 0, id);
    await renumber(ex, ids, new Map(siblings.map((s) => [s.id, s.sort_order])), at);
  }

  /** A sibling already called `name` (names are compared without case), which would make two alike in a menu. */
  async function requireUniqueName(ex: Trx, name: string, parentId: string | null, except?: string): Promise<void> {
    const clash = (await siblingsOf(ex, parentId)).find((s) => s.id !== except && sameName(s.name, name));
    if (clash) throw new AppError("conflict", `There is already a category called “${clash.name}” here.`, { name: "Another category here has this name" });
  }

  /** Whether a live category (other than `except`) has this slug. */
  async function slugTaken(ex: Trx, slug: string, except?: string): Promise<boolean> {
    const row = await ex.selectFrom("categories").select("id").where("slug", "=", slug).executeTakeFirst();
    return !!row && row.id !== except;
  }

  /**
   * The slug for a category: the one asked for (409 when another category has it), else one from
   * the name, with the parent's slug before it or a number after it when that is taken.
   */
  async function chooseSlug(ex: Trx, wanted: string | undefined, name: string, parent: Row | null, except?: string): Promise<string> {
    if (wanted) {
      if (await slugTaken(ex, wanted, except)) throw new AppError("conflict", `Another category already uses the slug “${wanted}”.`, { slug: "Another category uses this slug" });
      return wanted;
    }
    const base = slugify(name) || "category";
    const candidates = [base, ...(parent ? [`${parent.slug}-${base}`.slice(0, 80)] : [])];
    for (const c of candidates) if (!(await slugTaken(ex, c, except))) return c;
    const stem = candidates[candidates.length - 1]!.slice(0, 75);
    for (let n = 2; ; n++) if (!(await slugTaken(ex, `${stem}-${n}`, except))) return `${stem}-${n}`;
  }

  /** Points `oldSlug` at `categoryId` (a live category's own slug is never kept as a redirect). */
  async function keepRedirect(ex: Trx, oldSlug: string, categoryId: string, at: string): Promise<void> {
    await ex.deleteFrom("category_slug_redirects").where("old_slug", "=", oldSlug).execute();
    await ex.insertInto("category_slug_redirects").values({ old_slug: oldSlug, category_id: categoryId, created_at: at }).execute();
  }

  /** A slug now used by a live category stops redirecting elsewhere. */
  const dropRedirect = (ex: Trx, slug: string) => ex.deleteFrom("category_slug_redirects").where("old_slug", "=", slug).execute();

  async function requireImage(image: string | null | undefined): Promise<void> {
    if (image && image.startsWith("/uploads/") && !deps.images.hasImage(image, "category")) {
      throw new AppError("invalid_input", "This picture is not among the shop's uploads: upload it again.", { image: "Upload the picture again" });
    }
  }

  /**
   * Moves the products matching `where` to another place in the tree through the catalogue's one
   * write path (catalog.admin.ts placeProducts: version, update time and an audit entry each, so a
   * product's history shows the move), in this transaction. The search index follows through its
   * triggers; the listed price does not depend on the category.
   */
  async function moveProducts(
    ex: Trx,
    actor: AuditActor,
    where: { categoryId?: string; subCategoryId?: string },
    to: Placement | ((from: Placement) => Placement),
  ): Promise<number> {
    let q = ex.selectFrom("products").select(["id", "category_id", "subcategory_id"]);
    if (where.categoryId) q = q.where("category_id", "=", where.categoryId);
    if (where.subCategoryId) q = q.where("subcategory_id", "=", where.subCategoryId);
    const products = await q.execute();
    const moves = products.map((p) => {
      const target = typeof to === "function" ? to({ categoryId: p.category_id, subCategoryId: p.subcategory_id }) : to;
      return { id: p.id, categoryId: target.categoryId, subCategoryId: target.subCategoryId };
    });
    await deps.products.placeProducts(ex, actor, moves);
    return products.length;
  }

  async function write<T>(run: (trx: Trx) => Promise<T>): Promise<T> {
    const result = await k.transaction().execute(run);
    deps.epoch.bump();
    // Category names are search keywords: the next search reads the new ones.
    await deps.search?.reindex().catch(() => {});
    return result;
  }

  return {
    /** Every category, hidden ones too, as a tree in menu order, with product counts and former slugs. */
    async listTree(): Promise<AdminCategoryNode[]> {
      const rows = await k.selectFrom("categories").selectAll().orderBy("sort_order").orderBy("name").orderBy("id").execute();
      const all = await toAdmin(k, rows);
      return all
        .filter((c) => c.parentId === null)
        .map((c) => ({ ...c, subCategories: all.filter((s) => s.parentId === c.id) }));
    },

    /** One category as the admin sees it, or null for an unknown id. */
    async getCategory(id: string): Promise<AdminCategory | null> {
      const row = await k.selectFrom("categories").selectAll().where("id", "=", id).executeTakeFirst();
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
          throw new AppError("invalid_input", "A sub-category cannot have sub-categories: choose a top-level category.", { parentId: "Choose a top-level category" });
        }
        await requireUniqueName(trx, input.name, parent?.id ?? null);
        const slug = await chooseSlug(trx, input.slug, input.name, parent);
        await dropRedirect(trx, slug);
        const id = newId();
        const at = nowIso();
        await trx
          .insertInto("categories")
          .values({
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
          })
          .execute();
        await place(trx, id, parent?.id ?? null, input.sortOrder, at);
        const row = await requireRow(trx, id);
        await appendAudit(trx, actor, { action: "category.create", entityType: "category", entityId: id, changes: changedFields(null, audited(row)) });
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
        if (moving && parent) {
          if (parent.id === id) throw new AppError("invalid_input", "A category cannot be its own parent.", { parentId: "Choose another category" });
          if (parent.parent_id) throw new AppError("invalid_input", "A sub-category cannot have sub-categories: choose a top-level category.", { parentId: "Choose a top-level category" });
          const children = await trx.selectFrom("categories").select("id").where("parent_id", "=", id).executeTakeFirst();
          if (children) {
            throw new AppError("invalid_input", "This category has sub-categories: move or delete them first, so the tree stays two levels deep.", {
              parentId: "It has sub-categories of its own",
            });
          }
        }
        const name = patch.name ?? before.name;
        if (patch.name !== undefined || moving) await requireUniqueName(trx, name, parentId, id);
        const slug = patch.slug !== undefined ? await chooseSlug(trx, patch.slug, name, parent, id) : patch.name !== undefined && !sameName(patch.name, before.name) ? await chooseSlug(trx, undefined, name, parent, id) : before.slug;
        if (slug !== before.slug) {
          await dropRedirect(trx, slug);
          await keepRedirect(trx, before.slug, id, at);
        }
        await trx
          .updateTable("categories")
          .set({
            name,
            slug,
            parent_id: parentId,
            image: patch.image === undefined ? before.image : patch.image,
            description: patch.description === undefined ? before.description : patch.description,
            hidden: patch.hidden === undefined ? before.hidden : patch.hidden ? 1 : 0,
            updated_at: at,
            version: before.version + 1,
          })
          .where("id", "=", id)
          .execute();
        if (moving) {
          // Its products follow it: a sub-category's carry their new top-level category; a top-level
          // category that becomes a sub-category keeps its products as that sub-category's.
          if (before.parent_id && parent) await moveProducts(trx, actor, { subCategoryId: id }, { categoryId: parent.id, subCategoryId: id });
          else if (before.parent_id) await moveProducts(trx, actor, { subCategoryId: id }, { categoryId: id, subCategoryId: null });
          else if (parent) await moveProducts(trx, actor, { categoryId: id }, { categoryId: parent.id, subCategoryId: id });
          await place(trx, id, parentId, patch.sortOrder, at);
          const left = await siblingsOf(trx, before.parent_id);
          await renumber(trx, left.map((s) => s.id), new Map(left.map((s) => [s.id, s.sort_order])), at);
        } else if (patch.sortOrder !== undefined) {
          await place(trx, id, parentId, patch.sortOrder, at);
        }
        const after = await requireRow(trx, id);
        const changes = changedFields(audited(before), audited(after));
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
        const subs = await siblingsOf(trx, id);
        const ids = [id, ...subs.map((s) => s.id)];
        const held = await trx
          .selectFrom("products")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where((eb) => eb.or([eb("category_id", "in", ids), eb("subcategory_id", "in", ids)]))
          .executeTakeFirstOrThrow();
        const productCount = Number(held.n);
        const at = nowIso();
        let moved = 0;
        const deleted: Row[] = [target];

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
          const dest = await requireRow(trx, moveTo, "moveTo");
          if (ids.includes(dest.id)) throw new AppError("invalid_input", "Move its products to a category outside the one you delete.", { moveTo: "Choose a category outside this one" });
          const destParent = dest.parent_id ? await requireRow(trx, dest.parent_id) : null;
          /** Where a product of the deleted branch lands. */
          const placement = (subId: string | null): Placement => (destParent ? { categoryId: destParent.id, subCategoryId: dest.id } : { categoryId: dest.id, subCategoryId: subId });

          if (target.parent_id) {
            moved += await moveProducts(trx, actor, { subCategoryId: id }, placement(null));
          } else if (destParent) {
            // Into a sub-category: everything lands there; the sub-categories merge into it.
            moved += await moveProducts(trx, actor, { categoryId: id }, placement(null));
            for (const s of subs) await keepRedirect(trx, s.slug, dest.id, at);
            await trx.updateTable("category_slug_redirects").set({ category_id: dest.id }).where("category_id", "in", subs.map((s) => s.id).concat("-")).execute();
            deleted.push(...subs);
          } else {
            // Into a top-level category: the sub-categories go under it, merging with one of the same name.
            const theirs = await siblingsOf(trx, dest.id);
            const mergeInto = new Map<string, string>();
            for (const s of subs) {
              const twin = theirs.find((t) => sameName(t.name, s.name));
              if (twin) mergeInto.set(s.id, twin.id);
            }
            moved += await moveProducts(trx, actor, { categoryId: id }, (from) => placement(from.subCategoryId ? (mergeInto.get(from.subCategoryId) ?? from.subCategoryId) : null));
            let next = theirs.length;
            for (const s of subs) {
              const twin = mergeInto.get(s.id);
              if (twin) {
                await keepRedirect(trx, s.slug, twin, at);
                await trx.updateTable("category_slug_redirects").set({ category_id: twin }).where("category_id", "=", s.id).execute();
                deleted.push(s);
              } else {
                await trx.updateTable("categories").set({ parent_id: dest.id, sort_order: next++, updated_at: at, version: s.version + 1 }).where("id", "=", s.id).execute();
                await appendAudit(trx, actor, { action: "category.update", entityType: "category", entityId: s.id, changes: { parentId: { before: id, after: dest.id } } });
              }
            }
          }
          await keepRedirect(trx, target.slug, dest.id, at);
          await trx.updateTable("category_slug_redirects").set({ category_id: dest.id }).where("category_id", "=", id).execute();
        }

        const gone = deleted.map((d) => d.id);
        await trx.deleteFrom("categories").where("id", "in", gone).where("parent_id", "is not", null).execute();
        await trx.deleteFrom("categories").where("id", "=", id).execute();
        for (const d of deleted) {
          await appendAudit(trx, actor, {
            action: "category.delete",
            entityType: "category",
            entityId: d.id,
            changes: { ...removed(audited(d)), ...(moveTo ? { movedTo: { before: null, after: moveTo } } : {}) },
          });
        }
        const left = await siblingsOf(trx, target.parent_id);
        await renumber(trx, left.map((s) => s.id), new Map(left.map((s) => [s.id, s.sort_order])), at);
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
        const siblings = await siblingsOf(trx, parentId);
        const known = new Set(siblings.map((s) => s.id));
        if (new Set(input.ids).size !== input.ids.length || input.ids.length !== siblings.length || !input.ids.every((i) => known.has(i))) {
          throw new AppError("conflict", "The categories changed since the list was loaded: reload it and try again.", { ids: "List every category of this level once" });
        }
        const at = nowIso();
        await renumber(trx, input.ids, new Map(siblings.map((s) => [s.id, s.sort_order])), at);
        for (const [i, sid] of input.ids.entries()) {
          const before = siblings.find((s) => s.id === sid)!;
          if (before.sort_order !== i) {
            await appendAudit(trx, actor, { action: "category.reorder", entityType: "category", entityId: sid, changes: { sortOrder: { before: before.sort_order, after: i } } });
          }
        }
        return toAdmin(trx, await siblingsOf(trx, parentId));
      });
    },
  };
}

export type CategoriesAdmin = ReturnType<typeof createCategoriesAdmin>;
