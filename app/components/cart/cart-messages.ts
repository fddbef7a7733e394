import type { CartIntent } from "~/lib/cart-forms";

/** The spec's failure toasts (section 8), word for word; kept apart from cart-forms.ts, which every page loads. */
export const CART_FAILURE: Record<CartIntent, string> = {
  "add-to-cart": "Failed to add to cart",
  "buy-now": "Failed to add to cart",
  "update-quantity": "Failed to update quantity",
  remove: "Failed to remove item",
};

/** The failure toast for a cart request that got no answer, from the intent it sent. */
export const cartFailure = (sent: FormData | undefined) =>
  CART_FAILURE[(sent?.get("intent") as CartIntent | null) ?? "update-quantity"] ?? CART_FAILURE["update-quantity"];
