import { useMoney, useShop } from "~/lib/shop";
import { useT } from "~/lib/i18n";
import { toMajor } from "#common/money";
import { productShippingEstimate, shippingNoteText } from "#common/cart/shipping";

/**
 * What shipping one unit of a product costs, by the rule the cart and the checkout charge with:
 * "Free shipping" only when no address pays anything for it, else "Shipping from $4.99, free on
 * orders of $75.00 or more" (the words of common/cart/shipping.ts's shippingNoteText, in the
 * page's language).
 */
export function ShippingNote({ product }: { product: { finalPrice: number; shippingCost: number } }) {
  const { settings } = useShop();
  const money = useMoney();
  const t = useT();
  const estimate = productShippingEstimate(product, settings);
  return <span data-testid="shipping-note">{shippingNoteText(estimate, (minor) => money(toMajor(minor)), t)}</span>;
}
