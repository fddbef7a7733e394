import { salesReportQuerySchema, taxReportQuerySchema } from "#common/orders/orders.report.schema";
import { type AdminRoute, parseQuery, csvDownload } from "./admin-route";

/** The sales and tax reports (services.reports, the orders module's): JSON for the screens and the dashboard, CSV for a spreadsheet or the books. */
export const REPORT_ROUTES: AdminRoute[] = [
  {
    method: "GET",
    path: "/reports/sales",
    summary:
      "The sales report of `from`–`to` (YYYY-MM-DD in the shop's time zone, both included; five years at most) grouped by `groupBy` (day, week from Monday, month): `data.totals` (gross sales, discounts, refunds on the day they were made, net sales, shipping, total sales, orders, units, average order value), `data.series` (every bucket, empty ones too), `data.byCategory`, `data.byProduct` (top 20 by sales), `data.byPayment`. Cancelled orders and unpaid card orders are left out. Money in the major unit.",
    query: salesReportQuerySchema,
    async handler(c) {
      return c.json({ data: await c.var.services.reports.salesReport(parseQuery(c, salesReportQuerySchema)) });
    },
  },
  {
    method: "GET",
    path: "/reports/sales.csv",
    summary:
      "The same report as one CSV: the series with a total row, then the breakdowns by category, product (top 20) and payment method, each under its own header row after an empty row.",
    query: salesReportQuerySchema,
    async handler(c) {
      const query = parseQuery(c, salesReportQuerySchema);
      const csv = await c.var.services.reports.salesReportCsv(query);
      return csvDownload(c, csv, "sales", query);
    },
  },
  {
    method: "GET",
    path: "/reports/taxes",
    summary:
      "The tax report of `from`–`to` (YYYY-MM-DD in the shop's time zone, both included; five years at most): `data.rows` per tax region (`country`, `region` or null), `rate` (percent), `reverseCharge` and `currency`: `base` and `tax` charged on the orders placed in the period less what the refunds made in it gave back, with `charged` and `refunded` apart; `data.totals` (`taxCollected`, `refunded`, `net`) in the shop's currency. The orders counted are the sales report's. Money in the major unit.",
    query: taxReportQuerySchema,
    async handler(c) {
      return c.json({ data: await c.var.services.reports.taxReport(parseQuery(c, taxReportQuerySchema)) });
    },
  },
  {
    method: "GET",
    path: "/reports/taxes.csv",
    summary: "The same tax report as CSV: a row per region, rate and currency, then the totals.",
    query: taxReportQuerySchema,
    async handler(c) {
      const query = parseQuery(c, taxReportQuerySchema);
      return csvDownload(c, await c.var.services.reports.taxReportCsv(query), "taxes", query);
    },
  },
  {
    method: "GET",
    path: "/reports/cart-reminders",
    summary:
      "The cart reminders of `from`–`to` (YYYY-MM-DD in the shop's time zone, both included): `sent` (with `first` and `second`), `restored` (carts brought back through a reminder's link), `orders` placed within seven days of a reminder of the cart and their `revenue` (major unit of the shop's currency), and `conversionRate` (orders per reminder sent, percent; null without one).",
    query: taxReportQuerySchema,
    async handler(c) {
      return c.json({ data: await c.var.services.reminders.report(parseQuery(c, taxReportQuerySchema)) });
    },
  },
];
