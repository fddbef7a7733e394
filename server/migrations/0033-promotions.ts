import type { Kysely } from "kysely";
import type { Dialect } from "../db/database";

/**
 * Promotions (server/modules/promotions): percent or amount off, free shipping, buy X get Y, with
 * a code or automatic. Percents are kept in hundredths of a percent and money in minor units of
 * the base currency; the products and categories a promotion concerns are JSON lists (none: the
 * whole order). `uses` counts the orders placed with it, raised in the order's transaction only
 * while under `usage_limit`, so the limit holds under concurrency. `promotion_uses`: one row per
 * order and promotion, with the customer it counts for (account id, or contact e-mail for a guest),
 * the discount given and the order's total in the order's currency and in the base currency (the
 * admin's figures), and whether the order was cancelled (its use given back).
 */
export function promotionsMigration(dialect: Dialect) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("promotions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        // Upper case without spaces; null: automatic.
        .addColumn("code", "text", (c) => c.unique())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("percent_off", "integer")
        .addColumn("amount_off", "integer")
        .addColumn("buy_quantity", "integer")
        .addColumn("get_quantity", "integer")
        .addColumn("get_percent", "integer")
        .addColumn("product_ids", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("category_slugs", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("min_subtotal", "integer")
        .addColumn("starts_at", ts)
        .addColumn("ends_at", ts)
        .addColumn("usage_limit", "integer")
        .addColumn("usage_limit_per_customer", "integer")
        .addColumn("first_order_only", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("combinable", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("uses", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", ts, (c) => c.notNull())
        .addColumn("updated_at", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("promotions_active").on("promotions").columns(["active", "code"]).execute();
      await db.schema
        .createTable("promotion_uses")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("promotion_id", "text", (c) => c.notNull().references("promotions.id").onDelete("cascade"))
        .addColumn("order_id", "text", (c) => c.notNull())
        .addColumn("customer_key", "text", (c) => c.notNull())
        .addColumn("amount", "integer", (c) => c.notNull())
        .addColumn("base_amount", "integer", (c) => c.notNull())
        .addColumn("order_total_base", "integer", (c) => c.notNull())
        .addColumn("cancelled", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("promotion_uses_customer").on("promotion_uses").columns(["promotion_id", "customer_key"]).execute();
      await db.schema.createIndex("promotion_uses_order").on("promotion_uses").column("order_id").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("promotion_uses").execute();
      await db.schema.dropTable("promotions").execute();
    },
  };
}
