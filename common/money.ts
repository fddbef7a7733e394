/** Minor units (cents) to the major unit the JSON contract uses (1250 → 12.5). */
export function toMajor(minor: number): number {
  return Math.round(minor) / 100;
}

/** Major unit from a query or form (12.5) to minor units (1250). */
export function toMinor(major: number): number {
  return Math.round(major * 100);
}

/** One Intl formatter per locale and currency, made once: building one costs more than the text it formats. */
const formatters = new Map<string, Intl.NumberFormat>();

/** Formats a major-unit amount (12.5) in the shop's currency, e.g. "$12.50": the pages' prices and the order mails'. */
export function formatMoney(amount: number, currency = "USD", locale = "en-US"): string {
  const key = `${locale}|${currency}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: "currency", currency });
    formatters.set(key, f);
  }
  return f.format(amount);
}
