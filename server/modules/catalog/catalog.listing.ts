import { type ListedPriceRow, listPricingInputs, writeListedPrices } from "./catalog.listing.repo";
import type { Executor } from "./catalog.repo";
import { listedPrice } from "./pricing";

/**
 * Recomputes the stored listed price (`final_price`, `list_price`, `price_varies`) of these
 * products from their price, discount, variants and stock, with the one rule of `listedPrice`.
 * Every write that changes a price, a discount or whether a variant can be bought calls it in its
 * own transaction; it returns the products whose listing changed, so callers can drop caches.
 */
export async function refreshListedPrices(k: Executor, productIds: Iterable<string>): Promise<string[]> {
  const ids = [...new Set(productIds)].sort();
  if (ids.length === 0) return [];
  const { products, variants } = await listPricingInputs(k, ids);
  const changed: ListedPriceRow[] = [];
  for (const p of products) {
    const listed = listedPrice(p, variants.get(p.id) ?? []);
    const varies = listed.varies ? 1 : 0;
    if (listed.finalPrice === p.final_price && listed.price === p.list_price && varies === p.price_varies) continue;
    changed.push({ id: p.id, finalPrice: listed.finalPrice, price: listed.price, varies });
  }
  await writeListedPrices(k, changed);
  return changed.map((c) => c.id);
}
