import type { Kysely } from "kysely";

/**
 * A product's tax class (one of the tax settings' classes, decision 54): null, as every product
 * starts, takes the settings' default class, so the products from before are taxed as the
 * default says.
 */
export function productTaxClassMigration() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("products").addColumn("tax_class", "text").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("products").dropColumn("tax_class").execute();
    },
  };
}
