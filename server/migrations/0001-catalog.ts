import type { Kysely } from "kysely";
import type { Dialect } from "../db/database";

/** Catalogue, content and contact tables shared by both engines. */
export function catalogMigration(dialect: Dialect) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("categories")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("slug", "text", (c) => c.notNull().unique())
        .addColumn("image", "text")
        .addColumn("parent_id", "text", (c) => c.references("categories.id").onDelete("cascade"))
        .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("categories_parent_idx").on("categories").columns(["parent_id", "sort_order"]).execute();

      await db.schema
        .createTable("products")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("slug", "text", (c) => c.notNull().unique())
        .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("price", "integer", (c) => c.notNull())
        .addColumn("discount", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("final_price", "integer", (c) => c.notNull())
        .addColumn("category_id", "text", (c) => c.notNull().references("categories.id"))
        .addColumn("subcategory_id", "text", (c) => c.references("categories.id"))
        .addColumn("brand", "text")
        .addColumn("sku", "text")
        .addColumn("stock", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("shipping_cost", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
        .addColumn("images", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("specifications", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("created_at", ts, (c) => c.notNull())
        .addColumn("updated_at", ts, (c) => c.notNull())
        .execute();
      // One index per filter/sort the listing offers, each led by status (only active products are listed).
      const productIndexes: Array<[string, string[]]> = [
        ["products_created_idx", ["status", "created_at"]],
        ["products_category_idx", ["status", "category_id", "created_at"]],
        ["products_subcategory_idx", ["status", "subcategory_id", "created_at"]],
        ["products_price_idx", ["status", "final_price"]],
        ["products_discount_idx", ["status", "discount"]],
      ];
      for (const [name, columns] of productIndexes) {
        await db.schema.createIndex(name).on("products").columns(columns).execute();
      }

      await db.schema
        .createTable("product_variants")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("color", "text")
        .addColumn("color_hex", "text")
        .addColumn("size", "text")
        .addColumn("additional_price", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("stock", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("sku", "text")
        .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("product_variants_product_idx").on("product_variants").columns(["product_id", "sort_order"]).execute();

      await db.schema
        .createTable("banners")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("subtitle", "text")
        .addColumn("image", "text", (c) => c.notNull())
        .addColumn("link", "text")
        .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("created_at", ts, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("settings")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("updated_at", ts, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("contact_messages")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("subject", "text")
        .addColumn("message", "text", (c) => c.notNull())
        .addColumn("ip", "text")
        .addColumn("read_at", ts)
        .addColumn("created_at", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("contact_messages_created_idx").on("contact_messages").column("created_at").execute();
    },
  };
}
