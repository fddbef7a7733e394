import { priceTaxNote } from "#common/tax/price-tax-note";
import { useT } from "./i18n";
import { useShop } from "./shop";

// Apart from the tax lines' words (./tax.ts): product tiles load this on every storefront page.

/** What the shop's prices say beside them about tax ("incl. VAT", "+ tax"), or null for a shop without a tax setup. */
export function usePriceTaxNote(): string | null {
  const t = useT();
  const note = priceTaxNote(useShop().settings.taxes);
  return note === "included" ? t("shop.price.taxIncluded") : note === "added" ? t("shop.price.taxAdded") : null;
}
