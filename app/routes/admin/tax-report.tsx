import { useT } from "~/lib/i18n";
import { KpiCards } from "~/components/admin/reports/kpi-cards";
import { FigureTable } from "~/components/admin/reports/figure-table";
import { PeriodPicker, ReportBody } from "~/components/admin/reports/period-picker";
import { EmptyState, PageHeader, buttonClass } from "~/components/admin/ui";
import { loadReport } from "~/components/admin/reports/report-loader.server";
import { formatMoney } from "~/lib/money";
import type { TaxReport } from "#modules/orders";
import type { Route } from "./+types/tax-report";

/** The period in the address (presets, a chosen year or a custom range, days in the shop's time zone) and its tax report. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadReport(request, context, (period) => context.services.reports.taxReport({ from: period.from, to: period.to }));
}

/** The tax report: the period, tax collected, refunded and owed, and a row per region and rate; CSV for the books. */
export default function TaxReportScreen({ loaderData }: Route.ComponentProps) {
  const { period, report, error, today } = loaderData;
  const csv = `/api/admin/reports/taxes.csv?${new URLSearchParams({ from: period.from, to: period.to })}`;
  const t = useT();
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={t("admin.nav.taxReport")}
        description={t("admin.tax.description")}
        actions={
          report && (
            <a href={csv} download className={buttonClass("secondary")} data-testid="export-csv">
              {t("admin.csv.export")}
            </a>
          )
        }
      />
      <PeriodPicker period={period} today={today} />
      <ReportBody screen="/admin-dashboard/tax-report" error={error} testId="tax-report">
        {report && <Report report={report} />}
      </ReportBody>
    </div>
  );
}

function Report({ report }: { report: TaxReport }) {
  const t = useT();
  const { totals, rows, range } = report;
  const money = (n: number, currency = range.currency) => formatMoney(n, currency);
  if (rows.length === 0) {
    return (
      <EmptyState title={t("admin.tax.empty")} testId="tax-empty">
        {t("admin.tax.emptyText")}
      </EmptyState>
    );
  }
  const cards = [
    { label: t("admin.tax.net"), value: money(totals.net), hint: t("admin.tax.netHint"), testId: "kpi-tax-net" },
    { label: t("admin.tax.collected"), value: money(totals.taxCollected), testId: "kpi-tax-collected" },
    { label: t("admin.tax.refunded"), value: money(totals.refunded), hint: t("admin.sales.refundsHint"), testId: "kpi-tax-refunded" },
  ];
  const region = (r: TaxReport["rows"][number]) => (r.region ? `${r.country}, ${r.region}` : t("admin.tax.wholeCountry", { country: r.country }));
  const rate = (r: TaxReport["rows"][number]) => (r.reverseCharge ? t("admin.tax.reverseCharge") : `${r.rate}%`);
  return (
    <div className="grid gap-6">
      <KpiCards cards={cards} id="tax-totals-title" />
      <FigureTable
        title={t("admin.tax.byRegion")}
        testId="tax-rows"
        heads={[
          t("admin.tax.region"),
          t("admin.tax.rate"),
          t("admin.tax.baseCharged"),
          t("admin.tax.charged"),
          t("admin.tax.baseRefunded"),
          t("admin.tax.refundedTax"),
          t("admin.tax.netBase"),
          t("admin.tax.netTax"),
        ]}
        rows={rows.map((r) => ({
          key: `${r.country}|${r.region}|${r.rate}|${r.reverseCharge}|${r.currency}`,
          label: region(r),
          figures: [
            rate(r),
            money(r.charged.base, r.currency),
            money(r.charged.tax, r.currency),
            money(r.refunded.base, r.currency),
            money(r.refunded.tax, r.currency),
            money(r.base, r.currency),
            money(r.tax, r.currency),
          ],
        }))}
      />
    </div>
  );
}
