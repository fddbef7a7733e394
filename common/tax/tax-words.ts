import type { Translate } from "../i18n/translate";

/** What a receipt's tax line needs to be worded: the region's own name for its tax, the rate in percent, whether it is a reverse charge. */
export interface TaxLineWords {
  name: string | null;
  rate: number;
  reverseCharge: boolean;
}

/**
 * A tax line's words in a page's or mail's language: "VAT 19 %" (the shop's own name for its tax
 * kept, the rate in `locale`), "Tax 8.875 %" where the region names none, or "Reverse charge".
 */
export function taxLineLabel(t: Translate, locale: string, line: TaxLineWords): string {
  if (line.reverseCharge) return t("cart.tax.reverseCharge");
  const rate = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 3 }).format(line.rate / 100);
  return t("cart.tax.line", { name: line.name ?? t("cart.tax.tax"), rate });
}

/**
 * The label of a tax line as a total shows it: where prices include the tax it is in the total
 * ("Includes VAT 19 %"), else it is added to it ("VAT 19 %"). A line of no tax (0 %, reverse
 * charge) is never "included".
 */
export function taxRowLabel(t: Translate, locale: string, line: TaxLineWords & { amount: number }, pricesIncludeTax: boolean): string {
  const label = taxLineLabel(t, locale, line);
  return pricesIncludeTax && line.amount > 0 ? t("cart.tax.included", { label }) : label;
}

/**
 * What a reverse-charge buyer of a tax-inclusive shop does not pay: the VAT the prices include,
 * which the total leaves out (so subtotal and shipping, less this, make the total); 0 for any
 * other order. Amounts as the caller has them, `unit` of them to the minor unit (100 for major
 * units, 1 for minor), so the difference is taken exactly.
 */
export function vatNotCharged(
  totals: { itemsSubtotal: number; shipping: number; total: number; pricesIncludeTax?: boolean },
  taxLines: ReadonlyArray<{ reverseCharge: boolean }>,
  unit = 100,
): number {
  if (!totals.pricesIncludeTax || !taxLines.some((line) => line.reverseCharge)) return 0;
  const minor = Math.round(totals.itemsSubtotal * unit) + Math.round(totals.shipping * unit) - Math.round(totals.total * unit);
  return minor > 0 ? minor / unit : 0;
}
