import type { Kysely } from "kysely";

/**
 * Gift cards paying at checkout. `carts.gift_cards`: the ids of the cards the shopper applied (a
 * JSON list, in the order applied; never a code). An order keeps what its cards paid, in its
 * currency's minor units: in all (`gift_card_total`; `total` stays the order's full total, so the
 * sales reports stay gross), per card (`gift_cards`, JSON `[{cardId, last4, amount}]`) and what
 * went back to them since (`gift_card_refunded`, by a cancel or refunds). A refund keeps the part
 * of it that went back to the cards (`order_refunds.gift_card_amount`); the rest went to the payment.
 */
export function giftCardsAtCheckoutMigration() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("carts")
        .addColumn("gift_cards", "text", (c) => c.notNull().defaultTo("[]"))
        .execute();
      await db.schema
        .alterTable("orders")
        .addColumn("gift_card_total", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable("orders")
        .addColumn("gift_card_refunded", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable("orders")
        .addColumn("gift_cards", "text", (c) => c.notNull().defaultTo("[]"))
        .execute();
      await db.schema
        .alterTable("order_refunds")
        .addColumn("gift_card_amount", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("order_refunds").dropColumn("gift_card_amount").execute();
      await db.schema.alterTable("orders").dropColumn("gift_cards").execute();
      await db.schema.alterTable("orders").dropColumn("gift_card_refunded").execute();
      await db.schema.alterTable("orders").dropColumn("gift_card_total").execute();
      await db.schema.alterTable("carts").dropColumn("gift_cards").execute();
    },
  };
}
