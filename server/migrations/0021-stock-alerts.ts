import type { Kysely } from "kysely";
import type { Dialect } from "../db/database";

/**
 * The shop's stock alerts keep when each was last mailed (`stock_alerts`, one row per kind of
 * alert): the low-stock mail goes at most once a day, and a conditional update of this row decides
 * which of several instances sends it.
 */
export function stockAlertsMigration(dialect: Dialect) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("stock_alerts")
        .addColumn("kind", "text", (c) => c.primaryKey())
        .addColumn("last_sent_at", ts, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("stock_alerts").execute();
    },
  };
}
