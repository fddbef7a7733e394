import type { Kysely } from "kysely";
import type { Dialect } from "../db/database";

/**
 * Presentment currencies. Price lists: a product's price fixed in a currency (minor units of that
 * currency), which wins over converting its base price (common/currency.ts priceInMarket). An
 * order's exchange rate: units of its currency per unit of the base currency when it was placed
 * (1 for the base currency), so that reports bring it back at its own rate.
 */
export function currenciesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("orders")
        .addColumn("exchange_rate", dialect === "postgres" ? "double precision" : "real", (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createTable("product_prices")
        .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("price", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("product_prices_pk", ["product_id", "currency"])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("product_prices").execute();
      await db.schema.alterTable("orders").dropColumn("exchange_rate").execute();
    },
  };
}
