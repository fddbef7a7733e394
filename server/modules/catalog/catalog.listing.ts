import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { listedPrice, type PricedVariant } from "./pricing";

/**
 * Recomputes the stored listed price (`final_price`, `list_price`, `price_varies`) of these
 * products from their price, discount, variants and stock, with the one rule of `listedPrice`.
 * Every write that changes a price, a discount or whether a variant can be bought calls it in its
 * own transaction; it returns the products whose listing changed, so callers can drop caches.
 */
export async function refreshListedPrices(k: Kysely<Database>, productIds: Iterable<string>): Promise<string[]> {
  const ids = [...new Set(productIds)].sort();
  if (ids.length === 0) return [];
  const products = await k
    .selectFrom("products")
    .select(["id", "price", "discount", "stock", "final_price", "list_price", "price_varies"])
    .where("id", "in", ids)
    .execute();
  const variants = await k
    .selectFrom("product_variants")
    .select(["product_id", "additional_price", "stock"])
    .where("product_id", "in", ids)
    .orderBy("product_id")
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  const byProduct = new Map<string, PricedVariant[]>();
  for (const v of variants) {
    const list = byProduct.get(v.product_id) ?? [];
    list.push(v);
    byProduct.set(v.product_id, list);
  }
  const changed: string[] = [];
  for (const p of products) {
    const listed = listedPrice(p, byProduct.get(p.id) ?? []);
    const varies = listed.varies ? 1 : 0;
    if (listed.finalPrice === p.final_price && listed.price === p.list_price && varies === p.price_varies) continue;
    await k
      .updateTable("products")
      .set({ final_price: listed.finalPrice, list_price: listed.price, price_varies: varies })
      .where("id", "=", p.id)
      .execute();
    changed.push(p.id);
  }
  return changed;
}
