import { type CsvCell, toCsv } from "../../lib/csv";
import { DEVICE_LABELS, FUNNEL_STEP_LABELS } from "#common/analytics/analytics.schema";
import type { AnalyticsReport } from "./analytics.service";

/** A rate as a spreadsheet reads a percentage ("33.33%"); blank where there is nothing to divide by. */
const percent = (rate: number | null) => (rate === null ? "" : `${(rate * 100).toFixed(2)}%`);

/**
 * The analytics report as CSV sections, each under its own heading row and separated by an empty
 * row: the totals, the funnel, then the top pages, products, referrers and devices.
 */
export function analyticsReportToCsv(r: AnalyticsReport, timeZone: string): string {
  const { totals, funnel } = r;
  const rows: CsvCell[][] = [
    [`Site analytics ${r.period.from} to ${r.period.to}`, `Time zone ${timeZone}`, "A visitor is one browser on one day"],
    [],
    ["Total", "Value"],
    ["Visitors", totals.visitors],
    ["Page views", totals.pageViews],
    ["Product views", totals.productViews],
    ["Adds to cart", totals.addToCarts],
    ["Checkouts started", totals.checkouts],
    ["Orders", totals.orders],
    ["Order value", totals.orderValue.toFixed(2)],
    ["Conversion rate (visitors who placed an order)", percent(totals.conversionRate)],
    [],
    ["Funnel step", "Visitors", "Events", "Rate from the step before"],
    ...funnel.map((s) => [FUNNEL_STEP_LABELS[s.step], s.visitors, s.events, percent(s.rate)]),
    ["Viewed a product and placed an order", "", "", percent(r.funnelRate)],
    [],
    ["Top pages", "Visitors", "Page views"],
    ...r.topPages.map((p) => [p.path, p.visitors, p.pageViews]),
    [],
    ["Top products", "Slug", "Visitors", "Views", "Visitors who added it to cart"],
    ...r.topProducts.map((p) => [p.name ?? "A product no longer sold", p.slug, p.visitors, p.views, p.addedToCart]),
    [],
    ["Referring site", "Visitors", "Page views"],
    ...r.referrers.map((s) => [s.host, s.visitors, s.pageViews]),
    [],
    ["Device", "Visitors", "Page views"],
    ...r.devices.map((d) => [DEVICE_LABELS[d.device] ?? d.device, d.visitors, d.pageViews]),
  ];
  // A byte-order mark: spreadsheets read the file as UTF-8 only with it (accented product names).
  return toCsv(rows, { bom: true });
}
