import type { Translate } from "../i18n/translate";
import type { PromotionValues } from "./promotions.schema";

/**
 * What a promotion gives: its kind, its value (percent, or money in the major unit of the currency
 * the caller formats), buy X get Y, and its minimum items' subtotal in that same currency.
 */
export type Offer = Pick<PromotionValues, "kind" | "value" | "buyQuantity" | "getQuantity" | "getPercent" | "minSubtotal">;

/**
 * A promotion's offer in the language of `t`, as it reads inside a sentence: "20% off", "$5.00
 * off", "free shipping", "buy 2, get 1 free", "buy 3, get 1 at 50% off", each followed by "on
 * orders of $50.00 or more" where it asks for a minimum. The storefront's product notes and the
 * admin's screens both word an offer through here; `money` formats an amount of the page's currency.
 */
export function offerText(t: Translate, offer: Offer, money: (amount: number) => string): string {
  const what = kindText(t, offer, money);
  return offer.minSubtotal ? t("shop.promotion.over", { offer: what, amount: money(offer.minSubtotal) }) : what;
}

/** The offer at the start of a line (a list's cell, a title): "Free shipping", "Buy 2, get 1 free". */
export function offerHeadline(t: Translate, offer: Offer, money: (amount: number) => string, locale: string): string {
  const text = offerText(t, offer, money);
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

function kindText(t: Translate, offer: Offer, money: (amount: number) => string): string {
  switch (offer.kind) {
    case "percentage":
      return t("shop.promotion.percent", { percent: offer.value ?? 0 });
    case "fixed_amount":
      return t("shop.promotion.amount", { amount: money(offer.value ?? 0) });
    case "free_shipping":
      return t("shop.promotion.freeShipping");
    case "buy_x_get_y": {
      const values = { buy: offer.buyQuantity ?? 0, get: offer.getQuantity ?? 0 };
      return offer.getPercent === null || offer.getPercent >= 100
        ? t("shop.promotion.buyGetFree", values)
        : t("shop.promotion.buyGetPercent", { ...values, percent: offer.getPercent });
    }
  }
}
