import type { Kysely } from "kysely";

/**
 * The language a shopper reads the shop in, kept where their mails are written from: an order
 * mails its customer in the language it was placed in, an account gets its mails (sign-in links,
 * password resets) in its own, and a contact message is answered in the language it was written
 * in. Everything from before speaks English, the default.
 */
export function languagesMigration() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("orders")
        .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
        .execute();
      await db.schema
        .alterTable("users")
        .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
        .execute();
      await db.schema
        .alterTable("contact_messages")
        .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("contact_messages").dropColumn("language").execute();
      await db.schema.alterTable("users").dropColumn("language").execute();
      await db.schema.alterTable("orders").dropColumn("language").execute();
    },
  };
}
