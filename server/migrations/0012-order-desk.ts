import { type Kysely, sql } from "kysely";
import type { Dialect } from "../db/database";

/**
 * The order desk: a shipped order keeps its courier and the tracking link mailed to the
 * customer; a status move keeps which staff member made it; `order_notes` holds the staff's notes,
 * internal or sent to the customer. The list searches by name, filters by payment method and sorts
 * by total, so those get indexes.
 */
export function orderDeskMigration(dialect: Dialect) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("orders").addColumn("courier", "text").execute();
      await db.schema.alterTable("orders").addColumn("tracking_url", "text").execute();
      await db.schema.alterTable("order_events").addColumn("actor_id", "text").execute();
      await db.schema.alterTable("order_events").addColumn("actor_email", "text").execute();
      await db.schema
        .createTable("order_notes")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        .addColumn("text", "text", (c) => c.notNull())
        .addColumn("visible_to_customer", "integer", (c) => c.notNull().defaultTo(0))
        // No foreign key: a note outlives its author's account (author_email keeps who it was).
        .addColumn("author_id", "text")
        .addColumn("author_email", "text", (c) => c.notNull())
        .addColumn("created_at", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("order_notes_order_idx").on("order_notes").columns(["order_id", "created_at"]).execute();
      await db.schema.createIndex("orders_payment_idx").on("orders").columns(["payment_method", "created_at"]).execute();
      await db.schema.createIndex("orders_total_idx").on("orders").columns(["total"]).execute();
      // The name search is a part of the name in any case (ILIKE '%…%'): PostgreSQL answers it from
      // a trigram index (pg_trgm, migration 0002); SQLite reads the names from this narrow index
      // (the tabs' counts by status need nothing else), not from the orders' rows.
      await db.schema.createIndex("orders_status_name_idx").on("orders").columns(["status", "contact_name"]).execute();
      if (dialect === "postgres") await sql`CREATE INDEX orders_contact_name_trgm_idx ON orders USING gin (contact_name gin_trgm_ops)`.execute(db);
    },
    async down(db: Kysely<any>) {
      if (dialect === "postgres") await db.schema.dropIndex("orders_contact_name_trgm_idx").execute();
      await db.schema.dropIndex("orders_status_name_idx").execute();
      await db.schema.dropIndex("orders_total_idx").execute();
      await db.schema.dropIndex("orders_payment_idx").execute();
      await db.schema.dropTable("order_notes").execute();
      await db.schema.alterTable("order_events").dropColumn("actor_email").execute();
      await db.schema.alterTable("order_events").dropColumn("actor_id").execute();
      await db.schema.alterTable("orders").dropColumn("tracking_url").execute();
      await db.schema.alterTable("orders").dropColumn("courier").execute();
    },
  };
}
