import type { Kysely } from "kysely";

/**
 * A product's published reviews in two figures on the product row, so that cards, the listing's
 * sort by rating and its "4 stars and up" filter read no other table: `rating_tenths` is the
 * average of the stars in tenths, rounded as shown (43: "4.3"; 0 without reviews), `rating_count`
 * the number of published reviews. The reviews module keeps them in the transaction of every
 * write that publishes, hides or removes a review. The index serves the sort by rating.
 */
export function productRatingsMigration() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("products")
        .addColumn("rating_tenths", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable("products")
        .addColumn("rating_count", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("products_rating_idx").on("products").columns(["status", "rating_tenths", "rating_count"]).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("products_rating_idx").execute();
      await db.schema.alterTable("products").dropColumn("rating_count").execute();
      await db.schema.alterTable("products").dropColumn("rating_tenths").execute();
    },
  };
}
