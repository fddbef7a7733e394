import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import type { Database, GiftCardLedgerTable, GiftCardTable } from "../../db/schema";

// The statements of the gift cards and their ledger, on the caller's executor (the database or the
// transaction of the write they belong to, an order's among them).

export type Executor = Kysely<Database> | Transaction<Database>;
export type GiftCardRow = Selectable<GiftCardTable>;
export type LedgerRow = Selectable<GiftCardLedgerTable>;

/** Every card, newest first. */
export function listCardRows(k: Executor): Promise<GiftCardRow[]> {
  return k.selectFrom("gift_cards").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").execute();
}

export function getCardRow(k: Executor, id: string): Promise<GiftCardRow | undefined> {
  return k.selectFrom("gift_cards").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The cards with these ids (those that exist), in no particular order. */
export function listCardRowsById(k: Executor, ids: readonly string[]): Promise<GiftCardRow[]> {
  return k
    .selectFrom("gift_cards")
    .selectAll()
    .where("id", "in", [...ids])
    .execute();
}

/** The card whose code has this hash, if any. */
export function findCardByHash(k: Executor, codeHash: string): Promise<GiftCardRow | undefined> {
  return k.selectFrom("gift_cards").selectAll().where("code_hash", "=", codeHash).executeTakeFirst();
}

export async function insertCard(k: Executor, row: Insertable<GiftCardTable>): Promise<void> {
  await k.insertInto("gift_cards").values(row).execute();
}

export async function insertLedgerRow(k: Executor, row: Insertable<GiftCardLedgerTable>): Promise<void> {
  await k.insertInto("gift_card_ledger").values(row).execute();
}

/** A card's ledger, oldest first (the order its balance moved in). */
export function listLedgerRows(k: Executor, cardId: string): Promise<LedgerRow[]> {
  return k.selectFrom("gift_card_ledger").selectAll().where("card_id", "=", cardId).orderBy("created_at", "asc").orderBy("id", "asc").execute();
}

/** Switches a card on or off; the balance it has then, or undefined when there is no such card. */
export async function setCardActive(k: Executor, id: string, active: boolean, at: string): Promise<number | undefined> {
  const row = await k
    .updateTable("gift_cards")
    .set({ active: active ? 1 : 0, updated_at: at })
    .where("id", "=", id)
    .returning("balance")
    .executeTakeFirst();
  return row?.balance;
}

/**
 * Takes `amount` off a card's balance only while the card still has it, is on and has not expired
 * at `at`: one conditional statement, so of two orders spending the same balance at once the
 * second finds it gone. The balance after, or undefined when nothing was taken.
 */
export async function takeFromBalance(k: Executor, id: string, amount: number, at: string): Promise<number | undefined> {
  const row = await k
    .updateTable("gift_cards")
    .set((eb) => ({ balance: eb("balance", "-", amount), updated_at: at }))
    .where("id", "=", id)
    .where("balance", ">=", amount)
    .where("active", "=", 1)
    .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", at)]))
    .returning("balance")
    .executeTakeFirst();
  return row?.balance;
}

/** Adds `amount` back to a card's balance (an order's spending returned); the balance after. */
export async function addToBalance(k: Executor, id: string, amount: number, at: string): Promise<number> {
  const row = await k
    .updateTable("gift_cards")
    .set((eb) => ({ balance: eb("balance", "+", amount), updated_at: at }))
    .where("id", "=", id)
    .returning("balance")
    .executeTakeFirstOrThrow();
  return row.balance;
}

/**
 * What an order took from each card and gave back to it (both as positive minor units), with the
 * card's expiry. With `lock` (PostgreSQL), the cards' rows are locked first, so two give-backs of
 * one order cannot both return the same amount.
 */
export async function orderMoves(
  k: Executor,
  orderId: string,
  lock: boolean,
): Promise<Array<{ cardId: string; expiresAt: Date | string | null; spent: number; returned: number }>> {
  const rows = await k
    .selectFrom("gift_card_ledger as l")
    .innerJoin("gift_cards as c", "c.id", "l.card_id")
    .select(["l.card_id", "l.kind", "l.amount", "c.expires_at"])
    .where("l.order_id", "=", orderId)
    .where("l.kind", "in", ["redeem", "refund"])
    .orderBy("l.card_id")
    .execute();
  const cardIds = [...new Set(rows.map((r) => r.card_id))];
  if (lock && cardIds.length) {
    await k.selectFrom("gift_cards").select("id").where("id", "in", cardIds).orderBy("id").forUpdate().execute();
    // Read again after the locks: a give-back that committed meanwhile is now seen.
    return orderMoves(k, orderId, false);
  }
  const byCard = new Map<string, { cardId: string; expiresAt: Date | string | null; spent: number; returned: number }>();
  for (const r of rows) {
    const entry = byCard.get(r.card_id) ?? { cardId: r.card_id, expiresAt: r.expires_at, spent: 0, returned: 0 };
    if (r.kind === "redeem") entry.spent += -r.amount;
    else entry.returned += r.amount;
    byCard.set(r.card_id, entry);
  }
  return [...byCard.values()];
}
