import { type Market, convertAmount, convertPrice, priceInMarket } from "#common/currency";
import { toMajor, toMinor } from "#common/money";
import { discountedPrice } from "./pricing";
import type { ProductCard, ProductDetail } from "./catalog.types";

// The catalogue's answers in a shopper's currency: every amount of a card or a product page goes
// through the one price rule (common/currency.ts priceInMarket), a price list's price first.

/** Fixed prices of products in one currency: product id → minor units. */
export type PriceList = ReadonlyMap<string, number>;

/** A card in the market's currency: the listed variant's price, its final price after the discount, shipping. */
export function cardInMarket<T extends ProductCard>(card: T, fixed: number | undefined, market: Market): T {
  if (market.base) return card;
  const additional = toMinor(card.selectedAditionalPrice);
  const price = priceInMarket(toMinor(card.price) - additional, additional, fixed, market);
  return {
    ...card,
    price: toMajor(price),
    finalPrice: toMajor(discountedPrice(price, card.discount)),
    shippingCost: toMajor(convertAmount(toMinor(card.shippingCost), market)),
    selectedAditionalPrice: toMajor(convertAmount(additional, market)),
  };
}

/** A listed price (major units, the variant's extra already in it) in another currency, before and after the discount. */
export function listedInMarket(item: { price: number; discount: number }, fixed: number | undefined, market: Market): { price: number; finalPrice: number } {
  const price = priceInMarket(toMinor(item.price), 0, fixed, market);
  return { price: toMajor(price), finalPrice: toMajor(discountedPrice(price, item.discount)) };
}

/** A product page's data in the market's currency: the card's amounts and each variant's. */
export function detailInMarket(detail: ProductDetail, fixed: number | undefined, market: Market): ProductDetail {
  if (market.base) return detail;
  const card = cardInMarket(detail, fixed, market);
  const base = toMinor(detail.price) - toMinor(detail.selectedAditionalPrice);
  return {
    ...card,
    variants: detail.variants.map((v) => {
      const additional = toMinor(v.additionalPrice);
      const price = priceInMarket(base, additional, fixed, market);
      return {
        ...v,
        additionalPrice: toMajor(convertAmount(additional, market)),
        price: toMajor(price),
        finalPrice: toMajor(discountedPrice(price, detail.discount)),
      };
    }),
  };
}

/**
 * A price filter given in the market's currency, as base-currency bounds for the listing's index:
 * the lower bound rounded down and the upper one up, so nothing the shopper would see inside the
 * range is left out (a product with a price list is filtered by its base price).
 */
export function baseBounds(market: Market, min: number | undefined, max: number | undefined): { minPrice?: number; maxPrice?: number } {
  if (market.base) return { minPrice: min, maxPrice: max };
  return {
    minPrice: min === undefined ? undefined : Math.floor((min * 100) / market.rate) / 100,
    maxPrice: max === undefined ? undefined : Math.ceil((max * 100) / market.rate) / 100,
  };
}

/** The listing's price range (base currency, major units) as the market shows it. */
export function boundsInMarket(bounds: { min: number; max: number } | null, market: Market): { min: number; max: number } | null {
  if (!bounds || market.base) return bounds;
  return { min: toMajor(convertPrice(toMinor(bounds.min), market)), max: toMajor(convertPrice(toMinor(bounds.max), market)) };
}
