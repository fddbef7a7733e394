import { type Kysely, sql } from "kysely";
import type { Dialect } from "../db/database";

/**
 * The background jobs (server/modules/jobs): one row a job, taken by a worker of any instance with
 * a conditional update and a lease (`locked_until`), so a job whose worker died is taken again
 * once its lease runs out. `key` makes an enqueue idempotent while the job with that key is kept,
 * and a scheduled job's key names its slot, so each slot runs once across all instances. Failed jobs stay (`failed`) until an operator retries or discards them.
 */
export function jobsMigration(dialect: Dialect) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("jobs")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("payload", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("key", "text")
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("max_attempts", "integer", (c) => c.notNull())
        .addColumn("run_at", ts, (c) => c.notNull())
        .addColumn("locked_until", ts)
        .addColumn("last_error", "text")
        .addColumn("created_at", ts, (c) => c.notNull())
        .addColumn("updated_at", ts, (c) => c.notNull())
        .execute();
      // What a worker asks for: the next job due (queued, or active past its lease).
      await db.schema.createIndex("jobs_due").on("jobs").columns(["state", "run_at"]).execute();
      // One job per key while the job is kept (done jobs go after a while; a discarded one at once).
      await sql`CREATE UNIQUE INDEX jobs_key ON jobs (key) WHERE key IS NOT NULL`.execute(db);
      await db.schema.createIndex("jobs_state_updated").on("jobs").columns(["state", "updated_at"]).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("jobs").execute();
    },
  };
}
