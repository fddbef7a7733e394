import { createHash } from "node:crypto";
import { sql } from "kysely";
import { compiledQuery } from "../db/compiled-query";
import type { Db } from "../db/database";
import type { AuthTables } from "../db/auth-tables";

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window frees up (null when allowed). */
  retryAfter: number | null;
}

/** Rows older than this are pruned: longer than any window we use (a day at most). */
const KEEP_MS = 25 * 60 * 60_000;
const PRUNE_EVERY_MS = 5 * 60_000;

/**
 * Fixed-window counters in the `rate_limits` table, shared by every instance on the database and
 * kept across restarts: one atomic upsert per attempt, so concurrent requests cannot slip past a
 * stale read. Every limit of the shop goes through it: better-auth's per-IP limits (as its
 * customStorage), the sign-in and mail limits, the contact form and order placement.
 */
export function createRateLimitStore(db: Db) {
  const k = db.kysely.withTables<AuthTables>();
  let prunedAt = 0;

  function prune(now: number): void {
    if (now - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now;
    void k
      .deleteFrom("rate_limits")
      .where("window_start", "<", now - KEEP_MS)
      .execute()
      .catch(() => {});
  }

  type Rule = { window: number; max: number };

  /**
   * Counts one attempt in each key's window, in one upsert: each key's own window start in the
   * CASE, so a row expired for its rule starts a new window. The times are parameters, and the
   * query is compiled once per number of keys (PostgreSQL and the SQLite statement cache then
   * prepare that one text).
   */
  const consumeQuery = compiledQuery((db: typeof k, a: { keys: string[]; expired: number[]; now: number }) => {
    const expiredOf = sql<number>`CASE ${sql.ref("rate_limits.key")} ${sql.join(
      a.keys.map((key, i) => sql`WHEN ${key} THEN CAST(${a.expired[i]} AS BIGINT)`),
      sql` `,
    )} END`;
    return db
      .insertInto("rate_limits")
      .values(a.keys.map((key) => ({ key, count: 1, window_start: a.now })))
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          count: sql<number>`CASE WHEN rate_limits.window_start <= ${expiredOf} THEN 1 ELSE rate_limits.count + 1 END`,
          window_start: sql<number>`CASE WHEN rate_limits.window_start <= ${expiredOf} THEN ${a.now} ELSE rate_limits.window_start END`,
        }),
      )
      .returning(["key", "count", "window_start"]);
  });
  type Executor = Pick<typeof k, "insertInto">;

  /** One atomic upsert: counts an attempt in `key`'s window (a new window once the old one expired). */
  async function count(executor: Executor, key: string, rule: Rule, now: number): Promise<RateDecision> {
    const expired = now - rule.window * 1000;
    const row = await executor
      .insertInto("rate_limits")
      .values({ key, count: 1, window_start: now })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          count: sql<number>`CASE WHEN rate_limits.window_start <= ${expired} THEN 1 ELSE rate_limits.count + 1 END`,
          window_start: sql<number>`CASE WHEN rate_limits.window_start <= ${expired} THEN ${now} ELSE rate_limits.window_start END`,
        }),
      )
      .returning(["count", "window_start"])
      .executeTakeFirstOrThrow();
    return decisionOf(row, rule, now);
  }

  /** The decision for a window's count after this attempt. */
  function decisionOf(row: { count: number | string; window_start: number | string }, rule: Rule, now: number): RateDecision {
    if (Number(row.count) <= rule.max) return { allowed: true, retryAfter: null };
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((Number(row.window_start) + rule.window * 1000 - now) / 1000)) };
  }

  return {
    /** Records one attempt against `key` and answers whether it is within `max` per `windowSeconds`. */
    async consume(key: string, rule: Rule): Promise<RateDecision> {
      const now = Date.now();
      const decision = await count(k, key, rule, now);
      prune(now);
      return decision;
    },

    /**
     * Records one attempt against each key in one statement (one round trip and one commit: a
     * multi-row upsert is atomic) and answers each key's decision, in order.
     */
    async consumeAll(entries: ReadonlyArray<{ key: string; rule: Rule }>): Promise<RateDecision[]> {
      const now = Date.now();
      const byKey = new Map(entries.map((e) => [e.key, e.rule]));
      if (byKey.size === 0) return [];
      const rules = [...byKey];
      const { rows } = await consumeQuery.execute(k, { keys: rules.map(([key]) => key), expired: rules.map(([, rule]) => now - rule.window * 1000), now });
      const counted = new Map(rows.map((r) => [r.key, r]));
      prune(now);
      return entries.map(({ key, rule }) => decisionOf(counted.get(key)!, rule, now));
    },

    /**
     * Takes back one attempt from each key (one statement): for an attempt counted together with
     * the reads that decide it, which those reads then refused. A count already at 0 stays there.
     */
    async uncountAll(keys: ReadonlyArray<string>): Promise<void> {
      if (keys.length === 0) return;
      await k
        .updateTable("rate_limits")
        .set({ count: sql<number>`count - 1` })
        .where("key", "in", [...new Set(keys)])
        .where("count", ">", 0)
        .execute();
    },

    /** Whether each key has already used up its attempts in its current window, without counting one: one query for all. */
    async checkAll(entries: ReadonlyArray<{ key: string; rule: Rule }>): Promise<RateDecision[]> {
      const now = Date.now();
      if (entries.length === 0) return [];
      const rows = await k
        .selectFrom("rate_limits")
        .select(["key", "count", "window_start"])
        .where(
          "key",
          "in",
          entries.map((e) => e.key),
        )
        .execute();
      const found = new Map(rows.map((r) => [r.key, r]));
      return entries.map(({ key, rule }) => {
        const row = found.get(key);
        if (!row || Number(row.window_start) <= now - rule.window * 1000) return { allowed: true, retryAfter: null };
        return decisionOf({ count: Number(row.count) + 1, window_start: row.window_start }, rule, now);
      });
    },

    /** Whether `key` has already used up `max` attempts in its current window, without counting one. */
    async check(key: string, rule: Rule): Promise<RateDecision> {
      return (await this.checkAll([{ key, rule }]))[0]!;
    },

    /** Forgets the attempts of `key` (a successful sign-in clears its failures). */
    async reset(key: string): Promise<void> {
      await k.deleteFrom("rate_limits").where("key", "=", key).execute();
    },
  };
}

export type RateLimitStore = ReturnType<typeof createRateLimitStore>;

/** A rate-limit key for a personal value (an address, a phone number); hashed, so the table holds none. */
export function personalKey(kind: string, value: string): string {
  return `${kind}:${createHash("sha256").update(value).digest("base64url")}`;
}

/** The rate-limit key of an e-mail address for one kind of request (trimmed and lower-case, hashed). */
export function emailKey(kind: string, email: string): string {
  return personalKey(`email:${kind}`, email.trim().toLowerCase());
}

/**
 * How long to wait, for the messages of every limit: "45 seconds" (under a minute and a half, where
 * "1 minute" would be vague), else minutes, else hours, rounded up.
 */
export function waitText(seconds: number): string {
  if (seconds < 90) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return minutes === 1 ? "1 minute" : `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? "1 hour" : `${hours} hours`;
}
