import { useT } from "~/lib/i18n";
import { KpiCards } from "~/components/admin/reports/kpi-cards";
import { Link } from "react-router";
import { Chart } from "~/components/admin/charts";
import { FigureTable } from "~/components/admin/reports/figure-table";
import { PeriodPicker, ReportBody } from "~/components/admin/reports/period-picker";
import type { ReportPeriod } from "~/components/admin/reports/report-period";
import { EmptyState, PageHeader, buttonClass } from "~/components/admin/ui";
import { loadReport } from "~/components/admin/reports/report-loader.server";
import { formatMoney } from "~/lib/money";
import type { SalesBucket, SalesReport } from "#modules/orders";
import type { PromotionFigures } from "#modules/promotions";
import type { Route } from "./+types/sales-report";

/**
 * The period and grouping in the address (presets, a chosen year or a custom range, days in the
 * shop's time zone) and its sales report; a period that is no period shows its error instead.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadReport(request, context, async (period) => {
    const [sales, settings] = await Promise.all([
      context.services.reports.salesReport({ from: period.from, to: period.to, groupBy: period.groupBy }),
      context.services.content.getSettings(),
    ]);
    // The promotions' figures of the same days, beside the sales' discounts.
    const byPromotion = await context.services.promotions.report({ from: period.from, to: period.to, timeZone: settings.timeZone });
    return { ...sales, byPromotion };
  });
}

const whole = new Intl.NumberFormat("en");
const dayText = (iso: string, withYear = true) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("en", { day: "numeric", month: "short", ...(withYear ? { year: "numeric" } : {}), timeZone: "UTC" });
const monthText = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString("en", { month: "long", year: "numeric", timeZone: "UTC" });

/** How a bucket reads: a day, "Week of 2 Mar" (its days in the range), or a month. */
function bucketText(b: Pick<SalesBucket, "start" | "end">, groupBy: ReportPeriod["groupBy"], short = false): string {
  if (groupBy === "month")
    return short ? new Date(`${b.start}T12:00:00Z`).toLocaleDateString("en", { month: "short", year: "2-digit", timeZone: "UTC" }) : monthText(b.start);
  if (groupBy === "week") return short ? dayText(b.start, false) : b.start === b.end ? dayText(b.start) : `${dayText(b.start, false)} – ${dayText(b.end)}`;
  return short ? dayText(b.start, false) : dayText(b.start);
}

/** The sales report: period and grouping, the figures, the chart, the table per day/week/month, the breakdowns, CSV. */
export default function SalesReportScreen({ loaderData }: Route.ComponentProps) {
  const { period, report, error, today } = loaderData;
  const csv = `/api/admin/reports/sales.csv?${new URLSearchParams({ from: period.from, to: period.to, groupBy: period.groupBy })}`;
  const t = useT();
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={t("admin.nav.salesReport")}
        description={t("admin.people.whatTheShopSold")}
        actions={
          report && (
            <a href={csv} download className={buttonClass("secondary")} data-testid="export-csv">
              {t("admin.csv.export")}
            </a>
          )
        }
      />
      <PeriodPicker period={period} today={today} groupBy />
      <ReportBody screen="/admin-dashboard/sales-report" error={error} testId="sales-report">
        {report && <Report report={report} />}
      </ReportBody>
    </div>
  );
}

