import type { Kysely } from "kysely";

/**
 * Price lists: a product's price fixed in a presentment currency (minor units of that currency),
 * which wins over converting its base price (common/currency.ts priceInMarket).
 */
export function productPricesMigration() {
  return {
    async up(db: Kysely<any>) {
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
    },
  };
}
