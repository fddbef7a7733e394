import type { Kysely } from "kysely";
import type { Dialect } from "../db/database";

/**
 * Returns and refunds. `order_returns`: a customer's request to send lines of a delivered
 * order back (requested → approved or refused; approved → received, which puts the units back on
 * sale once). `order_refunds`: money given back on an order, per line, for shipping or as a free
 * amount, through Stripe for a card order or recorded as a manual refund for cash on delivery; an
 * idempotency key (unique) makes a repeated request answer the same refund. `orders.refunded_total`
 * is the running sum of an order's refunds (reserved before the provider is asked), so the rule
 * "never more than was paid" is one conditional update.
 */
export function returnsRefundsMigration(dialect: Dialect) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("orders")
        .addColumn("refunded_total", "integer", (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable("order_returns")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("reason", "text", (c) => c.notNull())
        // JSON: [{ lineId, quantity }]
        .addColumn("lines", "text", (c) => c.notNull())
        .addColumn("refusal_reason", "text")
        .addColumn("requested_by", "text")
        .addColumn("decided_by", "text")
        .addColumn("decided_at", ts)
        .addColumn("received_by", "text")
        .addColumn("received_at", ts)
        .addColumn("created_at", ts, (c) => c.notNull())
        .addColumn("updated_at", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("order_returns_order_idx").on("order_returns").columns(["order_id", "created_at"]).execute();
      await db.schema.createIndex("order_returns_status_idx").on("order_returns").columns(["status", "created_at"]).execute();

      await db.schema
        .createTable("order_refunds")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        // pending: reserved on the order, the provider not yet answered; succeeded: done.
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("amount", "integer", (c) => c.notNull())
        .addColumn("shipping_amount", "integer", (c) => c.notNull().defaultTo(0))
        // JSON: [{ lineId, quantity, amount }]
        .addColumn("lines", "text", (c) => c.notNull())
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("method", "text", (c) => c.notNull())
        .addColumn("provider_refund_id", "text")
        .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
        .addColumn("actor_id", "text")
        .addColumn("actor_email", "text", (c) => c.notNull())
        .addColumn("created_at", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("order_refunds_order_idx").on("order_refunds").columns(["order_id", "created_at"]).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("order_refunds").execute();
      await db.schema.dropTable("order_returns").execute();
      await db.schema.alterTable("orders").dropColumn("refunded_total").execute();
    },
  };
}
