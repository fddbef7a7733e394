// The sales report's part of `npm run bench` (issue 12): a year's report over the order desk's
// 100,000 orders (scripts/bench/order-desk.mjs seeds them over the last year), under load, through
// the JSON API as the seeded administrator.

/** The report's address: the last 365 days (the shop's time zone is UTC in the bench), by month, as the screen shows a year. */
export function salesReportPath(now = new Date()) {
  const day = (ms) => new Date(ms).toISOString().slice(0, 10);
  return `/api/admin/reports/sales?from=${day(now.getTime() - 364 * 86_400_000)}&to=${day(now.getTime())}&groupBy=month`;
}

/** The dashboard's address: 30 days against the 30 before (two month-long reports, the needs-action counts, the latest orders). */
export const DASHBOARD_PATH = "/api/admin/dashboard?period=30d";
