import { useRouteLoaderData } from "react-router";
import type { CartView } from "#modules/cart";

/** What the storefront layout's loader gives every page: the shopper's cart and wishlisted product ids. */
export interface StorefrontData {
  /** Null for a browser that has neither a session nor a visitor cookie (nothing to read). */
  cart: CartView | null;
  wishlist: string[];
}

const EMPTY: StorefrontData = { cart: null, wishlist: [] };

/** The shopper's cart and wishlist ids from the storefront layout (empty outside it or on its error page). */
export function useStorefrontData(): StorefrontData {
  return (useRouteLoaderData("routes/storefront-layout") as StorefrontData | undefined) ?? EMPTY;
}

/** Whether the product is on the shopper's wishlist: a heart's saved state. */
export function useWishlisted(productId: string): boolean {
  return useStorefrontData().wishlist.includes(productId);
}
