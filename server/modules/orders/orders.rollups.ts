import type { Kysely, Selectable } from "kysely";
import { type Dialect, toIso } from "../../db/database";
import type { Database, OrderRefundTable, RefundTaxLineTable } from "../../db/schema";
import { localDateOf } from "#common/calendar";
import type { Executor, OrderLineRow, OrderRow, OrderTaxLineRow } from "./orders.types";
import {
  getRollupOrder,
  getRollupRefund,
  listOrdersAfter,
  listRollupLines,
  listRollupRefundTaxes,
  listRollupRefunds,
  listRollupTaxLines,
  markInRollups,
  readRollupZone,
  resetRollups,
  upsertRollups,
} from "./orders.rollups.repo";

/*
 * The reports' daily roll-ups (decision 0055): the money of the counted orders summed per local
 * day of the shop's time zone, so that a year's report reads a few hundred rows instead of every
 * order. They are kept in the transactions that change what they sum: an order placed, an order
 * that starts or stops counting (a card payment received, a cancellation), a refund completed.
 * They are summed in one time zone, recorded in `report_rollups`; when the shop's zone is another
 * (changed in the settings, or never summed), the next report sums them again from the orders
 * (`rebuildRollups`), in one transaction that order writes wait for. A report reads without a lock.
 */

const PAID = new Set(["paid", "partially_refunded", "refunded"]);

/** Whether an order's money is in the reports: not cancelled, and a card order only once its payment went through. */
export function countsInReports(o: Pick<OrderRow, "status" | "payment_method" | "payment_status">): boolean {
  return o.status !== "cancelled" && (o.payment_method !== "card" || PAID.has(o.payment_status));
}

type SalesKey = { day: string; payment_method: string; currency: string };
const SALES_SUMS = [
  "orders",
  "units",
  "gross",
  "discounts",
  "shipping",
  "tax",
  "total",
  "refunds",
  "refunded_tax",
  "net_ex_tax",
  "sales",
  "sales_in_base",
] as const;
const PRODUCT_SUMS = ["units", "gross", "sales"] as const;
const TAX_SUMS = ["base", "tax", "refunded_base", "refunded_tax", "tax_in_base", "refunded_tax_in_base"] as const;
type Sums<K extends readonly string[]> = Record<K[number], number>;
type SalesRow = SalesKey & Sums<typeof SALES_SUMS>;
type ProductRow = { day: string; product_id: string } & Sums<typeof PRODUCT_SUMS>;
type ProductMonthRow = { month: string; product_id: string } & Sums<typeof PRODUCT_SUMS>;
type TaxRow = { day: string; country: string; region: string; rate_milli: number; reverse_charge: number; currency: string } & Sums<typeof TAX_SUMS>;

/** Roll-up rows to add, each key once. */
export class RollupDelta {
  sales = new Map<string, SalesRow>();
  products = new Map<string, ProductRow>();
  productMonths = new Map<string, ProductMonthRow>();
  taxes = new Map<string, TaxRow>();

  private bump<K extends string, R extends Record<K, number>>(map: Map<string, R>, key: string, make: () => R, sums: Partial<Record<K, number>>) {
    let row = map.get(key);
    if (!row) map.set(key, (row = make()));
    for (const [k, v] of Object.entries(sums) as Array<[K, number]>) (row as Record<K, number>)[k] += v;
  }
  sale(key: SalesKey, sums: Partial<Sums<typeof SALES_SUMS>>) {
    const zero = Object.fromEntries(SALES_SUMS.map((c) => [c, 0])) as Sums<typeof SALES_SUMS>;
    this.bump(this.sales, `${key.day}|${key.payment_method}|${key.currency}`, () => ({ ...key, ...zero }), sums);
  }
  /** A product's sums on its day and in its month. */
  product(day: string, productId: string, sums: Partial<Sums<typeof PRODUCT_SUMS>>) {
    this.bump(this.products, `${day}|${productId}`, () => ({ day, product_id: productId, units: 0, gross: 0, sales: 0 }), sums);
    const month = day.slice(0, 7);
    this.bump(this.productMonths, `${month}|${productId}`, () => ({ month, product_id: productId, units: 0, gross: 0, sales: 0 }), sums);
  }
  tax(key: Omit<TaxRow, (typeof TAX_SUMS)[number]>, sums: Partial<Sums<typeof TAX_SUMS>>) {
    const zero = Object.fromEntries(TAX_SUMS.map((c) => [c, 0])) as Sums<typeof TAX_SUMS>;
    this.bump(this.taxes, `${key.day}|${key.country}|${key.region}|${key.rate_milli}|${key.reverse_charge}|${key.currency}`, () => ({ ...key, ...zero }), sums);
  }
}

