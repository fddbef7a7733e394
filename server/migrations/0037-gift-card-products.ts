import type { Kysely } from "kysely";

/**
 * Gift cards sold as products. `products.gift_card` 1: buying the product buys a gift card of its
 * price. An order line keeps whether it was one when sold (`order_lines.gift_card`), so unmarking the
 * product later does not change a placed order. The order keeps whom its cards go to
 * (`gift_card_recipient`, JSON `{email, name, message}`) and, once they are issued, which cards went
 * (`gift_cards_issued`, JSON `[{last4, amount}]`; null: not issued yet, which is what makes the issue
 * happen once).
 */
export function giftCardProductsMigration() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("products")
        .addColumn("gift_card", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable("order_lines")
        .addColumn("gift_card", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("orders").addColumn("gift_card_recipient", "text").execute();
      await db.schema.alterTable("orders").addColumn("gift_cards_issued", "text").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("orders").dropColumn("gift_cards_issued").execute();
      await db.schema.alterTable("orders").dropColumn("gift_card_recipient").execute();
      await db.schema.alterTable("order_lines").dropColumn("gift_card").execute();
      await db.schema.alterTable("products").dropColumn("gift_card").execute();
    },
  };
}
