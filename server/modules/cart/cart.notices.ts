import type { Kysely } from "kysely";
import { nowIso } from "../../db/database";
import type { Database } from "../../db/schema";
import { newId } from "../../lib/ids";

// Messages for a cart's owner that the cart shows once (migration 0010): a product withdrawn from
// sale (archived or deleted by the shop) leaves every cart, and whoever held it is told.

type Executor = Kysely<Database>;

/** The message a shopper reads when a product they held was withdrawn. */
export const withdrawnFromCart = (name: string) => `“${name}” is no longer available and was removed from your cart.`;

const CHUNK = 400;

/**
 * Removes every cart line of these products, in the caller's transaction, and leaves each cart's
 * owner one notice per product they held.
 */
export async function withdrawFromCarts(trx: Executor, products: Array<{ id: string; name: string }>): Promise<void> {
  const names = new Map(products.map((p) => [p.id, p.name]));
  const ids = [...names.keys()];
  const now = nowIso();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const held = await trx
      .selectFrom("cart_lines as l")
      .innerJoin("carts as c", "c.id", "l.cart_id")
      .select(["c.owner", "l.product_id"])
      .where("l.product_id", "in", chunk)
      .groupBy(["c.owner", "l.product_id"])
      .execute();
    if (held.length === 0) continue;
    for (let j = 0; j < held.length; j += CHUNK) {
      await trx
        .insertInto("cart_notices")
        .values(held.slice(j, j + CHUNK).map((h) => ({ id: newId(), owner: h.owner, message: withdrawnFromCart(names.get(h.product_id)!), created_at: now })))
        .execute();
    }
    await trx.deleteFrom("cart_lines").where("product_id", "in", chunk).execute();
  }
}

/** The owner's notices, oldest first, removed as they are read (each is shown once). */
export async function takeCartNotices(k: Executor, owner: string): Promise<string[]> {
  const rows = await k.selectFrom("cart_notices").select(["id", "message"]).where("owner", "=", owner).orderBy("created_at").orderBy("id").execute();
  if (rows.length === 0) return [];
  await k
    .deleteFrom("cart_notices")
    .where(
      "id",
      "in",
      rows.map((r) => r.id),
    )
    .execute();
  return rows.map((r) => r.message);
}
