// The report screens' periods (sales report, site analytics): the presets of the screen's address,
// turned into local dates of the shop's time zone.
import { lastDays } from "#common/calendar";
import type { MessageKey } from "#common/i18n/catalogs";

export type GroupBy = "day" | "week" | "month";
export const PRESETS = [
  { value: "today", label: "admin.dashboard.period.today" },
  { value: "7d", label: "admin.period.last7" },
  { value: "30d", label: "admin.period.last30" },
  { value: "this-month", label: "admin.period.thisMonth" },
  { value: "last-month", label: "admin.period.lastMonth" },
  { value: "this-year", label: "admin.period.thisYear" },
] as const;
export type Preset = (typeof PRESETS)[number]["value"] | "year" | "custom";
export const GROUPS: Array<{ value: GroupBy; label: MessageKey }> = [
  { value: "day", label: "admin.period.day" },
  { value: "week", label: "admin.period.week" },
  { value: "month", label: "admin.period.month" },
];

export interface ReportPeriod {
  preset: Preset;
  from: string;
  to: string;
  /** The chosen year (preset "year"). */
  year: number;
  groupBy: GroupBy;
}

const lastOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);

/** The grouping that suits a range: days up to a month, weeks up to a quarter, months beyond. */
export function defaultGroupBy(from: string, to: string): GroupBy {
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
  return days <= 31 ? "day" : days <= 92 ? "week" : "month";
}

/**
 * The period the address asks for (`period`: a preset, `year` with `year=2025`, or `custom` with
 * `from` and `to`; `groupBy`), from `today` in the shop's time zone; `fallback` when the address
 * names none (the sales report: the last 30 days).
 */
export function periodFrom(params: URLSearchParams, today: string, fallback: Preset = "30d"): ReportPeriod {
  const asked = params.get("period");
  const preset: Preset = asked === "year" || asked === "custom" || PRESETS.some((p) => p.value === asked) ? (asked as Preset) : fallback;
  const thisYear = Number(today.slice(0, 4));
  const askedYear = Number(params.get("year"));
  const year = Number.isInteger(askedYear) && askedYear >= 2000 && askedYear <= thisYear ? askedYear : thisYear - 1;
  const [y, m] = [thisYear, Number(today.slice(5, 7))];
  const range = ((): { from: string; to: string } => {
    switch (preset) {
      case "today":
        return lastDays(today, 1);
      case "7d":
        return lastDays(today, 7);
      case "30d":
        return lastDays(today, 30);
      case "this-month":
        return { from: `${today.slice(0, 7)}-01`, to: today };
      case "last-month": {
        const [ly, lm] = m === 1 ? [y - 1, 12] : [y, m - 1];
        return { from: `${ly}-${String(lm).padStart(2, "0")}-01`, to: lastOfMonth(ly, lm) };
      }
      case "this-year":
        return { from: `${y}-01-01`, to: today };
      case "year":
        return { from: `${year}-01-01`, to: year === thisYear ? today : `${year}-12-31` };
      case "custom":
        return { from: params.get("from") ?? "", to: params.get("to") ?? "" };
    }
  })();
  const group = params.get("groupBy");
  const groupBy = GROUPS.some((g) => g.value === group)
    ? (group as GroupBy)
    : /^\d{4}-\d{2}-\d{2}$/.test(range.from) && /^\d{4}-\d{2}-\d{2}$/.test(range.to)
      ? defaultGroupBy(range.from, range.to)
      : "day";
  return { preset, ...range, year, groupBy };
}

/** The address of the screen with these parameters changed (the others kept). */
export function withParams(params: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  const query = next.toString();
  return query ? `?${query}` : "?";
}
