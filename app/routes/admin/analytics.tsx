import { useRichT, useT } from "~/lib/i18n";
import { Link } from "react-router";
import { EmptyState, PageHeader, buttonClass } from "~/components/admin/ui";
import { FigureTable } from "~/components/admin/reports/figure-table";
import { PeriodPicker, ReportBody } from "~/components/admin/reports/period-picker";
import { loadReport } from "~/components/admin/reports/report-loader.server";
import { DEVICE_LABELS, FUNNEL_STEP_LABELS } from "#common/analytics/analytics.schema";
import type { AnalyticsReport } from "#modules/analytics";
import type { Route } from "./+types/analytics";

/**
 * The period in the address (the report screens' presets, a chosen year or a custom period, days
 * in the shop's time zone; the last 7 days by default) and its report; a custom period that is no period shows its error
 * above an empty report.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { analytics } = context.services;
  return loadReport(request, context, (period) => analytics.report({ from: period.from, to: period.to }), { today: () => analytics.today(), fallback: "7d" });
}

const whole = new Intl.NumberFormat("en");
const percent = (rate: number | null) => (rate === null ? "—" : `${(rate * 100).toFixed(rate === 0 || rate === 1 ? 0 : 1)}%`);

/** The site analytics: a period, its totals, the funnel from product view to order, the top pages, products, referrers and devices, and their CSV. */
export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { period, report, error, today } = loaderData;
  const csv = `/api/admin/analytics.csv?${new URLSearchParams({ from: period.from, to: period.to })}`;
  const t = useT();
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={t("admin.nav.analytics")}
        description={t("admin.people.visitsToTheStorefront")}
        actions={
          report && (
            <a href={csv} download className={buttonClass("secondary")} data-testid="analytics-export">
              {t("admin.csv.export")}
              <span className="sr-only"> {t("admin.analytics.exportWhat")}</span>
            </a>
          )
        }
      />
      <PeriodPicker period={period} today={today} />
      <ReportBody screen="/admin-dashboard/analytics" error={error} testId="analytics-report">
        {report && <Report report={report} />}
      </ReportBody>
    </div>
  );
}

function Report({ report }: { report: AnalyticsReport }) {
  const { totals, funnel, funnelRate } = report;
  const t = useT();
  const richT = useRichT();
  const cards = [
    { label: t("admin.analytics.visitors"), value: whole.format(totals.visitors), testId: "total-visitors" },
    { label: t("admin.analytics.pageViews"), value: whole.format(totals.pageViews), testId: "total-pageviews" },
    { label: t("admin.nav.orders"), value: whole.format(totals.orders), testId: "total-orders" },
    {
      label: t("admin.dashboard.conversionRate"),
      value: percent(totals.conversionRate),
      hint: t("admin.analytics.conversionHint"),
      testId: "total-conversion",
    },
  ];
  if (totals.visitors === 0) {
    return (
      <EmptyState title={t("admin.people.noVisitsInThis")} testId="analytics-empty">
        {t("admin.analytics.emptyText")}
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-6">
      <section aria-labelledby="totals-title">
        <h2 id="totals-title" className="sr-only">
          {t("admin.analytics.totals")}
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {cards.map((c) => (
            <div key={c.label} className="rounded-2xl border border-stone-200 bg-white p-4" data-testid={c.testId}>
              <dt className="text-sm font-medium text-stone-700">{c.label}</dt>
              <dd className="mt-1 text-2xl font-bold tabular-nums text-stone-900">{c.value}</dd>
              {c.hint && <dd className="mt-0.5 text-xs text-stone-600">{c.hint}</dd>}
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="funnel-title" className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-5" data-testid="funnel">
        <h2 id="funnel-title" className="text-lg font-semibold text-stone-900">
          {t("admin.analytics.funnel")}
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          {t("admin.analytics.funnelText")}{" "}
          <span data-testid="funnel-overall">
            {richT("admin.analytics.overall", { rate: <strong className="font-semibold text-stone-900">{percent(funnelRate)}</strong> })}
          </span>
        </p>
        <ol className="mt-4 grid gap-3">
          {funnel.map((s, i) => {
            const width = funnel[0]!.visitors ? Math.max(2, Math.round((s.visitors / funnel[0]!.visitors) * 100)) : 0;
            return (
              <li key={s.step} className="grid gap-1.5 sm:grid-cols-[12rem_minmax(0,1fr)_7rem] sm:items-center sm:gap-4" data-testid={`funnel-${s.step}`}>
                <span className="text-sm font-medium text-stone-900">
                  {i + 1}. {FUNNEL_STEP_LABELS[s.step]}
                </span>
                <span className="flex items-center gap-3">
                  <span aria-hidden="true" className="h-3 flex-1 overflow-hidden rounded-full bg-stone-100">
                    <span className="block h-full rounded-full bg-teal-700" style={{ width: `${Math.min(100, width)}%` }} />
                  </span>
                  <span className="w-16 text-right text-sm font-semibold tabular-nums text-stone-900" data-testid="funnel-visitors">
                    {whole.format(s.visitors)}
                    <span className="sr-only"> {t("admin.analytics.visitorWord", { count: s.visitors })}</span>
                  </span>
                </span>
                <span className={`text-sm text-stone-700 sm:block sm:text-right ${s.rate === null ? "hidden" : ""}`} data-testid="funnel-rate">
                  {s.rate === null ? <span aria-hidden="true">—</span> : t("admin.analytics.ofStep", { rate: percent(s.rate), step: i })}
                </span>
              </li>
            );
          })}
        </ol>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <FigureTable
          title={t("admin.people.topPages")}
          testId="top-pages"
          heads={[t("admin.analytics.page"), t("admin.analytics.visitors"), t("admin.analytics.pageViews")]}
          rows={report.topPages.map((p) => ({
            key: p.path,
            label: <span className="break-all font-mono text-xs text-stone-900">{p.path}</span>,
            figures: [p.visitors, p.pageViews],
          }))}
        />
        <FigureTable
          title={t("admin.people.topProducts")}
          testId="top-products"
          heads={[t("admin.dashboard.product"), t("admin.analytics.visitors"), t("admin.analytics.views"), t("admin.analytics.addedToCart")]}
          rows={report.topProducts.map((p) => ({
            key: p.productId,
            label: p.name ? (
              <Link
                to={`/admin-dashboard/edit-product/${encodeURIComponent(p.productId)}`}
                className="font-medium text-stone-900 underline-offset-4 hover:underline"
              >
                {p.name}
              </Link>
            ) : (
              <span className="text-stone-700">{t("admin.analytics.goneProduct")}</span>
            ),
            figures: [p.visitors, p.views, p.addedToCart],
          }))}
        />
        <FigureTable
          title={t("admin.people.referrers")}
          testId="referrers"
          heads={[t("admin.analytics.site"), t("admin.analytics.visitors")]}
          empty={t("admin.people.noVisitorCameFrom")}
          rows={report.referrers.map((r) => ({ key: r.host, label: <span className="break-all text-stone-900">{r.host}</span>, figures: [r.visitors] }))}
        />
        <FigureTable
          title={t("admin.people.devices")}
          testId="devices"
          heads={[t("admin.analytics.device"), t("admin.analytics.visitors"), t("admin.analytics.share")]}
          rows={report.devices.map((d) => ({
            key: d.device,
            label: <span className="text-stone-900">{DEVICE_LABELS[d.device] ?? d.device}</span>,
            figures: [d.visitors, percent(totals.visitors ? d.visitors / totals.visitors : null)],
          }))}
        />
      </div>
    </div>
  );
}
