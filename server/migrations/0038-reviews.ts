import type { Kysely } from "kysely";
import type { Dialect } from "../db/database";

/**
 * Product reviews (server/modules/reviews). One review per product and account (unique pair), tied
 * to the delivered order line that made its author a buyer; `status` is pending, published or
 * hidden; the shop's public reply sits on the review. `author_name` is the author's first name and
 * initial, taken when they write, so the product page's list is one query of this table.
 * `review_votes`: one "helpful" per review and voter (`user:<id>` or `visitor:<id>`), counted in
 * `reviews.helpful_count`. Both go with their product; a review goes with its author's account.
 * The product page reads published reviews of one product by date, helpful count or rating.
 */
export function reviewsMigration(dialect: Dialect) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("reviews")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("order_line_id", "text", (c) => c.notNull())
        .addColumn("author_name", "text", (c) => c.notNull())
        .addColumn("rating", "integer", (c) => c.notNull())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("text", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("held_for", "text")
        .addColumn("reply", "text")
        .addColumn("replied_at", ts)
        .addColumn("replied_by", "text")
        .addColumn("helpful_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", ts, (c) => c.notNull())
        .addColumn("updated_at", ts, (c) => c.notNull())
        .addUniqueConstraint("reviews_product_user", ["product_id", "user_id"])
        .execute();
      for (const [name, columns] of [
        ["reviews_product_newest", ["product_id", "status", "created_at", "id"]],
        ["reviews_product_helpful", ["product_id", "status", "helpful_count", "created_at"]],
        ["reviews_product_rating", ["product_id", "status", "rating", "created_at"]],
        ["reviews_queue", ["status", "created_at"]],
        ["reviews_user", ["user_id"]],
      ] as const) {
        await db.schema
          .createIndex(name)
          .on("reviews")
          .columns([...columns])
          .execute();
      }
      await db.schema
        .createTable("review_votes")
        .addColumn("review_id", "text", (c) => c.notNull().references("reviews.id").onDelete("cascade"))
        .addColumn("voter", "text", (c) => c.notNull())
        .addColumn("created_at", ts, (c) => c.notNull())
        .addPrimaryKeyConstraint("review_votes_pk", ["review_id", "voter"])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("review_votes").execute();
      await db.schema.dropTable("reviews").execute();
    },
  };
}
