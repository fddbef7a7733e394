import { type Kysely, sql } from "kysely";
import type { Dialect } from "../db/database";

/**
 * The catalogue's admin. Products get a third status, `archived` (the column is text;
 * only `active` products are listed, searched and sold), a `version` that every write bumps (a
 * save carrying an older one is refused, so two people editing one product cannot overwrite each
 * other), and `image_alts`, the alt text of each picture (a JSON list parallel to `images`).
 * `product_slug_redirects` keeps a renamed product's old addresses answering 301; a deleted
 * product takes its redirects with it. Indexes serve the admin list's filters and sorts.
 *
 * A product withdrawn from sale (archived or deleted) leaves carts and wishlists; their owners are
 * told once: `cart_notices` and `wishlist_notices` hold those messages until shown (owned by the
 * cart and wishlist modules).
 */
export function catalogueAdminMigration(dialect: Dialect) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("products")
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .alterTable("products")
        .addColumn("image_alts", "text", (c) => c.notNull().defaultTo("[]"))
        .execute();

      await db.schema
        .createTable("product_slug_redirects")
        .addColumn("old_slug", "text", (c) => c.primaryKey())
        .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("created_at", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("product_slug_redirects_product_idx").on("product_slug_redirects").column("product_id").execute();

      // The admin list: every status, filtered by status, category or sub-category, sorted by
      // update time (the default), name, price, listed price or stock.
      const indexes: Array<[string, string[]]> = [
        ["products_admin_updated_idx", ["updated_at"]],
        ["products_admin_status_idx", ["status", "updated_at"]],
        ["products_admin_category_idx", ["category_id", "updated_at"]],
        ["products_admin_subcategory_idx", ["subcategory_id", "updated_at"]],
        ["products_admin_name_idx", ["name"]],
        ["products_admin_stock_idx", ["stock"]],
      ];
      for (const [name, columns] of indexes) await db.schema.createIndex(name).on("products").columns(columns).execute();
      // The admin list finds a product by its SKU or a variant's, typed in any case.
      await db.schema.createIndex("products_admin_sku_idx").on("products").expression(sql`lower(sku)`).execute();
      await db.schema.createIndex("product_variants_sku_idx").on("product_variants").expression(sql`lower(sku)`).execute();

      for (const table of ["cart_notices", "wishlist_notices"]) {
        await db.schema
          .createTable(table)
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("owner", "text", (c) => c.notNull())
          .addColumn("message", "text", (c) => c.notNull())
          .addColumn("created_at", ts, (c) => c.notNull())
          .execute();
        await db.schema.createIndex(`${table}_owner_idx`).on(table).columns(["owner", "created_at"]).execute();
      }
    },
    async down(db: Kysely<any>) {
      for (const table of ["wishlist_notices", "cart_notices", "product_slug_redirects"]) await db.schema.dropTable(table).ifExists().execute();
      await db.schema.dropIndex("product_variants_sku_idx").ifExists().execute();
      for (const name of ["updated", "status", "category", "subcategory", "name", "stock", "sku"]) {
        await db.schema.dropIndex(`products_admin_${name}_idx`).ifExists().execute();
      }
      await db.schema.alterTable("products").dropColumn("image_alts").execute();
      await db.schema.alterTable("products").dropColumn("version").execute();
    },
  };
}
