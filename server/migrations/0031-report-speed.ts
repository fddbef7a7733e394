import type { Kysely } from "kysely";

/**
 * What the reports read at 100,000 orders without scanning them (decision 0055): each product's
 * sales per month (a year's best sellers read twelve months and the days at its ends instead of
 * every day), and the dashboard's count of card orders waiting for their payment from an index.
 * Empty until the roll-ups are summed (the first report after this migration sums them all).
 */
export function reportSpeedMigration() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("product_month_rollups")
        .addColumn("month", "text", (c) => c.notNull())
        .addColumn("product_id", "text", (c) => c.notNull())
        .addColumn("units", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("gross", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("sales", "bigint", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("product_month_rollups_pk", ["month", "product_id"])
        .execute();
      // The roll-ups (0030) were summed without the months: sum them again on first use.
      await db.updateTable("report_rollups").set({ time_zone: null }).execute();
      await db.schema.createIndex("orders_waiting_payment_idx").on("orders").columns(["status", "payment_method", "payment_status"]).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("orders_waiting_payment_idx").execute();
      await db.schema.dropTable("product_month_rollups").execute();
    },
  };
}
