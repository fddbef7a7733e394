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

/** What the listing rule needs of a variant: its additional price and stock, in minor units. */
export interface PricedVariant {
  additional_price: number;
  stock: number;
}

/** A product's listed price: what cards, filters, sorting, search and structured data show. */
export interface ListedPrice {
  /** Price before the discount of the variant the listing names, minor units. */
  price: number;
  /** What a shopper pays for it, minor units (stored as `products.final_price`, indexed). */
  finalPrice: number;
  /** The buyable variants cost different amounts: shown as "From $X". */
  varies: boolean;
  inStock: boolean;
  /** Index of the variant it names, or null for a product without variants. */
  variantIndex: number | null;
}

/**
 * The listed price rule: the lowest final price among the variants one can buy (in stock), "From"
 * when those prices differ; when every variant is sold out, the lowest of them all and not in
 * stock. A product without variants lists at its own discounted price. Ties keep the first
 * variant (sort order), so the product page opens on the variant the listing names.
 */
export function listedPrice(product: { price: number; discount: number | null | undefined; stock: number }, variants: readonly PricedVariant[]): ListedPrice {
  if (variants.length === 0) {
    const { price, finalPrice } = variantPrice(product.price, 0, product.discount);
    return { price, finalPrice, varies: false, inStock: product.stock > 0, variantIndex: null };
  }
  const buyable = variants.some((v) => v.stock > 0);
  let best = -1;
  let bestFinal = 0;
  const finals = new Set<number>();
  variants.forEach((v, i) => {
    if (buyable && v.stock <= 0) return;
    const { finalPrice } = variantPrice(product.price, v.additional_price, product.discount);
    finals.add(finalPrice);
    if (best < 0 || finalPrice < bestFinal) {
      best = i;
      bestFinal = finalPrice;
    }
  });
  const { price, finalPrice } = variantPrice(product.price, variants[best].additional_price, product.discount);
  return { price, finalPrice, varies: finals.size > 1, inStock: buyable, variantIndex: best };
}
