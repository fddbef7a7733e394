import {
  adminProductFilterSchema,
  adminProductQuerySchema,
  bulkSchema,
  importQuerySchema,
  productCreateSchema,
  productPatchSchema,
} from "#common/catalog/catalog.admin.schema";
import { type AdminRoute, actorOf, idParam, jsonBody, parseQuery, csvDownload } from "./admin-route";

// The services parse the bodies with the same schemas and check the categories they name, so one
// answer lists every bad field; the schemas here describe the routes in the OpenAPI document.

/** Products and variants: list, read, create, change, delete, bulk actions, CSV export and import. All through services.catalogAdmin (audited). */
export const PRODUCT_ROUTES: AdminRoute[] = [
  {
    method: "GET",
    path: "/products",
    summary:
      "Products of every status, 50 a page: `q` searches (typo-tolerant, also SKUs and drafts), filters `category`, `subCategory` (slugs), `status`, `stock` (in, low, out), `sort` (-updated, name, price, finalPrice, stock; a leading - sorts descending; relevance with `q`).",
    query: adminProductQuerySchema,
    async handler(c) {
      const query = parseQuery(c, adminProductQuerySchema);
      return c.json(await c.var.services.catalogAdmin.listProducts(query));
    },
  },
  {
    method: "POST",
    path: "/products",
    summary:
      "Create a product (prices in the major unit); the slug comes from the name unless given; `taxClass` is one of the tax settings' classes (null: the default class). 201 with the product as the admin reads it.",
    body: productCreateSchema,
    async handler(c) {
      const body = await jsonBody(c);
      return c.json({ data: await c.var.services.catalogAdmin.createProduct(actorOf(c), body) }, 201);
    },
  },
  {
    method: "GET",
    path: "/products/export.csv",
    summary:
      "The products the list's `q`, `category`, `subCategory`, `status` and `stock` select (every page; none given: every product) as CSV, a row per variant (Shopify-like columns: Handle, Title, Body (HTML), Vendor, Option1 = colour, Option2 = size, Variant SKU, Tax class…); the import takes it back.",
    query: adminProductFilterSchema,
    async handler(c) {
      const csv = await c.var.services.catalogAdmin.exportCsv(parseQuery(c, adminProductFilterSchema));
      return csvDownload(c, csv, "products");
    },
  },
  {
    method: "POST",
    path: "/products/bulk",
    summary:
      "A bulk action on selected products (`ids`): `action` status (value active, draft or archived), discount (value 0–100), category (value a category slug, or {category, subCategory}) or delete.",
    body: bulkSchema,
    async handler(c) {
      const body = await jsonBody(c);
      return c.json({ data: await c.var.services.catalogAdmin.bulk(actorOf(c), body) });
    },
  },
  {
    method: "POST",
    path: "/products/import",
    summary:
      "Import products from CSV (the export's columns; body text/csv): created, or updated by Handle. `dryRun=true` runs the same checks and comparison and writes nothing: `data.products` says per product what would happen (an update with the fields it changes, before and after). Any bad row: 400 listing every one (`data.errors`, with line numbers) and nothing is written; otherwise all rows in one transaction.",
    query: importQuerySchema,
    async handler(c) {
      const { dryRun } = parseQuery(c, importQuerySchema);
      const report = await c.var.services.catalogAdmin.importCsv(actorOf(c), await c.req.text(), { dryRun: dryRun === "true" || dryRun === "1" });
      if (report.errors.length && !report.dryRun) {
        const rows = report.errors.length === 1 ? "One row has a problem" : `${report.errors.length} rows have problems`;
        return c.json({ error: { code: "invalid_input", message: `${rows}; nothing was imported.` }, data: report }, 400);
      }
      return c.json({ data: report });
    },
  },
  {
    method: "GET",
    path: "/products/:id",
    summary: "One product as the admin edits it: the body's fields plus id, version, status, variant ids, listed price, former slugs, dates.",
    async handler(c) {
      return c.json({ data: await c.var.services.catalogAdmin.requireProduct(idParam(c, "product id")) });
    },
  },
  {
    method: "PATCH",
    path: "/products/:id",
    summary:
      "Change a product: only the fields given change; `version` is the one read (someone else's newer save: 409, nothing stored). Variants given replace the matrix, keeping the ids of colour × size pairs that stay.",
    body: productPatchSchema,
    async handler(c) {
      const body = await jsonBody(c);
      return c.json({ data: await c.var.services.catalogAdmin.updateProduct(actorOf(c), idParam(c, "product id"), body) });
    },
  },
  {
    method: "DELETE",
    path: "/products/:id",
    summary: "Delete a product for good (carts and wishlists that held it are told; orders keep their copy). 204. Archive it instead to keep it.",
    async handler(c) {
      await c.var.services.catalogAdmin.deleteProduct(actorOf(c), idParam(c, "product id"));
      return c.body(null, 204);
    },
  },
  {
    method: "POST",
    path: "/products/:id/duplicate",
    summary:
      'A draft copy of a product ("<name> (copy)", a free slug, no SKUs, no units; pictures, prices, specifications and variants as they are). 201 with the copy as the admin reads it.',
    async handler(c) {
      return c.json({ data: await c.var.services.catalogAdmin.duplicateProduct(actorOf(c), idParam(c, "product id")) }, 201);
    },
  },
];
