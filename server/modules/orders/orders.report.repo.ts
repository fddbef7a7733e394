import { type ExpressionBuilder, sql } from "kysely";
import type { Dialect } from "../../db/database";
import type { Database } from "../../db/schema";
import type { Executor } from "./orders.types";

/** The instants of a report's range, [start, end), and the time zone's offsets over it (lib/calendar `offsetStretches`). */
export interface SalesWindow {
  start: string;
  end: string;
  stretches: Array<{ until: number; offset: number }>;
}

/** A card order is a sale once its payment went through (refunded since included). */
const PAID = ["paid", "partially_refunded", "refunded"] as const;

/** Counted orders (the sales report's definitions, orders.report.ts): not cancelled, and card orders only once paid. */
function counted(eb: ExpressionBuilder<Database, "orders">) {
  return eb.and([eb("orders.status", "!=", "cancelled"), eb.or([eb("orders.payment_method", "!=", "card"), eb("orders.payment_status", "in", PAID)])]);
}

/**
 * The local date of a timestamp column, in SQL: the offset of the stretch the instant falls in
 * added to it (a CASE over the range's few offset changes), on both engines alike.
 */
function localDay(dialect: Dialect, column: "orders.created_at" | "order_refunds.created_at", stretches: SalesWindow["stretches"]) {
  const ref = sql.ref(column);
  const shifted = (offset: number) =>
    dialect === "postgres"
      ? sql`to_char((${ref} at time zone 'UTC') + interval '${sql.raw(String(Math.trunc(offset)))} minutes', 'YYYY-MM-DD')`
      : sql`date(${ref}, '${sql.raw(`${offset >= 0 ? "+" : ""}${Math.trunc(offset)}`)} minutes')`;
  if (stretches.length === 1) return shifted(stretches[0]!.offset);
  const whens = stretches.slice(0, -1).map((s) => sql`when ${ref} < ${new Date(s.until).toISOString()} then ${shifted(s.offset)}`);
  return sql`case ${sql.join(whens, sql` `)} else ${shifted(stretches.at(-1)!.offset)} end`;
}

/**
 * An amount column of an order (or of its lines or refunds) in the shop's base currency: divided by
 * the rate the order was placed at and rounded to the minor unit; an order in the base currency
 * (rate 1) keeps its amount exactly.
 */
const inBase = (column: string) => sql<number>`round(${sql.ref(column)} / orders.exchange_rate)`;

const placedIn = (w: SalesWindow) => (eb: ExpressionBuilder<Database, "orders">) =>
  eb.and([eb("orders.created_at", ">=", w.start), eb("orders.created_at", "<", w.end)]);

/** The counted orders placed in the window, summed per local day and payment method: orders, gross, discounts, shipping (minor units). */
export function listOrderSumsByDay(k: Executor, dialect: Dialect, w: SalesWindow) {
  return k
    .selectFrom("orders")
    .where(placedIn(w))
    .where(counted)
    .select((eb) => [
      localDay(dialect, "orders.created_at", w.stretches).as("day"),
      "orders.payment_method as method",
      eb.fn.countAll().as("orders"),
      eb.fn.sum(inBase("orders.subtotal")).as("gross"),
      eb.fn.sum(inBase("orders.discount_total")).as("discounts"),
      eb.fn.sum(inBase("orders.shipping_total")).as("shipping"),
    ])
    .groupBy(["day", "orders.payment_method"])
    .execute();
}

/**
 * The counted orders placed in the window per currency they were placed in: orders, and their
 * sales (items after discounts, plus shipping, less refunds) in that currency and in the base one.
 */
export function listOrderSumsByCurrency(k: Executor, w: SalesWindow) {
  return k
    .selectFrom("orders")
    .where(placedIn(w))
    .where(counted)
    .select((eb) => [
      "orders.currency as currency",
      eb.fn.countAll().as("orders"),
      eb.fn.sum(sql<number>`orders.total - orders.refunded_total`).as("sales"),
      eb.fn.sum(sql<number>`round((orders.total - orders.refunded_total) / orders.exchange_rate)`).as("salesInBase"),
    ])
    .groupBy("orders.currency")
    .execute();
}

/**
 * The lines of the counted orders placed in the window, read once (the costly join) and summed per
 * local day and product: units, gross and sales (minor units). The product's id as text ("|| ''"):
 * SQLite would otherwise walk every line ever sold in product order through its index.
 */
export function listLineSumsByDay(k: Executor, dialect: Dialect, w: SalesWindow) {
  const productKey = sql<string>`order_lines.product_id || ''`;
  return k
    .selectFrom("orders")
    .innerJoin("order_lines", "order_lines.order_id", "orders.id")
    .where(placedIn(w))
    .where(counted)
    .select((eb) => [
      localDay(dialect, "orders.created_at", w.stretches).as("day"),
      productKey.as("productId"),
      eb.fn.sum("order_lines.quantity").as("units"),
      eb.fn.sum(sql<number>`round(order_lines.unit_price * order_lines.quantity / orders.exchange_rate)`).as("gross"),
      eb.fn.sum(inBase("order_lines.line_total")).as("sales"),
    ])
    .groupBy(["day", productKey])
    .execute();
}

/** The succeeded refunds of counted orders made in the window, summed per local day of the refund and payment method (minor units). */
export function listRefundSumsByDay(k: Executor, dialect: Dialect, w: SalesWindow) {
  return k
    .selectFrom("order_refunds")
    .innerJoin("orders", "orders.id", "order_refunds.order_id")
    .where("order_refunds.status", "=", "succeeded")
    .where("order_refunds.created_at", ">=", w.start)
    .where("order_refunds.created_at", "<", w.end)
    .where(counted)
    .select((eb) => [
      localDay(dialect, "order_refunds.created_at", w.stretches).as("day"),
      "orders.payment_method as method",
      eb.fn.sum(inBase("order_refunds.amount")).as("refunds"),
    ])
    .groupBy(["day", "orders.payment_method"])
    .execute();
}

/** The name each of these products was sold under on its order lines (one per product). */
export function listSoldProductNames(k: Executor, productIds: string[]) {
  return k
    .selectFrom("order_lines")
    .where("product_id", "in", productIds)
    .select((eb) => ["product_id", eb.fn.max("name").as("name")])
    .groupBy("product_id")
    .execute();
}
