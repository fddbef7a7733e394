import { PAYMENT_METHOD_LABEL } from "#common/payments/payment-methods";
import { toCsv } from "../../lib/csv";
import type { Db } from "../../db/database";
import { parseInput } from "#common/validate";
import { toMajor } from "#common/money";
import { type SalesReportQuery, salesReportQuerySchema } from "#common/orders/orders.report.schema";
import {
  type GroupBy,
  type LocalDate,
  addDays,
  bucketStart,
  eachDay,
  isTimeZone,
  isoWeek,
  localDateOf,
  localMidnight,
  offsetStretches,
} from "#common/calendar";
import {
  type SalesWindow,
  listLineSumsByDay,
  listOrderSumsByCurrency,
  listOrderSumsByDay,
  listRefundSumsByDay,
  listSoldProductNames,
} from "./orders.report.repo";

/*
 * The sales report (decision record 0031). Every figure is defined here, once; the dashboard reads
 * them through `salesReport` too.
 *
 * An order counts when it is not cancelled and, paid by card, once its payment went through (a
 * card order whose payment never came is no sale); cash on delivery counts when placed. It counts
 * on the local day it was placed. A refund counts on the local day it was made (a March refund of
 * a February order lowers March), for the counted orders.
 *   gross sales   Σ list price × units (orders.subtotal): before discounts, without shipping
 *   discounts     Σ what the discounts took off (orders.discount_total)
 *   refunds       Σ money given back (order_refunds.amount, goods and shipping), on the refund's day
 *   net sales     gross sales − discounts − refunds
 *   shipping      Σ shipping charged (orders.shipping_total)
 *   total sales   net sales + shipping: what the shop kept, Σ order totals − Σ refunds
 *   orders, units counted orders and their units
 *   average order value (gross sales − discounts) / orders, without shipping (as Shopify's)
 */

/** The figures of a period, money in the shop's major unit (12.5). */
export interface SalesFigures {
  grossSales: number;
  discounts: number;
  refunds: number;
  netSales: number;
  shipping: number;
  totalSales: number;
  orders: number;
  units: number;
  averageOrderValue: number;
}

/** One bucket of the series: its first and last local date (inside the range) and how it reads. */
export interface SalesBucket extends SalesFigures {
  start: LocalDate;
  end: LocalDate;
  label: string;
}

/** What one product sold in the range (refunds are not split per product: a refund may be a free amount). */
export interface ProductSales {
  productId: string;
  name: string;
  category: string;
  units: number;
  grossSales: number;
  discounts: number;
  /** gross sales − discounts */
  sales: number;
}

export type CategorySales = Omit<ProductSales, "productId" | "name" | "category"> & { category: string; products: number };

export interface PaymentSales {
  method: "card" | "cod";
  label: string;
  orders: number;
  /** What the orders came to: gross − discounts + shipping. */
  ordered: number;
  refunds: number;
  /** ordered − refunds */
  totalSales: number;
}

export interface SalesReport {
  range: { from: LocalDate; to: LocalDate; groupBy: GroupBy; timeZone: string; currency: string };
  totals: SalesFigures;
  series: SalesBucket[];
  byCategory: CategorySales[];
  /** The 20 best sellers by sales. */
  byProduct: ProductSales[];
  byPayment: PaymentSales[];
  /** The orders per currency they were placed in: their sales in that currency and in the base one (at each order's own rate). */
  byCurrency: CurrencySales[];
}

export interface CurrencySales {
  currency: string;
  orders: number;
  /** Total sales (items after discounts, shipping, less refunds) in `currency`. */
  sales: number;
  /** The same in the shop's base currency, each order at the rate it was placed at. */
  salesInBase: number;
}

export interface SalesReportDeps {
  /** The shop's time zone and currency (content settings). */
  settings: () => Promise<{ timeZone?: string; currency: string }>;
  /** The products' names and category names (the catalogue's service): a deleted product has none. */
  products: (ids: string[]) => Promise<Array<{ id: string; name: string; category: string }>>;
}

