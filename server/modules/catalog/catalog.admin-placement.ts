import { listCategoryRows } from "./catalog.admin.repo";
import type { Executor } from "./catalog.repo";

// Categories as the write path resolves them (the whole tree: a few hundred rows at most).

export interface CategoryInfo {
  id: string;
  name: string;
  slug: string;
  parentId: string | null;
}

/** The category tree by id and by slug (in lower case). */
export interface Categories {
  byId: Map<string, CategoryInfo>;
  bySlug: Map<string, CategoryInfo>;
}

/** Where a product sits in the category tree: a top-level category and, optionally, a sub-category of it. */
export interface Placement {
  categoryId: string;
  subCategoryId: string | null;
}

export async function loadCategories(ex: Executor): Promise<Categories> {
  const rows = await listCategoryRows(ex);
  const list = rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, parentId: r.parent_id }));
  return { byId: new Map(list.map((c) => [c.id, c])), bySlug: new Map(list.map((c) => [c.slug.toLowerCase(), c])) };
}

/** The category and sub-category named by slugs, or the fields that name none (or a sub-category of another). */
export function placementOf(
  categories: Categories,
  categorySlug: unknown,
  subCategorySlug: unknown,
): { placement: Placement; problems?: undefined } | { placement?: undefined; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const category = typeof categorySlug === "string" ? categories.bySlug.get(categorySlug.trim().toLowerCase()) : undefined;
  if (typeof categorySlug === "string" && categorySlug.trim() !== "") {
    if (!category) problems.categorySlug = `There is no category “${categorySlug.trim()}”`;
    else if (category.parentId) problems.categorySlug = `“${category.name}” is a sub-category: choose its category and pick it as the sub-category`;
  }
  let sub: CategoryInfo | undefined;
  if (typeof subCategorySlug === "string" && subCategorySlug.trim() !== "") {
    sub = categories.bySlug.get(subCategorySlug.trim().toLowerCase());
    if (!sub?.parentId) problems.subCategorySlug = `There is no sub-category “${subCategorySlug.trim()}”`;
    else if (category && !category.parentId && sub.parentId !== category.id)
      problems.subCategorySlug = `“${sub.name}” is not a sub-category of “${category.name}”`;
  }
  if (Object.keys(problems).length || !category) return { problems };
  return { placement: { categoryId: category.id, subCategoryId: sub?.id ?? null } };
}
