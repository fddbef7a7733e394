import { createHash, randomBytes } from "node:crypto";
import { isbot } from "isbot";
import type { Db } from "../../db/database";
import { AppError } from "#common/errors";
import { waitText } from "../../lib/rate-limit";
import { parseInput } from "#common/validate";
import type { Logger } from "../../lib/logger";
import { toMajor, toMinor } from "#common/money";
import { addDays, localDateOf } from "#common/calendar";
import { analyticsReportToCsv } from "./analytics.csv";
import {
  type EventRow,
  type Executor,
  METRICS,
  type Ranked,
  deleteEventsBefore,
  deleteSaltsBefore,
  getEventsBefore,
  getSalt,
  insertDailyRollup,
  insertEvents,
  insertSaltOnce,
  listRanked,
  listRawDayTotals,
  listRolledDayTotals,
} from "./analytics.repo";
import { type AnalyticsEventType, type AnalyticsPeriod, analyticsBatchSchema, analyticsPeriodSchema } from "#common/analytics/analytics.schema";

/** What the ingest knows of the browser that sent a batch (from the request, never from the body). */
export interface AnalyticsClient {
  /** The client's address (server/http/client-ip.ts). */
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

/** The funnel's steps, in order. */
export const FUNNEL_STEPS = ["product_view", "add_to_cart", "checkout_started", "order_placed"] as const satisfies readonly AnalyticsEventType[];

/** Accepted events waiting in memory; past this many a write starts at once. */
const FLUSH_AT = 2000;
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

/** The storefront's events of one batch as raw rows: one day, instant, visitor and device for all. */
function toEventRows(
  events: ReturnType<typeof analyticsBatchSchema.parse>["events"],
  at: { day: string; createdAt: string; visitor: string; device: string },
  ownHosts: string[],
): EventRow[] {
  return events.map((e) => ({
    day: at.day,
    created_at: at.createdAt,
    visitor: at.visitor,
    type: e.type,
    path: e.path.split(/[?#]/)[0]!.slice(0, 300) || "/",
    product_id: e.productId ?? null,
    referrer: e.type === "pageview" ? referrerHost(e.referrer, ownHosts) : null,
    device: at.device,
    value: e.value === undefined ? null : toMinor(e.value),
    currency: e.currency ?? null,
  }));
}

/**
 * Accepted events waiting in memory, written by `write` about every `flushEveryMs` (at once past
 * FLUSH_AT). Writes run one after another; a write that fails is logged and its events are lost.
 */
function createEventBuffer(write: (rows: EventRow[]) => Promise<void>, logger: Logger, flushEveryMs: number) {
  let waiting: EventRow[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

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

  /** Writes the waiting events; resolves once they (and every write before) are done. */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const rows = waiting;
    waiting = [];
    writing = writing.then(async () => {
      if (!rows.length) return;
      try {
        await write(rows);
      } catch (err) {
        logger.error({ err, events: rows.length }, "could not store site analytics events; they are lost");
      }
    });
    return writing;
  }

  return {
    /** Events waiting to be written. */
    size: () => waiting.length,
    add(rows: EventRow[]) {
      for (const row of rows) waiting.push(row);
      schedule();
    },
    flush,
  };
}

/** The salt of each day: made by the first instance that needs it, shared through the database, kept here for the last few days. */
function createDailySalts(k: Executor) {
  const salts = new Map<string, string>();
  return {
    async of(day: string): Promise<string> {
      const known = salts.get(day);
      if (known) return known;
      await insertSaltOnce(k, day, randomBytes(16).toString("base64url"));
      const salt = await getSalt(k, day);
      if (salts.size > 4) salts.clear();
      salts.set(day, salt);
      return salt;
    },
    /** Forgets the salts of the days before `day`, here and in the database. */
    async forgetBefore(day: string): Promise<void> {
      await deleteSaltsBefore(k, day);
      for (const d of salts.keys()) if (d < day) salts.delete(d);
    },
  };
}

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

interface DayTotals {
  visitors: number;
  pageViews: number;
  ordering: number;
  orders: number;
}

/** Each day's visitors, page views, visitors who ordered and orders, from its raw events or its rolled-up rows. */
function dayTotals(raw: Awaited<ReturnType<typeof listRawDayTotals>>, rolled: Awaited<ReturnType<typeof listRolledDayTotals>>): Map<string, DayTotals> {
  const days = new Map<string, DayTotals>();
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
  return days;
}

/** A period's summary: its days' totals summed, and the conversion rate (visitors who ordered over visitors). */
function summaryOf(p: AnalyticsPeriod, days: Map<string, DayTotals>) {
  const sum = { visitors: 0, pageViews: 0, ordering: 0, orders: 0 };
  for (const [day, d] of days) {
    if (day < p.from || day > p.to) continue;
    sum.visitors += d.visitors;
    sum.pageViews += d.pageViews;
    sum.ordering += d.ordering;
    sum.orders += d.orders;
  }
  return { period: p, visitors: sum.visitors, pageViews: sum.pageViews, orders: sum.orders, conversionRate: rate(sum.ordering, sum.visitors) };
}

/** The ranked rows the analytics screen shows for a period. */
interface ReportRows {
  total: Ranked[];
  events: Ranked[];
  pages: Ranked[];
  products: Ranked[];
  carts: Ranked[];
  referrers: Ranked[];
  devices: Ranked[];
}

/** The analytics screen's figures from the period's ranked rows and the names of its top products. */
function toReport(p: AnalyticsPeriod, r: ReportRows, known: Map<string, { name: string; slug: string }>) {
  const event = (type: AnalyticsEventType) => r.events.find((e) => e.key === type) ?? { key: type, visitors: 0, count: 0, value: 0 };
  const visitors = r.total[0]?.visitors ?? 0;
  const funnel = FUNNEL_STEPS.map((step, i) => ({
    step,
    visitors: event(step).visitors,
    events: event(step).count,
    rate: i === 0 ? null : rate(event(step).visitors, event(FUNNEL_STEPS[i - 1]!).visitors),
  }));
  const cartOf = new Map(r.carts.map((c) => [c.key, c]));
  return {
    period: p,
    totals: {
      visitors,
      pageViews: r.total[0]?.count ?? 0,
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
    topPages: r.pages.map((x) => ({ path: x.key, visitors: x.visitors, pageViews: x.count })),
    topProducts: r.products.map((x) => ({
      productId: x.key,
      name: known.get(x.key)?.name ?? null,
      slug: known.get(x.key)?.slug ?? null,
      visitors: x.visitors,
      views: x.count,
      addedToCart: cartOf.get(x.key)?.visitors ?? 0,
    })),
    referrers: r.referrers.map((x) => ({ host: x.key, visitors: x.visitors, pageViews: x.count })),
    devices: r.devices.map((x) => ({ device: x.key, visitors: x.visitors, pageViews: x.count })),
  };
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
  const limits = createMemoryRateLimit(deps.rule);
  const salts = createDailySalts(k);
  const buffer = createEventBuffer((rows) => k.transaction().execute((trx) => insertEvents(trx, rows)), deps.logger, deps.flushEveryMs ?? 1000);
  const flush = buffer.flush;

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
      if (!limit.allowed)
        throw new AppError(
          "rate_limited",
          `Too many analytics batches from your network. Please try again in ${waitText(limit.retryAfter!)}.`,
          undefined,
          limit.retryAfter!,
        );
      if (buffer.size() >= MAX_WAITING) return { stored: 0 };
      const at = now();
      const { timeZone } = await deps.settings();
      const day = localDateOf(timeZone, at.getTime());
      const salt = await salts.of(day);
      const visitor = createHash("sha256").update(`${salt}|${client.ip}|${client.userAgent}`).digest("base64url").slice(0, 22);
      buffer.add(toEventRows(batch.events, { day, createdAt: at.toISOString(), visitor, device: deviceOf(client.userAgent!) }, deps.ownHosts));
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
        const old = await getEventsBefore(trx, cutoff);
        if (!old?.first || Number(old.n) === 0) return { days: 0, events: 0 };
        for (const metric of METRICS) await insertDailyRollup(trx, metric, old.first, addDays(cutoff, -1));
        await deleteEventsBefore(trx, cutoff);
        return { days: Number(old.days), events: Number(old.n) };
      });
      await salts.forgetBefore(addDays(today, -1));
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
     * two per period.
     */
    async summaries(inputs: AnalyticsPeriod[]) {
      const periods = await Promise.all(inputs.map((input) => period(input)));
      const from = periods.reduce((min, p) => (p.from < min ? p.from : min), periods[0]!.from);
      const to = periods.reduce((max, p) => (p.to > max ? p.to : max), periods[0]!.to);
      const [raw, rolled] = await Promise.all([listRawDayTotals(k, from, to), listRolledDayTotals(k, from, to)]);
      const days = dayTotals(raw, rolled);
      return periods.map((p) => summaryOf(p, days));
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
        listRanked(k, "total", p, 1),
        listRanked(k, "event", p, 10),
        listRanked(k, "page", p, 10),
        listRanked(k, "product", p, 10),
        listRanked(k, "cart", p, 200),
        listRanked(k, "referrer", p, 10),
        listRanked(k, "device", p, 5),
      ]);
      const known = new Map((await deps.products(products.map((r) => r.key))).map((c) => [c._id, c]));
      return toReport(p, { total, events, pages, products, carts, referrers, devices }, known);
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
