import pg from "pg";

export interface PreparedStatementOptions {
  /** Prepared statements one connection keeps at most; the least recently used is closed to make room. */
  maxPerConnection?: number;
  /** Times a text must have been sent (by any connection) before it is prepared: one-off texts (bulk inserts, DDL) never are. */
  minUses?: number;
}

/** What a statement's text must start with to be prepared: queries and writes, never DDL or transaction control. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** Texts counted towards `minUses`; the count starts over past this many distinct texts, so it stays bounded too. */
const MAX_COUNTED = 10_000;
/**
 * Queries after which a connection drops its plans (`DISCARD PLANS`), doubling each time up to
 * `LATEST_PLAN_RESET`, then every that many. PostgreSQL keeps a plan until something invalidates
 * it (ANALYZE, DDL): our prepared statements' generic plans, and the plans of its own foreign-key
 * checks, which each connection makes at its first insert. Made while a table was empty (a new
 * shop's carts, orders, rate limits), they kept scanning the whole table as it grew: at 3,000
 * carts every cart line's key check read all of them. Plans made again see the tables as they are
 * now, whatever their statistics say, and autovacuum (which would also invalidate them) may be off.
 */
const FIRST_PLAN_RESET = 64;
const LATEST_PLAN_RESET = 8_192;

/**
 * A pg.Client that sends the statements the app repeats as named prepared statements, so
 * PostgreSQL parses and analyses each text once per connection instead of on every query (Kysely
 * sends text and values, which pg runs as an unnamed statement, parsed anew every time).
 *
 * - Bounded: a connection keeps at most `maxPerConnection` statements, closing the least recently
 *   used one (a protocol Close, written ahead of the next query: no extra round trip) when a new
 *   one needs room, so texts without end (IN lists of every length) cannot grow it without bound.
 * - Plans follow the data: a connection drops its plans after 64, 128, 256… queries (every 8,192
 *   at most), so a plan made while a table was small does not outlive the table's growth.
 * - Schema changes: PostgreSQL re-plans a prepared statement after DDL by itself, but refuses one
 *   whose result columns changed ("cached plan must not change result type", e.g. `select *` after
 *   ADD COLUMN) or that it no longer has ("prepared statement … does not exist", after DISCARD ALL
 *   or behind a pooler). Such a statement is forgotten and, outside a transaction block, sent again
 *   at once; inside one the error stands (the transaction is aborted) and the next try re-prepares.
 */
export function preparingClient(options: PreparedStatementOptions = {}): typeof pg.Client {
  const maxPerConnection = options.maxPerConnection ?? 100;
  const minUses = options.minUses ?? 2;
  const uses = new Map<string, number>();

  return class PreparingClient extends pg.Client {
    /** Text → statement name, least recently used first. */
    readonly #names = new Map<string, string>();
    #counter = 0;
    #queries = 0;
    #resetAt = FIRST_PLAN_RESET;

    // One signature over pg's overloads: only (text, values) without a callback, Kysely's call, is prepared.
    override query(...args: unknown[]): never {
      const [text, values] = args;
      if (++this.#queries >= this.#resetAt && this.getTransactionStatus() === "I") {
        // Queued ahead of this query: one more round trip, at 64, 128, 256… queries (see FIRST_PLAN_RESET).
        this.#queries = 0;
        this.#resetAt = Math.min(this.#resetAt * 2, LATEST_PLAN_RESET);
        (super.query as (text: string) => Promise<unknown>)("DISCARD PLANS").catch(() => {});
      }
      const name = args.length === 2 && typeof text === "string" && Array.isArray(values) && PREPARABLE.test(text) ? this.#nameFor(text) : null;
      if (!name) {
        const result = (super.query as (...a: unknown[]) => unknown)(...args);
        // Several statements in one text (`withLocalSettings`) answer with one result each: Kysely reads the last one's.
        return (result instanceof Promise ? result.then((r: unknown) => (Array.isArray(r) ? r[r.length - 1] : r)) : result) as never;
      }
      const idle = this.getTransactionStatus() === "I";
      return super.query({ name, text: text as string, values: values as unknown[] }).catch((err: { code?: string; message?: string }) => {
        if (!isStalePlan(err)) throw err;
        this.#forget(text as string);
        // Inside a transaction block the error has aborted it; outside, nothing ran: send it again.
        if (!idle) throw err;
        return super.query(text as string, values as unknown[]);
      }) as never;
    }

    /** The statement name for a text, preparing it (in name) once it has been used often enough; null: send it unnamed. */
    #nameFor(text: string): string | null {
      const known = this.#names.get(text);
      if (known) {
        this.#names.delete(text);
        this.#names.set(text, known);
        return known;
      }
      const seen = (uses.get(text) ?? 0) + 1;
      if (seen < minUses) {
        if (uses.size >= MAX_COUNTED) uses.clear();
        uses.set(text, seen);
        return null;
      }
      uses.delete(text);
      if (this.#names.size >= maxPerConnection && !this.#forget(this.#names.keys().next().value!)) return null;
      const name = `shop_${++this.#counter}`;
      this.#names.set(text, name);
      return name;
    }

    /** Closes a text's statement on the server and forgets it here; false when this pg version does not let us. */
    #forget(text: string): boolean {
      const name = this.#names.get(text);
      const connection = this.connection as unknown as PgConnectionInternals;
      if (!name || typeof connection.close !== "function" || typeof connection.parsedStatements !== "object") return false;
      this.#names.delete(text);
      // Processed in order before the next query's messages; the server's CloseComplete is ignored by pg.
      if (connection.parsedStatements[name] !== undefined) connection.close({ type: "S", name });
      delete connection.parsedStatements[name];
      return true;
    }
  };
}

/** The parts of pg's Connection that track and close named statements (pg 8). */
interface PgConnectionInternals {
  parsedStatements: Record<string, string>;
  close(msg: { type: "S"; name: string }): void;
}

/** A named statement the server refused because its plan or the statement itself is gone. */
function isStalePlan(err: { code?: string; message?: string }): boolean {
  return (
    (err.code === "0A000" && /cached plan must not change result type/.test(err.message ?? "")) ||
    (err.code === "26000" && /prepared statement/.test(err.message ?? ""))
  );
}
