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
