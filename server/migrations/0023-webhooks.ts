import type { Kysely } from "kysely";
import type { Dialect } from "../db/database";

/**
 * Outgoing webhooks (server/modules/webhooks): the endpoints the shop sends events to, with their
 * signing secret and why and when one was switched off; and one delivery per event and endpoint,
 * keeping the request as sent (body and headers of the last try) and an excerpt of the answer,
 * for the admin's screen and for sending it again.
 */
export function webhooksMigration(dialect: Dialect) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("webhook_endpoints")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("url", "text", (c) => c.notNull())
        .addColumn("description", "text")
        // JSON: the event names subscribed to.
        .addColumn("events", "text", (c) => c.notNull())
        .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("secret", "text", (c) => c.notNull())
        // The first failed try since the last delivered one: an endpoint failing for days is switched off.
        .addColumn("failing_since", ts)
        .addColumn("disabled_at", ts)
        .addColumn("disabled_reason", "text")
        .addColumn("created_at", ts, (c) => c.notNull())
        .addColumn("updated_at", ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("webhook_deliveries")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("endpoint_id", "text", (c) => c.notNull().references("webhook_endpoints.id").onDelete("cascade"))
        .addColumn("event_id", "text", (c) => c.notNull())
        .addColumn("event", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("request_body", "text", (c) => c.notNull())
        .addColumn("request_headers", "text")
        .addColumn("response_status", "integer")
        .addColumn("response_body", "text")
        .addColumn("error", "text")
        .addColumn("created_at", ts, (c) => c.notNull())
        .addColumn("last_attempt_at", ts)
        .addColumn("delivered_at", ts)
        .execute();
      // The endpoint's deliveries, newest first (the admin's list).
      await db.schema.createIndex("webhook_deliveries_endpoint").on("webhook_deliveries").columns(["endpoint_id", "created_at"]).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("webhook_deliveries").execute();
      await db.schema.dropTable("webhook_endpoints").execute();
    },
  };
}
