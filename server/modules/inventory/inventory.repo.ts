import { type Kysely, sql } from "kysely";
import { compiledQuery } from "../../db/compiled-query";
import type { Database } from "../../db/schema";
import { chunked, inChunks } from "../../db/chunks";

/** A database handle or an open transaction. */
type Executor = Kysely<Database>;

// The statements of the inventory, the only writer of stock: the units of products and variants,
// on the caller's executor (an order's or the catalogue write's transaction).

/** Rows (by id, in lock order) and the units each one moves. */
export interface RowUnits {
  ids: string[];
  units: number[];
}

/** Each row's units, for one UPDATE of many rows: `CASE id WHEN … THEN units … END`. */
function unitsById(a: RowUnits) {
  if (a.ids.length === 1) return sql<number>`${a.units[0]}`;
  return sql<number>`(CASE ${sql.ref("id")} ${sql.join(
    a.ids.map((id, i) => sql`WHEN ${id} THEN CAST(${a.units[i]} AS INTEGER)`),
    sql` `,
  )} END)`;
}

// One UPDATE … RETURNING for all of a move's product rows, one for its variant rows (each row's
// units by its id), compiled once per number of rows; a take moves only rows that have the units.
const productMove = (take: boolean) =>
  compiledQuery((k, a: RowUnits) => {
    const units = unitsById(a);
    const update = k
      .updateTable("products")
      .set((eb) => ({ stock: eb("stock", take ? "-" : "+", units) }))
      .where("id", "in", a.ids);
    return (take ? update.where("stock", ">=", units) : update).returning(["id", "stock"]);
  });
const variantMove = (take: boolean) =>
  compiledQuery((k, a: RowUnits) => {
    const units = unitsById(a);
    const update = k
      .updateTable("product_variants")
      .set((eb) => ({ stock: eb("stock", take ? "-" : "+", units) }))
      .where("id", "in", a.ids);
    return (take ? update.where("stock", ">=", units) : update).returning(["id", "stock", "product_id"]);
  });
const moves = {
  take: { products: productMove(true), variants: variantMove(true) },
  give: { products: productMove(false), variants: variantMove(false) },
};

/** Takes (only from rows that have them) or gives back units of products; returns the rows moved with their new units. */
export async function moveProductUnits(trx: Executor, direction: "take" | "give", rows: RowUnits): Promise<Array<{ id: string; stock: number }>> {
  return (await moves[direction].products.execute(trx, rows)).rows;
}

/** Takes (only from rows that have them) or gives back units of variants; returns the rows moved with their new units and product. */
export async function moveVariantUnits(
  trx: Executor,
  direction: "take" | "give",
  rows: RowUnits,
): Promise<Array<{ id: string; stock: number; product_id: string }>> {
  return (await moves[direction].variants.execute(trx, rows)).rows;
}

/** Sets `units` on these variants. */
export async function setVariantUnits(trx: Executor, units: number, ids: string[]): Promise<void> {
  await inChunks(ids, (chunk) => trx.updateTable("product_variants").set({ stock: units }).where("id", "in", chunk).execute());
}

/** Sets `units` on these products (without variants). */
export async function setProductUnits(trx: Executor, units: number, ids: string[]): Promise<void> {
  await inChunks(ids, (chunk) => trx.updateTable("products").set({ stock: units }).where("id", "in", chunk).execute());
}

/** Sets each of these products' units to the sum of its variants' (orders take units from both rows). */
export async function sumVariantUnits(trx: Executor, productIds: string[]): Promise<void> {
  for (const chunk of chunked(productIds)) {
    await trx
      .updateTable("products")
      .set((eb) => ({
        stock: eb
          .selectFrom("product_variants")
          .select((v) => v.fn.coalesce(v.fn.sum<number>("product_variants.stock"), v.lit(0)).as("n"))
          .whereRef("product_variants.product_id", "=", "products.id"),
      }))
      .where("id", "in", chunk)
      .execute();
  }
}
