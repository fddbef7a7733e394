// Pure calendar arithmetic in the shop's time zone, the one place for it (the sales report, the
// dashboard, the site analytics, the settings' time-zone check and the admin's period presets):
// local days in an IANA time zone, their UTC instants, and the buckets (day, ISO week from
// Monday, month) they fold into.

/** A local calendar date, "YYYY-MM-DD". */
export type LocalDate = string;
export type GroupBy = "day" | "week" | "month";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether the runtime knows this IANA time zone. */
export function isTimeZone(zone: string): boolean {
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant, in minutes (New York in winter: -300; Kolkata: 330). */
export function offsetMinutes(timeZone: string, instantMs: number): number {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(instantMs))
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return Math.round((asUtc - Math.floor(instantMs / 1000) * 1000) / 60_000);
}

/** The local date of an instant in the zone. */
export function localDateOf(timeZone: string, instantMs: number): LocalDate {
  return new Date(instantMs + offsetMinutes(timeZone, instantMs) * 60_000).toISOString().slice(0, 10);
}

/** The UTC instant (ms) at which a local date begins in the zone (its first minute, even on a DST change day). */
export function localMidnight(timeZone: string, date: LocalDate): number {
  const wall = Date.parse(`${date}T00:00:00Z`);
  let guess = wall - offsetMinutes(timeZone, wall) * 60_000;
  // Twice: the offset at the guess may differ from the one at the wall time near a change.
  guess = wall - offsetMinutes(timeZone, guess) * 60_000;
  // A zone that skips midnight (a spring change at 00:00) starts the day at the first minute that exists.
  if (localDateOf(timeZone, guess) < date) {
    let lo = guess;
    let hi = guess + 3 * 3_600_000;
    while (hi - lo > 60_000) {
      const mid = lo + Math.max(60_000, Math.floor((hi - lo) / 120_000) * 60_000);
      if (localDateOf(timeZone, mid) < date) lo = mid;
      else hi = mid;
    }
    guess = hi;
  }
  return guess;
}

/** The date `n` days after `date`. */
export function addDays(date: LocalDate, n: number): LocalDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The `n` days that end with `today`, both included (1: today alone), as a period. */
export function lastDays(today: LocalDate, n: number): { from: LocalDate; to: LocalDate } {
  return { from: addDays(today, 1 - n), to: today };
}

/** The whole days from `from` to `to`, both included (0 when `to` is the day before `from`). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Every local date from `from` to `to`, both included. */
export function eachDay(from: LocalDate, to: LocalDate): LocalDate[] {
  const out: LocalDate[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The first day of the bucket a date falls in: itself, the Monday of its ISO week, or the 1st of its month. */
export function bucketStart(date: LocalDate, groupBy: GroupBy): LocalDate {
  if (groupBy === "month") return `${date.slice(0, 7)}-01`;
  if (groupBy === "week") {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday
    return addDays(date, -((weekday + 6) % 7));
  }
  return date;
}

/** The ISO week number and its year of a date ("2026-W09" for 2026-02-23). */
export function isoWeek(date: LocalDate): string {
  const d = new Date(`${date}T00:00:00Z`);
  const thursday = new Date(d.getTime() + (3 - ((d.getUTCDay() + 6) % 7)) * 86_400_000);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.floor((thursday.getTime() - yearStart) / 86_400_000 / 7) + 1;
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

/**
 * The stretches of the range [startMs, endMs) with one UTC offset each, in order: `until` is where
 * the stretch ends (the next change, or endMs). A year in New York has three; Kolkata one. The SQL
 * turns each order's instant into its local date with the offset of its stretch.
 */
export function offsetStretches(timeZone: string, startMs: number, endMs: number): Array<{ until: number; offset: number }> {
  const out: Array<{ until: number; offset: number }> = [];
  let at = startMs;
  let offset = offsetMinutes(timeZone, at);
  // Offsets change at most a few times a year: step a day at a time, then find the minute by halving.
  while (at < endMs) {
    const next = Math.min(at + 86_400_000, endMs);
    const nextOffset = next < endMs ? offsetMinutes(timeZone, next) : offset;
    if (nextOffset !== offset) {
      let lo = at;
      let hi = next;
      while (hi - lo > 60_000) {
        const mid = lo + Math.max(60_000, Math.floor((hi - lo) / 120_000) * 60_000);
        if (offsetMinutes(timeZone, mid) === offset) lo = mid;
        else hi = mid;
      }
      out.push({ until: hi, offset });
      offset = nextOffset;
    }
    at = next;
  }
  out.push({ until: endMs, offset });
  return out;
}
