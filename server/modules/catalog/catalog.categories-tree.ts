import { AppError } from "#common/errors";
import { slugify } from "#common/slug";
import { type CategoryRow, findCategory, findCategoryIdBySlug, hasSubCategories, listSiblings, updateCategory } from "./catalog.categories.repo";
import type { Executor } from "./catalog.repo";

// The category tree's rules for the categories' admin: positions among siblings, unique names
// and slugs, and the two levels a tree has.

export const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: "accent" }) === 0;

/** A category; not_found, or invalid_input on `field` when one names it. */
export async function requireRow(ex: Executor, id: string, field?: string): Promise<CategoryRow> {
  const row = await findCategory(ex, id);
  if (!row) {
    if (field) throw new AppError("invalid_input", "There is no such category.", { [field]: "There is no such category" });
    throw new AppError("not_found", "There is no such category.");
  }
  return row;
}

/** Writes positions 0…n-1 for `ids` in this order (only the rows whose position changes). */
export async function renumber(ex: Executor, ids: string[], current: Map<string, number>, at: string): Promise<void> {
  for (const [i, id] of ids.entries()) {
    if (current.get(id) === i) continue;
    await updateCategory(ex, id, { sort_order: i, updated_at: at });
  }
}

/** Renumbers the categories under `parentId` 0…n-1, closing the gap one that left them leaves. */
export async function closeGap(ex: Executor, parentId: string | null, at: string): Promise<void> {
  const left = await listSiblings(ex, parentId);
  await renumber(
    ex,
    left.map((s) => s.id),
    new Map(left.map((s) => [s.id, s.sort_order])),
    at,
  );
}

/** Puts `id` at `position` among the siblings under `parentId` (the end when undefined), renumbering them. */
export async function place(ex: Executor, id: string, parentId: string | null, position: number | undefined, at: string): Promise<void> {
  const siblings = await listSiblings(ex, parentId);
  const ids = siblings.map((s) => s.id).filter((s) => s !== id);
  ids.splice(Math.min(position ?? ids.length, ids.length), 0, id);
  await renumber(ex, ids, new Map(siblings.map((s) => [s.id, s.sort_order])), at);
}

/** A sibling already called `name` (names are compared without case), which would make two alike in a menu. */
export async function requireUniqueName(ex: Executor, name: string, parentId: string | null, except?: string): Promise<void> {
  const clash = (await listSiblings(ex, parentId)).find((s) => s.id !== except && sameName(s.name, name));
  if (clash) throw new AppError("conflict", `There is already a category called “${clash.name}” here.`, { name: "Another category here has this name" });
}

/** Whether a live category (other than `except`) has this slug. */
async function slugTaken(ex: Executor, slug: string, except?: string): Promise<boolean> {
  const id = await findCategoryIdBySlug(ex, slug);
  return !!id && id !== except;
}

/**
 * The slug for a category: the one asked for (409 when another category has it), else one from
 * the name, with the parent's slug before it or a number after it when that is taken.
 */
export async function chooseSlug(ex: Executor, wanted: string | undefined, name: string, parent: CategoryRow | null, except?: string): Promise<string> {
  if (wanted) {
    if (await slugTaken(ex, wanted, except))
      throw new AppError("conflict", `Another category already uses the slug “${wanted}”.`, { slug: "Another category uses this slug" });
    return wanted;
  }
  const base = slugify(name) || "category";
  const candidates = [base, ...(parent ? [`${parent.slug}-${base}`.slice(0, 80)] : [])];
  for (const c of candidates) if (!(await slugTaken(ex, c, except))) return c;
  const stem = candidates[candidates.length - 1]!.slice(0, 75);
  for (let n = 2; ; n++) if (!(await slugTaken(ex, `${stem}-${n}`, except))) return `${stem}-${n}`;
}

/** Refuses to put category `id` under `parent`: itself, a sub-category, or while it has sub-categories of its own (the tree stays two levels deep). */
export async function requireMovableUnder(ex: Executor, id: string, parent: CategoryRow): Promise<void> {
  if (parent.id === id) throw new AppError("invalid_input", "A category cannot be its own parent.", { parentId: "Choose another category" });
  if (parent.parent_id)
    throw new AppError("invalid_input", "A sub-category cannot have sub-categories: choose a top-level category.", { parentId: "Choose a top-level category" });
  if (await hasSubCategories(ex, id)) {
    throw new AppError("invalid_input", "This category has sub-categories: move or delete them first, so the tree stays two levels deep.", {
      parentId: "It has sub-categories of its own",
    });
  }
}
