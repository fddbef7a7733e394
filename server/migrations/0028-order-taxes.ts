import type { Kysely } from "kysely";

/**
 * The tax of an order as it was charged, so that a later change of rates never changes a placed
 * order. `orders`: the tax in all, whether its prices included it, the business buyer's company and
 * VAT number, whether it was a reverse-charge order, and the tax region its rates came from (null:
 * no region covered the address) with the name its receipt gives the tax. `order_tax_lines`: the
 * tax of each order line and of shipping (`order_line_id` null): class, rate in thousandths of a
 * percent, taxable base and tax, minor units; the receipt's lines per rate are their sums.
 */
export function orderTaxesMigration() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("orders")
        .addColumn("tax_total", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable("orders")
        .addColumn("prices_include_tax", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("orders").addColumn("company", "text").execute();
      await db.schema.alterTable("orders").addColumn("vat_number", "text").execute();
      await db.schema
        .alterTable("orders")
        .addColumn("reverse_charge", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("orders").addColumn("tax_country", "text").execute();
      await db.schema.alterTable("orders").addColumn("tax_region", "text").execute();
      await db.schema.alterTable("orders").addColumn("tax_name", "text").execute();

      await db.schema
        .createTable("order_tax_lines")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        // null: the order's shipping.
        .addColumn("order_line_id", "text", (c) => c.references("order_lines.id").onDelete("cascade"))
        .addColumn("tax_class", "text", (c) => c.notNull())
        .addColumn("rate_milli", "integer", (c) => c.notNull())
        .addColumn("base", "integer", (c) => c.notNull())
        .addColumn("amount", "integer", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("order_tax_lines_order_idx").on("order_tax_lines").column("order_id").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("order_tax_lines").execute();
      for (const column of ["tax_name", "tax_region", "tax_country", "reverse_charge", "vat_number", "company", "prices_include_tax", "tax_total"]) {
        await db.schema.alterTable("orders").dropColumn(column).execute();
      }
    },
  };
}
