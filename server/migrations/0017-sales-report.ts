import type { Kysely } from "kysely";

/**
 * The sales report reads a range of orders and their lines: two covering indexes let it
 * answer from the indexes alone, never the rows (the orders' dates and the figures it sums; the
 * lines by order with product, units and prices); decision record 0031.
 */
export function salesReportMigration() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex("orders_report_idx")
        .on("orders")
        .columns(["created_at", "status", "payment_method", "payment_status", "subtotal", "discount_total", "shipping_total", "id"])
        .execute();
      await db.schema
        .createIndex("order_lines_report_idx")
        .on("order_lines")
        .columns(["order_id", "product_id", "quantity", "unit_price", "line_total"])
        .execute();
      // Refunds by the day they were made, whichever order they belong to.
      await db.schema.createIndex("order_refunds_created_idx").on("order_refunds").column("created_at").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("order_refunds_created_idx").execute();
      await db.schema.dropIndex("order_lines_report_idx").execute();
      await db.schema.dropIndex("orders_report_idx").execute();
    },
  };
}
