import type { Kysely } from "kysely";
import type { Dialect } from "../db/database";

/**
 * Cart reminders (server/modules/reminders). `cart_reminder_contacts`: per cart owner (`user:<id>`
 * or `visitor:<id>`) the address a reminder goes to, the language and currency of the shopper's
 * pages when they gave it, and whether they agree (`consent` 1) or withdrew it (0); a guest is
 * reminded only with a row saying 1, an account unless its row says 0. `cart_reminders`: one row
 * per reminder sent, claimed by its unique (cart, the cart's last activity, first or second), with
 * the cart's lines as they were (the restore link rebuilds them), when it was restored and by
 * whom, and the order that followed (its total in the base currency) or what closed it.
 */
export function cartRemindersMigration(dialect: Dialect) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("cart_reminder_contacts")
        .addColumn("owner", "text", (c) => c.primaryKey())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("language", "text", (c) => c.notNull())
        .addColumn("currency", "text")
        .addColumn("consent", "integer", (c) => c.notNull())
        .addColumn("updated_at", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("cart_reminder_contacts_email").on("cart_reminder_contacts").column("email").execute();
      await db.schema
        .createTable("cart_reminders")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("cart_id", "text", (c) => c.notNull())
        .addColumn("owner", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("sequence", "integer", (c) => c.notNull())
        .addColumn("activity_at", ts, (c) => c.notNull())
        .addColumn("lines", "text", (c) => c.notNull())
        .addColumn("language", "text", (c) => c.notNull())
        .addColumn("currency", "text")
        .addColumn("created_at", ts, (c) => c.notNull())
        .addColumn("mailed_at", ts)
        .addColumn("restored_at", ts)
        .addColumn("restored_by", "text")
        .addColumn("closed_at", ts)
        .addColumn("order_id", "text")
        .addColumn("order_total_base", "integer")
        .addColumn("ordered_at", ts)
        .addUniqueConstraint("cart_reminders_claim", ["cart_id", "activity_at", "sequence"])
        .execute();
      for (const [name, columns] of [
        ["cart_reminders_cart", ["cart_id", "closed_at"]],
        ["cart_reminders_created", ["created_at"]],
        ["cart_reminders_owner", ["owner"]],
        ["cart_reminders_email", ["email"]],
        ["cart_reminders_restored_by", ["restored_by"]],
      ] as const) {
        await db.schema
          .createIndex(name)
          .on("cart_reminders")
          .columns([...columns])
          .execute();
      }
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("cart_reminders").execute();
      await db.schema.dropTable("cart_reminder_contacts").execute();
    },
  };
}
