import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { Shopper } from "../../lib/shopper";
import type { Language } from "#common/i18n/languages";

/** A wishlist entry as `/wishlist` and `GET /api/wishlist` show it (spec section 3 fields, plus stock). */
export interface WishlistEntry {
  productId: string;
  name: string;
  slug: string;
  /** The product's listed price (catalog/pricing.ts listedPrice), before and after the discount. */
  price: number;
  discount: number;
  finalPrice: number;
  /** Its variants cost different amounts: "From". */
  priceVaries: boolean;
  image: string | null;
  category: string;
  inStock: boolean;
  /** True when the product has colours or sizes to choose before it can go to the cart. */
  hasVariants: boolean;
  addedAt: string;
}

export interface WishlistService {
  /** Newest first. */
  list(shopper: Shopper, language?: Language): Promise<WishlistEntry[]>;
  /** Product ids on the wishlist (hearts on cards), cheap. */
  productIds(shopper: Shopper): Promise<string[]>;
  /** Removes the product if present, else adds it; `name` feeds the toasts. Throws not_found for an unknown product. The shopper must have a user or visitor id. */
  toggle(shopper: Shopper, productId: string): Promise<{ added: boolean; name: string; count: number }>;
  /** Removes a product if present. */
  remove(shopper: Shopper, productId: string): Promise<void>;
  /**
   * Deletes the wishlists of up to `limit` anonymous visitors who added nothing since `idleSince`
   * (a whole wishlist goes, or none of it). Signed-in users' wishlists are never removed. Returns
   * how many visitors' wishlists went and how many entries they held.
   */
  removeIdleVisitorWishlists(idleSince: Date, limit: number): Promise<{ owners: number; items: number }>;
  /** Whether this shopper's wishlist has anything (one indexed read). */
  hasItems(shopper: Shopper): Promise<boolean>;
  /** In the caller's transaction: makes `to`'s wishlist the union of both (keeping when each entry was added) and empties `from`'s. */
  moveWishlist(k: Kysely<Database>, from: Shopper, to: Shopper): Promise<void>;
  /** In the caller's transaction (an account deleted): removes the account's wishlist and its notices. */
  forgetUser(k: Kysely<Database>, userId: string): Promise<void>;
  /** In the caller's transaction (a catalogue write): removes these products, withdrawn from sale (archived or deleted), from every wishlist and tells each owner once (`takeNotices`). */
  withdrawProducts(k: Kysely<Database>, products: Array<{ id: string; name: string }>): Promise<void>;
  /** The accounts that saved any of these products, with the product (visitors' wishlists have no address to mail). */
  listAccountWishers(productIds: string[]): Promise<Array<{ userId: string; productId: string }>>;
  /** This shopper's messages ("“X” is no longer available and was removed from your wishlist."), each returned once. */
  takeNotices(shopper: Shopper): Promise<string[]>;
}
