import { type Market, convertAmount, priceInMarket } from "#common/currency";
import type { CartLineRow } from "./cart.types";

// A cart in a shopper's currency: its lines' catalogue facts and the shop's shipping settings are
// put in that currency before the one cart pricing runs, so lines, totals, the view and the order
// made from them are all in it.

/**
 * Lines with their prices in the market's currency: a line's price (the product's with the
 * variant's extra) by the one price rule, its price list first; the extra and the shipping cost
 * converted to the cent.
 */
export function rowsInMarket(rows: CartLineRow[], fixed: ReadonlyMap<string, number>, market: Market): CartLineRow[] {
  if (market.base) return rows;
  return rows.map((row) => {
    const additional = row.additional_price ?? 0;
    const extra = convertAmount(additional, market);
    const price = priceInMarket(row.price, additional, fixed.get(row.product_id), market);
    return {
      ...row,
      price: price - (row.additional_price === null ? 0 : extra),
      additional_price: row.additional_price === null ? null : extra,
      shipping_cost: convertAmount(row.shipping_cost, market),
    };
  });
}
