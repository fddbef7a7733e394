import type { JobState, JobView } from "./jobs.store";

// The statements the admin's views run on pg-boss's own job table (schema `pgboss`); pg-boss's
// functions take a queue's name with each id, and these views start from the id alone.

/** What runs a statement on pg-boss's connections. */
export interface SqlRunner {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
}

// Our states over pg-boss's: a job waiting for its first try or for a retry is queued.
const STATES: Record<JobState, string[]> = {
  queued: ["created", "retry"],
  active: ["active"],
  done: ["completed"],
  failed: ["failed", "cancelled"],
};
const stateOf = (boss: string): JobState => (Object.keys(STATES) as JobState[]).find((s) => STATES[s].includes(boss)) ?? "failed";

const COLUMNS = `id, name, data, state, retry_count, retry_limit, start_after, created_on, started_on, completed_on, output`;

function viewOf(row: Record<string, unknown>): JobView {
  const state = stateOf(String(row.state));
  const tries = state === "queued" && row.state === "created" ? 0 : Number(row.retry_count) + 1;
  const output = row.output as { message?: string; value?: { message?: string } } | null;
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
  return {
    id: String(row.id),
    name: String(row.name),
    payload: row.data ?? null,
    state,
    attempts: tries,
    maxAttempts: Number(row.retry_limit) + 1,
    runAt: iso(row.start_after)!,
    lastError: row.state === "completed" ? null : (output?.message ?? output?.value?.message ?? null),
    createdAt: iso(row.created_on)!,
    updatedAt: iso(row.completed_on ?? row.started_on ?? row.created_on)!,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function bossJob(db: SqlRunner, schema: string, id: string): Promise<JobView | null> {
  if (!UUID.test(id)) return null;
  const { rows } = await db.executeSql(`SELECT ${COLUMNS} FROM ${schema}.job WHERE id = $1`, [id]);
  return rows[0] ? viewOf(rows[0]) : null;
}

export async function bossJobs(db: SqlRunner, schema: string, state: JobState, limit: number, offset: number): Promise<JobView[]> {
  const { rows } = await db.executeSql(
    `SELECT ${COLUMNS} FROM ${schema}.job WHERE state::text = ANY($1)
     ORDER BY COALESCE(completed_on, started_on, created_on) DESC, id LIMIT $2 OFFSET $3`,
    [STATES[state], limit, offset],
  );
  return rows.map(viewOf);
}

export async function bossCounts(db: SqlRunner, schema: string): Promise<Record<JobState, number>> {
  const out: Record<JobState, number> = { queued: 0, active: 0, done: 0, failed: 0 };
  const { rows } = await db.executeSql(`SELECT state::text AS state, count(*)::int AS n FROM ${schema}.job GROUP BY state`);
  for (const row of rows) out[stateOf(String(row.state))] += Number(row.n);
  return out;
}

/** Jobs of these names waiting and due now. */
export async function bossDue(db: SqlRunner, schema: string, names: string[]): Promise<number> {
  if (names.length === 0) return 0;
  const { rows } = await db.executeSql(`SELECT count(*)::int AS n FROM ${schema}.job WHERE name = ANY($1) AND state < 'active' AND start_after <= now()`, [
    names,
  ]);
  return Number(rows[0]?.n ?? 0);
}

/** Which of these names have a job waiting and due now (one statement where a fetch per name would be one each). */
export async function bossDueNames(db: SqlRunner, schema: string, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const { rows } = await db.executeSql(`SELECT DISTINCT name FROM ${schema}.job WHERE name = ANY($1) AND state < 'active' AND start_after <= now()`, [names]);
  return rows.map((r) => String(r.name));
}
