import type { Kysely } from "kysely";
import { insertRows } from "../db/chunks";
import { nowIso } from "../db/database";
import type { Database } from "../db/schema";
import { newId } from "./ids";

/** The tables of messages shown once to a shopper (migration 0010): each owned by its module. */
export type NoticeTable = "cart_notices" | "wishlist_notices";

/**
 * Leaves each owner the message for the product they held, in the caller's transaction: the
 * one way the cart and the wishlist tell their owners a product was withdrawn from sale.
 */
export async function postNotices(k: Kysely<Database>, table: NoticeTable, held: ReadonlyArray<{ owner: string; message: string }>): Promise<void> {
  const now = nowIso();
  const rows = held.map((h) => ({ id: newId(), owner: h.owner, message: h.message, created_at: now }));
  await insertRows(rows, (chunk) => k.insertInto(table).values(chunk).execute());
}

/** The owner's notices, oldest first, removed as they are read (each is shown once). */
export async function takeNotices(k: Kysely<Database>, table: NoticeTable, owner: string): Promise<string[]> {
  const rows = await k.selectFrom(table).select(["id", "message"]).where("owner", "=", owner).orderBy("created_at").orderBy("id").execute();
  if (rows.length === 0) return [];
  await k
    .deleteFrom(table)
    .where(
      "id",
      "in",
      rows.map((r) => r.id),
    )
    .execute();
  return rows.map((r) => r.message);
}
