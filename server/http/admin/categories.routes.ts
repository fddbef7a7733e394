import { categoryCreateSchema, categoryDeleteQuery, categoryReorderSchema, categoryUpdateSchema } from "#common/catalog/catalog.categories.schema";
import { type AdminRoute, actorOf, idParam, parseBody, parseQuery } from "./admin-route";

/** The category tree: list, create, change (rename, move, hide, order, picture), reorder a level, delete. All through services.categoriesAdmin (audited). */
export const CATEGORY_ROUTES: AdminRoute[] = [
  {
    method: "GET",
    path: "/categories",
    summary: "Every category, hidden ones too, as a tree in menu order: each top-level category with its `subCategories`, product counts and former slugs.",
    async handler(c) {
      return c.json({ data: await c.var.services.categoriesAdmin.listTree() });
    },
  },
  {
    method: "POST",
    path: "/categories",
    summary:
      "Create a category; a sub-category is a category with `parentId` (a top-level one). The slug comes from the name unless given; `sortOrder` is its position among its siblings.",
    body: categoryCreateSchema,
    async handler(c) {
      const body = await parseBody(c, categoryCreateSchema);
      return c.json({ data: await c.var.services.categoriesAdmin.createCategory(actorOf(c), body) }, 201);
    },
  },
  {
    method: "POST",
    path: "/categories/reorder",
    summary:
      "Put the top-level categories (no `parentId`) or one category's sub-categories in a new order: `ids` lists every one of that level once, first first. Audited; the storefront's menus follow. A list that misses or repeats one (or is out of date) is a 409, a malformed one a 400; nothing changes then.",
    body: categoryReorderSchema,
    async handler(c) {
      const body = await parseBody(c, categoryReorderSchema);
      return c.json({ data: await c.var.services.categoriesAdmin.reorder(actorOf(c), body) });
    },
  },
  {
    method: "PATCH",
    path: "/categories/:id",
    summary:
      "Change a category: rename (a new slug; the old one answers with a 301), picture, description, position, hidden, or move it (`parentId`, null for the top level) with its products.",
    body: categoryUpdateSchema,
    async handler(c) {
      const body = await parseBody(c, categoryUpdateSchema);
      return c.json({ data: await c.var.services.categoriesAdmin.updateCategory(actorOf(c), idParam(c, "category id"), body) });
    },
  },
  {
    method: "DELETE",
    path: "/categories/:id",
    summary:
      "Delete a category and its sub-categories. One that still has products answers 409 unless `moveTo` names the category they move to (in the same transaction).",
    query: categoryDeleteQuery,
    async handler(c) {
      const query = parseQuery(c, categoryDeleteQuery);
      await c.var.services.categoriesAdmin.deleteCategory(actorOf(c), idParam(c, "category id"), query);
      return c.body(null, 204);
    },
  },
];