function Report({ report }: { report: SalesReport & { byPromotion: PromotionFigures[] } }) {
  const { totals, series, range } = report;
  const money = (n: number) => formatMoney(n, range.currency);
  const t = useT();
  if (totals.orders === 0 && totals.refunds === 0) {
    return (
      <EmptyState title={t("admin.people.noSalesInThis")} testId="sales-empty">
        {t("admin.sales.emptyText")}
      </EmptyState>
    );
  }
  const cards = [
    { label: t("admin.sales.netSales"), value: money(totals.netSales), hint: t("admin.sales.netSalesHint"), testId: "kpi-net" },
    { label: t("admin.nav.orders"), value: whole.format(totals.orders), testId: "kpi-orders" },
    { label: t("admin.dashboard.averageOrderValue"), value: money(totals.averageOrderValue), hint: t("admin.sales.aovHint"), testId: "kpi-aov" },
    { label: t("admin.sales.unitsSold"), value: whole.format(totals.units), testId: "kpi-units" },
    { label: t("admin.sales.grossSales"), value: money(totals.grossSales), hint: t("admin.sales.grossHint"), testId: "kpi-gross" },
    { label: t("admin.sales.discounts"), value: money(totals.discounts), testId: "kpi-discounts" },
    { label: t("admin.sales.refunds"), value: money(totals.refunds), hint: t("admin.sales.refundsHint"), testId: "kpi-refunds" },
    { label: t("admin.settings.section.shipping"), value: money(totals.shipping), testId: "kpi-shipping" },
    { label: t("admin.sales.totalSales"), value: money(totals.totalSales), hint: t("admin.sales.totalHint"), testId: "kpi-total" },
    // Only where the shop charged or gave back tax in the period.
    ...(totals.tax || totals.refundedTax
      ? [
          {
            label: t("admin.sales.tax"),
            value: money(totals.tax),
            hint: t("admin.sales.taxHint", { refunded: money(totals.refundedTax) }),
            testId: "kpi-tax",
          },
          {
            label: t("admin.sales.netWithoutTax"),
            value: money(totals.netSalesWithoutTax),
            hint: t("admin.sales.netWithoutTaxHint"),
            testId: "kpi-net-without-tax",
          },
        ]
      : []),
  ];
  const best = series.reduce((a, b) => (b.netSales > a.netSales ? b : a), series[0]!);
  const unit = range.groupBy;
  return (
    <div className="grid gap-6">
      <KpiCards cards={cards} id="totals-title" wide />

      <Chart
        title={t("admin.sales.chartTitle", { unit })}
        summary={t("admin.sales.chartSummary", {
          net: money(totals.netSales),
          count: series.length,
          unit,
          best: bucketText(best, range.groupBy),
          bestSales: money(best.netSales),
        })}
        data={series.map((b) => ({ bucket: b.start, label: bucketText(b, range.groupBy, true), netSales: b.netSales, refunds: b.refunds }))}
        x="label"
        series={[{ key: "netSales", label: t("admin.sales.netSales") }]}
        formatValue={(n) => formatMoney(n, range.currency).replace(/\.00$/, "")}
        table={false}
        testId="sales-chart"
      />

      <SeriesTable report={report} />

      <div className="grid gap-6 2xl:grid-cols-2">
        <FigureTable
          title={t("admin.people.byCategory")}
          testId="by-category"
          heads={[
            t("admin.products.table.category"),
            t("admin.dashboard.units"),
            t("admin.sales.grossSales"),
            t("admin.sales.discounts"),
            t("admin.dashboard.sales"),
          ]}
          rows={report.byCategory.map((c) => ({
            key: c.category,
            label: c.category,
            figures: [whole.format(c.units), money(c.grossSales), money(c.discounts), money(c.sales)],
          }))}
        />
        <FigureTable
          title={t("admin.people.byPaymentMethod")}
          testId="by-payment"
          heads={[t("admin.order.method"), t("admin.nav.orders"), t("admin.sales.ordered"), t("admin.sales.refunds"), t("admin.sales.totalSales")]}
          rows={report.byPayment.map((p) => ({
            key: p.method,
            label: p.label,
            figures: [whole.format(p.orders), money(p.ordered), money(p.refunds), money(p.totalSales)],
          }))}
        />
      </div>
      {report.byPromotion.length > 0 && (
        <FigureTable
          title={t("admin.sales.byPromotion")}
          testId="by-promotion"
          heads={[t("admin.promotions.name"), t("admin.nav.orders"), t("admin.promotions.discountGiven"), t("admin.promotions.revenue")]}
          rows={report.byPromotion.map((p) => ({
            key: p.id,
            label: (
              <Link to={`/admin-dashboard/promotions/${encodeURIComponent(p.id)}`} className="font-medium text-stone-900 underline-offset-4 hover:underline">
                {p.code ? `${p.name} (${p.code})` : p.name}
              </Link>
            ),
            figures: [whole.format(p.orders), money(p.discount), money(p.revenue)],
          }))}
        />
      )}
      <FigureTable
        title={t("admin.people.bestSellersTop20")}
        testId="by-product"
        heads={[
          t("admin.dashboard.product"),
          t("admin.products.table.category"),
          t("admin.dashboard.units"),
          t("admin.sales.grossSales"),
          t("admin.sales.discounts"),
          t("admin.dashboard.sales"),
        ]}
        rows={report.byProduct.map((p) => ({
          key: p.productId,
          label:
            p.category === "Deleted products" ? (
              p.name
            ) : (
              <Link
                to={`/admin-dashboard/edit-product/${encodeURIComponent(p.productId)}`}
                className="font-medium text-stone-900 underline-offset-4 hover:underline"
              >
                {p.name}
              </Link>
            ),
          figures: [p.category, whole.format(p.units), money(p.grossSales), money(p.discounts), money(p.sales)],
        }))}
      />
    </div>
  );
}

