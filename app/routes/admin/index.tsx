import { Link, useNavigation } from "react-router";
import { Chart } from "~/components/admin/charts";
import { EmptyState } from "~/components/admin/ui";
import { LocalDate, StatusBadge, useOrderMoney } from "~/components/orders/order-view";
import { requireAdminScreen } from "~/lib/auth.server";
import { useUser } from "~/lib/use-auth";
import type { Comparison, Dashboard } from "#server/flows/dashboard";
import { DASHBOARD_PERIODS, type DashboardPeriod } from "#common/dashboard";
import type { OrderStatus } from "#common/orders/order-status";
import type { MessageKey } from "#common/i18n/catalogs";
import type { Translate } from "#common/i18n/translate";
import { useT } from "~/lib/i18n";
import type { Route } from "./+types/index";

/** The dashboard of the period in the address (?period=today|7d|30d; 7 days by default), for what this staff member may see. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const user = requireAdminScreen(context, request);
  const raw = url.searchParams.get("period");
  // An unknown period gets the default (the flow's) rather than an error page: it only comes from a hand-typed address.
  const period = DASHBOARD_PERIODS.find((p) => p === raw);
  return { dashboard: await context.services.dashboard.load(user, { period }) };
}

/** Each period's name, what it is compared with, in a sentence and as a chart's series. */
const PERIODS: Array<{ value: DashboardPeriod; label: MessageKey; against: MessageKey; againstTitle: MessageKey }> = [
  { value: "today", label: "admin.dashboard.period.today", against: "admin.dashboard.against.today", againstTitle: "admin.dashboard.againstTitle.today" },
  { value: "7d", label: "admin.dashboard.period.7d", against: "admin.dashboard.against.7d", againstTitle: "admin.dashboard.againstTitle.7d" },
  { value: "30d", label: "admin.dashboard.period.30d", against: "admin.dashboard.against.30d", againstTitle: "admin.dashboard.againstTitle.30d" },
];

const percent = new Intl.NumberFormat("en", { style: "percent", maximumFractionDigits: 1 });
const count = new Intl.NumberFormat("en");

