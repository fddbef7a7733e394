import { createHash, randomBytes } from "node:crypto";
import { type Expression, type Insertable, type SelectQueryBuilder, sql } from "kysely";
import { isbot } from "isbot";
import type { Db } from "../../db/database";
import type { Database } from "../../db/schema";
import { AppError } from "#common/errors";
import { waitText } from "../../lib/rate-limit";
import { parseInput } from "#common/validate";
import type { Logger } from "../../lib/logger";
import { toMajor, toMinor } from "#common/money";
import { addDays, localDateOf } from "#common/calendar";
import { analyticsReportToCsv } from "./analytics.csv";
import { type AnalyticsEventType, type AnalyticsPeriod, analyticsBatchSchema, analyticsPeriodSchema } from "#common/analytics/analytics.schema";

/** What the ingest knows of the browser that sent a batch (from the request, never from the body). */
export interface AnalyticsClient {
  /** The client's address (server/lib/client-ip.ts). */
  ip: string;
  userAgent: string | undefined;
  /** `DNT: 1` */
  doNotTrack: boolean;
  /** `Sec-GPC: 1` (Global Privacy Control) */
  globalPrivacyControl: boolean;
}

export interface AnalyticsDeps {
  /** Batches per client address and window (env ANALYTICS_LIMIT_PER_IP), counted in this instance's memory. */
  rule: { max: number; window: number };
  /** The shop's time zone and the raw events' retention, from the site settings. */
  settings: () => Promise<{ timeZone: string; analyticsRetentionDays: number }>;
  /** Names of products by id (the catalogue's service), for the top products. */
  products: (ids: string[]) => Promise<Array<{ _id: string; name: string; slug: string }>>;
  /** The shop's own host names: a "referrer" among them is a page of the shop, not a referring site. */
  ownHosts: string[];
  logger: Logger;
  /** The clock (tests move it). */
  now?: () => Date;
  /** How long accepted events wait in memory before one write stores them all. */
  flushEveryMs?: number;
}

type Metric = "total" | "event" | "page" | "product" | "cart" | "referrer" | "device";
const METRICS: Metric[] = ["total", "event", "page", "product", "cart", "referrer", "device"];

/** The funnel's steps, in order. */
export const FUNNEL_STEPS = ["product_view", "add_to_cart", "checkout_started", "order_placed"] as const satisfies readonly AnalyticsEventType[];

/** Accepted events waiting in memory; past this many a write starts at once. */
const FLUSH_AT = 2000;
/** Rows per INSERT (10 values each: well within both engines' limits on parameters). */
const INSERT_CHUNK = 500;
/** Past this many waiting (the database is not keeping up or is down), new events are dropped. */
const MAX_WAITING = 50_000;

/** The device class of a user agent: phones, tablets, and the rest. */
export function deviceOf(userAgent: string): "mobile" | "tablet" | "desktop" {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(userAgent)) return "mobile";
  return "desktop";
}

/** A referrer's host without "www.", or null when it is none, not a web address, or the shop itself. */
export function referrerHost(referrer: string | undefined, ownHosts: string[]): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    const host = url.hostname.toLowerCase().replace(/^www\./, "");
    if (!host || ownHosts.some((h) => h.toLowerCase().replace(/^www\./, "") === host)) return null;
    return host.slice(0, 255);
  } catch {
    return null;
  }
}

/**
 * Fixed-window counters per key in this process's memory, the windows of the rate_limits table
 * (server/lib/rate-limit.ts) without its commit: an analytics batch must not cost an fsync
 * (decision 0011), which held ingest near 230 batches a second. Several instances each count
 * their own, so a client spread over N instances gets up to N times the limit: acceptable for
 * page views, where nothing of value is at stake (docs/decisions/0029).
 */
export function createMemoryRateLimit(rule: { max: number; window: number }, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();
  let prunedAt = 0;
  return {
    /** Counts one attempt of `key`: allowed, or the seconds until its window frees up. */
    consume(key: string): { allowed: boolean; retryAfter: number | null } {
      const t = now();
      const windowMs = rule.window * 1000;
      if (t - prunedAt > windowMs) {
        prunedAt = t;
        for (const [k, w] of windows) if (t - w.start >= windowMs) windows.delete(k);
      }
      let w = windows.get(key);
      if (!w || t - w.start >= windowMs) {
        w = { start: t, count: 0 };
        windows.set(key, w);
      }
      w.count += 1;
      if (w.count <= rule.max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((w.start + windowMs - t) / 1000)) };
    },
  };
}

