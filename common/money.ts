/** Minor units (cents) to the major unit the JSON contract uses (1250 → 12.5). */
export function toMajor(minor: number): number {
  return Math.round(minor) / 100;
}

/** Major unit from a query or form (12.5) to minor units (1250). */
export function toMinor(major: number): number {
  return Math.round(major * 100);
}

/**
 * Shares `total` out over lines in proportion to their weights so that the shares add up to it
 * exactly: each gets the floor of its exact share, and the units left go to the largest remainders
 * (the earlier line on a tie).
 */
export function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map((e) => Math.floor(e + 1e-9));
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e + 1e-9) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0 && k < order.length; k++, left--) shares[order[k]!.i]! += 1;
  return shares;
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
