import { analyticsPeriodSchema } from "../../modules/analytics/analytics.schema";
import type { AdminRoute } from "./admin-route";

/** The site analytics' report for the analytics screen (services.analytics, read only). */
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
];
