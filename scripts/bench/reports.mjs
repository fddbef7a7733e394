// The reports' part of `npm run bench`: a year's sales report, the dashboard and a year's tax
// report over the order desk's 100,000 orders (order-desk.mjs seeds them over the last year), under load, through the
// JSON API as the seeded administrator.
import { DESK_ORDERS, settleDatabase } from "./order-desk.mjs";
import { log } from "./processes.mjs";
import { num } from "./report.mjs";
import { TARGETS } from "./targets.mjs";

/** The report's address: the last 365 days (the shop's time zone is UTC in the bench), by month, as the screen shows a year. */
export function salesReportPath(now = new Date()) {
  const day = (ms) => new Date(ms).toISOString().slice(0, 10);
  return `/api/admin/reports/sales?from=${day(now.getTime() - 364 * 86_400_000)}&to=${day(now.getTime())}&groupBy=month`;
}

/** The tax report's address: the same last 365 days. */
export function taxReportPath(now = new Date()) {
  return salesReportPath(now).replace("/reports/sales?", "/reports/taxes?").replace("&groupBy=month", "");
}

/** The dashboard's address: 30 days against the 30 before (two month-long reports, the needs-action counts, the latest orders). */
export const DASHBOARD_PATH = "/api/admin/dashboard?period=30d";

/**
 * The sales report (a year, by month) and the dashboard, measured after the order desk. Two
 * connections: a report is a few people's read, and each takes a few hundred ms of the one core
 * SQLite answers on, so ten would measure the queue (nine reports waiting) instead of the report.
 */
export async function measureReports({ base, headers, pid, database, databaseUrl, measure }, adminCookie) {
  // The seeded orders were written behind the services' back: the first report sums the roll-ups
  // again (decision 0055), once, before anything is measured.
  const started = performance.now();
  const first = await fetch(`${base}${salesReportPath()}`, { headers: { ...headers.api(), cookie: adminCookie } });
  if (first.status !== 200) throw new Error(`the first sales report answered ${first.status}`);
  await first.arrayBuffer();
  log(`  the roll-ups summed from the orders in ${num((performance.now() - started) / 1000, 1)} s`);
  await settleDatabase(databaseUrl);
  const salesReport = await measure({
    key: "salesReport",
    label: `GET sales report, a year by month (${DESK_ORDERS / 1000}k orders, 2 conn.)`,
    url: `${base}${salesReportPath()}`,
    headers: { ...headers.api(), cookie: adminCookie },
    pid,
    database,
    autocannon: { connections: 2 },
  });
  // As the owner opens it: 30 days against the 30 before.
  const dashboard = await measure({
    key: "dashboard",
    label: `GET dashboard, 30 days (${DESK_ORDERS / 1000}k orders, 2 conn.)`,
    url: `${base}${DASHBOARD_PATH}`,
    headers: { ...headers.api(), cookie: adminCookie },
    pid,
    database,
    autocannon: { connections: 2 },
  });
  const taxReport = await measure({
    key: "taxReport",
    label: `GET tax report, a year (${DESK_ORDERS / 1000}k orders, 2 conn.)`,
    url: `${base}${taxReportPath()}`,
    headers: { ...headers.api(), cookie: adminCookie },
    pid,
    database,
    autocannon: { connections: 2 },
  });
  return [salesReport, dashboard, taxReport];
}

export function reportLines(by) {
  return [
    `Sales report (a year of ${DESK_ORDERS.toLocaleString("en-US")} orders, by month): ${num(by.salesReport.requestsPerSecond)} req/s, p50 ${num(by.salesReport.latencyMs.p50, 2)} ms, p95 ${num(by.salesReport.latencyMs.p95, 2)} ms.`,
    `Dashboard (30 days against the 30 before, ${DESK_ORDERS.toLocaleString("en-US")} orders): ${num(by.dashboard.requestsPerSecond)} req/s, p50 ${num(by.dashboard.latencyMs.p50, 2)} ms, p95 ${num(by.dashboard.latencyMs.p95, 2)} ms.`,
    `Tax report (a year of ${DESK_ORDERS.toLocaleString("en-US")} orders): ${num(by.taxReport.requestsPerSecond)} req/s, p50 ${num(by.taxReport.latencyMs.p50, 2)} ms, p95 ${num(by.taxReport.latencyMs.p95, 2)} ms.`,
  ];
}

export function salesReportJson(by) {
  return {
    orders: DESK_ORDERS,
    path: salesReportPath(),
    p50Ms: by.salesReport.latencyMs.p50,
    p95Ms: by.salesReport.latencyMs.p95,
    requestsPerSecond: by.salesReport.requestsPerSecond,
  };
}

export function dashboardJson(by) {
  return {
    orders: DESK_ORDERS,
    path: DASHBOARD_PATH,
    p50Ms: by.dashboard.latencyMs.p50,
    p95Ms: by.dashboard.latencyMs.p95,
    requestsPerSecond: by.dashboard.requestsPerSecond,
  };
}

export function taxReportJson(by) {
  return {
    orders: DESK_ORDERS,
    path: taxReportPath(),
    p50Ms: by.taxReport.latencyMs.p50,
    p95Ms: by.taxReport.latencyMs.p95,
    requestsPerSecond: by.taxReport.requestsPerSecond,
  };
}

/** The reports' goal: each answers within TARGETS.reportP95Ms at p95 over the order desk's orders. */
export function reportTargets(by) {
  return [
    ["salesReport", "sales report, a year"],
    ["dashboard", "dashboard, 30 days"],
    ["taxReport", "tax report, a year"],
  ].map(([key, name]) => {
    const p95 = by[key]?.latencyMs.p95;
    return {
      name: `${name}, p95 ≤ ${TARGETS.reportP95Ms} ms`,
      value: p95,
      shown: `${num(p95, 2)} ms at ${DESK_ORDERS.toLocaleString("en-US")} orders`,
      pass: p95 != null && p95 <= TARGETS.reportP95Ms && !by[key].failedResponses,
    };
  });
}
