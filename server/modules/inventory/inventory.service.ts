import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema";
import { refreshListedPrices } from "../catalog/catalog.listing";

// The inventory: the only writer of stock (products' and variants' units). Orders take and give
// back through it, in their own transactions; the admin's stock edits will too (issue 10).

/** A database handle or an open transaction. */
type Executor = Kysely<Database>;

/** Units of one product, and of one of its variants, that an order takes or gives back. */
export interface StockLine {
  productId: string;
  /** '' for a product without variants. */
  variantId: string;
  quantity: number;
}

/** What a stock change did: the rows that could not give the units, and the products whose availability flipped. */
export interface StockChange {
  /** `product:<id>` or `variant:<id>` rows short of units (decrements only). */
  short: Array<{ kind: "product" | "variant"; id: string }>;
  /** Products that reached 0 or came back from 0, or whose listed price moved (a variant sold out or back). */
  flipped: string[];
}

function grouped(lines: StockLine[]) {
  const products = new Map<string, number>();
  const variants = new Map<string, number>();
  for (const l of lines) {
    products.set(l.productId, (products.get(l.productId) ?? 0) + l.quantity);
    if (l.variantId) variants.set(l.variantId, (variants.get(l.variantId) ?? 0) + l.quantity);
  }
  // Every flow locks product rows first, then variant rows, each in id order: two transactions
  // over the same rows wait for each other instead of deadlocking.
  const byId = (a: [string, number], b: [string, number]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  return { products: [...products].sort(byId), variants: [...variants].sort(byId) };
}

/**
 * Takes the units of an order from the stock with conditional updates (`stock >= qty`), the
 * product row (for a product with variants it holds their sum) and the variant row: a row that
 * cannot give them is reported as short and left as it was, so overselling is impossible however
 * many checkouts run at once. Run it inside the order's transaction and roll back when anything is short.
 */
export function takeStock(trx: Executor, lines: StockLine[]): Promise<StockChange> {
  return moveStock(trx, lines, "take");
}

/** Gives an order's units back to the stock (product and variant rows that still exist). */
export function returnStock(trx: Executor, lines: StockLine[]): Promise<StockChange> {
  return moveStock(trx, lines, "give");
}

/** One stock move, taken or given back, product rows first, then variant rows; then the listings it moved. */
async function moveStock(trx: Executor, lines: StockLine[], direction: "take" | "give"): Promise<StockChange> {
  const take = direction === "take";
  const op = take ? "-" : "+";
  // A row flips when a take leaves it at 0, or a give brings it back from 0.
  const flips = (stock: number, quantity: number) => (take ? stock === 0 : stock === quantity);
  const { products, variants } = grouped(lines);
  const change: StockChange = { short: [], flipped: [] };
  const variantFlips = new Set<string>();
  for (const [id, quantity] of products) {
    let update = trx.updateTable("products").set((eb) => ({ stock: eb("stock", op, quantity) })).where("id", "=", id);
    if (take) update = update.where("stock", ">=", quantity);
    const row = await update.returning("stock").executeTakeFirst();
    if (!row) {
      if (take) change.short.push({ kind: "product", id });
    } else if (flips(row.stock, quantity)) change.flipped.push(id);
  }
  for (const [id, quantity] of variants) {
    let update = trx.updateTable("product_variants").set((eb) => ({ stock: eb("stock", op, quantity) })).where("id", "=", id);
    if (take) update = update.where("stock", ">=", quantity);
    const row = await update.returning(["stock", "product_id"]).executeTakeFirst();
    if (!row) {
      if (take) change.short.push({ kind: "variant", id });
    } else if (flips(row.stock, quantity)) variantFlips.add(row.product_id);
  }
  // A variant sold out or back can move the listed price (the cheapest one in stock changed).
  if (change.short.length === 0) change.flipped = await listingChanged(trx, change.flipped, variantFlips);
  return change;
}

/** Products whose availability flipped, plus those whose listed price the catalogue had to move. */
async function listingChanged(trx: Executor, flipped: string[], variantFlips: Set<string>): Promise<string[]> {
  if (flipped.length === 0 && variantFlips.size === 0) return flipped;
  const moved = await refreshListedPrices(trx, [...flipped, ...variantFlips]);
  return [...new Set([...flipped, ...moved])];
}

/** Units to set on one product: its variants' (by id) or, for a product without variants, its own. */
export interface StockSetting {
  productId: string;
  /** The product's own units; used when it has no variants (with variants, the product holds their sum). */
  stock?: number;
  variants?: Array<{ id: string; stock: number }>;
}

// Variants per statement of a stock setting: within SQLite's and PostgreSQL's bound parameters.
const SET_BATCH = 400;

/** `CASE id WHEN … THEN units … ELSE stock END`: one statement sets many rows' units. */
function unitsCase(pairs: Array<[string, number]>) {
  return sql<number>`CASE id ${sql.join(pairs.map(([id, units]) => sql`WHEN ${id} THEN CAST(${units} AS INTEGER)`), sql` `)} ELSE stock END`;
}

/**
 * Sets units as the admin counts them (the product form, bulk edits, a CSV import), not as
 * orders move them: each variant given gets its number, a product with variants then holds their
 * sum, a product without variants gets `stock`. Writes in batches (a CSV import sets thousands);
 * listed prices follow (a variant sold out or back moves them) unless the caller refreshes them
 * itself once for a larger write (`refreshListing: false`). Returns the products it set.
 */
export async function setStock(trx: Executor, settings: StockSetting[], options: { refreshListing?: boolean } = {}): Promise<string[]> {
  const variants = settings.flatMap((s) => s.variants ?? []);
  for (let i = 0; i < variants.length; i += SET_BATCH) {
    const batch = variants.slice(i, i + SET_BATCH);
    await trx
      .updateTable("product_variants")
      .set({ stock: unitsCase(batch.map((v) => [v.id, v.stock])) })
      .where("id", "in", batch.map((v) => v.id))
      .execute();
  }
  const own = settings.filter((s) => s.stock !== undefined);
  for (let i = 0; i < own.length; i += SET_BATCH) {
    const batch = own.slice(i, i + SET_BATCH);
    await trx
      .updateTable("products")
      .set({ stock: unitsCase(batch.map((s) => [s.productId, s.stock!])) })
      .where("id", "in", batch.map((s) => s.productId))
      .execute();
  }
  const ids = [...new Set(settings.map((s) => s.productId))];
  // A product with variants holds their sum (orders take units from both rows).
  for (let i = 0; i < ids.length; i += SET_BATCH) {
    const batch = ids.slice(i, i + SET_BATCH);
    await trx
      .updateTable("products")
      .set((eb) => ({ stock: eb.selectFrom("product_variants").select((v) => v.fn.coalesce(v.fn.sum<number>("product_variants.stock"), v.lit(0)).as("n")).whereRef("product_variants.product_id", "=", "products.id") }))
      .where("id", "in", batch)
      .where((eb) => eb.exists(eb.selectFrom("product_variants").select("product_variants.id").whereRef("product_variants.product_id", "=", "products.id")))
      .execute();
  }
  if (options.refreshListing !== false) for (let i = 0; i < ids.length; i += 500) await refreshListedPrices(trx, ids.slice(i, i + 500));
  return ids;
}
