import type { Kysely } from "kysely";
import type { Dialect } from "../db/database";

/**
 * Shoppers' alerts (server/modules/alerts) and accounts' mail preferences (server/modules/users).
 * `back_in_stock_alerts`: one per product, variant ('' for a product without variants) and address;
 * `pending` until a guest confirms by mail, `waiting` while sold out, `notified` once mailed; the
 * token is the link that confirms and unsubscribes. `price_drop_mails`: when a customer was last
 * mailed about a wished product's price (at most once a week). `user_preferences`: the account's
 * switches for price-drop mails (off until switched on) and cart reminders (on until switched off).
 * And the wishlists' index by product, to find who wished a product whose price fell.
 */
export function alertsMigration(dialect: Dialect) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("back_in_stock_alerts")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("variant_id", "text", (c) => c.references("product_variants.id").onDelete("cascade"))
        .addColumn("variant_key", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("cascade"))
        .addColumn("language", "text", (c) => c.notNull())
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("token", "text", (c) => c.notNull().unique())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("created_at", ts, (c) => c.notNull())
        .addColumn("confirmed_at", ts)
        .addColumn("notified_at", ts)
        .addUniqueConstraint("back_in_stock_alerts_one", ["product_id", "variant_key", "email"])
        .execute();
      await db.schema
        .createIndex("back_in_stock_alerts_waiting")
        .on("back_in_stock_alerts")
        .columns(["status", "product_id", "variant_key", "created_at"])
        .execute();
      await db.schema.createIndex("back_in_stock_alerts_user").on("back_in_stock_alerts").column("user_id").execute();
      await db.schema
        .createTable("price_drop_mails")
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("sent_at", ts, (c) => c.notNull())
        .addPrimaryKeyConstraint("price_drop_mails_pk", ["user_id", "product_id"])
        .execute();
      await db.schema
        .createTable("user_preferences")
        .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
        .addColumn("price_drop_alerts", "integer", (c) => c.notNull())
        .addColumn("cart_reminders", "integer", (c) => c.notNull())
        .addColumn("updated_at", ts, (c) => c.notNull())
        .execute();
      // The price-drop mails find who wished a product (the wishlist's key starts with the owner).
      await db.schema.createIndex("wishlist_items_product").on("wishlist_items").columns(["product_id", "owner"]).execute();
      await db.schema.createIndex("user_preferences_price_drop").on("user_preferences").columns(["price_drop_alerts", "user_id"]).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("wishlist_items_product").execute();
      await db.schema.dropTable("user_preferences").execute();
      await db.schema.dropTable("price_drop_mails").execute();
      await db.schema.dropTable("back_in_stock_alerts").execute();
    },
  };
}
