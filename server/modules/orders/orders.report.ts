import { PAYMENT_METHOD_LABEL } from "#common/payments/payment-methods";
import { toCsv } from "../../lib/csv";
import type { Db } from "../../db/database";
import { parseInput } from "#common/validate";
import { toMajor } from "#common/money";
import { fromMilli } from "#modules/tax";
import { type SalesReportQuery, salesReportQuerySchema } from "#common/orders/orders.report.schema";
import { type GroupBy, type LocalDate, addDays, bucketStart, eachDay, isTimeZone, isoWeek, localDateOf } from "#common/calendar";
import { type TaxReportQuery, taxReportQuerySchema } from "#common/orders/orders.report.schema";
import { listProductSumsOfDays, listProductSumsOfMonths, listSalesRollups, listSoldProductNames, listTaxSums } from "./orders.report.repo";
import { rebuildRollups, rollupZone } from "./orders.rollups";

/*
 * The sales report and the tax report (decision records 0031 and 0055). Every figure is defined
 * here and summed in orders.rollups.ts, once; the dashboard reads them through `salesReport` too.
 *
 * An order counts when it is not cancelled and, paid by card, once its payment went through (a
 * card order whose payment never came is no sale); cash on delivery counts when placed
 * (`countsInReports`). It counts on the local day it was placed. A refund counts on the local day
 * it was made (a March refund of a February order lowers March), for the counted orders. Prices
 * are as the shop enters them: with tax in a tax-inclusive shop, without it where tax is added.
 *   gross sales   Σ list price × units (orders.subtotal): before discounts, without shipping
 *   discounts     Σ what the discounts took off the goods: the catalogue's (orders.discount_total) and
 *                 the promotions' (orders.promotion_discount − shipping_discount)
 *   refunds       Σ money given back (order_refunds.amount: goods, shipping and their tax), on the refund's day
 *   net sales     gross sales − discounts − refunds
 *   shipping      Σ shipping charged (orders.shipping_total − what promotions took off it)
 *   tax           Σ tax charged on the orders (orders.tax_total), on the order's day
 *   refunded tax  Σ tax the refunds gave back (refund_tax_lines), on the refund's day
 *   net sales without tax  Σ (order total − its tax − its shipping without tax) − Σ (refund − its tax):
 *                 the goods after discounts as the shop keeps them, tax extracted where prices include it
 *   total sales   what the shop kept: Σ order totals (goods, shipping and tax added on top) − Σ refunds
 *   orders, units counted orders and their units
 *   average order value (gross sales − discounts) / orders, without shipping (as Shopify's)
 * The tax report: per tax region and rate, the taxable base and tax charged on the counted orders
 * of the period, and what refunds made in it gave back; net = charged − refunded.
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
  tax: number;
  refundedTax: number;
  netSalesWithoutTax: number;
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
  /** What the orders came to: gross − discounts + shipping (+ tax added on top). */
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

/** One line of the tax report: a region (a country, or a state or province of it), rate and currency; money in that currency. */
export interface TaxReportRow {
  country: string;
  /** The state or province, or null for the whole country. */
  region: string | null;
  /** Percent. */
  rate: number;
  reverseCharge: boolean;
  currency: string;
  /** Taxable base and tax charged, less what refunds gave back: what is owed. */
  base: number;
  tax: number;
  charged: { base: number; tax: number };
  refunded: { base: number; tax: number };
}

export interface TaxReport {
  range: { from: LocalDate; to: LocalDate; timeZone: string; currency: string };
  /** In the shop's currency (each order's tax at the rate it was placed at). */
  totals: { taxCollected: number; refunded: number; net: number };
  rows: TaxReportRow[];
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
  tax: number;
  refundedTax: number;
  total: number;
  netExTax: number;
}

const zero = (): Sums => ({ orders: 0, units: 0, gross: 0, discounts: 0, shipping: 0, refunds: 0, tax: 0, refundedTax: 0, total: 0, netExTax: 0 });
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
    totalSales: toMajor(s.total - s.refunds),
    orders: s.orders,
    units: s.units,
    averageOrderValue: s.orders ? toMajor(Math.round((s.gross - s.discounts) / s.orders)) : 0,
    tax: toMajor(s.tax),
    refundedTax: toMajor(s.refundedTax),
    netSalesWithoutTax: toMajor(s.netExTax),
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