type RefundRow = Selectable<OrderRefundTable>;
type RefundTaxRow = Pick<Selectable<RefundTaxLineTable>, "rate_milli" | "base" | "amount">;

/** Everything of one order the roll-ups sum: its lines, line taxes, succeeded refunds and their taxes. */
export interface RollupOrder {
  order: OrderRow;
  lines: Pick<OrderLineRow, "product_id" | "quantity" | "unit_price" | "line_total" | "promotion_discount">[];
  taxLines: Pick<OrderTaxLineRow, "order_line_id" | "rate_milli" | "base" | "amount">[];
  refunds: Array<{ refund: Pick<RefundRow, "amount" | "created_at">; taxes: RefundTaxRow[] }>;
}

const dayIn = (zone: string, at: Date | string) => localDateOf(zone, new Date(toIso(at)!).getTime());

/** An amount of the order in the shop's base currency: divided by the rate it was placed at, rounded to the minor unit. */
const baseOf = (o: Pick<OrderRow, "exchange_rate">) => {
  const rate = Number(o.exchange_rate ?? 1) || 1;
  return (minor: number) => (rate === 1 ? minor : Math.round(minor / rate));
};

/** Adds (sign 1) or takes away (−1) one refund of an order: on its own day, and what it leaves of the order's sales on the order's day. */
export function addRefund(delta: RollupDelta, zone: string, order: OrderRow, refund: RollupOrder["refunds"][number], sign: 1 | -1) {
  const inBase = baseOf(order);
  const day = dayIn(zone, refund.refund.created_at);
  const amount = refund.refund.amount;
  const tax = refund.taxes.reduce((s, t) => s + t.amount, 0);
  const key = { payment_method: order.payment_method, currency: order.currency };
  delta.sale({ day, ...key }, { refunds: sign * inBase(amount), refunded_tax: sign * inBase(tax), net_ex_tax: -sign * inBase(amount - tax) });
  delta.sale({ day: dayIn(zone, order.created_at), ...key }, { sales: -sign * amount, sales_in_base: -sign * inBase(amount) });
  for (const t of refund.taxes) {
    delta.tax(taxKey(day, order, t.rate_milli), {
      refunded_base: sign * t.base,
      refunded_tax: sign * t.amount,
      refunded_tax_in_base: sign * inBase(t.amount),
    });
  }
}

function taxKey(day: string, order: OrderRow, rateMilli: number) {
  return {
    day,
    country: order.tax_country ?? "",
    region: order.tax_region ?? "",
    rate_milli: rateMilli,
    reverse_charge: order.reverse_charge === 1 ? 1 : 0,
    currency: order.currency,
  };
}

/**
 * Adds (sign 1) or takes away (−1) all of a counted order's money: on the day it was placed its
 * sums, its products and its tax per rate; its refunds on theirs. The definitions are the sales
 * report's (orders.report.ts).
 */
