import { analyticsPeriodSchema } from "#common/analytics/analytics.schema";
import { type AdminRoute, parseQuery, csvDownload } from "./admin-route";

/** The site analytics' report for the analytics screen, and as CSV for a spreadsheet (services.analytics, read only). */
export const ANALYTICS_ROUTES: AdminRoute[] = [
  {
    method: "GET",
    path: "/analytics",
    summary:
      "The site analytics of a period (`from` and `to`, YYYY-MM-DD in the shop's time zone, both included): totals (visitors, page views, product views, adds to cart, checkouts, orders, conversion rate), the funnel product view → add to cart → checkout → order with each step's visitors and rate, and the top pages, products, referrers and devices. A visitor is one browser on one day.",
    query: analyticsPeriodSchema,
    async handler(c) {
      return c.json({ data: await c.var.services.analytics.report(c.req.query()) });
    },
  },
  {
    method: "GET",
    path: "/analytics.csv",
    summary:
      "The same report of `from`–`to` as one CSV: the totals, the funnel with each step's rate, then the top pages, products, referrers and devices, each under its own header row after an empty row.",
    query: analyticsPeriodSchema,
    async handler(c) {
      const period = parseQuery(c, analyticsPeriodSchema);
      const csv = await c.var.services.analytics.reportCsv(period);
      return csvDownload(c, csv, "analytics", period);
    },
  },
];
