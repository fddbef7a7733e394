import type { Kysely } from "kysely";

/**
 * The tax each refund gave back, and the reports' daily roll-ups (decision 0055).
 * `refund_tax_lines`: per refund, the part it gave back (an order line, the shipping, or none for
 * a free amount), the rate as the order charged it, the base and the tax, minor units.
 * `sales_rollups`, `product_rollups`, `tax_rollups`: the money of the counted orders and their
 * refunds summed per local day of the shop's time zone (the order's day, a refund's day) and
 * payment method, currency, product, or tax region and rate. `report_rollups` says which time
 * zone they were summed in (null: not yet; the first report sums them from the orders, which is
 * the back-fill of the orders placed before); `orders.in_rollups` whether an order's money is in them.
 */
export function refundTaxesAndRollupsMigration() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("refund_tax_lines")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("refund_id", "text", (c) => c.notNull().references("order_refunds.id").onDelete("cascade"))
        .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        // null: a free amount (or the rounding the last refund takes back).
        .addColumn("part", "text")
        .addColumn("rate_milli", "integer", (c) => c.notNull())
        .addColumn("base", "integer", (c) => c.notNull())
        .addColumn("amount", "integer", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("refund_tax_lines_order_idx").on("refund_tax_lines").column("order_id").execute();
      await db.schema.createIndex("refund_tax_lines_refund_idx").on("refund_tax_lines").column("refund_id").execute();

      await db.schema
        .alterTable("orders")
        .addColumn("in_rollups", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable("report_rollups")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("time_zone", "text")
        .addColumn("built_at", "text")
        .execute();
      await db.insertInto("report_rollups").values({ id: "reports", time_zone: null, built_at: null }).execute();

      const money = ["orders", "units", "gross", "discounts", "shipping", "tax", "total", "refunds", "refunded_tax", "net_ex_tax", "sales", "sales_in_base"];
      let sales = db.schema
        .createTable("sales_rollups")
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("payment_method", "text", (c) => c.notNull())
        .addColumn("currency", "text", (c) => c.notNull());
      for (const column of money) sales = sales.addColumn(column, "bigint", (c) => c.notNull().defaultTo(0));
      await sales.addPrimaryKeyConstraint("sales_rollups_pk", ["day", "payment_method", "currency"]).execute();

      await db.schema
        .createTable("product_rollups")
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("product_id", "text", (c) => c.notNull())
        .addColumn("units", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("gross", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("sales", "bigint", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("product_rollups_pk", ["day", "product_id"])
        .execute();

      let tax = db.schema
        .createTable("tax_rollups")
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("country", "text", (c) => c.notNull())
        // '' for a whole country.
        .addColumn("region", "text", (c) => c.notNull())
        .addColumn("rate_milli", "integer", (c) => c.notNull())
        .addColumn("reverse_charge", "integer", (c) => c.notNull())
        .addColumn("currency", "text", (c) => c.notNull());
      for (const column of ["base", "tax", "refunded_base", "refunded_tax", "tax_in_base", "refunded_tax_in_base"])
        tax = tax.addColumn(column, "bigint", (c) => c.notNull().defaultTo(0));
      await tax.addPrimaryKeyConstraint("tax_rollups_pk", ["day", "country", "region", "rate_milli", "reverse_charge", "currency"]).execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ["tax_rollups", "product_rollups", "sales_rollups", "report_rollups", "refund_tax_lines"]) await db.schema.dropTable(table).execute();
      await db.schema.alterTable("orders").dropColumn("in_rollups").execute();
    },
  };
}
