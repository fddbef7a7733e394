import type { Kysely } from "kysely";
import type { Dialect } from "../db/database";

/**
 * Staff and the audit log. Accounts get a `permissions` list (comma-separated, see
 * common/auth/permissions.ts) for the `staff` role; `audit_log` keeps one row per admin write,
 * appended in the write's own transaction, read by entity, by actor and by time.
 */
export function staffAndAuditMigration(dialect: Dialect) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("users").addColumn("permissions", "text").execute();
      await db.schema
        .createTable("audit_log")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("at", ts, (c) => c.notNull())
        // No foreign key: the trail outlives the account (actor_email keeps who it was).
        .addColumn("actor_id", "text")
        .addColumn("actor_email", "text", (c) => c.notNull())
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("entity_type", "text", (c) => c.notNull())
        .addColumn("entity_id", "text", (c) => c.notNull())
        .addColumn("changes", "text")
        .addColumn("request_id", "text")
        .execute();
      await db.schema.createIndex("audit_log_entity_idx").on("audit_log").columns(["entity_type", "entity_id", "at"]).execute();
      await db.schema.createIndex("audit_log_actor_idx").on("audit_log").columns(["actor_id", "at"]).execute();
      await db.schema.createIndex("audit_log_at_idx").on("audit_log").column("at").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("audit_log").execute();
      await db.schema.alterTable("users").dropColumn("permissions").execute();
    },
  };
}
