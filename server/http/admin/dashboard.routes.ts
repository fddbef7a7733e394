import { dashboardQuerySchema } from "../../flows/dashboard";
import { type AdminRoute, parseQuery } from "./admin-route";

/** The dashboard's figures, for any staff member: each part only when their permissions cover it (null otherwise). */
export const DASHBOARD_ROUTES: AdminRoute[] = [
  {
    method: "GET",
    path: "/dashboard",
    summary:
      "The dashboard of a `period` (today, 7d or 30d; whole days in the shop's time zone) against the period before: revenue (the sales report's total sales), orders, average order value, new customers, conversion rate; revenue per day; best sellers; what needs action (pending orders, unpaid card orders, return requests, new messages, low and out of stock); the latest orders. A part the staff member may not see is null.",
    query: dashboardQuerySchema,
    async handler(c) {
      const { period } = parseQuery(c, dashboardQuerySchema);
      return c.json({ data: await c.var.services.dashboard.load(c.var.admin, { period }) });
    },
  },
];