/** Sums in minor units. */
interface Sums {
  orders: number;
  units: number;
  gross: number;
  discounts: number;
  shipping: number;
  refunds: number;
}

const zero = (): Sums => ({ orders: 0, units: 0, gross: 0, discounts: 0, shipping: 0, refunds: 0 });
const TOP_PRODUCTS = 20;

type PaymentSums = Map<"card" | "cod", { orders: number; ordered: number; refunds: number }>;
type ProductSums = Map<string, { units: number; gross: number; sales: number }>;

function figures(s: Sums): SalesFigures {
  const net = s.gross - s.discounts - s.refunds;
  return {
    grossSales: toMajor(s.gross),
    discounts: toMajor(s.discounts),
    refunds: toMajor(s.refunds),
    netSales: toMajor(net),
    shipping: toMajor(s.shipping),
    totalSales: toMajor(net + s.shipping),
    orders: s.orders,
    units: s.units,
    averageOrderValue: s.orders ? toMajor(Math.round((s.gross - s.discounts) / s.orders)) : 0,
  };
}

function add(into: Sums, s: Partial<Sums>) {
  for (const k of Object.keys(s) as (keyof Sums)[]) into[k] += Number(s[k] ?? 0);
}

/** The shop's time zone, or UTC when it names none or one this runtime does not know. */
function zoneOr(zone: string | undefined): string {
  const z = zone ?? "UTC";
  return isTimeZone(z) ? z : "UTC";
}

/** The instants of the local dates `from`–`to` (both included) in the time zone, and its offsets between them. */
function windowOf(timeZone: string, from: LocalDate, to: LocalDate): SalesWindow {
  const startMs = localMidnight(timeZone, from);
  const endMs = localMidnight(timeZone, addDays(to, 1));
  return { start: new Date(startMs).toISOString(), end: new Date(endMs).toISOString(), stretches: offsetStretches(timeZone, startMs, endMs) };
}

/**
 * Folds the report's rows: each local day's sums (every day of the range present), each payment
 * method's orders, amounts and refunds, and each product's units and sales.
 */
function foldRows(
  from: LocalDate,
  to: LocalDate,
  orderRows: Awaited<ReturnType<typeof listOrderSumsByDay>>,
  lineRows: Awaited<ReturnType<typeof listLineSumsByDay>>,
  refundRows: Awaited<ReturnType<typeof listRefundSumsByDay>>,
): { days: Map<LocalDate, Sums>; payments: PaymentSums; productSums: ProductSums } {
  const days = new Map<LocalDate, Sums>(eachDay(from, to).map((d) => [d, zero()]));
  const payments: PaymentSums = new Map();
  const payment = (m: string) => {
    const method = m === "card" ? "card" : "cod";
    let p = payments.get(method);
    if (!p) payments.set(method, (p = { orders: 0, ordered: 0, refunds: 0 }));
    return p;
  };
  for (const r of orderRows) {
    const s = { orders: Number(r.orders), gross: Number(r.gross), discounts: Number(r.discounts), shipping: Number(r.shipping) };
    const day = days.get(String(r.day));
    if (day) add(day, s);
    const p = payment(r.method);
    p.orders += s.orders;
    p.ordered += s.gross - s.discounts + s.shipping;
  }
  const productSums: ProductSums = new Map();
  for (const r of lineRows) {
    const day = days.get(String(r.day));
    if (day) day.units += Number(r.units);
    const p = productSums.get(r.productId) ?? { units: 0, gross: 0, sales: 0 };
    p.units += Number(r.units);
    p.gross += Number(r.gross);
    p.sales += Number(r.sales);
    productSums.set(r.productId, p);
  }
  for (const r of refundRows) {
    const day = days.get(String(r.day));
    if (day) day.refunds += Number(r.refunds);
    payment(r.method).refunds += Number(r.refunds);
  }
  return { days, payments, productSums };
}

