import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { inChunks } from "../../db/chunks";
import { refreshListedPrices } from "#modules/catalog";
import { type RowUnits, moveProductUnits, moveVariantUnits, setProductUnits, setVariantUnits, sumVariantUnits } from "./inventory.repo";

// The inventory: the only writer of stock (products' and variants' units). Orders take and give
// back through it, in their own transactions; the catalogue's write path sets the units the admin
// counts through `setStock`, which the services' wiring hands it.

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
  /**
   * Rows a take brought from above the low-stock threshold (`lowAt`) to at or under it, with the
   * units left: `product:<id>` (a product without variants) or `variant:<id>`; empty without `lowAt`.
   */
  lowered: Array<{ key: string; left: number }>;
}

function grouped(lines: StockLine[]) {
  const products = new Map<string, number>();
  const variants = new Map<string, number>();
  for (const l of lines) {
    products.set(l.productId, (products.get(l.productId) ?? 0) + l.quantity);
    if (l.variantId) variants.set(l.variantId, (variants.get(l.variantId) ?? 0) + l.quantity);
  }
  // Every flow locks product rows first, then variant rows: two transactions over the same rows
  // wait for each other instead of deadlocking (within a table, one statement locks its rows in
  // the primary key's order).
  const byId = (a: [string, number], b: [string, number]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  return { products: [...products].sort(byId), variants: [...variants].sort(byId) };
}

/**
 * Takes the units of an order from the stock with conditional updates (`stock >= qty`), the
 * product row (for a product with variants it holds their sum) and the variant row: a row that
 * cannot give them is reported as short and left as it was, so overselling is impossible however
 * many checkouts run at once. Run it inside the order's transaction and roll back when anything is short.
 */
export function takeStock(trx: Executor, lines: StockLine[], options: { lowAt?: number } = {}): Promise<StockChange> {
  return moveStock(trx, lines, "take", options.lowAt);
}

/** Gives an order's units back to the stock (product and variant rows that still exist). */
export function returnStock(trx: Executor, lines: StockLine[]): Promise<StockChange> {
  return moveStock(trx, lines, "give");
}

const rowUnits = (rows: Array<[string, number]>): RowUnits => ({ ids: rows.map(([id]) => id), units: rows.map(([, units]) => units) });

/**
 * One stock move, taken or given back: one UPDATE … RETURNING for all the product rows, then one
 * for all the variant rows; then the listings it moved.
 */
async function moveStock(trx: Executor, lines: StockLine[], direction: "take" | "give", lowAt?: number): Promise<StockChange> {
  const take = direction === "take";
  const { products, variants } = grouped(lines);
  // A row flips when a take leaves it at 0, or a give brings it back from 0.
  const flips = (stock: number, quantity: number) => (take ? stock === 0 : stock === quantity);
  // A take lowers a row when it leaves it at or under the threshold it was above.
  const lowers = (stock: number, quantity: number) => take && lowAt !== undefined && stock <= lowAt && stock + quantity > lowAt;
  // A product with variants is low through its variants; its row holds their sum.
  const hasVariants = new Set(lines.filter((l) => l.variantId).map((l) => l.productId));
  const change: StockChange = { short: [], flipped: [], lowered: [] };
  const variantFlips = new Set<string>();
  if (products.length) {
    const rows = await moveProductUnits(trx, direction, rowUnits(products));
    const moved = new Map(rows.map((r) => [r.id, r.stock]));
    for (const [id, quantity] of products) {
      const stock = moved.get(id);
      if (stock === undefined) {
        if (take) change.short.push({ kind: "product", id });
      } else {
        if (flips(stock, quantity)) change.flipped.push(id);
        if (!hasVariants.has(id) && lowers(stock, quantity)) change.lowered.push({ key: `product:${id}`, left: stock });
      }
    }
  }
  if (variants.length) {
    const rows = await moveVariantUnits(trx, direction, rowUnits(variants));
    const moved = new Map(rows.map((r) => [r.id, r]));
    for (const [id, quantity] of variants) {
      const row = moved.get(id);
      if (!row) {
        if (take) change.short.push({ kind: "variant", id });
      } else {
        if (flips(row.stock, quantity)) variantFlips.add(row.product_id);
        if (lowers(row.stock, quantity)) change.lowered.push({ key: `variant:${id}`, left: row.stock });
      }
    }
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
  /** The units of a product without variants. */
  stock?: number;
  /** Given (even empty) for a product with variants: these get their units, and the product then holds the sum of all of its variants'. */
  variants?: Array<{ id: string; stock: number }>;
}

/** Ids grouped by the units they get: one UPDATE per distinct number (stock counts repeat a lot: 0, 1, 5…). */
function byUnits(pairs: Array<[string, number]>): Map<number, string[]> {
  const groups = new Map<number, string[]>();
  for (const [id, units] of pairs) {
    const ids = groups.get(units);
    if (ids) ids.push(id);
    else groups.set(units, [id]);
  }
  return groups;
}

/**
 * Sets units as the admin counts them (the product form, bulk edits, a CSV import), not as
 * orders move them: each variant given gets its number, a product with variants then holds their
 * sum, a product without variants gets `stock`. Writes in batches (a CSV import sets thousands);
 * listed prices follow (a variant sold out or back moves them) unless the caller refreshes them
 * itself once for a larger write (`refreshListing: false`). Returns the products it set.
 */
export async function setStock(trx: Executor, settings: StockSetting[], options: { refreshListing?: boolean } = {}): Promise<string[]> {
  const variantUnits = byUnits(settings.flatMap((s) => (s.variants ?? []).map((v): [string, number] => [v.id, v.stock])));
  for (const [units, ids] of variantUnits) await setVariantUnits(trx, units, ids);
  const ownUnits = byUnits(settings.filter((s) => s.stock !== undefined && !s.variants).map((s): [string, number] => [s.productId, s.stock!]));
  for (const [units, ids] of ownUnits) await setProductUnits(trx, units, ids);
  // A product with variants holds their sum (orders take units from both rows).
  await sumVariantUnits(trx, [...new Set(settings.filter((s) => s.variants).map((s) => s.productId))]);
  const ids = [...new Set(settings.map((s) => s.productId))];
  if (options.refreshListing !== false) await inChunks(ids, (chunk) => refreshListedPrices(trx, chunk));
  return ids;
}

/** Rows that have units again after a give-back or a count: a product without variants (`variantId` '') or one of its variants. */
export interface RaisedRow {
  productId: string;
  variantId: string;
}

/**
 * Told in the write's transaction of every row a give-back (a cancellation, a received return) or
 * a count (the product form, a CSV import) leaves with units: what waits for a product to be back
 * (the shoppers' back-in-stock alerts) follows from here, whoever raised the stock.
 */
export type StockRaisedListener = (trx: Executor, rows: RaisedRow[]) => Promise<void>;

/**
 * The inventory with its listeners: the same writes as `takeStock`, `returnStock` and `setStock`,
 * and every one that leaves rows with units tells `raised` in its transaction.
 */
export function createInventory(deps: { raised?: StockRaisedListener } = {}) {
  const tell = async (trx: Executor, rows: RaisedRow[]) => {
    if (deps.raised && rows.length) await deps.raised(trx, rows);
  };
  return {
    takeStock,
    /** Gives an order's units back; its rows now have units. */
    async returnStock(trx: Executor, lines: StockLine[]): Promise<StockChange> {
      const change = await returnStock(trx, lines);
      await tell(
        trx,
        lines.filter((l) => l.quantity > 0).map((l) => ({ productId: l.productId, variantId: l.variantId })),
      );
      return change;
    },
    /** Sets counted units; the rows counted above 0 have units. */
    async setStock(trx: Executor, settings: StockSetting[], options: { refreshListing?: boolean } = {}): Promise<string[]> {
      const ids = await setStock(trx, settings, options);
      await tell(
        trx,
        settings.flatMap((s): RaisedRow[] =>
          s.variants
            ? s.variants.filter((v) => v.stock > 0).map((v) => ({ productId: s.productId, variantId: v.id }))
            : (s.stock ?? 0) > 0
              ? [{ productId: s.productId, variantId: "" }]
              : [],
        ),
      );
      return ids;
    },
  };
}

export type Inventory = ReturnType<typeof createInventory>;