/** Every bucket of the period with its figures, the total last: the chart's figures as a table. */
function SeriesTable({ report }: { report: SalesReport }) {
  const { series, totals, range } = report;
  const money = (n: number) => formatMoney(n, range.currency);
  const t = useT();
  const heads = [
    t("admin.nav.orders"),
    t("admin.dashboard.units"),
    t("admin.sales.grossSales"),
    t("admin.sales.discounts"),
    t("admin.sales.refunds"),
    t("admin.sales.netSales"),
    t("admin.settings.section.shipping"),
    t("admin.sales.totalSales"),
  ];
  const figures = (b: Omit<SalesBucket, "start" | "end" | "label">) => [
    whole.format(b.orders),
    whole.format(b.units),
    money(b.grossSales),
    money(b.discounts),
    money(b.refunds),
    money(b.netSales),
    money(b.shipping),
    money(b.totalSales),
  ];
  const period = t(({ day: "admin.period.day", week: "admin.period.week", month: "admin.period.month" } as const)[range.groupBy]);
  return (
    <section aria-labelledby="series-title" className="min-w-0 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5" data-testid="series-table">
      <h2 id="series-title" className="text-lg font-semibold text-stone-900">
        {t("admin.sales.per", { unit: range.groupBy })}
      </h2>
      {/* Scrolls sideways on a phone; focusable so the keyboard can scroll it too. */}
      <div className="mt-3 max-h-[32rem] overflow-auto" tabIndex={0} role="region" aria-labelledby="series-title">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("admin.sales.salesPer", { unit: range.groupBy })}</caption>
          <thead className="sticky top-0 bg-white">
            <tr className="border-b border-stone-200 text-stone-700">
              <th scope="col" className="sticky left-0 bg-white py-2 pr-3 font-medium">
                {period}
              </th>
              {heads.map((h) => (
                <th key={h} scope="col" className="py-2 pl-3 text-right font-medium whitespace-nowrap">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {series.map((b) => (
              <tr key={b.start} data-testid="series-row">
                <th scope="row" className="sticky left-0 bg-white py-2 pr-3 text-left font-normal whitespace-nowrap text-stone-900">
                  {bucketText(b, range.groupBy)}
                </th>
                {figures(b).map((f, i) => (
                  <td
                    key={heads[i]}
                    className={`py-2 pl-3 text-right tabular-nums whitespace-nowrap ${b.orders === 0 && b.refunds === 0 ? "text-stone-500" : "text-stone-900"}`}
                  >
                    {f}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-stone-300 font-semibold" data-testid="series-total">
              <th scope="row" className="sticky left-0 bg-white py-2 pr-3 text-left">
                {t("admin.orders.total")}
              </th>
              {figures(totals).map((f, i) => (
                <td key={heads[i]} className="py-2 pl-3 text-right tabular-nums whitespace-nowrap text-stone-900">
                  {f}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
