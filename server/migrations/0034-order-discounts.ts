import type { Kysely } from "kysely";

/**
 * Discount codes on a cart and promotions on an order. `carts.discount_codes`: the codes the
 * shopper typed (a JSON list, upper case), kept while they shop even when one stops applying (the
 * cart says why). An order keeps what its promotions took off, in its currency's minor units: in
 * all (`promotion_discount`, lines and shipping), off the shipping (`shipping_discount`), per
 * promotion (`discounts`, JSON `[{promotionId, code, label, amount, shipping}]`) and per line
 * (`order_lines.promotion_discount`), so a refund of one line gives back what was paid for it.
 */
export function orderDiscountsMigration() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("carts")
        .addColumn("discount_codes", "text", (c) => c.notNull().defaultTo("[]"))
        .execute();
      await db.schema
        .alterTable("orders")
        .addColumn("promotion_discount", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable("orders")
        .addColumn("shipping_discount", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable("orders")
        .addColumn("discounts", "text", (c) => c.notNull().defaultTo("[]"))
        .execute();
      await db.schema
        .alterTable("order_lines")
        .addColumn("promotion_discount", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("order_lines").dropColumn("promotion_discount").execute();
      await db.schema.alterTable("orders").dropColumn("discounts").execute();
      await db.schema.alterTable("orders").dropColumn("shipping_discount").execute();
      await db.schema.alterTable("orders").dropColumn("promotion_discount").execute();
      await db.schema.alterTable("carts").dropColumn("discount_codes").execute();
    },
  };
}
