import { Link } from "react-router";
import { Chart } from "~/components/admin/charts";
import { FigureTable } from "~/components/admin/reports/figure-table";
import { PeriodPicker, ReportBody } from "~/components/admin/reports/period-picker";
import { type ReportPeriod, periodFrom } from "~/components/admin/reports/report-period";
import { EmptyState, PageHeader, buttonClass } from "~/components/admin/ui";
import { requireAdminScreen } from "~/lib/auth.server";
import { formatMoney } from "~/lib/money";
import { AppError } from "#common/errors";
import type { SalesBucket, SalesReport } from "#modules/orders";
import type { Route } from "./+types/sales-report";

/**
 * The period and grouping in the address (presets, a chosen year or a custom range, days in the
 * shop's time zone) and its sales report; a period that is no period shows its error instead.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminScreen(context, request);
  const { reports } = context.services;
  const today = await reports.today();
  const period = periodFrom(new URL(request.url).searchParams, today.date);
  try {
    return { period, today: today.date, report: await reports.salesReport({ from: period.from, to: period.to, groupBy: period.groupBy }), error: null };
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== "invalid_input") throw err;
    return { period, today: today.date, report: null, error: Object.values(err.fields ?? {})[0] ?? err.message };
  }
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
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Sales report"
        description="What the shop sold over a period, by the day the orders were placed in the shop's time zone. Cancelled orders and card orders never paid are left out; a refund counts on the day it was made."
        actions={
          report && (
            <a href={csv} download className={buttonClass("secondary")} data-testid="export-csv">
              Export CSV
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

function Report({ report }: { report: SalesReport }) {
  const { totals, series, range } = report;
  const money = (n: number) => formatMoney(n, range.currency);
  if (totals.orders === 0 && totals.refunds === 0) {
    return (
      <EmptyState title="No sales in this period" testId="sales-empty">
        Orders placed in this period show here, except cancelled ones and card orders whose payment never went through. Try a longer period.
      </EmptyState>
    );
  }
  const cards = [
    { label: "Net sales", value: money(totals.netSales), hint: "Gross sales − discounts − refunds", testId: "kpi-net" },
    { label: "Orders", value: whole.format(totals.orders), testId: "kpi-orders" },
    { label: "Average order value", value: money(totals.averageOrderValue), hint: "After discounts, without shipping", testId: "kpi-aov" },
    { label: "Units sold", value: whole.format(totals.units), testId: "kpi-units" },
    { label: "Gross sales", value: money(totals.grossSales), hint: "List prices × units", testId: "kpi-gross" },
    { label: "Discounts", value: money(totals.discounts), testId: "kpi-discounts" },
    { label: "Refunds", value: money(totals.refunds), hint: "On the day they were made", testId: "kpi-refunds" },
    { label: "Shipping", value: money(totals.shipping), testId: "kpi-shipping" },
    { label: "Total sales", value: money(totals.totalSales), hint: "Net sales + shipping", testId: "kpi-total" },
  ];
  const best = series.reduce((a, b) => (b.netSales > a.netSales ? b : a), series[0]!);
  const unit = { day: "day", week: "week", month: "month" }[range.groupBy];
  return (
    <div className="grid gap-6">
      <section aria-labelledby="totals-title">
        <h2 id="totals-title" className="sr-only">
          Totals
        </h2>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
          {cards.map((c, i) => (
            <div
              key={c.label}
              className={`rounded-2xl border border-stone-200 bg-white p-4 ${i === 0 ? "col-span-2 md:col-span-1" : ""}`}
              data-testid={c.testId}
            >
              <dt className="text-sm font-medium text-stone-700">{c.label}</dt>
              <dd className="mt-1 text-xl font-bold tabular-nums text-stone-900 sm:text-2xl">{c.value}</dd>
              {c.hint && <dd className="mt-0.5 text-xs text-stone-600">{c.hint}</dd>}
            </div>
          ))}
        </dl>
      </section>

      <Chart
        title={`Net sales per ${unit}`}
        summary={
          <>
            {money(totals.netSales)} net over {series.length} {series.length === 1 ? unit : `${unit}s`}; the best {unit} was {bucketText(best, range.groupBy)}{" "}
            with {money(best.netSales)}. The table below lists every {unit}.
          </>
        }
        data={series.map((b) => ({ bucket: b.start, label: bucketText(b, range.groupBy, true), netSales: b.netSales, refunds: b.refunds }))}
        x="label"
        series={[{ key: "netSales", label: "Net sales" }]}
        formatValue={(n) => formatMoney(n, range.currency).replace(/\.00$/, "")}
        table={false}
        testId="sales-chart"
      />

      <SeriesTable report={report} />

      <div className="grid gap-6 2xl:grid-cols-2">
        <FigureTable
          title="By category"
          testId="by-category"
          heads={["Category", "Units", "Gross sales", "Discounts", "Sales"]}
          rows={report.byCategory.map((c) => ({
            key: c.category,
            label: c.category,
            figures: [whole.format(c.units), money(c.grossSales), money(c.discounts), money(c.sales)],
          }))}
        />
        <FigureTable
          title="By payment method"
          testId="by-payment"
          heads={["Method", "Orders", "Ordered", "Refunds", "Total sales"]}
          rows={report.byPayment.map((p) => ({
            key: p.method,
            label: p.label,
            figures: [whole.format(p.orders), money(p.ordered), money(p.refunds), money(p.totalSales)],
          }))}
        />
      </div>
      <FigureTable
        title="Best sellers (top 20)"
        testId="by-product"
        heads={["Product", "Category", "Units", "Gross sales", "Discounts", "Sales"]}
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
  const heads = ["Orders", "Units", "Gross sales", "Discounts", "Refunds", "Net sales", "Shipping", "Total sales"];
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
  const period = { day: "Day", week: "Week", month: "Month" }[range.groupBy];
  return (
    <section aria-labelledby="series-title" className="min-w-0 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5" data-testid="series-table">
      <h2 id="series-title" className="text-lg font-semibold text-stone-900">
        Per {period.toLowerCase()}
      </h2>
      {/* Scrolls sideways on a phone; focusable so the keyboard can scroll it too. */}
      <div className="mt-3 max-h-[32rem] overflow-auto" tabIndex={0} role="region" aria-labelledby="series-title">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Sales per {period.toLowerCase()}</caption>
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
                Total
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
