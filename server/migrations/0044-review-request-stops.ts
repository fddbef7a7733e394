import type { Kysely } from "kysely";
import type { Dialect } from "../db/database";

/**
 * Addresses that asked the shop never to mail them a review request again (the link under every
 * request and its one-click unsubscribe), lower case; the reviews module owns the table and the
 * review-request flow skips them.
 */
export function reviewRequestStopsMigration(dialect: Dialect) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("review_request_stops")
        .addColumn("email", "text", (c) => c.primaryKey())
        .addColumn("created_at", ts, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("review_request_stops").execute();
    },
  };
}
