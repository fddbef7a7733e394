import { type Kysely, sql } from "kysely";
import type { Dialect } from "../db/database";

/**
 * A sale writes less (place order on PostgreSQL).
 *
 * - **The products' stock index goes.** Every order takes its units with an UPDATE of the
 *   product's stock. With an index on `stock`, PostgreSQL cannot make that a heap-only (HOT)
 *   update: it writes a new entry into each of the product's 15 indexes at every sale, and the
 *   index pages fill with dead entries until vacuum comes. Without it the update touches the
 *   heap page only. The index served the admin list's stock sort and stock filters, which now
 *   read the table, at a cost near that of the list's total count. An admin's sort is rare;
 *   sales are not. SQLite
 *   loses it too (every stock change updated that index there as well), so both engines keep
 *   one schema.
 * - **The rate-limit counters are unlogged (PostgreSQL).** Every order counts five keys and
 *   every sign-in, mail and contact message one or two. Their rows are counts of the last
 *   minutes to a day, worth nothing after a crash: an unlogged table writes no WAL for them, so
 *   a count commits without waiting for a disk flush. After a crash PostgreSQL empties the
 *   table (every window starts again, every lease is free), and a standby does not have it.
 */
export function saleWritesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.dropIndex("products_admin_stock_idx").ifExists().execute();
      if (dialect === "postgres") await sql`ALTER TABLE rate_limits SET UNLOGGED`.execute(db);
    },
    async down(db: Kysely<any>) {
      if (dialect === "postgres") await sql`ALTER TABLE rate_limits SET LOGGED`.execute(db);
      await db.schema.createIndex("products_admin_stock_idx").on("products").column("stock").execute();
    },
  };
}
