import type { Dialect } from "../../db/database";
import { nowIso } from "../../db/database";
import type { Executor } from "./orders.types";

// The roll-ups' reads and writes (orders.rollups.ts sums them).

type RollupTable = "sales_rollups" | "product_rollups" | "product_month_rollups" | "tax_rollups";
const CHUNK = 400;

/** Adds rows to a roll-up table: each sum added to the row of its key (created at 0 when new). */
export async function upsertRollups(k: Executor, table: RollupTable, keys: readonly string[], sums: readonly string[], rows: object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await k
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK) as never)
      .onConflict((oc) =>
        oc
          .columns(keys as never)
          .doUpdateSet((eb) => Object.fromEntries(sums.map((c) => [c, eb(eb.ref(`${table}.${c}` as never), "+", eb.ref(`excluded.${c}` as never))])) as never),
      )
      .execute();
  }
}

/**
 * The time zone the roll-ups are summed in (null: not yet). On PostgreSQL, `share` holds the row
 * shared to the end of the caller's transaction (an order write), `update` alone (a rebuild).
 */
export async function readRollupZone(k: Executor, dialect: Dialect, mode: "share" | "update" | "none"): Promise<string | null> {
  let q = k.selectFrom("report_rollups").select("time_zone").where("id", "=", "reports");
  if (dialect === "postgres" && mode !== "none") q = mode === "share" ? q.forShare() : q.forUpdate();
  return (await q.executeTakeFirst())?.time_zone ?? null;
}

/** Empties the roll-ups and records the zone they are now summed in (the orders' flags are set as they are summed again). */
export async function resetRollups(k: Executor, zone: string): Promise<void> {
  await k.updateTable("report_rollups").set({ time_zone: zone, built_at: nowIso() }).where("id", "=", "reports").execute();
  for (const table of ["sales_rollups", "product_rollups", "product_month_rollups", "tax_rollups"] as const) await k.deleteFrom(table).execute();
}

/** Records whether these orders' money is in the roll-ups. */
export async function markInRollups(k: Executor, orderIds: string[], inRollups: boolean): Promise<void> {
  if (orderIds.length)
    await k
      .updateTable("orders")
      .set({ in_rollups: inRollups ? 1 : 0 })
      .where("id", "in", orderIds)
      .execute();
}

/** Up to `limit` orders after the id `after`, in id order. */
export function listOrdersAfter(k: Executor, after: string, limit: number) {
  return k.selectFrom("orders").selectAll().where("id", ">", after).orderBy("id").limit(limit).execute();
}

/** The order's row, or undefined. */
export function getRollupOrder(k: Executor, orderId: string) {
  return k.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
}

/** The lines of these orders, as the roll-ups sum them. */
export function listRollupLines(k: Executor, orderIds: string[]) {
  return orderIds.length
    ? k
        .selectFrom("order_lines")
        .select(["order_id", "product_id", "quantity", "unit_price", "line_total", "promotion_discount"])
        .where("order_id", "in", orderIds)
        .execute()
    : Promise.resolve([]);
}

/** The line taxes of these orders. */
export function listRollupTaxLines(k: Executor, orderIds: string[]) {
  return orderIds.length
    ? k.selectFrom("order_tax_lines").select(["order_id", "order_line_id", "rate_milli", "base", "amount"]).where("order_id", "in", orderIds).execute()
    : Promise.resolve([]);
}

/** The succeeded refunds of these orders. */
export function listRollupRefunds(k: Executor, orderIds: string[]) {
  return orderIds.length
    ? k
        .selectFrom("order_refunds")
        .select(["id", "order_id", "amount", "created_at"])
        .where("order_id", "in", orderIds)
        .where("status", "=", "succeeded")
        .execute()
    : Promise.resolve([]);
}

/** The tax the refunds of these orders gave back. */
export function listRollupRefundTaxes(k: Executor, orderIds: string[]) {
  return orderIds.length
    ? k.selectFrom("refund_tax_lines").select(["refund_id", "rate_milli", "base", "amount"]).where("order_id", "in", orderIds).execute()
    : Promise.resolve([]);
}

/** One refund's amount, day and tax. */
export async function getRollupRefund(k: Executor, refundId: string) {
  const [refund, taxes] = await Promise.all([
    k.selectFrom("order_refunds").select(["amount", "created_at"]).where("id", "=", refundId).executeTakeFirstOrThrow(),
    k.selectFrom("refund_tax_lines").select(["rate_milli", "base", "amount"]).where("refund_id", "=", refundId).execute(),
  ]);
  return { refund, taxes };
}
