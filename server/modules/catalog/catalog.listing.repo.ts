import { sql } from "kysely";
import type { Executor } from "./catalog.repo";
import type { PricedVariant } from "./pricing";
import { chunked } from "../../db/chunks";

// The statements behind the stored listed price (catalog.listing.ts), on the caller's executor.

/** Products per UPDATE when listed prices change: each statement's CASE is read for every row it updates. */
const UPDATE_ROWS = 100;

/** A product's new listed price. */
export interface ListedPriceRow {
  id: string;
  finalPrice: number;
  price: number;
  varies: number;
}

/** What the listed price of these products is computed from: their price, discount, units and stored listing, and their variants by product (in the product's order). */
export async function listPricingInputs(ex: Executor, ids: string[]) {
  const products = await ex
    .selectFrom("products")
    .select(["id", "price", "discount", "stock", "final_price", "list_price", "price_varies"])
    .where("id", "in", ids)
    .execute();
  const variants = await ex
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
  return { products, variants: byProduct };
}

/** Stores new listed prices, many rows per statement (an import lists thousands of new products at once). */
export async function writeListedPrices(ex: Executor, changed: ListedPriceRow[]): Promise<void> {
  for (const batch of chunked(changed, 7, UPDATE_ROWS)) {
    if (batch.length === 1) {
      const [one] = batch;
      await ex
        .updateTable("products")
        .set({ final_price: one!.finalPrice, list_price: one!.price, price_varies: one!.varies })
        .where("id", "=", one!.id)
        .execute();
      continue;
    }
    const column = (pick: (row: ListedPriceRow) => number, current: string) =>
      sql<number>`CASE id ${sql.join(
        batch.map((row) => sql`WHEN ${row.id} THEN CAST(${pick(row)} AS INTEGER)`),
        sql` `,
      )} ELSE ${sql.ref(current)} END`;
    await ex
      .updateTable("products")
      .set({
        final_price: column((r) => r.finalPrice, "final_price"),
        list_price: column((r) => r.price, "list_price"),
        price_varies: column((r) => r.varies, "price_varies"),
      })
      .where(
        "id",
        "in",
        batch.map((r) => r.id),
      )
      .execute();
  }
}
