import { type Db, toIso } from "../../db/database";
import {
  type JobRow,
  claimNext,
  completeJob,
  countByState,
  countDue,
  deleteDoneBefore,
  deleteFailed,
  extendLease,
  failJob,
  getJob,
  insertJob,
  listByState,
  requeueFailed,
} from "./jobs.repo";
import type { ClaimedJob, Executor, JobState, JobStore, JobView } from "./jobs.store";

export interface TableStoreOptions {
  leaseMs: number;
  keepDoneMs: number;
  now: () => Date;
}

function viewOf(row: JobRow): JobView {
  return {
    id: row.id,
    name: row.name,
    payload: JSON.parse(row.payload),
    state: row.state,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    runAt: toIso(row.run_at)!,
    lastError: row.last_error,
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
  };
}

/**
 * The table queue: jobs are rows of the shop's `jobs` table, taken with a conditional update
 * (PostgreSQL adds `FOR UPDATE SKIP LOCKED`) under a lease the worker moves on while the job runs,
 * so only a dead worker's job is taken again. The embedded engine for SQLite.
 */
export function createTableStore(db: Db, options: TableStoreOptions): JobStore {
  const { leaseMs, keepDoneMs, now } = options;
  return {
    engine: "table",
    prepare: async () => {},
    insert(job, executor?: Executor) {
      const at = now().toISOString();
      return insertJob(executor ?? db.kysely, {
        id: job.id,
        name: job.name,
        payload: JSON.stringify(job.payload ?? null),
        key: job.key,
        maxAttempts: job.maxAttempts,
        runAt: job.runAt.toISOString(),
        now: at,
      });
    },
    async claim(names) {
      const at = now();
      const row = await claimNext(db.kysely, db.dialect, names, at.toISOString(), new Date(at.getTime() + leaseMs).toISOString());
      if (!row) return null;
      return { id: row.id, name: row.name, payload: JSON.parse(row.payload), attempt: row.attempts, maxAttempts: row.max_attempts };
    },
    extend: (job: ClaimedJob) => extendLease(db.kysely, job.id, job.attempt, new Date(now().getTime() + leaseMs).toISOString()),
    complete: (job) => completeJob(db.kysely, job.id, job.attempt, now().toISOString()),
    async fail(job, error, retryDelayMs) {
      const last = job.attempt >= job.maxAttempts;
      const retryAt = last ? null : new Date(now().getTime() + retryDelayMs * 2 ** (job.attempt - 1));
      await failJob(db.kysely, job.id, job.attempt, error, retryAt?.toISOString() ?? null, now().toISOString());
      return { retryAt };
    },
    recover: async () => {},
    countDue: (names) => countDue(db.kysely, names, now().toISOString()),
    async counts() {
      const out: Record<JobState, number> = { queued: 0, active: 0, done: 0, failed: 0 };
      for (const { state, n } of await countByState(db.kysely)) out[state] = n;
      return out;
    },
    list: async (state, limit, offset) => (await listByState(db.kysely, state, limit, offset)).map(viewOf),
    async get(id) {
      const row = await getJob(db.kysely, id);
      return row ? viewOf(row) : null;
    },
    retry: (id) => requeueFailed(db.kysely, id, now().toISOString()),
    discard: (id) => deleteFailed(db.kysely, id),
    async prune() {
      let total = 0;
      const before = new Date(now().getTime() - keepDoneMs).toISOString();
      for (;;) {
        const removed = await deleteDoneBefore(db.kysely, before, 500);
        total += removed;
        if (removed < 500) return total;
      }
    },
    close: async () => {},
  };
}
