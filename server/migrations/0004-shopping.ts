import type { Kysely } from "kysely";
import type { Dialect } from "../db/database";

/**
 * The shopper's path: carts and their lines, wishlists, the address book, orders with their
 * lines and status history, and the payment provider's webhook events (kept once, so a
 * redelivered event is ignored). Money columns are integers in minor units.
 *
 * A cart or wishlist belongs to an owner key: `user:<id>` once signed in, `visitor:<id>` for an
 * anonymous browser (the id lives in a signed cookie). Signing in moves the visitor's lines into
 * the user's.
 */
export function shoppingMigration(dialect: Dialect) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("carts")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("owner", "text", (c) => c.notNull().unique())
        .addColumn("created_at", ts, (c) => c.notNull())
        .addColumn("updated_at", ts, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("cart_lines")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("cart_id", "text", (c) => c.notNull().references("carts.id").onDelete("cascade"))
        .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
        // '' when the product has no variants: a unique index treats NULLs as distinct.
        .addColumn("variant_id", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("quantity", "integer", (c) => c.notNull())
        .addColumn("created_at", ts, (c) => c.notNull())
        .addColumn("updated_at", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("cart_lines_item_idx").on("cart_lines").columns(["cart_id", "product_id", "variant_id"]).unique().execute();

      await db.schema
        .createTable("wishlist_items")
        .addColumn("owner", "text", (c) => c.notNull())
        .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("created_at", ts, (c) => c.notNull())
        .addPrimaryKeyConstraint("wishlist_items_pk", ["owner", "product_id"])
        .execute();

      await db.schema
        .createTable("addresses")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("line1", "text", (c) => c.notNull())
        .addColumn("line2", "text")
        .addColumn("city", "text", (c) => c.notNull())
        .addColumn("region", "text")
        .addColumn("postal_code", "text")
        .addColumn("country", "text", (c) => c.notNull())
        .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("addresses_user_idx").on("addresses").columns(["user_id", "created_at"]).execute();

      await db.schema
        .createTable("orders")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("number", "text", (c) => c.notNull().unique())
        .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
        // The anonymous browser that placed a guest order (lists it in that browser's /my-orders).
        .addColumn("visitor_id", "text")
        // sha256 of the guest link's token; the token itself is only in the link.
        .addColumn("guest_token_hash", "text", (c) => c.notNull())
        // `<owner>:<Idempotency-Key>`: a repeated key finds the order it created.
        .addColumn("idempotency_key", "text", (c) => c.unique())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("contact_name", "text", (c) => c.notNull())
        .addColumn("contact_email", "text", (c) => c.notNull())
        .addColumn("contact_phone", "text", (c) => c.notNull())
        .addColumn("address", "text", (c) => c.notNull()) // JSON {line1, line2, city, region, postalCode, country}
        .addColumn("shipping_method", "text", (c) => c.notNull())
        .addColumn("shipping_method_name", "text", (c) => c.notNull())
        .addColumn("payment_method", "text", (c) => c.notNull()) // cod | card
        .addColumn("payment_status", "text", (c) => c.notNull()) // unpaid | pending | paid | failed | refunded
        .addColumn("payment_intent_id", "text", (c) => c.unique())
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("subtotal", "integer", (c) => c.notNull())
        .addColumn("discount_total", "integer", (c) => c.notNull())
        .addColumn("shipping_total", "integer", (c) => c.notNull())
        .addColumn("total", "integer", (c) => c.notNull())
        .addColumn("notes", "text")
        .addColumn("tracking_number", "text")
        .addColumn("created_at", ts, (c) => c.notNull())
        .addColumn("updated_at", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("orders_user_idx").on("orders").columns(["user_id", "created_at"]).execute();
      await db.schema.createIndex("orders_visitor_idx").on("orders").columns(["visitor_id", "created_at"]).execute();
      await db.schema.createIndex("orders_status_idx").on("orders").columns(["status", "created_at"]).execute();
      await db.schema.createIndex("orders_created_idx").on("orders").column("created_at").execute();

      await db.schema
        .createTable("order_lines")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        // Kept after a product is deleted: the order still shows what was bought.
        .addColumn("product_id", "text", (c) => c.notNull())
        .addColumn("variant_id", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("slug", "text", (c) => c.notNull())
        .addColumn("image", "text")
        .addColumn("color", "text")
        .addColumn("size", "text")
        .addColumn("sku", "text")
        .addColumn("unit_price", "integer", (c) => c.notNull()) // product price + additional price
        .addColumn("additional_price", "integer", (c) => c.notNull())
        .addColumn("discount", "integer", (c) => c.notNull()) // percent
        .addColumn("unit_final_price", "integer", (c) => c.notNull())
        .addColumn("shipping_cost", "integer", (c) => c.notNull()) // per unit
        .addColumn("quantity", "integer", (c) => c.notNull())
        .addColumn("line_total", "integer", (c) => c.notNull())
        .addColumn("sort_order", "integer", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("order_lines_order_idx").on("order_lines").columns(["order_id", "sort_order"]).execute();
      await db.schema.createIndex("order_lines_product_idx").on("order_lines").column("product_id").execute();

      await db.schema
        .createTable("order_events")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("actor", "text", (c) => c.notNull()) // customer | shop | system
        .addColumn("note", "text")
        .addColumn("created_at", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("order_events_order_idx").on("order_events").columns(["order_id", "created_at"]).execute();

      await db.schema
        .createTable("payment_events")
        .addColumn("id", "text", (c) => c.primaryKey()) // the provider's event id
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("order_id", "text")
        .addColumn("received_at", ts, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ["payment_events", "order_events", "order_lines", "orders", "addresses", "wishlist_items", "cart_lines", "carts"]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
