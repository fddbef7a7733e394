import { type Kysely, sql } from "kysely";
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
  const changed: Array<{ id: string; finalPrice: number; price: number; varies: number }> = [];
  for (const p of products) {
    const listed = listedPrice(p, byProduct.get(p.id) ?? []);
    const varies = listed.varies ? 1 : 0;
    if (listed.finalPrice === p.final_price && listed.price === p.list_price && varies === p.price_varies) continue;
    changed.push({ id: p.id, finalPrice: listed.finalPrice, price: listed.price, varies });
  }
  // Many rows per statement (an import lists thousands of new products at once).
  for (let i = 0; i < changed.length; i += UPDATE_BATCH) {
    const batch = changed.slice(i, i + UPDATE_BATCH);
    if (batch.length === 1) {
      const [one] = batch;
      await k.updateTable("products").set({ final_price: one!.finalPrice, list_price: one!.price, price_varies: one!.varies }).where("id", "=", one!.id).execute();
      continue;
    }
    const column = (pick: (row: (typeof batch)[number]) => number, current: string) =>
      sql<number>`CASE id ${sql.join(batch.map((row) => sql`WHEN ${row.id} THEN CAST(${pick(row)} AS INTEGER)`), sql` `)} ELSE ${sql.ref(current)} END`;
    await k
      .updateTable("products")
      .set({ final_price: column((r) => r.finalPrice, "final_price"), list_price: column((r) => r.price, "list_price"), price_varies: column((r) => r.varies, "price_varies") })
      .where(
        "id",
        "in",
        batch.map((r) => r.id),
      )
      .execute();
  }
  return changed.map((c) => c.id);
}

/** Products per statement when listed prices change: within both engines' bound parameters. */
const UPDATE_BATCH = 100;
