/** The discounted price in minor units: price minus round(price × discount / 100); no discount counts as 0. */
export function discountedPrice(price: number, discount: number | null | undefined): number {
  const pct = discount ?? 0;
  return price - Math.round((price * pct) / 100);
}

/** Price of a product with a variant's additional price, before and after the product's discount. */
export function variantPrice(price: number, additional: number, discount: number | null | undefined) {
  const base = price + (additional ?? 0);
  return { price: base, finalPrice: discountedPrice(base, discount) };
}

/** Minor units (cents) to the major unit the JSON contract uses (1250 → 12.5). */
export function toMajor(minor: number): number {
  return Math.round(minor) / 100;
}

/** Major unit from a query or form (12.5) to minor units (1250). */
export function toMinor(major: number): number {
  return Math.round(major * 100);
}
