import { type ListedPriceRow, listPricingInputs, writeListedPrices } from "./catalog.listing.repo";
import type { Executor } from "./catalog.repo";
import { listedPrice } from "./pricing";

/** A product whose listed price moved: what a shopper paid for it before and pays now (minor units). */
export interface ListingChange {
  productId: string;
  before: number;
  after: number;
}

/**
 * Recomputes the stored listed price (`final_price`, `list_price`, `price_varies`) of these
 * products from their price, discount, variants and stock, with the one rule of `listedPrice`.
 * Every write that changes a price, a discount or whether a variant can be bought calls it in its
 * own transaction; it returns the products whose listing changed, so callers can drop caches.
 */
export async function refreshListedPrices(k: Executor, productIds: Iterable<string>): Promise<string[]> {
  return (await refreshListings(k, productIds)).map((c) => c.productId);
}

/** `refreshListedPrices` with each moved product's final price before and after (a price drop is told from it). */
export async function refreshListings(k: Executor, productIds: Iterable<string>): Promise<ListingChange[]> {
  const ids = [...new Set(productIds)].sort();
  if (ids.length === 0) return [];
  const { products, variants } = await listPricingInputs(k, ids);
  const changed: ListedPriceRow[] = [];
  const moves: ListingChange[] = [];
  for (const p of products) {
    const listed = listedPrice(p, variants.get(p.id) ?? []);
    const varies = listed.varies ? 1 : 0;
    if (listed.finalPrice === p.final_price && listed.price === p.list_price && varies === p.price_varies) continue;
    changed.push({ id: p.id, finalPrice: listed.finalPrice, price: listed.price, varies });
    moves.push({ productId: p.id, before: p.final_price, after: listed.finalPrice });
  }
  await writeListedPrices(k, changed);
  return moves;
}
