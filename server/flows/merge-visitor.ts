import type { Db } from "../db/database";
import type { Shopper } from "../lib/shopper";
import type { CartService } from "#modules/cart";
import type { WishlistService } from "#modules/wishlist";

/** What moving a visitor's things into an account spans: the cart and the wishlist. */
export interface MergeVisitorDeps {
  db: Db;
  cart: Pick<CartService, "hasCart" | "moveCart">;
  wishlist: Pick<WishlistService, "hasItems" | "moveWishlist">;
}

/**
 * Moves an anonymous browser's cart and wishlist into the account it signed in to, in one
 * transaction: quantities add up per (product, variant) line, capped at the stock; the wishlist
 * becomes the union of both; the visitor's cart and wishlist are removed. It runs on every
 * signed-in request that still carries a visitor cookie, so the common case (nothing to merge)
 * is two indexed reads, made at once. Returns whether anything was merged.
 */
export async function mergeVisitorIntoUser(deps: MergeVisitorDeps, visitorId: string, userId: string): Promise<boolean> {
  const visitor: Shopper = { userId: null, visitorId };
  const account: Shopper = { userId, visitorId: null };
  const [hasCart, hasWishes] = await Promise.all([deps.cart.hasCart(visitor), deps.wishlist.hasItems(visitor)]);
  if (!hasCart && !hasWishes) return false;
  await deps.db.kysely.transaction().execute(async (trx) => {
    if (hasCart) await deps.cart.moveCart(trx, visitor, account);
    if (hasWishes) await deps.wishlist.moveWishlist(trx, visitor, account);
  });
  return true;
}

/** What happens to a visitor's things at sign-in, `services.shoppers`. */
export function createShopperFlows(deps: MergeVisitorDeps) {
  return {
    /** Moves this browser's anonymous cart and wishlist into the account (see server/http/shopper.ts). */
    mergeVisitorIntoUser: (visitorId: string, userId: string) => mergeVisitorIntoUser(deps, visitorId, userId),
  };
}
