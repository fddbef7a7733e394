import { isTimeZone, offsetMinutes } from "#common/calendar";

/**
 * A `datetime-local` input holds a wall-clock time without a zone ("2026-11-24T09:00"); the
 * banners' window is stored as instants (UTC). These convert between the two in a named time zone:
 * the browser's own once the page runs (the form posts it as `timeZone`), UTC before that.
 */

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The zone if the runtime knows it, else UTC. */
export function knownTimeZone(zone: string | null | undefined): string {
  return zone && isTimeZone(zone) ? zone : "UTC";
}

/** The wall-clock time of `instant` (ms) in `zone`, as if it were UTC (ms). */
const wallClock = (instant: number, zone: string) => instant + offsetMinutes(zone, instant) * 60_000;

/**
 * The instant (ISO, UTC) a `datetime-local` value means in `zone`; "" stays "" (no bound), and
 * anything that is not such a value comes back unchanged for the server's validation to name.
 * A time skipped by a clock change moves forward with it, as clocks do.
 */
export function zonedToInstant(local: string, zone: string): string {
  const value = local.trim();
  const m = LOCAL.exec(value);
  if (!m) return value;
  const [, y, mo, d, h, mi, s] = m;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  if (Number.isNaN(asUtc)) return value;
  const tz = knownTimeZone(zone);
  let instant = asUtc - (wallClock(asUtc, tz) - asUtc);
  // Near a clock change the first guess takes the other side's offset: correct it once.
  const offset = wallClock(instant, tz) - instant;
  instant = asUtc - offset;
  return new Date(instant).toISOString();
}

/** The `datetime-local` value (minutes) of an instant in `zone`; "" for none. */
export function instantToZoned(iso: string | null | undefined, zone: string): string {
  if (!iso) return "";
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return "";
  return new Date(wallClock(instant, knownTimeZone(zone))).toISOString().slice(0, 16);
}
