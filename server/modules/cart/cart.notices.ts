import { chunked } from "../../db/chunks";
import { postNotices, takeNotices } from "../../lib/notices";
import { deleteProductLines, listProductHolders } from "./cart.upkeep.repo";
import type { Executor } from "./cart.types";

// Messages for a cart's owner that the cart shows once (migration 0010): a product withdrawn from
// sale (archived or deleted by the shop) leaves every cart, and whoever held it is told.

/** The message a shopper reads when a product they held was withdrawn. */
export const withdrawnFromCart = (name: string) => `“${name}” is no longer available and was removed from your cart.`;

/**
 * Removes every cart line of these products, in the caller's transaction, and leaves each cart's
 * owner one notice per product they held.
 */
export async function withdrawFromCarts(trx: Executor, products: Array<{ id: string; name: string }>): Promise<void> {
  const names = new Map(products.map((p) => [p.id, p.name]));
  for (const chunk of chunked([...names.keys()])) {
    const held = await listProductHolders(trx, chunk);
    if (held.length === 0) continue;
    await postNotices(
      trx,
      "cart_notices",
      held.map((h) => ({ owner: h.owner, message: withdrawnFromCart(names.get(h.product_id)!) })),
    );
    await deleteProductLines(trx, chunk);
  }
}

/** The owner's notices, oldest first, removed as they are read (each is shown once). */
export const takeCartNotices = (k: Executor, owner: string) => takeNotices(k, "cart_notices", owner);
