import { type Kysely, sql } from "kysely";

/**
 * The SQL of a contact's keys as the open-order cap compares them (server/modules/orders/
 * order-limits.ts uses these same expressions, so the indexes below serve its query): the e-mail
 * in lower case, the phone without the punctuation the checkout allows (orders.schema.ts).
 */
export const CONTACT_EMAIL_KEY_SQL = "lower(contact_email)";
export const CONTACT_PHONE_KEY_SQL =
  "replace(replace(replace(replace(replace(replace(replace(contact_phone, ' ', ''), '(', ''), ')', ''), '.', ''), '-', ''), '/', ''), '+', '')";

/**
 * Indexes for the open-order cap: placing an order counts the contact's pending orders by e-mail
 * or phone. Until the admin moves orders on, every order stays pending, so without these each
 * placement would scan all of them; with them it reads the contact's own orders only.
 */
export function openOrdersByContactMigration() {
  return {
    async up(db: Kysely<any>) {
      await sql`CREATE INDEX orders_contact_email_idx ON orders (${sql.raw(CONTACT_EMAIL_KEY_SQL)})`.execute(db);
      await sql`CREATE INDEX orders_contact_phone_idx ON orders (${sql.raw(CONTACT_PHONE_KEY_SQL)})`.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("orders_contact_phone_idx").execute();
      await db.schema.dropIndex("orders_contact_email_idx").execute();
    },
  };
}
