import { type Kysely, sql } from "kysely";
import type { Dialect } from "../db/database";

/**
 * The customer list's "last sign-in": better-auth deletes a session at sign-out and
 * expiry, so the sessions cannot tell when someone last signed in. Each new session now stamps
 * `users.last_sign_in_at` (server/auth/auth.ts); accounts start from their newest live session.
 */
export function customerLastSignInMigration(dialect: Dialect) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("users").addColumn("last_sign_in_at", ts).execute();
      await sql`update users set last_sign_in_at = (select max(s.created_at) from sessions s where s.user_id = users.id)`.execute(db);
      await db.schema.createIndex("users_last_sign_in_idx").on("users").column("last_sign_in_at").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("users_last_sign_in_idx").execute();
      await db.schema.alterTable("users").dropColumn("last_sign_in_at").execute();
    },
  };
}
