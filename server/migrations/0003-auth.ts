import type { Kysely } from "kysely";
import type { Dialect } from "../db/database";

/**
 * Customer accounts for better-auth (server/auth/auth.ts maps its models and fields onto these
 * snake_case names): users with the admin plugin's role and ban columns, sessions, linked
 * accounts (password or provider), verification tokens, and the fixed-window counters of the
 * sign-in rate limits. Booleans are integers on SQLite and timestamps ISO text, as better-auth's
 * Kysely adapter writes them; PostgreSQL gets boolean and timestamptz.
 */
export function authMigration(dialect: Dialect) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  const bool = dialect === "postgres" ? "boolean" : "integer";
  const no = dialect === "postgres" ? false : 0;
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("users")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("email_verified", bool, (c) => c.notNull().defaultTo(no))
        .addColumn("image", "text")
        .addColumn("role", "text", (c) => c.defaultTo("customer"))
        .addColumn("banned", bool, (c) => c.defaultTo(no))
        .addColumn("ban_reason", "text")
        .addColumn("ban_expires", ts)
        .addColumn("created_at", ts, (c) => c.notNull())
        .addColumn("updated_at", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("users_created_idx").on("users").column("created_at").execute();

      await db.schema
        .createTable("sessions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("token", "text", (c) => c.notNull().unique())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("expires_at", ts, (c) => c.notNull())
        .addColumn("ip_address", "text")
        .addColumn("user_agent", "text")
        .addColumn("impersonated_by", "text")
        .addColumn("created_at", ts, (c) => c.notNull())
        .addColumn("updated_at", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();

      await db.schema
        .createTable("accounts")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("provider_id", "text", (c) => c.notNull())
        .addColumn("account_id", "text", (c) => c.notNull())
        .addColumn("password", "text")
        .addColumn("access_token", "text")
        .addColumn("refresh_token", "text")
        .addColumn("id_token", "text")
        .addColumn("access_token_expires_at", ts)
        .addColumn("refresh_token_expires_at", ts)
        .addColumn("scope", "text")
        .addColumn("created_at", ts, (c) => c.notNull())
        .addColumn("updated_at", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("accounts_user_idx").on("accounts").column("user_id").execute();
      // One local link per provider identity: a second row would let two users share it.
      await db.schema.createIndex("accounts_provider_account_idx").on("accounts").columns(["provider_id", "account_id"]).unique().execute();

      await db.schema
        .createTable("verifications")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("identifier", "text", (c) => c.notNull())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("expires_at", ts, (c) => c.notNull())
        .addColumn("created_at", ts, (c) => c.notNull())
        .addColumn("updated_at", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("verifications_identifier_idx").on("verifications").column("identifier").execute();

      await db.schema
        .createTable("rate_limits")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("count", "integer", (c) => c.notNull())
        // Milliseconds since the epoch: compared arithmetically by both engines.
        .addColumn("window_start", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("rate_limits_window_idx").on("rate_limits").column("window_start").execute();
    },
  };
}
