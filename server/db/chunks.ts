/**
 * How much one statement carries. Every multi-row INSERT, multi-row UPDATE and IN list is cut into
 * statements of at most ROWS_PER_STATEMENT rows (or ids) and PARAMS_PER_STATEMENT bound parameters:
 * well within SQLite's 32,766 and PostgreSQL's 65,535 parameters, and few enough rows that a
 * statement is planned and run quickly on both engines.
 */
export const ROWS_PER_STATEMENT = 500;
export const PARAMS_PER_STATEMENT = 10_000;

/**
 * The items in statement-sized parts: `paramsPerItem` is how many bound parameters one row (or id)
 * adds; `maxRows` lowers the row cap for a statement whose cost grows faster than its rows (a
 * CASE over every row it updates), and a bulk load (the demo seed) may raise both caps.
 */
export function chunked<T>(items: readonly T[], paramsPerItem = 1, maxRows = ROWS_PER_STATEMENT, maxParams = PARAMS_PER_STATEMENT): T[][] {
  const size = Math.max(1, Math.min(maxRows, Math.floor(maxParams / paramsPerItem)));
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Runs `run` on each statement-sized part of the items, one after another (in the caller's transaction). */
export async function inChunks<T>(items: readonly T[], run: (chunk: T[]) => Promise<unknown>, paramsPerItem = 1): Promise<void> {
  for (const chunk of chunked(items, paramsPerItem)) await run(chunk);
}

/** Runs a multi-row INSERT of these rows in statement-sized parts: each row adds one parameter per column. */
export async function insertRows<Row extends object>(rows: readonly Row[], run: (chunk: Row[]) => Promise<unknown>): Promise<void> {
  await inChunks(rows, run, rows[0] ? Object.keys(rows[0]).length : 1);
}
