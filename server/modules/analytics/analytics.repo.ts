import { type Expression, type Insertable, type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { insertRows } from "../../db/chunks";
import type { Database } from "../../db/schema";

/** A database handle or an open transaction. */
export type Executor = Kysely<Database>;
export type EventRow = Insertable<Database["analytics_events"]>;
type AnyQuery = SelectQueryBuilder<any, any, any>;

/** The figures a day is rolled up into: one row per day and key of each (analytics_daily.metric). */
export type Metric = "total" | "event" | "page" | "product" | "cart" | "referrer" | "device";
export const METRICS: Metric[] = ["total", "event", "page", "product", "cart", "referrer", "device"];

/** Stores the day's salt unless an instance stored one first. */
export async function insertSaltOnce(k: Executor, day: string, salt: string): Promise<void> {
  await k
    .insertInto("analytics_salts")
    .values({ day, salt })
    .onConflict((oc) => oc.column("day").doNothing())
    .execute();
}

/** The day's salt; throws when there is none (read after insertSaltOnce). */
export async function getSalt(k: Executor, day: string): Promise<string> {
  const row = await k.selectFrom("analytics_salts").select("salt").where("day", "=", day).executeTakeFirstOrThrow();
  return row.salt;
}

/** Deletes the salts of the days before `day`. */
export async function deleteSaltsBefore(k: Executor, day: string): Promise<void> {
  await k.deleteFrom("analytics_salts").where("day", "<", day).execute();
}

/** Stores raw events in multi-row INSERTs, in the caller's transaction. */
export async function insertEvents(k: Executor, rows: EventRow[]): Promise<void> {
  await insertRows(rows, (chunk) => k.insertInto("analytics_events").values(chunk).execute());
}

/**
 * The raw events of days [from, to] as rows of one metric: per day and key, the distinct visitors,
 * the events and their value. The roll-up stores exactly these rows, so a report reads the same
 * figures from either table.
 */
function rawRows(k: Executor, metric: Metric, from: string, to: string, tagged = false): AnyQuery {
  const base = k.selectFrom("analytics_events").where("day", ">=", from).where("day", "<=", to) as AnyQuery;
  const events = sql<number>`count(*)`;
  const pageViews = sql<number>`sum(case when type = 'pageview' then 1 else 0 end)`;
  // Columns in the order of analytics_daily (day, [metric,] key, visitors, count, value).
  const shape = (q: AnyQuery, key: string | null, count: Expression<number>) =>
    q
      .select([
        "day",
        ...(tagged ? [sql.lit(metric).as("metric")] : []),
        (key ? sql.ref(key) : sql.lit("")).as("key"),
        sql<number>`count(distinct visitor)`.as("visitors"),
        sql<number>`${count}`.as("count"),
        sql<number>`coalesce(sum(value), 0)`.as("value"),
      ])
      .groupBy(key ? ["day", key] : ["day"]);
  switch (metric) {
    case "total":
      return shape(base, null, pageViews);
    case "event":
      return shape(base, "type", events);
    case "page":
      return shape(base.where("type", "=", "pageview"), "path", events);
    case "product":
      return shape(base.where("type", "=", "product_view").where("product_id", "is not", null), "product_id", events);
    case "cart":
      return shape(base.where("type", "=", "add_to_cart").where("product_id", "is not", null), "product_id", events);
    case "referrer":
      return shape(base.where("type", "=", "pageview").where("referrer", "is not", null), "referrer", events);
    case "device":
      return shape(base, "device", pageViews);
  }
}

/** A ranked row of a dimension: its key, visitors (distinct per day, summed over the days), events and value (minor units). */
export interface Ranked {
  key: string;
  visitors: number;
  count: number;
  value: number;
}

/** A metric's keys over the days [from, to], raw days and rolled-up days together, most visitors first. */
export async function listRanked(k: Executor, metric: Metric, period: { from: string; to: string }, limit: number): Promise<Ranked[]> {
  const rolled = k
    .selectFrom("analytics_daily")
    .select(["day", "key", "visitors", "count", "value"])
    .where("metric", "=", metric)
    .where("day", ">=", period.from)
    .where("day", "<=", period.to);
  const both = (rawRows(k, metric, period.from, period.to) as AnyQuery).unionAll(rolled as AnyQuery);
  const q = (k as any)
    .selectFrom(both.as("u"))
    .select(["key", sql<number>`sum(visitors)`.as("visitors"), sql<number>`sum(count)`.as("count"), sql<number>`sum(value)`.as("value")])
    .groupBy("key") as AnyQuery;
  const rows = await q.orderBy(sql`sum(visitors)`, "desc").orderBy(sql`sum(count)`, "desc").orderBy("key").limit(limit).execute();
  return rows.map((r: Record<string, unknown>) => ({ key: String(r.key), visitors: Number(r.visitors), count: Number(r.count), value: Number(r.value ?? 0) }));
}

/** The raw events before `cutoff`: the first day, how many events and over how many days. */
export function getEventsBefore(k: Executor, cutoff: string) {
  return k
    .selectFrom("analytics_events")
    .select([sql<string>`min(day)`.as("first"), sql<number>`count(*)`.as("n"), sql<number>`count(distinct day)`.as("days")])
    .where("day", "<", cutoff)
    .executeTakeFirst();
}

/** Stores the daily rows of one metric for the raw events of days [from, to]. */
export async function insertDailyRollup(k: Executor, metric: Metric, from: string, to: string): Promise<void> {
  await k
    .insertInto("analytics_daily")
    .columns(["day", "metric", "key", "visitors", "count", "value"])
    .expression(rawRows(k, metric, from, to, true) as any)
    .execute();
}

/** Deletes the raw events of the days before `cutoff`. */
export async function deleteEventsBefore(k: Executor, cutoff: string): Promise<void> {
  await k.deleteFrom("analytics_events").where("day", "<", cutoff).execute();
}

/** Per raw day of [from, to]: visitors, page views, visitors who ordered, orders. */
export function listRawDayTotals(k: Executor, from: string, to: string) {
  return k
    .selectFrom("analytics_events")
    .where("day", ">=", from)
    .where("day", "<=", to)
    .select([
      "day",
      sql<number>`count(distinct visitor)`.as("visitors"),
      sql<number>`sum(case when type = 'pageview' then 1 else 0 end)`.as("pageViews"),
      sql<number>`count(distinct case when type = 'order_placed' then visitor end)`.as("ordering"),
      sql<number>`sum(case when type = 'order_placed' then 1 else 0 end)`.as("orders"),
    ])
    .groupBy("day")
    .execute();
}

/** Per rolled-up day of [from, to]: its total row (visitors, page views) and its order_placed row (visitors who ordered, orders). */
export function listRolledDayTotals(k: Executor, from: string, to: string) {
  return k
    .selectFrom("analytics_daily")
    .select(["day", "metric", "key", "visitors", "count"])
    .where("day", ">=", from)
    .where("day", "<=", to)
    .where((eb) => eb.or([eb("metric", "=", "total"), eb.and([eb("metric", "=", "event"), eb("key", "=", "order_placed")])]))
    .execute();
}