/** The range's total and its buckets (day, ISO week or month), each bucket's first and last date inside the range. */
function seriesOf(days: Map<LocalDate, Sums>, groupBy: GroupBy): { total: Sums; series: SalesBucket[] } {
  const total = zero();
  const buckets = new Map<LocalDate, { start: LocalDate; end: LocalDate; sums: Sums }>();
  for (const [day, sums] of days) {
    add(total, sums);
    const key = bucketStart(day, groupBy);
    const bucket = buckets.get(key) ?? { start: day, end: day, sums: zero() };
    bucket.end = day;
    add(bucket.sums, sums);
    buckets.set(key, bucket);
  }
  const series = [...buckets.values()].map((b) => ({
    start: b.start,
    end: b.end,
    label: groupBy === "week" ? isoWeek(b.start) : groupBy === "month" ? b.start.slice(0, 7) : b.start,
    ...figures(b.sums),
  }));
  return { total, series };
}

/** The products' sums per category (minor units). */
function categorySales(products: ProductSales[]): CategorySales[] {
  const categories = new Map<string, CategorySales>();
  for (const p of products) {
    const c = categories.get(p.category) ?? { category: p.category, products: 0, units: 0, grossSales: 0, discounts: 0, sales: 0 };
    c.products += 1;
    c.units += p.units;
    c.grossSales += p.grossSales;
    c.discounts += p.discounts;
    c.sales += p.sales;
    categories.set(p.category, c);
  }
  return [...categories.values()];
}

/** Each payment method that sold, card first, in the major unit. */
function paymentSales(payments: PaymentSums): PaymentSales[] {
  return (["card", "cod"] as const)
    .filter((m) => payments.has(m))
    .map((method) => {
      const p = payments.get(method)!;
      return {
        method,
        label: PAYMENT_METHOD_LABEL[method],
        orders: p.orders,
        ordered: toMajor(p.ordered),
        refunds: toMajor(p.refunds),
        totalSales: toMajor(p.ordered - p.refunds),
      };
    });
}

const money = <T extends { grossSales: number; discounts: number; sales: number }>(x: T): T => ({
  ...x,
  grossSales: toMajor(x.grossSales),
  discounts: toMajor(x.discounts),
  sales: toMajor(x.sales),
});
const bySales = (a: { sales: number; units: number }, b: { sales: number; units: number }) => b.sales - a.sales || b.units - a.units;

