import type { Translate } from "#common/i18n/translate";
import type { AdminCategory, AdminCategoryNode } from "#modules/catalog";

/** A choice of a select: a category's id and how it reads ("Shoes", "Shoes › Sneakers"). */
export interface CategoryOption {
  value: string;
  label: string;
}

/** The top-level categories, as parents a new or moved category can go under (never `except` itself). */
export function parentOptions(tree: readonly AdminCategoryNode[], t: Translate, except?: string): CategoryOption[] {
  return tree.filter((c) => c.id !== except).map((c) => ({ value: c.id, label: c.hidden ? t("admin.categories.hiddenName", { name: c.name }) : c.name }));
}

/**
 * Where the products of `category` can go when it is deleted: every other category and
 * sub-category, in menu order, leaving out the category itself and its own sub-categories.
 */
export function moveTargets(tree: readonly AdminCategoryNode[], category: Pick<AdminCategory, "id">): CategoryOption[] {
  const options: CategoryOption[] = [];
  for (const top of tree) {
    if (top.id === category.id) continue;
    options.push({ value: top.id, label: top.name });
    for (const sub of top.subCategories) if (sub.id !== category.id) options.push({ value: sub.id, label: `${top.name} › ${sub.name}` });
  }
  return options;
}

/** The category of `id` anywhere in the tree, with its parent (null at the top level). */
export function findCategory(tree: readonly AdminCategoryNode[], id: string): { category: AdminCategory; parent: AdminCategoryNode | null } | null {
  for (const top of tree) {
    if (top.id === id) return { category: top, parent: null };
    const sub = top.subCategories.find((s) => s.id === id);
    if (sub) return { category: sub, parent: top };
  }
  return null;
}

/** How many products a category holds, in words: "No products", "1 product", "24 products (3 on sale)". */
export function productCountText(c: Pick<AdminCategory, "productCount" | "activeProductCount">, t: Translate): string {
  if (c.productCount === 0) return t("admin.categories.noProducts");
  const n = t("admin.categories.products", { count: c.productCount });
  return c.activeProductCount === c.productCount ? n : t("admin.categories.productsOnSale", { products: n, onSale: c.activeProductCount });
}
