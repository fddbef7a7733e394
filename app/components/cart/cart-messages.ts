import type { MessageKey } from "#common/i18n/catalogs";
import type { CartIntent } from "~/lib/cart-forms";
import { useT } from "~/lib/i18n";

/** The spec's failure toasts (section 8), by intent; kept apart from cart-forms.ts, which every page loads. */
export const CART_FAILURE: Record<CartIntent, MessageKey> = {
  "add-to-cart": "cart.failure.add",
  "buy-now": "cart.failure.add",
  "update-quantity": "cart.failure.update",
  remove: "cart.failure.remove",
  "apply-code": "cart.code.label",
  "remove-code": "cart.failure.remove",
  "apply-gift-card": "cart.giftCard.label",
  "remove-gift-card": "cart.failure.remove",
};

/**
 * The failure toasts of the cart's forms in the page's language: `title(intent)` for an answer that
 * says what failed, `fromSent(formData)` for a request that got no answer (from the intent it sent).
 */
export function useCartFailure(fallback: CartIntent = "update-quantity") {
  const t = useT();
  const title = (intent: CartIntent | null | undefined) => t(CART_FAILURE[intent ?? fallback] ?? CART_FAILURE[fallback]);
  return { title, fromSent: (sent: FormData | undefined) => title(sent?.get("intent") as CartIntent | null) };
}