/** "12 Nov" from a local date, as the shop's calendar has it (no time zone shift). */
function shortDay(date: string): string {
  return new Intl.DateTimeFormat("en", { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}

function rangeText(r: { from: string; to: string }): string {
  return r.from === r.to ? shortDay(r.from) : `${shortDay(r.from)} – ${shortDay(r.to)}`;
}

/** The change of a figure against the period before, as a sentence part; null when it cannot be said. */
function change(c: Comparison, t: Translate): { text: string; tone: "up" | "down" | "flat" } | null {
  if (c.value === null || c.previous === null) return null;
  if (c.previous === 0) return c.value === 0 ? { text: t("admin.dashboard.noChange"), tone: "flat" } : { text: t("admin.dashboard.new"), tone: "up" };
  const ratio = (c.value - c.previous) / Math.abs(c.previous);
  if (Math.abs(ratio) < 0.0005) return { text: t("admin.dashboard.noChange"), tone: "flat" };
  return { text: `${ratio > 0 ? "+" : "−"}${percent.format(Math.abs(ratio))}`, tone: ratio > 0 ? "up" : "down" };
}

const TONE = { up: "text-emerald-800 bg-emerald-50", down: "text-rose-800 bg-rose-50", flat: "text-stone-700 bg-stone-100" };

function Figure({
  label,
  comparison,
  format,
  against,
  testId,
  none,
}: {
  label: string;
  comparison: Comparison;
  format: (n: number) => string;
  against: string;
  testId: string;
  none?: string;
}) {
  const t = useT();
  const delta = change(comparison, t);
  const nothing = none ?? t("admin.dashboard.nothingToCompare");
  return (
    <li className="flex flex-col rounded-2xl border border-stone-200 bg-white p-4 shadow-sm first:col-span-2 sm:first:col-span-1" data-testid={testId}>
      <span className="text-sm font-medium text-stone-700">{label}</span>
      <span className="mt-1 text-2xl font-bold tabular-nums text-stone-900 sm:text-3xl" data-testid={`${testId}-value`}>
        {comparison.value === null ? "—" : format(comparison.value)}
      </span>
      <span className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-stone-600">
        {delta && (
          <span className={`rounded-full px-2 py-0.5 font-semibold ${TONE[delta.tone]}`}>
            {delta.tone === "up" ? "▲ " : delta.tone === "down" ? "▼ " : ""}
            {delta.text}
          </span>
        )}
        <span>
          {comparison.value === null
            ? t("admin.dashboard.noneInPeriod", { none: nothing })
            : comparison.previous === null
              ? t("admin.dashboard.against", { value: nothing, against })
              : t("admin.dashboard.against", { value: format(comparison.previous), against })}
        </span>
      </span>
    </li>
  );
}

function ActionItem({ count: n, label, href, testId }: { count: number | null; label: string; href: string; testId: string }) {
  if (n === null) return null;
  return (
    <li>
      <Link
        to={href}
        className={`flex items-center justify-between gap-3 rounded-xl border px-4 py-3 hover:border-stone-400 ${n > 0 ? "border-amber-300 bg-amber-50" : "border-stone-200 bg-white"}`}
        data-testid={testId}
      >
        <span className="text-sm font-medium text-stone-800">{label}</span>
        <span className={`text-lg font-bold tabular-nums ${n > 0 ? "text-amber-900" : "text-stone-500"}`}>{count.format(n)}</span>
      </Link>
    </li>
  );
}

function Section({ title, children, action, testId }: { title: string; children: React.ReactNode; action?: React.ReactNode; testId: string }) {
  const id = `dashboard-${testId}`;
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5" data-testid={testId}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="font-semibold text-stone-900">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/**
 * The dashboard: the period's sales against the period before (the sales report's figures),
 * revenue per day, what needs action, the latest orders and the best sellers. Each part shows only
 * for staff whose permissions cover it; the period switch is a set of links, so it works before
 * JavaScript and the address can be shared.
 */
export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const user = useUser();
  const t = useT();
  const d: Dashboard = loaderData.dashboard;
  const money = useOrderMoney();
  const fmt = (n: number) => money(n, d.currency);
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.replace(/\/+$/, "") === "/admin-dashboard";
  const period = PERIODS.find((p) => p.value === d.period)!;
  const against = t(period.against);
  const actions = d.needsAction;
  const allClear = Object.values(actions).every((n) => n === null || n === 0);
  const hasActions = Object.values(actions).some((n) => n !== null);
  const peak = d.revenueByDay?.reduce((best, day) => (day.revenue > best.revenue ? day : best), d.revenueByDay[0]!);

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-amber-800">{t("admin.nav.dashboard")}</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
            {user ? t("admin.dashboard.welcomeName", { name: user.name }) : t("admin.dashboard.welcome")}
          </h1>
          <p className="mt-1 text-sm text-stone-700" data-testid="dashboard-range">
            {t("admin.dashboard.range", { range: rangeText(d.range), against, previous: rangeText(d.previousRange), timeZone: d.timeZone })}
          </p>
        </div>
        <nav aria-label={t("admin.dashboard.periodLabel")}>
          <ul className="flex rounded-xl border border-stone-300 bg-white p-1 text-sm font-semibold">
            {PERIODS.map((p) => (
              <li key={p.value}>
                <Link
                  to={`?period=${p.value}`}
                  preventScrollReset
                  aria-current={p.value === d.period ? "page" : undefined}
                  className={`block rounded-lg px-3 py-1.5 ${p.value === d.period ? "bg-stone-900 text-white" : "text-stone-700 hover:bg-stone-100"}`}
                >
                  {t(p.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      <div aria-busy={loading} className={`grid gap-6 transition-opacity ${loading ? "opacity-60" : ""}`} data-testid="dashboard-body">
        {d.figures && (
          <section aria-labelledby="dashboard-figures">
            <h2 id="dashboard-figures" className="sr-only">
              {t("admin.dashboard.figures")}
            </h2>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-[repeat(auto-fit,minmax(12rem,1fr))]">
              <Figure label={t("admin.dashboard.revenue")} comparison={d.figures.revenue} format={fmt} against={against} testId="figure-revenue" />
              <Figure label={t("admin.nav.orders")} comparison={d.figures.orders} format={(n) => count.format(n)} against={against} testId="figure-orders" />
              <Figure
                label={t("admin.dashboard.averageOrderValue")}
                comparison={d.figures.averageOrderValue}
                format={fmt}
                against={against}
                testId="figure-aov"
              />
              <Figure
                label={t("admin.dashboard.newCustomers")}
                comparison={d.figures.newCustomers}
                format={(n) => count.format(n)}
                against={against}
                testId="figure-new-customers"
              />
              <Figure
                label={t("admin.dashboard.conversionRate")}
                comparison={d.figures.conversionRate}
                format={(n) => percent.format(n)}
                against={against}
                testId="figure-conversion"
                none={t("admin.dashboard.noVisits")}
              />
            </ul>
            <p className="mt-2 text-xs text-stone-600">
              {t("admin.dashboard.revenueNote")}{" "}
              <Link
                to={`/admin-dashboard/sales-report?from=${d.range.from}&to=${d.range.to}`}
                className="font-medium text-stone-800 underline underline-offset-2"
              >
                {t("admin.dashboard.openSalesReport")}
              </Link>
            </p>
          </section>
        )}

        {d.revenueByDay && (
          <Chart
            title={t("admin.dashboard.chartTitle", { range: rangeText(d.range) })}
            summary={
              peak && peak.revenue > 0
                ? t("admin.dashboard.chartSummary", { day: shortDay(peak.date), revenue: fmt(peak.revenue), against })
                : t("admin.dashboard.noRevenue")
            }
            type={d.revenueByDay.length > 1 ? "line" : "bar"}
            data={d.revenueByDay.map((day) => ({ date: day.date, revenue: day.revenue, previous: day.previous }))}
            x="date"
            series={[
              { key: "revenue", label: period.value === "today" ? t("admin.dashboard.period.today") : t("admin.dashboard.thisPeriod") },
              { key: "previous", label: t(period.againstTitle), color: "#a8a29e" },
            ]}
            formatX={shortDay}
            formatValue={fmt}
            height={220}
            empty={t("admin.dashboard.noRevenue")}
            testId="revenue-chart"
          />
        )}

        <div className="grid gap-6 lg:grid-cols-2">
          {hasActions && (
            <Section title={t("admin.dashboard.needsAction")} testId="needs-action">
              {allClear && <p className="mb-3 text-sm text-emerald-800">{t("admin.dashboard.allClear")}</p>}
              <ul className="grid gap-2">
                <ActionItem
                  count={actions.pendingOrders}
                  label={t("admin.dashboard.action.pendingOrders")}
                  href="/admin-dashboard/orders/pending"
                  testId="action-pending-orders"
                />
                <ActionItem
                  count={actions.unpaidCardOrders}
                  label={t("admin.dashboard.action.unpaidCard")}
                  href="/admin-dashboard/orders/pending?payment=card"
                  testId="action-unpaid-card"
                />
                <ActionItem
                  count={actions.returnRequests}
                  label={t("admin.dashboard.action.returns")}
                  href="/admin-dashboard/returns"
                  testId="action-returns"
                />
                <ActionItem
                  count={actions.newMessages}
                  label={t("admin.dashboard.action.messages")}
                  href="/admin-dashboard/contact-messages"
                  testId="action-messages"
                />
                <ActionItem
                  count={actions.lowStock}
                  label={t("admin.dashboard.action.lowStock")}
                  href="/admin-dashboard/all-products?stock=low&sort=stock"
                  testId="action-low-stock"
                />
                <ActionItem
                  count={actions.outOfStock}
                  label={t("admin.dashboard.action.outOfStock")}
                  href="/admin-dashboard/all-products?stock=out"
                  testId="action-out-of-stock"
                />
              </ul>
              {d.lowStockProducts && d.lowStockProducts.length > 0 && (
                <div className="mt-4">
                  <h3 className="text-sm font-semibold text-stone-800">{t("admin.dashboard.lowestStock")}</h3>
                  <ul className="mt-2 divide-y divide-stone-100 text-sm" data-testid="low-stock-list">
                    {d.lowStockProducts.map((p) => (
                      <li key={p.id} className="flex items-center justify-between gap-3 py-1.5">
                        <Link
                          to={`/admin-dashboard/edit-product/${p.id}`}
                          className="min-w-0 truncate font-medium text-stone-800 underline-offset-2 hover:underline"
                        >
                          {p.name}
                        </Link>
                        <span className="shrink-0 tabular-nums text-amber-900">{t("admin.dashboard.left", { stock: p.stock })}</span>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </Section>
          )}

          {d.bestSellers && (
            <Section
              title={t("admin.dashboard.bestSellers")}
              testId="best-sellers"
              action={<span className="text-xs text-stone-600">{rangeText(d.range)}</span>}
            >
              {d.bestSellers.length === 0 ? (
                <EmptyState title={t("admin.dashboard.noSales")} testId="best-sellers-empty">
                  {t("admin.dashboard.noSalesText")}
                </EmptyState>
              ) : (
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">{t("admin.dashboard.bestSellersCaption")}</caption>
                  <thead>
                    <tr className="border-b border-stone-200 text-stone-600">
                      <th scope="col" className="py-1.5 pr-3 font-medium">
                        {t("admin.dashboard.product")}
                      </th>
                      <th scope="col" className="py-1.5 pr-3 text-right font-medium">
                        {t("admin.dashboard.units")}
                      </th>
                      <th scope="col" className="py-1.5 text-right font-medium">
                        {t("admin.dashboard.sales")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.bestSellers.map((p) => (
                      <tr key={p.productId} className="border-b border-stone-100">
                        <th scope="row" className="max-w-0 truncate py-2 pr-3 font-medium text-stone-800">
                          {p.name}
                        </th>
                        <td className="py-2 pr-3 text-right tabular-nums">{count.format(p.units)}</td>
                        <td className="py-2 text-right tabular-nums">{fmt(p.sales)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </Section>
          )}
        </div>

        {d.latestOrders && (
          <Section
            title={t("admin.dashboard.latestOrders")}
            testId="latest-orders"
            action={
              <Link to="/admin-dashboard/orders" className="text-sm font-medium text-stone-800 underline underline-offset-2">
                {t("admin.nav.allOrders")}
              </Link>
            }
          >
            {d.latestOrders.length === 0 ? (
              <EmptyState title={t("admin.dashboard.noOrders")} testId="latest-orders-empty">
                {t("admin.dashboard.noOrdersText")}
              </EmptyState>
            ) : (
              <ul className="divide-y divide-stone-100">
                {d.latestOrders.map((o) => (
                  <li key={o.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5 text-sm">
                    <span className="min-w-0">
                      <Link to={`/admin-dashboard/orders/${o.id}`} className="font-semibold text-stone-900 underline-offset-2 hover:underline">
                        #{o.number}
                      </Link>{" "}
                      <span className="text-stone-700">{o.customer}</span>
                      <span className="block text-xs text-stone-600">
                        <LocalDate iso={o.createdAt} withTime />
                      </span>
                    </span>
                    <span className="flex items-center gap-3">
                      <span className="font-semibold tabular-nums text-stone-900">{money(o.total, o.currency)}</span>
                      <StatusBadge status={o.status as OrderStatus} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        )}
      </div>
    </div>
  );
}
