import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

// The statements of the low-stock mail: its last sending time (a row of `stock_alerts` per kind
// of alert) and the products and variants at or under the threshold.

/** A database handle or an open transaction. */
type Executor = Kysely<Database>;

/** Makes sure the alert `kind` has its row, with `neverSent` as its last sending time when new. */
export async function ensureAlertRow(ex: Executor, kind: string, neverSent: string): Promise<void> {
  await ex
    .insertInto("stock_alerts")
    .values({ kind, last_sent_at: neverSent })
    .onConflict((oc) => oc.column("kind").doNothing())
    .execute();
}

/** Moves the alert's last sending time from at or before `notAfter` to `sentAt`; false when it was later (another sent it). */
export async function claimAlert(ex: Executor, kind: string, sentAt: string, notAfter: string): Promise<boolean> {
  const taken = await ex
    .updateTable("stock_alerts")
    .set({ last_sent_at: sentAt })
    .where("kind", "=", kind)
    .where("last_sent_at", "<=", notAfter)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Puts the alert's last sending time back to `to`, if it is still `sentAt`. */
export async function releaseAlert(ex: Executor, kind: string, sentAt: string, to: string): Promise<void> {
  await ex.updateTable("stock_alerts").set({ last_sent_at: to }).where("kind", "=", kind).where("last_sent_at", "=", sentAt).execute();
}

/**
 * The active products without variants and the variants of active products at or under
 * `threshold` units, each the fewest first (at most `limit` of each), and how many there are.
 */
export async function listLowStock(ex: Executor, threshold: number, limit: number) {
  const [variants, products, variantCount, productCount] = await Promise.all([
    ex
      .selectFrom("product_variants as v")
      .innerJoin("products as p", "p.id", "v.product_id")
      .select(["p.name", "v.color", "v.size", "v.stock"])
      .where("p.status", "=", "active")
      .where("v.stock", "<=", threshold)
      .orderBy("v.stock")
      .orderBy("p.name")
      .limit(limit)
      .execute(),
    ex
      .selectFrom("products as p")
      .select(["p.name", "p.stock"])
      .where("p.status", "=", "active")
      .where("p.stock", "<=", threshold)
      .where((eb) => eb.not(eb.exists(eb.selectFrom("product_variants as v").select("v.id").whereRef("v.product_id", "=", "p.id"))))
      .orderBy("p.stock")
      .orderBy("p.name")
      .limit(limit)
      .execute(),
    ex
      .selectFrom("product_variants as v")
      .innerJoin("products as p", "p.id", "v.product_id")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("p.status", "=", "active")
      .where("v.stock", "<=", threshold)
      .executeTakeFirstOrThrow(),
    ex
      .selectFrom("products as p")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("p.status", "=", "active")
      .where("p.stock", "<=", threshold)
      .where((eb) => eb.not(eb.exists(eb.selectFrom("product_variants as v").select("v.id").whereRef("v.product_id", "=", "p.id"))))
      .executeTakeFirstOrThrow(),
  ]);
  return { variants, products, total: Number(variantCount.n) + Number(productCount.n) };
}
