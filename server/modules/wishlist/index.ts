// The wishlist module's public face: what the rest of the server may use of it. Every other file of
// this folder is private to the module (server/modules/boundaries.test.ts holds the rule).
// Wishlists of signed-in and anonymous shoppers.
export { createWishlistService } from "./wishlist.service";
export type { WishlistEntry, WishlistService } from "./wishlist.types";