/**
 * Folds the roll-ups: each local day's sums (every day of the range present), each payment
 * method's orders, amounts and refunds, and each currency's orders and sales.
 */
function foldRows(from: LocalDate, to: LocalDate, rows: Awaited<ReturnType<typeof listSalesRollups>>) {
  const days = new Map<LocalDate, Sums>(eachDay(from, to).map((d) => [d, zero()]));
  const payments: PaymentSums = new Map();
  const currencies = new Map<string, { orders: number; sales: number; salesInBase: number }>();
  for (const r of rows) {
    const n = (v: number | string) => Number(v);
    const s: Sums = {
      orders: n(r.orders),
      units: n(r.units),
      gross: n(r.gross),
      discounts: n(r.discounts),
      shipping: n(r.shipping),
      refunds: n(r.refunds),
      tax: n(r.tax),
      refundedTax: n(r.refunded_tax),
      total: n(r.total),
      netExTax: n(r.net_ex_tax),
    };
    const day = days.get(r.day);
    if (day) add(day, s);
    const method = r.payment_method === "card" ? "card" : "cod";
    const p = payments.get(method) ?? { orders: 0, ordered: 0, refunds: 0 };
    p.orders += s.orders;
    p.ordered += s.total;
    p.refunds += s.refunds;
    if (p.orders || p.ordered || p.refunds) payments.set(method, p);
    const c = currencies.get(r.currency) ?? { orders: 0, sales: 0, salesInBase: 0 };
    c.orders += s.orders;
    c.sales += n(r.sales);
    c.salesInBase += n(r.sales_in_base);
    if (c.orders) currencies.set(r.currency, c);
  }
  return { days, payments, currencies };
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

  /** Each product's sums over the local days `from`–`to`: the whole months inside from the months' rows, the days at the ends from the days'. */
  async function productSumsOf(from: LocalDate, to: LocalDate) {
    const firstWhole = from.endsWith("-01") ? from.slice(0, 7) : addDays(`${from.slice(0, 7)}-28`, 4).slice(0, 7);
    const lastWhole = addDays(to, 1).endsWith("-01") ? to.slice(0, 7) : addDays(`${to.slice(0, 7)}-01`, -1).slice(0, 7);
    if (firstWhole > lastWhole) return listProductSumsOfDays(k, from, to);
    const parts = await Promise.all([
      listProductSumsOfMonths(k, firstWhole, lastWhole),
      from < `${firstWhole}-01` ? listProductSumsOfDays(k, from, addDays(`${firstWhole}-01`, -1)) : [],
      lastWhole < to.slice(0, 7) ? listProductSumsOfDays(k, `${to.slice(0, 7)}-01`, to) : [],
    ]);
    const sums = new Map<string, { productId: string; units: number; gross: number; sales: number }>();
    for (const r of parts.flat()) {
      const s = sums.get(r.productId) ?? { productId: r.productId, units: 0, gross: 0, sales: 0 };
      s.units += Number(r.units);
      s.gross += Number(r.gross);
      s.sales += Number(r.sales);
      sums.set(r.productId, s);
    }
    return [...sums.values()];
  }

  /** The roll-ups summed in `timeZone`: summed again from the orders first when they are in another (or none yet). */
  async function rollupsIn(timeZone: string) {
    if ((await rollupZone(k, db.dialect, "none")) !== timeZone) await rebuildRollups(db, timeZone);
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
      await rollupsIn(timeZone);
      const [rows, productRows] = await Promise.all([listSalesRollups(k, from, to), productSumsOf(from, to)]);
      const { days, payments, currencies } = foldRows(from, to, rows);
      const { total, series } = seriesOf(days, groupBy);
      const productSums: ProductSums = new Map(
        productRows.filter((r) => Number(r.units) !== 0).map((r) => [r.productId, { units: Number(r.units), gross: Number(r.gross), sales: Number(r.sales) }]),
      );
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
        byCurrency: [...currencies]
          .map(([currency, c]) => ({ currency, orders: c.orders, sales: toMajor(c.sales), salesInBase: toMajor(c.salesInBase) }))
          .sort((a, b) => b.salesInBase - a.salesInBase || a.currency.localeCompare(b.currency)),
      };
    },

    /** The sales report as one CSV: the series table, then the breakdowns by category, product and payment, each under its own heading. */
    async salesReportCsv(input: SalesReportQuery & { timeZone?: string }): Promise<string> {
      return salesReportToCsv(await report.salesReport(input));
    },

    /**
     * The tax report of the local dates `from`–`to` in the shop's time zone: per tax region, rate
     * and currency the taxable base and tax charged on the counted orders placed in it and given
     * back by the refunds made in it, and what is left (net); totals in the shop's currency.
     */
    async taxReport(input: TaxReportQuery): Promise<TaxReport> {
      const { from, to } = parseInput(taxReportQuerySchema, input, "Please check the report's dates.");
      const settings = await deps.settings();
      const timeZone = zoneOr(settings.timeZone);
      await rollupsIn(timeZone);
      const sums = await listTaxSums(k, from, to);
      let collected = 0;
      let refunded = 0;
      const rows: TaxReportRow[] = sums
        .map((r) => {
          collected += Number(r.tax_in_base);
          refunded += Number(r.refunded_tax_in_base);
          const [base, tax, refundedBase, refundedTax] = [r.base, r.tax, r.refunded_base, r.refunded_tax].map(Number) as [number, number, number, number];
          return {
            country: r.country,
            region: r.region || null,
            rate: fromMilli(r.rate_milli),
            reverseCharge: r.reverse_charge === 1,
            currency: r.currency,
            base: toMajor(base - refundedBase),
            tax: toMajor(tax - refundedTax),
            charged: { base: toMajor(base), tax: toMajor(tax) },
            refunded: { base: toMajor(refundedBase), tax: toMajor(refundedTax) },
          };
        })
        .filter((r) => r.charged.base || r.charged.tax || r.refunded.base || r.refunded.tax)
        .sort(
          (a, b) =>
            a.country.localeCompare(b.country) ||
            (a.region ?? "").localeCompare(b.region ?? "") ||
            Number(a.reverseCharge) - Number(b.reverseCharge) ||
            b.rate - a.rate ||
            a.currency.localeCompare(b.currency),
        );
      return {
        range: { from, to, timeZone, currency: settings.currency },
        totals: { taxCollected: toMajor(collected), refunded: toMajor(refunded), net: toMajor(collected - refunded) },
        rows,
      };
    },

    /** The tax report as CSV: one row per region, rate and currency, then the totals. */
    async taxReportCsv(input: TaxReportQuery): Promise<string> {
      return taxReportToCsv(await report.taxReport(input));
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
    [
      period,
      "Start",
      "End",
      "Orders",
      "Units",
      "Gross sales",
      "Discounts",
      "Refunds",
      "Net sales",
      "Shipping",
      "Total sales",
      "Average order value",
      "Tax",
      "Refunded tax",
      "Net sales without tax",
    ],
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
      amount(b.tax),
      amount(b.refundedTax),
      amount(b.netSalesWithoutTax),
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

/** The tax report as CSV, for the books: a row per region, rate and currency, then the totals in the shop's currency. */
export function taxReportToCsv(r: TaxReport): string {
  const { range } = r;
  const rows: Array<Array<string | number>> = [
    [`Tax report ${range.from} to ${range.to}`, `Time zone ${range.timeZone}`, `Currency ${range.currency}`],
    [],
    [
      "Country",
      "Region",
      "Rate %",
      "Reverse charge",
      "Currency",
      "Taxable base charged",
      "Tax charged",
      "Base refunded",
      "Tax refunded",
      "Taxable base",
      "Tax",
    ],
    ...r.rows.map((row) => [
      row.country,
      row.region ?? "",
      row.rate,
      row.reverseCharge ? "yes" : "no",
      row.currency,
      amount(row.charged.base),
      amount(row.charged.tax),
      amount(row.refunded.base),
      amount(row.refunded.tax),
      amount(row.base),
      amount(row.tax),
    ]),
    [],
    [`Total (${range.currency})`, "Tax collected", "Refunded", "Net"],
    ["", amount(r.totals.taxCollected), amount(r.totals.refunded), amount(r.totals.net)],
  ];
  return toCsv(rows);
}
