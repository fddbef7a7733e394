import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, type RawBuilder, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { preparingClient } from "./pg-statements";
import type { Database } from "./schema";

export type Dialect = "sqlite" | "postgres";

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The DATABASE_URL it was opened with. */
  url: string;
  /** Ends the connections: first what was registered with `onClose` (engines with connections of their own), then the database's. */
  close(): Promise<void>;
  onClose(close: () => Promise<void>): void;
}

/** A Db around a Kysely instance: `close` runs the registered closers, then destroys it. */
function dbOf(kysely: Kysely<Database>, dialect: Dialect, url: string): Db {
  const closers: Array<() => Promise<void>> = [];
  return {
    kysely,
    dialect,
    url,
    async close() {
      for (const close of closers.splice(0)) await close();
      await kysely.destroy();
    },
    onClose: (close) => void closers.push(close),
  };
}

// PostgreSQL's bigint (count(*)) and numeric come back as strings; our counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

/** Opens the database named by a DATABASE_URL: `file:PATH` for SQLite, `postgres://` for PostgreSQL. */
export function openDatabase(url: string, options: { onIdleError?: (err: Error) => void } = {}): Db {
  if (/^postgres(ql)?:\/\//.test(url)) {
    // Statements the app repeats go as named prepared statements: parsed and planned once per
    // connection instead of per query (pg-statements.ts; docs/decisions/0034).
    const pool = new pg.Pool({ connectionString: url, max: 10, Client: preparingClient() });
    // An idle connection that the server ends (restart, failover, DROP DATABASE … FORCE) emits an
    // error on the pool; without a listener it would crash the process. The pool reconnects on
    // the next query, so only report it.
    pool.on("error", (err) => options.onIdleError?.(err));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return dbOf(kysely, "postgres", url);
  }
  const file = url.replace(/^file:/, "");
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  // FULL: a commit reaches the disk before the order is answered 201, so a power cut loses no
  // acknowledged order (NORMAL in WAL mode may lose the last commits). docs/decisions/0011.
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("cache_size = -65536"); // 64 MB of page cache: a large catalogue's hot pages stay in memory
  // Gather planner statistics for tables that have none yet (e.g. right after a bulk seed), so
  // SQLite picks primary-key lookups over a scan of a low-selectivity index.
  sqlite.pragma("optimize = 0x10002");
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return dbOf(kysely, "sqlite", url);
}

/**
 * A PostgreSQL statement run with planner settings of its own: `SET LOCAL` in front of it, in one
 * text, which PostgreSQL runs as one implicit transaction, so the settings end with the statement
 * and cost no extra round trip (the pool's client hands Kysely the last statement's result).
 * PostgreSQL takes several statements in one text only without parameters, so every value in
 * `statement` must be a literal (`sql.lit`). Not for use inside a transaction, whose end the
 * settings would last until.
 */
export function withLocalSettings<T>(settings: Record<string, string>, statement: RawBuilder<T>): RawBuilder<T> {
  const sets = Object.entries(settings).map(([name, value]) => sql`SET LOCAL ${sql.id(name)} = ${sql.lit(value)}`);
  return sql<T>`${sql.join([...sets, statement], sql`; `)}`;
}

/**
 * Kysely prepares every query anew; compiling the SQL was a third of an add-to-cart's CPU time.
 * Our queries are a few hundred distinct strings, so keep their prepared statements (a statement
 * still being iterated is busy: that query gets a fresh one).
 */
function withStatementCache(sqlite: SQLite.Database, max = 1000) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) return cached;
      const stmt = sqlite.prepare(sql);
      if (!cached) {
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
        cache.set(sql, stmt);
      }
      return stmt;
    },
  };
}

/** Refreshes the query planner's statistics after bulk writes (seeding, imports). */
export async function analyze(db: Db): Promise<void> {
  await sql`ANALYZE`.execute(db.kysely);
}

/** Normalises a timestamp read from either engine to an ISO-8601 string. */
export function toIso(value: Date | string | null | undefined): string | null {
  if (value == null) return null;
  if (value instanceof Date) return value.toISOString();
  return value.includes("T") ? value : new Date(`${value.replace(" ", "T")}Z`).toISOString();
}

export function nowIso(): string {
  return new Date().toISOString();
}