export function addOrder(delta: RollupDelta, zone: string, o: RollupOrder, sign: 1 | -1) {
  const { order } = o;
  const inBase = baseOf(order);
  const rate = Number(order.exchange_rate ?? 1) || 1;
  const day = dayIn(zone, order.created_at);
  const shippingTax = o.taxLines.find((t) => t.order_line_id === null);
  // What the promotions took off the shipping is off the shipping charged; the rest of them off the goods.
  const shipping = order.shipping_total - order.shipping_discount;
  const itemPromotions = order.promotion_discount - order.shipping_discount;
  // The shipping without its tax: the base its tax was reckoned on, else the charge as entered.
  const shippingExTax = shippingTax ? shippingTax.base : shipping;
  delta.sale(
    { day, payment_method: order.payment_method, currency: order.currency },
    {
      orders: sign,
      units: sign * o.lines.reduce((s, l) => s + l.quantity, 0),
      gross: sign * inBase(order.subtotal),
      discounts: sign * inBase(order.discount_total + itemPromotions),
      shipping: sign * inBase(shipping),
      tax: sign * inBase(order.tax_total),
      total: sign * inBase(order.total),
      net_ex_tax: sign * inBase(order.total - order.tax_total - shippingExTax),
      sales: sign * order.total,
      sales_in_base: sign * inBase(order.total),
    },
  );
  for (const l of o.lines) {
    delta.product(day, l.product_id, {
      units: sign * l.quantity,
      gross: sign * (rate === 1 ? l.unit_price * l.quantity : Math.round((l.unit_price * l.quantity) / rate)),
      sales: sign * inBase(l.line_total - (l.promotion_discount ?? 0)),
    });
  }
  for (const t of o.taxLines) delta.tax(taxKey(day, order, t.rate_milli), { base: sign * t.base, tax: sign * t.amount, tax_in_base: sign * inBase(t.amount) });
  for (const r of o.refunds) addRefund(delta, zone, order, r, sign);
}

/**
 * Adds the delta's rows to the roll-ups, each table's rows in the order of their keys: two order
 * writes at once lock the rows they share in the same order, so they wait for each other in turn
 * and never in a circle (PostgreSQL).
 */
export async function applyDelta(k: Executor, delta: RollupDelta): Promise<void> {
  const rowsOf = <R extends object>(map: Map<string, R>, sums: readonly string[]) =>
    [...map]
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .map(([, r]) => r)
      .filter((r) => sums.some((c) => (r as Record<string, number>)[c] !== 0));
  await upsertRollups(k, "sales_rollups", ["day", "payment_method", "currency"], SALES_SUMS, rowsOf(delta.sales, SALES_SUMS));
  await upsertRollups(k, "product_rollups", ["day", "product_id"], PRODUCT_SUMS, rowsOf(delta.products, PRODUCT_SUMS));
  await upsertRollups(k, "product_month_rollups", ["month", "product_id"], PRODUCT_SUMS, rowsOf(delta.productMonths, PRODUCT_SUMS));
  await upsertRollups(k, "tax_rollups", ["day", "country", "region", "rate_milli", "reverse_charge", "currency"], TAX_SUMS, rowsOf(delta.taxes, TAX_SUMS));
}

/**
 * The time zone the roll-ups are summed in (null: not yet), read in the caller's transaction. An
 * order write holds it shared (PostgreSQL) so a rebuild, which holds it alone, waits for the write
 * and sees it, and a write after the rebuild adds to the rows the rebuild summed. A report reads
 * it without a lock.
 */
export function rollupZone(k: Executor, dialect: Dialect, mode: "share" | "update" | "none" = "share"): Promise<string | null> {
  return readRollupZone(k, dialect, mode);
}

/** Orders as the roll-ups sum them, with their lines, line taxes, succeeded refunds and those refunds' taxes. */
async function loadRollupOrders(k: Executor, orders: OrderRow[]): Promise<RollupOrder[]> {
  const ids = orders.map((o) => o.id);
  const refunded = orders.filter((o) => o.refunded_total > 0).map((o) => o.id);
  const [lines, taxLines, refunds, refundTaxes] = await Promise.all([
    listRollupLines(k, ids),
    listRollupTaxLines(
      k,
      orders.filter((o) => o.tax_country !== null).map((o) => o.id),
    ),
    listRollupRefunds(k, refunded),
    listRollupRefundTaxes(k, refunded),
  ]);
  const group = <T, K>(rows: T[], key: (r: T) => K) => {
    const m = new Map<K, T[]>();
    for (const r of rows) {
      const list = m.get(key(r));
      if (list) list.push(r);
      else m.set(key(r), [r]);
    }
    return m;
  };
  const [linesBy, taxBy, refundsBy, refundTaxBy] = [
    group(lines, (l) => l.order_id),
    group(taxLines, (t) => t.order_id),
    group(refunds, (r) => r.order_id),
    group(refundTaxes, (t) => t.refund_id),
  ];
  return orders.map((order) => ({
    order,
    lines: linesBy.get(order.id) ?? [],
    taxLines: taxBy.get(order.id) ?? [],
    refunds: (refundsBy.get(order.id) ?? []).map((r) => ({ refund: r, taxes: refundTaxBy.get(r.id) ?? [] })),
  }));
}

