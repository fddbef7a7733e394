import { type Kysely, sql } from "kysely";
import type { Dialect } from "../db/database";

/**
 * Guests review through a signed link (server/modules/reviews). A guest's review has no account:
 * `reviews.user_id` may be null and `guest_email` names the buyer instead (lower case), one review
 * per product and address (a unique pair; an account's reviews keep theirs, `guest_email` null).
 * `review_requests`: the orders whose buyer was mailed the links, one row per order, written in
 * the transaction that stores the mail, so the mail goes once whatever the retries and instances.
 * An index of order events by status and time lets the daily look find the orders delivered on a
 * given day without reading them all.
 *
 * SQLite cannot drop a NOT NULL in place: the table is rebuilt from its own definition (whatever
 * columns it has by now), with foreign keys off while it is, so the votes and anything else that
 * refers to a review stay as they are (SQLite's documented twelve steps). SQLite migrations run
 * outside a transaction, which is what lets the foreign keys be switched off.
 */
export function guestReviewsMigration(dialect: Dialect) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      if (dialect === "postgres") {
        await sql`alter table reviews alter column user_id drop not null`.execute(db);
        await db.schema.alterTable("reviews").addColumn("guest_email", "text").execute();
      } else {
        await db.schema.alterTable("reviews").addColumn("guest_email", "text").execute();
        await rebuildSqliteWithoutNotNull(db, "reviews", "user_id");
      }
      await db.schema.createIndex("reviews_product_guest").on("reviews").columns(["product_id", "guest_email"]).unique().execute();
      await db.schema
        .createTable("review_requests")
        .addColumn("order_id", "text", (c) => c.primaryKey().references("orders.id").onDelete("cascade"))
        .addColumn("sent_at", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("order_events_status_time").on("order_events").columns(["status", "created_at"]).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("order_events_status_time").execute();
      await db.schema.dropTable("review_requests").execute();
      await db.deleteFrom("reviews").where("user_id", "is", null).execute();
      await db.schema.dropIndex("reviews_product_guest").execute();
      await db.schema.alterTable("reviews").dropColumn("guest_email").execute();
      if (dialect === "postgres") await sql`alter table reviews alter column user_id set not null`.execute(db);
    },
  };
}

/** Rebuilds a SQLite table from its stored definition with `column`'s NOT NULL removed, keeping its rows and indexes. */
async function rebuildSqliteWithoutNotNull(db: Kysely<any>, table: string, column: string): Promise<void> {
  const found = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const definition = found.rows[0]?.sql;
  if (!definition) throw new Error(`No table ${table}`);
  const pattern = new RegExp(`("${column}"\\s+text)\\s+not\\s+null`, "i");
  if (!pattern.test(definition)) throw new Error(`${table}.${column} is not a NOT NULL text column`);
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db);
  const temporary = `${table}_rebuilt`;
  const created = definition.replace(pattern, "$1").replace(new RegExp(`^CREATE TABLE\\s+"?${table}"?`, "i"), `CREATE TABLE "${temporary}"`);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(created).execute(trx);
      await sql.raw(`insert into "${temporary}" select * from "${table}"`).execute(trx);
      await sql.raw(`drop table "${table}"`).execute(trx);
      await sql.raw(`alter table "${temporary}" rename to "${table}"`).execute(trx);
      for (const index of indexes.rows) await sql.raw(index.sql).execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length) throw new Error(`Rebuilding ${table} broke ${broken.rows.length} foreign keys`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
