import { type Kysely, sql } from "kysely";
import type { Dialect } from "../db/database";

/**
 * Contact messages get an inbox: a `status` (new, read, archived, spam; messages already
 * opened, with a `read_at`, become read, the others new) and `contact_message_replies`, the staff's
 * replies mailed to the sender and kept with the message (who replied, when, whether the mail left).
 * The list filters by status newest first, and the sidebar counts the new ones, hence the index.
 */
export function contactMessagesMigration(dialect: Dialect) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("contact_messages")
        .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
        .execute();
      await sql`UPDATE contact_messages SET status = 'read' WHERE read_at IS NOT NULL`.execute(db);
      await db.schema.createIndex("contact_messages_status_idx").on("contact_messages").columns(["status", "created_at"]).execute();
      await db.schema
        .createTable("contact_message_replies")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("message_id", "text", (c) => c.notNull().references("contact_messages.id").onDelete("cascade"))
        .addColumn("text", "text", (c) => c.notNull())
        // No foreign key: a reply outlives its author's account (author_email keeps who it was).
        .addColumn("author_id", "text")
        .addColumn("author_email", "text", (c) => c.notNull())
        .addColumn("created_at", ts, (c) => c.notNull())
        // When the mail left; null when it could not be sent.
        .addColumn("mailed_at", ts)
        .execute();
      await db.schema.createIndex("contact_message_replies_message_idx").on("contact_message_replies").columns(["message_id", "created_at"]).execute();
    },
  };
}