/** The sales report's reads and its CSV (orders module): figures, series, breakdowns; see the definitions above. */
export function createSalesReport(db: Db, deps: SalesReportDeps) {
  const k = db.kysely;

  /** Each product's figures (minor units) with its name and category from the catalogue; a product deleted since keeps the name its order lines were sold under. */
  async function productSales(productSums: ProductSums): Promise<ProductSales[]> {
    const ids = [...productSums.keys()];
    const known = new Map((await deps.products(ids)).map((p) => [p.id, p]));
    const gone = ids.filter((id) => !known.has(id));
    const goneNames = new Map(gone.length ? (await listSoldProductNames(k, gone)).map((r) => [r.product_id, String(r.name)]) : []);
    return [...productSums].map(([productId, p]) => {
      const product = known.get(productId);
      return {
        productId,
        name: product?.name ?? goneNames.get(productId) ?? "Deleted product",
        category: product?.category ?? "Deleted products",
        units: p.units,
        grossSales: p.gross,
        discounts: p.gross - p.sales,
        sales: p.sales,
      };
    });
  }

  const report = {
    /** Today's date in the shop's time zone, and the zone: where the report's presets (today, this month…) start from. */
    async today(): Promise<{ date: LocalDate; timeZone: string }> {
      const timeZone = zoneOr((await deps.settings()).timeZone);
      return { date: localDateOf(timeZone, Date.now()), timeZone };
    },

    /**
     * The sales report of the local dates `from`–`to` (both included) in the shop's time zone (or
     * `timeZone`), grouped by day, ISO week or month, every bucket present; bad input is a 400.
     * The dashboard reads its figures here too (groupBy day: a per-day series; byProduct: best sellers).
     */
    async salesReport(input: SalesReportQuery & { timeZone?: string }): Promise<SalesReport> {
      const { from, to, groupBy } = parseInput(salesReportQuerySchema, input, "Please check the report's dates.");
      const settings = await deps.settings();
      const timeZone = zoneOr(input.timeZone ?? settings.timeZone);
      const w = windowOf(timeZone, from, to);
      const [orderRows, lineRows, refundRows, currencyRows] = await Promise.all([
        listOrderSumsByDay(k, db.dialect, w),
        listLineSumsByDay(k, db.dialect, w),
        listRefundSumsByDay(k, db.dialect, w),
        listOrderSumsByCurrency(k, w),
      ]);
      const { days, payments, productSums } = foldRows(from, to, orderRows, lineRows, refundRows);
      const { total, series } = seriesOf(days, groupBy);
      const products = await productSales(productSums);
      return {
        range: { from, to, groupBy, timeZone, currency: settings.currency },
        totals: figures(total),
        series,
        byCategory: categorySales(products)
          .sort((a, b) => bySales(a, b) || a.category.localeCompare(b.category))
          .map(money),
        byProduct: products
          .sort((a, b) => bySales(a, b) || a.name.localeCompare(b.name))
          .slice(0, TOP_PRODUCTS)
          .map(money),
        byPayment: paymentSales(payments),
        byCurrency: currencyRows
          .map((r) => ({ currency: r.currency, orders: Number(r.orders), sales: toMajor(Number(r.sales)), salesInBase: toMajor(Number(r.salesInBase)) }))
          .sort((a, b) => b.salesInBase - a.salesInBase || a.currency.localeCompare(b.currency)),
      };
    },

    /** The sales report as one CSV: the series table, then the breakdowns by category, product and payment, each under its own heading. */
    async salesReportCsv(input: SalesReportQuery & { timeZone?: string }): Promise<string> {
      return salesReportToCsv(await report.salesReport(input));
    },
  };
  return report;
}

export type SalesReportService = ReturnType<typeof createSalesReport>;

const amount = (n: number) => n.toFixed(2);

/** The report as CSV sections, separated by an empty row, for a spreadsheet or the books. */
export function salesReportToCsv(r: SalesReport): string {
  const { range } = r;
  const period = { day: "Day", week: "Week", month: "Month" }[range.groupBy];
  const rows: Array<Array<string | number>> = [
    [`Sales report ${range.from} to ${range.to}`, `Time zone ${range.timeZone}`, `Currency ${range.currency}`],
    [],
    [period, "Start", "End", "Orders", "Units", "Gross sales", "Discounts", "Refunds", "Net sales", "Shipping", "Total sales", "Average order value"],
    ...[...r.series, { ...r.totals, label: "Total", start: range.from, end: range.to }].map((b) => [
      b.label,
      b.start,
      b.end,
      b.orders,
      b.units,
      amount(b.grossSales),
      amount(b.discounts),
      amount(b.refunds),
      amount(b.netSales),
      amount(b.shipping),
      amount(b.totalSales),
      amount(b.averageOrderValue),
    ]),
    [],
    ["Category", "Products", "Units", "Gross sales", "Discounts", "Sales"],
    ...r.byCategory.map((c) => [c.category, c.products, c.units, amount(c.grossSales), amount(c.discounts), amount(c.sales)]),
    [],
    ["Product (top 20)", "Category", "Units", "Gross sales", "Discounts", "Sales"],
    ...r.byProduct.map((p) => [p.name, p.category, p.units, amount(p.grossSales), amount(p.discounts), amount(p.sales)]),
    [],
    ["Payment method", "Orders", "Ordered", "Refunds", "Total sales"],
    ...r.byPayment.map((p) => [p.label, p.orders, amount(p.ordered), amount(p.refunds), amount(p.totalSales)]),
    [],
    ["Currency", "Orders", "Total sales", `Total sales (${range.currency})`],
    ...r.byCurrency.map((c) => [c.currency, c.orders, amount(c.sales), amount(c.salesInBase)]),
  ];
  return toCsv(rows);
}
