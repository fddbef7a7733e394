import { Form, Link, useLocation, useNavigation } from "react-router";
import { buttonClass } from "~/components/admin/ui";
import { useT } from "~/lib/i18n";
import { GROUPS, PRESETS, type ReportPeriod, withParams } from "./report-period";

const tab = (active: boolean) =>
  `inline-flex h-10 items-center rounded-full px-4 text-sm font-semibold whitespace-nowrap ${active ? "bg-stone-900 text-white" : "border border-stone-300 bg-white text-stone-900 hover:bg-stone-50"}`;
const field = "h-10 rounded-lg border border-stone-400 bg-white px-3 text-base text-stone-900";

const dayText = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString("en", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/**
 * The period of a report screen (sales report, site analytics): presets as links, a chosen year
 * and a custom period as GET forms, all in the address so they work before JavaScript and can be
 * shared; with `groupBy`, the day/week/month switch too.
 */
export function PeriodPicker({ period, today, groupBy = false }: { period: ReportPeriod; today: string; groupBy?: boolean }) {
  const { search } = useLocation();
  const t = useT();
  const params = new URLSearchParams(search);
  const thisYear = Number(today.slice(0, 4));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(period.from) && /^\d{4}-\d{2}-\d{2}$/.test(period.to) && period.from <= period.to;
  // The Year menu starts on the year of the period shown (its end's year for one that spans two).
  const shownYear = period.preset === "year" ? period.year : valid ? Number(period.to.slice(0, 4)) : thisYear;
  const years = [...new Set([...Array.from({ length: 6 }, (_, i) => thisYear - i), shownYear])].sort((a, b) => b - a);
  return (
    <section aria-labelledby="period-title" className="mb-6 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <h2 id="period-title" className="text-sm font-semibold text-stone-900">
        {t("admin.dashboard.periodLabel")}
        {valid && (
          <span className="font-normal text-stone-700" data-testid="period-shown">
            : {period.from === period.to ? dayText(period.from) : `${dayText(period.from)} – ${dayText(period.to)}`}
          </span>
        )}
      </h2>
      <nav aria-label={t("admin.dashboard.periodLabel")} className="mt-3">
        <ul className="flex flex-wrap gap-2">
          {PRESETS.map((p) => (
            <li key={p.value}>
              <Link
                to={withParams(new URLSearchParams(), { period: p.value })}
                aria-current={period.preset === p.value ? "page" : undefined}
                className={tab(period.preset === p.value)}
              >
                {t(p.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-4 flex flex-wrap items-end gap-x-6 gap-y-4">
        <Form method="get" className="flex flex-wrap items-end gap-3" aria-label={t("admin.people.aChosenYear")}>
          <input type="hidden" name="period" value="year" />
          <label className="grid gap-1 text-sm font-medium text-stone-900">
            {t("admin.period.year")}
            <select key={shownYear} name="year" defaultValue={String(shownYear)} className={field}>
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonClass(period.preset === "year" ? "primary" : "secondary", "sm")}>
            {t("admin.period.showYear")}
          </button>
        </Form>
        <Form method="get" className="flex flex-wrap items-end gap-3" aria-label={t("admin.people.customPeriod")}>
          <input type="hidden" name="period" value="custom" />
          <label className="grid gap-1 text-sm font-medium text-stone-900">
            {t("admin.banners.from")}
            <input key={period.from} type="date" name="from" required max={today} defaultValue={period.from} className={field} />
          </label>
          <label className="grid gap-1 text-sm font-medium text-stone-900">
            {t("admin.orders.to")}
            <input key={period.to} type="date" name="to" required max={today} defaultValue={period.to} className={field} />
          </label>
          <button type="submit" className={buttonClass(period.preset === "custom" ? "primary" : "secondary", "sm")}>
            {t("admin.period.showPeriod")}
          </button>
        </Form>
      </div>
      {groupBy && (
        <nav aria-label={t("admin.people.groupBy")} className="mt-4 flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium text-stone-900" aria-hidden="true">
            {t("admin.period.groupBy")}
          </span>
          <ul className="flex flex-wrap gap-2">
            {GROUPS.map((g) => (
              <li key={g.value}>
                <Link
                  to={withParams(params, { groupBy: g.value })}
                  aria-current={period.groupBy === g.value ? "true" : undefined}
                  className={tab(period.groupBy === g.value)}
                  preventScrollReset
                >
                  {t(g.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}

/**
 * A report screen's body under its period picker: the period's error (a period that is no
 * period), and the report dimmed with a spoken "Loading…" while the next period loads.
 */
export function ReportBody({ screen, error, testId, children }: { screen: string; error: string | null; testId: string; children: React.ReactNode }) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === screen;
  const t = useT();
  return (
    <>
      {error && (
        <p role="alert" className="mb-4 rounded-xl border border-rose-300 bg-rose-50 px-4 py-3 text-sm font-medium text-rose-900" data-testid="period-error">
          {error}
        </p>
      )}
      <div aria-busy={loading} className={`transition-opacity ${loading ? "opacity-60" : ""}`} data-testid={testId}>
        {loading && (
          <p role="status" className="sr-only">
            {t("admin.period.loading")}
          </p>
        )}
        {children}
      </div>
    </>
  );
}