/** Whether a request's browser is counted at all: no bots (isbot; no user agent is a script), no Do-Not-Track, no Global Privacy Control. */
export function isCounted(client: Pick<AnalyticsClient, "userAgent" | "doNotTrack" | "globalPrivacyControl">): boolean {
  if (client.doNotTrack || client.globalPrivacyControl) return false;
  return Boolean(client.userAgent) && !isbot(client.userAgent);
}

type EventRow = Insertable<Database["analytics_events"]>;
type AnyQuery = SelectQueryBuilder<any, any, any>;

/** A ranked row of a dimension: its key, visitors (distinct per day, summed over the days), events and value (minor units). */
interface Ranked {
  key: string;
  visitors: number;
  count: number;
  value: number;
}

/**
 * The first-party site analytics: the storefront's batches of page views and shop events are
 * checked, counted (no bots, no Do-Not-Track or Global Privacy Control), stamped with a visitor
 * hash that changes every day and written in bulk about once a second; raw events older than the
 * settings' retention are rolled up into daily figures, and every report reads both, so a day's
 * figures are the same before and after its roll-up.
 */
export function createAnalyticsService(db: Db, deps: AnalyticsDeps) {
  const k = db.kysely;
  const now = deps.now ?? (() => new Date());
  const flushEveryMs = deps.flushEveryMs ?? 1000;
  let waiting: EventRow[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  const salts = new Map<string, string>();
  const limits = createMemoryRateLimit(deps.rule);

  /** The day's salt: made by the first instance that needs it, shared through the database. */
  async function saltOf(day: string): Promise<string> {
    const known = salts.get(day);
    if (known) return known;
    await k
      .insertInto("analytics_salts")
      .values({ day, salt: randomBytes(16).toString("base64url") })
      .onConflict((oc) => oc.column("day").doNothing())
      .execute();
    const row = await k.selectFrom("analytics_salts").select("salt").where("day", "=", day).executeTakeFirstOrThrow();
    if (salts.size > 4) salts.clear();
    salts.set(day, row.salt);
    return row.salt;
  }

  function schedule() {
    if (waiting.length >= FLUSH_AT) {
      void flush();
      return;
    }
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, flushEveryMs);
    timer.unref();
  }

  /** Writes the waiting events: one transaction, a few multi-row INSERTs. Writes run one after another. */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const rows = waiting;
    waiting = [];
    writing = writing.then(async () => {
      if (!rows.length) return;
      try {
        await k.transaction().execute(async (trx) => {
          for (let i = 0; i < rows.length; i += INSERT_CHUNK) await trx.insertInto("analytics_events").values(rows.slice(i, i + INSERT_CHUNK)).execute();
        });
      } catch (err) {
        deps.logger.error({ err, events: rows.length }, "could not store site analytics events; they are lost");
      }
    });
    return writing;
  }

  /**
   * The raw events of days [from, to] as rows of one metric: per day and key, the distinct visitors,
   * the events and their value. The roll-up stores exactly these rows, so a report reads the same
   * figures from either table.
   */
  function rawRows(metric: Metric, from: string, to: string, tagged = false): AnyQuery {
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

  /** A metric's keys over the period, raw days and rolled-up days together, most visitors first. */
  async function ranked(metric: Metric, period: AnalyticsPeriod, limit: number): Promise<Ranked[]> {
    const rolled = k
      .selectFrom("analytics_daily")
      .select(["day", "key", "visitors", "count", "value"])
      .where("metric", "=", metric)
      .where("day", ">=", period.from)
      .where("day", "<=", period.to);
    const both = (rawRows(metric, period.from, period.to) as AnyQuery).unionAll(rolled as AnyQuery);
    const q = (k as any)
      .selectFrom(both.as("u"))
      .select(["key", sql<number>`sum(visitors)`.as("visitors"), sql<number>`sum(count)`.as("count"), sql<number>`sum(value)`.as("value")])
      .groupBy("key") as AnyQuery;
    const rows = await q.orderBy(sql`sum(visitors)`, "desc").orderBy(sql`sum(count)`, "desc").orderBy("key").limit(limit).execute();
    return rows.map((r: Record<string, unknown>) => ({ key: String(r.key), visitors: Number(r.visitors), count: Number(r.count), value: Number(r.value ?? 0) }));
  }

  const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

  async function period(input: unknown): Promise<AnalyticsPeriod> {
    const p = parseInput(analyticsPeriodSchema, input, "Please choose a valid period.");
    await flush();
    return p;
  }

  const analytics = {
    /**
     * Takes one batch from the storefront: nothing is stored for a bot or a browser that asks not to
     * be tracked (the answer is the same), a bad batch is refused whole (400) before anything is
     * counted, and a client past its limit gets 429. Accepted events are written within about a second.
     */
    async ingest(body: unknown, client: AnalyticsClient): Promise<{ stored: number }> {
      if (!isCounted(client)) return { stored: 0 };
      const batch = parseInput(analyticsBatchSchema, body, "The analytics batch is not valid.");
      const limit = limits.consume(client.ip);
      if (!limit.allowed) throw new AppError("rate_limited", `Too many analytics batches from your network. Please try again in ${waitText(limit.retryAfter!)}.`, undefined, limit.retryAfter!);
      if (waiting.length >= MAX_WAITING) return { stored: 0 };
      const at = now();
      const { timeZone } = await deps.settings();
      const day = localDateOf(timeZone, at.getTime());
      const salt = await saltOf(day);
      const visitor = createHash("sha256").update(`${salt}|${client.ip}|${client.userAgent}`).digest("base64url").slice(0, 22);
      const device = deviceOf(client.userAgent!);
      const createdAt = at.toISOString();
      for (const e of batch.events) {
        waiting.push({
          day,
          created_at: createdAt,
          visitor,
          type: e.type,
          path: e.path.split(/[?#]/)[0]!.slice(0, 300) || "/",
          product_id: e.productId ?? null,
          referrer: e.type === "pageview" ? referrerHost(e.referrer, deps.ownHosts) : null,
          device,
          value: e.value === undefined ? null : toMinor(e.value),
          currency: e.currency ?? null,
        });
      }
      schedule();
      return { stored: batch.events.length };
    },

    flush,

    /**
     * Rolls up every day older than the settings' retention into daily figures and deletes its raw
     * events, in one transaction (a report never sees a day twice or not at all); also forgets the
     * salts of days that are over. For the periodic job; returns the days rolled up.
     */
    async rollUp(at: Date = now()): Promise<{ days: number; events: number }> {
      await flush();
      const { timeZone, analyticsRetentionDays } = await deps.settings();
      const today = localDateOf(timeZone, at.getTime());
      const cutoff = addDays(today, -analyticsRetentionDays);
      const result = await k.transaction().execute(async (trx) => {
        const old = await trx
          .selectFrom("analytics_events")
          .select([sql<string>`min(day)`.as("first"), sql<number>`count(*)`.as("n"), sql<number>`count(distinct day)`.as("days")])
          .where("day", "<", cutoff)
          .executeTakeFirst();
        if (!old?.first || Number(old.n) === 0) return { days: 0, events: 0 };
        const last = addDays(cutoff, -1);
        for (const metric of METRICS) {
          await trx
            .insertInto("analytics_daily")
            .columns(["day", "metric", "key", "visitors", "count", "value"])
            .expression(rawRows(metric, old.first, last, true) as any)
            .execute();
        }
        await trx.deleteFrom("analytics_events").where("day", "<", cutoff).execute();
        return { days: Number(old.days), events: Number(old.n) };
      });
      await k.deleteFrom("analytics_salts").where("day", "<", addDays(today, -1)).execute();
      for (const day of salts.keys()) if (day < addDays(today, -1)) salts.delete(day);
      return result;
    },

    /** The shop's today (YYYY-MM-DD in its time zone), where the screen's period presets end. */
    async today(): Promise<string> {
      return localDateOf((await deps.settings()).timeZone, now().getTime());
    },

    /**
     * Visitors, page views and orders of a period (days in the shop's time zone, both included) and
     * the conversion rate (visitors who placed an order over visitors), for the dashboard's card.
     */
    async summary(input: AnalyticsPeriod) {
      return (await analytics.summaries([input]))[0]!;
    },

    /**
     * `summary` of several periods (the dashboard's and the one before it) from one read of the
     * days they span: per day, raw days and rolled-up days alike, the visitors, page views, orders
     * and visitors who ordered, then summed per period. One pass over the raw events instead of
     * two per period: on a day of 320,000 events the dashboard's conversion took 1.1 s in four.
     */
    async summaries(inputs: AnalyticsPeriod[]) {
      const periods = await Promise.all(inputs.map((input) => period(input)));
      const from = periods.reduce((min, p) => (p.from < min ? p.from : min), periods[0]!.from);
      const to = periods.reduce((max, p) => (p.to > max ? p.to : max), periods[0]!.to);
      const [raw, rolled] = await Promise.all([
        k
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
          .execute(),
        k
          .selectFrom("analytics_daily")
          .select(["day", "metric", "key", "visitors", "count"])
          .where("day", ">=", from)
          .where("day", "<=", to)
          .where((eb) => eb.or([eb("metric", "=", "total"), eb.and([eb("metric", "=", "event"), eb("key", "=", "order_placed")])]))
          .execute(),
      ]);
      const days = new Map<string, { visitors: number; pageViews: number; ordering: number; orders: number }>();
      const dayOf = (day: string) => {
        let d = days.get(day);
        if (!d) days.set(day, (d = { visitors: 0, pageViews: 0, ordering: 0, orders: 0 }));
        return d;
      };
      for (const r of raw) {
        const d = dayOf(String(r.day));
        d.visitors += Number(r.visitors);
        d.pageViews += Number(r.pageViews ?? 0);
        d.ordering += Number(r.ordering);
        d.orders += Number(r.orders ?? 0);
      }
      for (const r of rolled) {
        const d = dayOf(String(r.day));
        if (r.metric === "total") {
          d.visitors += Number(r.visitors);
          d.pageViews += Number(r.count);
        } else {
          d.ordering += Number(r.visitors);
          d.orders += Number(r.count);
        }
      }
      return periods.map((p) => {
        const sum = { visitors: 0, pageViews: 0, ordering: 0, orders: 0 };
        for (const [day, d] of days) {
          if (day < p.from || day > p.to) continue;
          sum.visitors += d.visitors;
          sum.pageViews += d.pageViews;
          sum.ordering += d.ordering;
          sum.orders += d.orders;
        }
        return { period: p, visitors: sum.visitors, pageViews: sum.pageViews, orders: sum.orders, conversionRate: rate(sum.ordering, sum.visitors) };
      });
    },

    /**
     * The analytics screen's figures for a period: totals, the funnel product view → add to cart →
     * checkout → order (visitors per step, the rate from the step before and overall), and the top
     * pages, products, referrers and devices. A visitor is one browser on one day: a period's
     * visitors are the sum of its days' visitors.
     */
    async report(input: unknown) {
      const p = await period(input);
      const [total, events, pages, products, carts, referrers, devices] = await Promise.all([
        ranked("total", p, 1),
        ranked("event", p, 10),
        ranked("page", p, 10),
        ranked("product", p, 10),
        ranked("cart", p, 200),
        ranked("referrer", p, 10),
        ranked("device", p, 5),
      ]);
      const event = (type: AnalyticsEventType) => events.find((e) => e.key === type) ?? { key: type, visitors: 0, count: 0, value: 0 };
      const visitors = total[0]?.visitors ?? 0;
      const funnel = FUNNEL_STEPS.map((step, i) => ({
        step,
        visitors: event(step).visitors,
        events: event(step).count,
        rate: i === 0 ? null : rate(event(step).visitors, event(FUNNEL_STEPS[i - 1]!).visitors),
      }));
      const known = new Map((await deps.products(products.map((r) => r.key))).map((c) => [c._id, c]));
      const cartOf = new Map(carts.map((r) => [r.key, r]));
      return {
        period: p,
        totals: {
          visitors,
          pageViews: total[0]?.count ?? 0,
          productViews: event("product_view").count,
          addToCarts: event("add_to_cart").count,
          checkouts: event("checkout_started").count,
          orders: event("order_placed").count,
          /** Order totals the storefront reported, in the major unit. */
          orderValue: toMajor(event("order_placed").value),
          conversionRate: rate(event("order_placed").visitors, visitors),
        },
        funnel,
        /** Visitors who placed an order over visitors who viewed a product. */
        funnelRate: rate(funnel[3]!.visitors, funnel[0]!.visitors),
        topPages: pages.map((r) => ({ path: r.key, visitors: r.visitors, pageViews: r.count })),
        topProducts: products.map((r) => ({
          productId: r.key,
          name: known.get(r.key)?.name ?? null,
          slug: known.get(r.key)?.slug ?? null,
          visitors: r.visitors,
          views: r.count,
          addedToCart: cartOf.get(r.key)?.visitors ?? 0,
        })),
        referrers: referrers.map((r) => ({ host: r.key, visitors: r.visitors, pageViews: r.count })),
        devices: devices.map((r) => ({ device: r.key, visitors: r.visitors, pageViews: r.count })),
      };
    },

    /** The report of a period as one CSV for a spreadsheet: totals, funnel, top pages, products, referrers and devices, each under its own heading. */
    async reportCsv(input: unknown): Promise<string> {
      const [data, settings] = await Promise.all([analytics.report(input), deps.settings()]);
      return analyticsReportToCsv(data, settings.timeZone);
    },

    /** Writes what is still waiting (called at shutdown, before the database closes). */
    async stop(): Promise<void> {
      await flush();
    },
  };
  return analytics;
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
export type AnalyticsReport = Awaited<ReturnType<AnalyticsService["report"]>>;
