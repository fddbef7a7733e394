import type { Selectable } from "kysely";
import { sql } from "kysely";
import type { Executor } from "./jobs.store";
import type { Dialect } from "../../db/database";
import type { JobTable } from "../../db/schema";

// The statements of the job queue, on the executor given (the database, or the caller's open
// transaction for an enqueue that must commit with the caller's write).

export type { Executor } from "./jobs.store";
export type JobRow = Selectable<JobTable>;
export type JobState = JobTable["state"];

export interface NewJob {
  id: string;
  name: string;
  payload: string;
  key: string | null;
  maxAttempts: number;
  runAt: string;
  now: string;
}

/** Stores a queued job; false when a job with the same key is kept already (nothing stored). */
export async function insertJob(k: Executor, job: NewJob): Promise<boolean> {
  const done = await k
    .insertInto("jobs")
    .values({
      id: job.id,
      name: job.name,
      payload: job.payload,
      state: "queued",
      key: job.key,
      attempts: 0,
      max_attempts: job.maxAttempts,
      run_at: job.runAt,
      locked_until: null,
      last_error: null,
      created_at: job.now,
      updated_at: job.now,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(done.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Takes the next job due of these names for this worker: a queued job whose time has come, or an
 * active one whose lease ran out (its worker died). It becomes active until `lockedUntil`, its
 * attempts counted. PostgreSQL skips the rows other workers are taking at the same moment; SQLite
 * runs one write at a time.
 */
export async function claimNext(k: Executor, dialect: Dialect, names: string[], now: string, lockedUntil: string): Promise<JobRow | null> {
  if (names.length === 0) return null;
  const due = k
    .selectFrom("jobs")
    .select("id")
    .where("name", "in", names)
    .where((eb) => eb.or([eb.and([eb("state", "=", "queued"), eb("run_at", "<=", now)]), eb.and([eb("state", "=", "active"), eb("locked_until", "<", now)])]))
    .orderBy("run_at")
    .limit(1);
  const row = await k
    .updateTable("jobs")
    .set((eb) => ({ state: "active", attempts: eb("attempts", "+", 1), locked_until: lockedUntil, updated_at: now }))
    .where("id", "=", (dialect === "postgres" ? due.forUpdate().skipLocked() : due) as never)
    .where((eb) => eb.or([eb("state", "=", "queued"), eb.and([eb("state", "=", "active"), eb("locked_until", "<", now)])]))
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** Moves a running job's lease on, if this worker still holds it. */
export async function extendLease(k: Executor, id: string, attempt: number, lockedUntil: string): Promise<void> {
  await k.updateTable("jobs").set({ locked_until: lockedUntil }).where("id", "=", id).where("state", "=", "active").where("attempts", "=", attempt).execute();
}

/** Marks a job done, if this worker still holds it (its attempt is still the latest). */
export async function completeJob(k: Executor, id: string, attempt: number, now: string): Promise<void> {
  await k
    .updateTable("jobs")
    .set({ state: "done", locked_until: null, last_error: null, updated_at: now })
    .where("id", "=", id)
    .where("state", "=", "active")
    .where("attempts", "=", attempt)
    .execute();
}

/** Records a failed attempt: queued again at `retryAt`, or failed for good when there is none. */
export async function failJob(k: Executor, id: string, attempt: number, error: string, retryAt: string | null, now: string): Promise<void> {
  await k
    .updateTable("jobs")
    .set({ state: retryAt ? "queued" : "failed", run_at: retryAt ?? now, locked_until: null, last_error: error, updated_at: now })
    .where("id", "=", id)
    .where("state", "=", "active")
    .where("attempts", "=", attempt)
    .execute();
}

/** How many jobs of these names are queued and due. */
export async function countDue(k: Executor, names: string[], now: string): Promise<number> {
  if (names.length === 0) return 0;
  const row = await k
    .selectFrom("jobs")
    .select(sql<number>`count(*)`.as("n"))
    .where("name", "in", names)
    .where("state", "=", "queued")
    .where("run_at", "<=", now)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** How many jobs are in each state. */
export async function countByState(k: Executor): Promise<Array<{ state: JobState; n: number }>> {
  const rows = await k
    .selectFrom("jobs")
    .select(["state", sql<number>`count(*)`.as("n")])
    .groupBy("state")
    .execute();
  return rows.map((r) => ({ state: r.state, n: Number(r.n) }));
}

/** Jobs in one state, the latest change first. */
export function listByState(k: Executor, state: JobState, limit: number, offset: number): Promise<JobRow[]> {
  return k.selectFrom("jobs").selectAll().where("state", "=", state).orderBy("updated_at", "desc").orderBy("id").limit(limit).offset(offset).execute();
}

export async function getJob(k: Executor, id: string): Promise<JobRow | null> {
  return (await k.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

/** Queues a failed job again with fresh attempts; false when it is not failed (or not there). */
export async function requeueFailed(k: Executor, id: string, now: string): Promise<boolean> {
  const done = await k
    .updateTable("jobs")
    .set({ state: "queued", attempts: 0, run_at: now, last_error: null, updated_at: now })
    .where("id", "=", id)
    .where("state", "=", "failed")
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** Deletes a failed job; false when it is not failed (or not there). */
export async function deleteFailed(k: Executor, id: string): Promise<boolean> {
  const done = await k.deleteFrom("jobs").where("id", "=", id).where("state", "=", "failed").executeTakeFirst();
  return Number(done.numDeletedRows) > 0;
}

/** Deletes done jobs last changed before `before`, at most `limit` of them; how many went. */
export async function deleteDoneBefore(k: Executor, before: string, limit: number): Promise<number> {
  const ids = k.selectFrom("jobs").select("id").where("state", "=", "done").where("updated_at", "<", before).limit(limit);
  const done = await k
    .deleteFrom("jobs")
    .where("id", "in", ids as never)
    .executeTakeFirst();
  return Number(done.numDeletedRows);
}
