import { type Kysely, sql } from "kysely";
import type { Dialect } from "../db/database";

/**
 * Gift cards (server/modules/giftcards). A card keeps only the SHA-256 of its normalised code (the
 * code itself is shown once, when issued) and its last four characters to tell cards apart; money
 * in minor units of the card's own currency. `balance` moves only by a conditional update (never
 * below zero), and every move is a row of `gift_card_ledger` with the balance after it: issue,
 * redeem (negative, with its order), refund (an order's amount given back), adjust, disable and
 * enable (amount 0). `source_order_id`: the order that bought the card, if one did.
 */
export function giftCardsMigration(dialect: Dialect) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("gift_cards")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("code_hash", "text", (c) => c.notNull().unique())
        .addColumn("last4", "text", (c) => c.notNull())
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("initial_amount", "integer", (c) => c.notNull())
        .addColumn("balance", "integer", (c) => c.notNull().check(sql`balance >= 0`))
        .addColumn("expires_at", ts)
        .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("recipient_email", "text")
        .addColumn("note", "text")
        .addColumn("source_order_id", "text")
        .addColumn("created_at", ts, (c) => c.notNull())
        .addColumn("updated_at", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("gift_cards_created").on("gift_cards").columns(["created_at", "id"]).execute();
      await db.schema.createIndex("gift_cards_source_order").on("gift_cards").column("source_order_id").execute();
      await db.schema
        .createTable("gift_card_ledger")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("card_id", "text", (c) => c.notNull().references("gift_cards.id").onDelete("cascade"))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("amount", "integer", (c) => c.notNull())
        .addColumn("order_id", "text")
        .addColumn("balance_after", "integer", (c) => c.notNull())
        .addColumn("actor", "text")
        .addColumn("created_at", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("gift_card_ledger_card").on("gift_card_ledger").columns(["card_id", "created_at"]).execute();
      await db.schema.createIndex("gift_card_ledger_order").on("gift_card_ledger").column("order_id").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("gift_card_ledger").execute();
      await db.schema.dropTable("gift_cards").execute();
    },
  };
}
