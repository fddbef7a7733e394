import type { Kysely } from "kysely";
import { nowIso } from "../../db/database";
import type { Database } from "../../db/schema";
import { newId } from "../../lib/ids";

// Messages for a wishlist's owner that the wishlist shows once (migration 0010): a product
// withdrawn from sale (archived or deleted by the shop) leaves every wishlist, and whoever saved
// it is told.

type Executor = Kysely<Database>;

/** The message a shopper reads when a product they saved was withdrawn. */
export const withdrawnFromWishlist = (name: string) => `“${name}” is no longer available and was removed from your wishlist.`;

const CHUNK = 400;

/**
 * Removes these products from every wishlist, in the caller's transaction, and leaves each
 * wishlist's owner one notice per product they had saved.
 */
export async function withdrawFromWishlists(trx: Executor, products: Array<{ id: string; name: string }>): Promise<void> {
  const names = new Map(products.map((p) => [p.id, p.name]));
  const ids = [...names.keys()];
  const now = nowIso();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const saved = await trx.selectFrom("wishlist_items").select(["owner", "product_id"]).where("product_id", "in", chunk).execute();
    if (saved.length === 0) continue;
    for (let j = 0; j < saved.length; j += CHUNK) {
      await trx
        .insertInto("wishlist_notices")
        .values(saved.slice(j, j + CHUNK).map((s) => ({ id: newId(), owner: s.owner, message: withdrawnFromWishlist(names.get(s.product_id)!), created_at: now })))
        .execute();
    }
    await trx.deleteFrom("wishlist_items").where("product_id", "in", chunk).execute();
  }
}

/** The owner's notices, oldest first, removed as they are read (each is shown once). */
export async function takeWishlistNotices(k: Executor, owner: string): Promise<string[]> {
  const rows = await k.selectFrom("wishlist_notices").select(["id", "message"]).where("owner", "=", owner).orderBy("created_at").orderBy("id").execute();
  if (rows.length === 0) return [];
  await k
    .deleteFrom("wishlist_notices")
    .where(
      "id",
      "in",
      rows.map((r) => r.id),
    )
    .execute();
  return rows.map((r) => r.message);
}
