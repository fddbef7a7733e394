import { type TaxLineWords, taxLineLabel, taxRowLabel } from "#common/tax/tax-words";
import { useLanguage, useT } from "./i18n";

/** A tax line's words in the page's language ("VAT 19 %", "Reverse charge"). */
export function useTaxLabel(): (line: TaxLineWords) => string {
  const t = useT();
  const { locale } = useLanguage();
  return (line) => taxLineLabel(t, locale, line);
}

/** A tax line as a total shows it, in the page's language: "Includes VAT 19 %" where prices include it, else "VAT 19 %". */
export function useTaxRowLabel(): (line: TaxLineWords & { amount: number }, pricesIncludeTax: boolean) => string {
  const t = useT();
  const { locale } = useLanguage();
  return (line, included) => taxRowLabel(t, locale, line, included);
}
