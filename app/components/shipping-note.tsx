import { useMoney, useShop } from "~/lib/shop";
import { toMajor } from "#common/money";
import { productShippingEstimate } from "#common/cart/shipping";
import { useT } from "~/lib/i18n";

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
  const { from, to, threshold } = productShippingEstimate(product, settings);
  const amount = (minor: number) => money(toMajor(minor));
  let text: string;
  if (to === 0) text = t("shop.shipping.free");
  else {
    const cost =
      from === 0
        ? t("shop.shipping.upTo", { amount: amount(to) })
        : from === to
          ? t("shop.shipping.cost", { amount: amount(from) })
          : t("shop.shipping.from", { amount: amount(from) });
    text = threshold > 0 ? t("shop.shipping.withThreshold", { cost, threshold: amount(threshold) }) : cost;
  }
  return <span data-testid="shipping-note">{text}</span>;
}
