import type { Market } from "#common/currency";
import { convertAmount } from "#common/currency";
import { toMajor } from "#common/money";
import { type Offer, offerText } from "#common/promotions/offer-words";
import type { PromotionRule } from "#common/promotions/promotions.compute";
import { useT } from "~/lib/i18n";
import { useMoney } from "~/lib/shop";

/** An automatic promotion as a product page words it, money in the shopper's currency (major units). */
export interface PromotionOffer extends Offer {
  name: string;
}

/** What a page needs of a promotion (the server's rule), in the market's money. */
export function promotionOffer(rule: PromotionRule, market: Market): PromotionOffer {
  const money = (minor: number | null) => (minor === null ? null : toMajor(convertAmount(minor, market)));
  return {
    name: rule.name,
    kind: rule.kind,
    value: rule.kind === "fixed_amount" ? money(rule.value) : rule.kind === "percentage" ? rule.value : null,
    buyQuantity: rule.buyQuantity,
    getQuantity: rule.getQuantity,
    getPercent: rule.getPercent,
    minSubtotal: money(rule.minSubtotal),
  };
}

/**
 * The automatic promotions that concern the product, under its buy box: "Spring sale: 10% off,
 * taken off in your cart by itself" (with the order's minimum where there is one).
 */
export function PromotionNotes({ offers }: { offers: readonly PromotionOffer[] }) {
  const t = useT();
  const money = useMoney();
  if (offers.length === 0) return null;
  return (
    <ul className="mt-4 space-y-2" data-testid="product-promotions">
      {offers.map((o) => (
        <li key={o.name} className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          <span className="font-semibold">{o.name}:</span> {t("shop.promotion.automatic", { offer: offerText(t, o, money) })}
        </li>
      ))}
    </ul>
  );
}