/**
 * In the caller's transaction, after the order was placed or its status or payment changed: when
 * it now counts and its money is not in the roll-ups (or the other way round), adds (takes away) all of it.
 */
export async function syncOrderRollups(k: Executor, dialect: Dialect, orderId: string): Promise<void> {
  const zone = await rollupZone(k, dialect);
  if (!zone) return;
  const order = await getRollupOrder(k, orderId);
  if (!order) return;
  const counts = countsInReports(order);
  if (counts === (order.in_rollups === 1)) return;
  const delta = new RollupDelta();
  addOrder(delta, zone, (await loadRollupOrders(k, [order]))[0]!, counts ? 1 : -1);
  await applyDelta(k, delta);
  await markInRollups(k, [orderId], counts);
}

/**
 * In a new order's own transaction, before its row is written: when the roll-ups are summed and
 * the order counts from the start (cash on delivery), adds its money from the rows about to be
 * written, without reading them back, and answers true: the row is then written as in them. A card
 * order joins when its payment comes (`syncOrderRollups`).
 */
export async function addNewOrderToRollups(k: Executor, dialect: Dialect, o: Omit<RollupOrder, "refunds">): Promise<boolean> {
  if (!countsInReports(o.order)) return false;
  const zone = await rollupZone(k, dialect);
  if (!zone) return false;
  const delta = new RollupDelta();
  addOrder(delta, zone, { ...o, refunds: [] }, 1);
  await applyDelta(k, delta);
  return true;
}

/** In the caller's transaction, once a refund succeeded: adds it to the roll-ups when its order's money is in them. */
export async function applyRefundToRollups(k: Executor, dialect: Dialect, orderId: string, refundId: string): Promise<void> {
  const zone = await rollupZone(k, dialect);
  if (!zone) return;
  const order = await getRollupOrder(k, orderId);
  if (order?.in_rollups !== 1) return;
  const delta = new RollupDelta();
  addRefund(delta, zone, order, await getRollupRefund(k, refundId), 1);
  await applyDelta(k, delta);
}

const BATCH = 2000;

/**
 * Sums the roll-ups again from every order, in `zone`, in one transaction (the back-fill of the
 * orders from before them, and a change of the shop's time zone). Another rebuild that came first
 * for the same zone makes this one a no-op.
 */
export async function rebuildRollups(db: { kysely: Kysely<Database>; dialect: Dialect }, zone: string): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    if ((await rollupZone(trx, db.dialect, "update")) === zone) return;
    await resetRollups(trx, zone);
    const delta = new RollupDelta();
    let after = "";
    for (;;) {
      const orders = await listOrdersAfter(trx, after, BATCH);
      if (!orders.length) break;
      after = orders.at(-1)!.id;
      const counted = orders.filter(countsInReports);
      for (const o of await loadRollupOrders(trx, counted)) addOrder(delta, zone, o, 1);
      // Only the flags that change are written: after a change of zone, next to none.
      const flagged = new Set(counted.map((o) => o.id));
      await markInRollups(
        trx,
        counted.filter((o) => o.in_rollups !== 1).map((o) => o.id),
        true,
      );
      await markInRollups(
        trx,
        orders.filter((o) => o.in_rollups === 1 && !flagged.has(o.id)).map((o) => o.id),
        false,
      );
    }
    await applyDelta(trx, delta);
  });
}
