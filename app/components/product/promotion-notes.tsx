import type { Market } from "#common/currency";
import { convertAmount } from "#common/currency";
import { toMajor } from "#common/money";
import type { PromotionRule } from "#common/promotions/promotions.compute";
import { useT } from "~/lib/i18n";
import { useMoney } from "~/lib/shop";

/** An automatic promotion as a product page words it, money in the shopper's currency (major units). */
export interface PromotionOffer {
  name: string;
  kind: PromotionRule["kind"];
  percent: number | null;
  amount: number | null;
  buy: number | null;
  get: number | null;
  getPercent: number | null;
  minSubtotal: number | null;
}

/** What a page needs of a promotion (the server's rule), in the market's money. */
export function promotionOffer(rule: PromotionRule, market: Market): PromotionOffer {
  const money = (minor: number | null) => (minor === null ? null : toMajor(convertAmount(minor, market)));
  return {
    name: rule.name,
    kind: rule.kind,
    percent: rule.kind === "percentage" ? rule.value : null,
    amount: rule.kind === "fixed_amount" ? money(rule.value) : null,
    buy: rule.buyQuantity,
    get: rule.getQuantity,
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
  const offerText = (o: PromotionOffer) => {
    switch (o.kind) {
      case "percentage":
        return t("shop.promotion.percent", { percent: o.percent ?? 0 });
      case "fixed_amount":
        return t("shop.promotion.amount", { amount: money(o.amount ?? 0) });
      case "free_shipping":
        return t("shop.promotion.freeShipping");
      case "buy_x_get_y":
        return o.getPercent === null || o.getPercent >= 100
          ? t("shop.promotion.buyGetFree", { buy: o.buy ?? 0, get: o.get ?? 0 })
          : t("shop.promotion.buyGetPercent", { buy: o.buy ?? 0, get: o.get ?? 0, percent: o.getPercent });
    }
  };
  return (
    <ul className="mt-4 space-y-2" data-testid="product-promotions">
      {offers.map((o) => (
        <li key={o.name} className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          <span className="font-semibold">{o.name}:</span>{" "}
          {o.minSubtotal
            ? t("shop.promotion.automaticOver", { offer: offerText(o), amount: money(o.minSubtotal) })
            : t("shop.promotion.automatic", { offer: offerText(o) })}
        </li>
      ))}
    </ul>
  );
}
