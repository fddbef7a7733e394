import { sql } from "kysely";
import type { Db } from "../db/database";
import { nowIso, toIso } from "../db/database";
import { newId } from "../lib/ids";
import { ensureCartId } from "../modules/cart/cart.repo";

/**
 * Moves an anonymous browser's cart and wishlist into the account it signed in to, in one
 * transaction: quantities add up per (product, variant) line, capped at the stock; the wishlist
 * becomes the union of both; the visitor's cart and wishlist are removed. It runs on every
 * signed-in request that still carries a visitor cookie, so the common case (nothing to merge)
 * is a single indexed query. Returns whether anything was merged.
 */
export async function mergeVisitorIntoUser(db: Db, visitorId: string, userId: string): Promise<boolean> {
  const from = `visitor:${visitorId}`;
  const to = `user:${userId}`;
  const k = db.kysely;

  const pending = await k
    .selectNoFrom((eb) => [
      eb.selectFrom("carts").select("id").where("owner", "=", from).limit(1).as("cart_id"),
      eb.exists(eb.selectFrom("wishlist_items").select("product_id").where("owner", "=", from)).as("has_wishes"),
    ])
    .executeTakeFirst();
  const visitorCartId = (pending?.cart_id as string | null | undefined) ?? null;
  const hasWishes = Boolean(pending?.has_wishes);
  if (!visitorCartId && !hasWishes) return false;

  await k.transaction().execute(async (trx) => {
    if (visitorCartId) {
      // Claim the visitor's cart first: a concurrent merge of the same cart waits here and then
      // finds it gone (PostgreSQL re-checks the row after the winner commits), so lines move once.
      const claimed = await trx.updateTable("carts").set({ updated_at: nowIso() }).where("id", "=", visitorCartId).where("owner", "=", from).executeTakeFirst();
      if (Number(claimed.numUpdatedRows) > 0) {
        const visitorLines = await trx
          .selectFrom("cart_lines as l")
          .innerJoin("products as p", "p.id", "l.product_id")
          .leftJoin("product_variants as v", (join) => join.onRef("v.id", "=", "l.variant_id").onRef("v.product_id", "=", "l.product_id"))
          .where("l.cart_id", "=", visitorCartId)
          .select(["l.product_id", "l.variant_id", "l.quantity", "l.created_at", "p.stock as product_stock", "v.stock as variant_stock"])
          .execute();
        if (visitorLines.length) {
          const userCartId = await ensureCartId(trx, to);
          const userLines = await trx.selectFrom("cart_lines").select(["id", "product_id", "variant_id", "quantity"]).where("cart_id", "=", userCartId).execute();
          const byItem = new Map(userLines.map((l) => [`${l.product_id}\u0000${l.variant_id}`, l]));
          const now = nowIso();
          for (const line of visitorLines) {
            const stock = line.variant_id !== "" ? (line.variant_stock ?? 0) : line.product_stock;
            const mine = byItem.get(`${line.product_id}\u0000${line.variant_id}`);
            if (mine) {
              // Never lower what the account already had; add up to the stock.
              const merged = Math.max(mine.quantity, Math.min(mine.quantity + line.quantity, stock));
              if (merged !== mine.quantity) await trx.updateTable("cart_lines").set({ quantity: merged, updated_at: now }).where("id", "=", mine.id).execute();
            } else {
              // A sold-out line stays visible (with its problem) rather than vanishing silently.
              const quantity = Math.max(1, Math.min(line.quantity, stock));
              await trx
                .insertInto("cart_lines")
                .values({ id: newId(), cart_id: userCartId, product_id: line.product_id, variant_id: line.variant_id, quantity, created_at: toIso(line.created_at) ?? now, updated_at: now })
                .execute();
            }
          }
        }
        await trx.deleteFrom("carts").where("id", "=", visitorCartId).execute();
      }
    }
    if (hasWishes) {
      await trx
        .insertInto("wishlist_items")
        .columns(["owner", "product_id", "created_at"])
        .expression((eb) => eb.selectFrom("wishlist_items").select([sql<string>`${to}`.as("owner"), "product_id", "created_at"]).where("owner", "=", from))
        .onConflict((oc) => oc.columns(["owner", "product_id"]).doNothing())
        .execute();
      await trx.deleteFrom("wishlist_items").where("owner", "=", from).execute();
    }
  });
  return true;
}
