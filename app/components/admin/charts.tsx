import { useT } from "~/lib/i18n";
import { Suspense, lazy, useEffect, useId, useState } from "react";

/**
 * The admin's charts (sales report, dashboard, site analytics). recharts is heavy (~100 KB gzip),
 * so it is never imported here: charts-recharts.tsx is loaded with a dynamic import after
 * hydration, and only by an admin screen that shows a chart. The server renders a box of the
 * chart's height (no layout shift); the text summary and the table are the accessible
 * alternative, and the chart itself is keyboard usable (Tab to it, arrow keys move the tooltip).
 */

/** One line or bar set of a chart: `key` names the number in each data row. */
export interface ChartSeries {
  key: string;
  label: string;
  /** A CSS colour; by default the series take the palette's colours in order. */
  color?: string;
}

/** One row of a chart's data: the category (`x`) and a number per series. */
export type ChartRow = Record<string, string | number | null>;

export interface ChartProps {
  /** The figure's caption (say what and over which period). */
  title: string;
  /** A sentence or two saying what the chart shows (highest, lowest, total), read by everyone. */
  summary?: React.ReactNode;
  data: ChartRow[];
  /** The key of each row's category (a day, a week, a month…). */
  x: string;
  series: ChartSeries[];
  /** "bar" (default) or "line". */
  type?: "bar" | "line";
  /** How a category is written under the axis and in the tooltip (default: as is). */
  formatX?: (value: string) => string;
  /** How a number is written on the axis and in the tooltip (default: grouped digits). */
  formatValue?: (value: number) => string;
  /** The plot's height in pixels (default 256). */
  height?: number;
  /**
   * The table of the figures under the chart, folded in a "Show the figures" disclosure (default
   * true). Set false when the screen shows the same figures in a table of its own.
   */
  table?: boolean;
  /** What the chart says when every number is zero or there is no row (default "Nothing in this period"). */
  empty?: string;
  testId?: string;
}

/** The series' colours in order: dark enough against white (3:1 for graphics). */
export const CHART_COLORS = ["#1c1917", "#0f766e", "#b45309", "#7c3aed", "#be123c"];

const plainNumber = new Intl.NumberFormat("en");

const LazyPlot = lazy(() => import("./charts-recharts"));

/** True once the page is hydrated (false on the server and in the first render). */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * A chart of numbers per category (a time series: per day, week or month) as a figure: caption,
 * summary, the chart (drawn after hydration in a box of fixed height), and the figures as a table.
 */
export function Chart({
  title,
  summary,
  data,
  x,
  series,
  type = "bar",
  formatX = String,
  formatValue = (n) => plainNumber.format(n),
  height = 256,
  table = true,
  empty,
  testId = "chart",
}: ChartProps) {
  const hydrated = useHydrated();
  const captionId = useId();
  const t = useT();
  const colored = series.map((s, i) => ({ ...s, color: s.color ?? CHART_COLORS[i % CHART_COLORS.length] }));
  const blank = data.length === 0 || data.every((row) => series.every((s) => !Number(row[s.key] ?? 0)));
  return (
    <figure aria-labelledby={captionId} className="min-w-0 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5" data-testid={testId}>
      <figcaption id={captionId} className="font-semibold text-stone-900">
        {title}
      </figcaption>
      {summary && (
        <p className="mt-1 text-sm text-stone-700" data-testid={`${testId}-summary`}>
          {summary}
        </p>
      )}
      {colored.length > 1 && (
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700" aria-label={t("admin.people.legend")}>
          {colored.map((s) => (
            <li key={s.key} className="flex items-center gap-1.5">
              <span aria-hidden="true" className="inline-block size-3 rounded-sm" style={{ background: s.color }} />
              {s.label}
            </li>
          ))}
        </ul>
      )}
      <div className="relative mt-4 w-full min-w-0" style={{ height }} data-testid={`${testId}-plot`}>
        {blank ? (
          <p className="flex h-full items-center justify-center rounded-xl bg-stone-50 text-sm text-stone-600">{empty ?? t("admin.charts.nothing")}</p>
        ) : hydrated ? (
          <Suspense fallback={<PlotPlaceholder />}>
            <LazyPlot data={data} x={x} series={colored} type={type} formatX={formatX} formatValue={formatValue} height={height} label={title} />
          </Suspense>
        ) : (
          <PlotPlaceholder />
        )}
      </div>
      {table && !blank && (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer rounded font-medium text-stone-800 underline-offset-4 hover:underline">{t("admin.charts.showFigures")}</summary>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b border-stone-200 text-stone-600">
                  <th scope="col" className="py-1.5 pr-4 font-medium">
                    <span className="sr-only">{t("admin.dashboard.periodLabel")}</span>
                  </th>
                  {colored.map((s) => (
                    <th key={s.key} scope="col" className="py-1.5 pr-4 text-right font-medium">
                      {s.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.map((row) => (
                  <tr key={String(row[x])} className="border-b border-stone-100">
                    <th scope="row" className="py-1.5 pr-4 font-normal whitespace-nowrap text-stone-800">
                      {formatX(String(row[x]))}
                    </th>
                    {colored.map((s) => (
                      <td key={s.key} className="py-1.5 pr-4 text-right tabular-nums">
                        {formatValue(Number(row[s.key] ?? 0))}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </figure>
  );
}

/** The plot's place while recharts loads: the same size, so nothing moves. */
function PlotPlaceholder() {
  return <div aria-hidden="true" className="h-full w-full animate-pulse rounded-xl bg-stone-100" data-testid="chart-placeholder" />;
}
