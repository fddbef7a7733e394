import type { Kysely } from "kysely";

/**
 * An order line's product name in the language the order was placed in, where it differs from
 * the default language's (`name`, which the shop's own screens and documents keep): what the
 * shopper's confirmation, mails and "my orders" show.
 */
export function orderLineNamesMigration() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("order_lines").addColumn("shopper_name", "text").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("order_lines").dropColumn("shopper_name").execute();
    },
  };
}
