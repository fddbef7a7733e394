import { chunked } from "../../db/chunks";
import { postNotices, takeNotices } from "../../lib/notices";
import { type Executor, deleteProductItems, listProductSavers } from "./wishlist.repo";

// Messages for a wishlist's owner that the wishlist shows once (migration 0010): a product
// withdrawn from sale (archived or deleted by the shop) leaves every wishlist, and whoever saved
// it is told.

/** The message a shopper reads when a product they saved was withdrawn. */
export const withdrawnFromWishlist = (name: string) => `“${name}” is no longer available and was removed from your wishlist.`;

/**
 * Removes these products from every wishlist, in the caller's transaction, and leaves each
 * wishlist's owner one notice per product they had saved.
 */
export async function withdrawFromWishlists(trx: Executor, products: Array<{ id: string; name: string }>): Promise<void> {
  const names = new Map(products.map((p) => [p.id, p.name]));
  for (const chunk of chunked([...names.keys()])) {
    const saved = await listProductSavers(trx, chunk);
    if (saved.length === 0) continue;
    await postNotices(
      trx,
      "wishlist_notices",
      saved.map((s) => ({ owner: s.owner, message: withdrawnFromWishlist(names.get(s.product_id)!) })),
    );
    await deleteProductItems(trx, chunk);
  }
}

/** The owner's notices, oldest first, removed as they are read (each is shown once). */
export const takeWishlistNotices = (k: Executor, owner: string) => takeNotices(k, "wishlist_notices", owner);
