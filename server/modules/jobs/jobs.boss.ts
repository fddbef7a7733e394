import { CompiledQuery } from "kysely";
import PgBoss from "pg-boss";
import type { Logger } from "../../lib/logger";
import { type SqlRunner, bossCounts, bossDue, bossDueNames, bossJob, bossJobs } from "./jobs.boss.repo";
import type { ClaimedJob, Executor, JobStore } from "./jobs.store";

const SCHEMA = "pgboss";
const DAY_S = 24 * 60 * 60;

export interface BossStoreOptions {
  url: string;
  logger: Logger;
  /** A job's longest run: past it, pg-boss's maintenance takes it to be its dead worker's and tries it again. */
  leaseMs: number;
  /** How often one instance's maintenance gives dead workers' jobs back and archives old ones. */
  maintenanceMs: number;
  keepDoneMs: number;
}

// pg-boss's command functions answer how many jobs they changed (its types say nothing).
const affected = (answer: unknown) => Number((answer as { affected?: number } | undefined)?.affected ?? 0) > 0;

/** An executor as pg-boss's `db` option: its insert runs in the caller's transaction. */
const inTransaction = (executor: Executor): SqlRunner => ({
  executeSql: async (text, values = []) => ({ rows: (await executor.executeQuery(CompiledQuery.raw(text, values))).rows as Array<Record<string, unknown>> }),
});

/**
 * Jobs on pg-boss (PostgreSQL): each job name is a pg-boss queue; pg-boss stores, retries with
 * exponential backoff, fails after the last try, and its maintenance (one instance at a time)
 * gives back the jobs of workers that died once their lease has run out.
 */
export function createBossStore(options: BossStoreOptions): JobStore {
  const boss = new PgBoss({
    connectionString: options.url,
    schema: SCHEMA,
    max: 4,
    application_name: "shop-jobs",
    // The shop's schedules are slots of its own, the same on every engine.
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: Math.max(1, Math.round(options.maintenanceMs / 1000)),
    archiveCompletedAfterSeconds: Math.max(60, Math.round(options.keepDoneMs / 1000)),
    // Failed jobs wait for an operator: kept a month.
    archiveFailedAfterSeconds: 30 * DAY_S,
    deleteAfterDays: 1,
  });
  boss.on("error", (err) => options.logger.warn({ err }, "the job engine reported an error"));
  const db: SqlRunner = { executeSql: (text, values) => boss.getDb().executeSql(text, values ?? []) };
  const queues = new Set<string>();
  const leaseSeconds = Math.max(1, Math.round(options.leaseMs / 1000));
  let starting: Promise<void> | null = null;
  let stopped = false;
  // The queue the last claim took a job from.
  let lastTaken: string | null = null;

  function started(): Promise<void> {
    starting ??= boss.start().then(() => undefined);
    return starting;
  }

  // A queue is a partition of pg-boss's job table: creating one takes locks that a second instance
  // creating the same queue at the same moment, or a fetch, may hold, so a deadlock is tried again.
  async function ensureQueue(name: string) {
    if (queues.has(name)) return;
    await started();
    for (let attempt = 1; !queues.has(name); attempt++) {
      try {
        if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, expireInSeconds: leaseSeconds });
        queues.add(name);
      } catch (err) {
        if ((err as { code?: string }).code !== "40P01" || attempt >= 5) throw err;
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
      }
    }
  }

  async function failedJob(id: string) {
    await started();
    const job = await bossJob(db, SCHEMA, id);
    return job?.state === "failed" ? job : null;
  }

  return {
    engine: "pg-boss",
    async prepare(names) {
      for (const name of names) await ensureQueue(name);
    },
    async insert(job, executor) {
      await ensureQueue(job.name);
      const id = await boss.send(job.name, (job.payload ?? null) as object, {
        id: job.id,
        startAfter: job.runAt,
        retryLimit: job.maxAttempts - 1,
        retryDelay: Math.max(0, Math.round(job.retryDelayMs / 1000)),
        retryBackoff: job.retryDelayMs > 0,
        expireInSeconds: leaseSeconds,
        ...(executor ? { db: inTransaction(executor) } : {}),
      });
      return id !== null;
    },
    async claim(names) {
      const take = async (name: string): Promise<ClaimedJob | null> => {
        const [row] = (await boss.fetch(name, { batchSize: 1, includeMetadata: true })) as Array<PgBoss.JobWithMetadata>;
        return row ? { id: row.id, name: row.name, payload: row.data, attempt: row.retryCount + 1, maxAttempts: row.retryLimit + 1 } : null;
      };
      // A busy queue is fetched from again at once; otherwise one statement says which queues
      // have a due job, instead of a fetch from each.
      const again = lastTaken && names.includes(lastTaken) ? await take(lastTaken) : null;
      if (again) return again;
      for (const name of await bossDueNames(
        db,
        SCHEMA,
        names.filter((n) => queues.has(n)),
      )) {
        const job = await take(name);
        if (job) {
          lastTaken = name;
          return job;
        }
      }
      lastTaken = null;
      return null;
    },
    extend: async () => {},
    async complete(job: ClaimedJob) {
      await boss.complete(job.name, job.id);
    },
    async fail(job, error, retryDelayMs) {
      await boss.fail(job.name, job.id, { message: error });
      const last = job.attempt >= job.maxAttempts;
      return { retryAt: last ? null : new Date(Date.now() + retryDelayMs * 2 ** (job.attempt - 1)) };
    },
    async recover() {
      await started();
      await boss.expire();
    },
    async countDue(names) {
      await started();
      return bossDue(
        db,
        SCHEMA,
        names.filter((n) => queues.has(n)),
      );
    },
    async counts() {
      await started();
      return bossCounts(db, SCHEMA);
    },
    async list(state, limit, offset) {
      await started();
      return bossJobs(db, SCHEMA, state, limit, offset);
    },
    async get(id) {
      await started();
      return bossJob(db, SCHEMA, id);
    },
    async retry(id) {
      const job = await failedJob(id);
      return job ? affected(await boss.retry(job.name, id)) : false;
    },
    async discard(id) {
      const job = await failedJob(id);
      return job ? affected(await boss.deleteJob(job.name, id)) : false;
    },
    // pg-boss's maintenance archives done jobs after the time they are kept.
    prune: async () => 0,
    async close() {
      if (stopped) return;
      stopped = true;
      if (starting) await starting.then(() => boss.stop({ graceful: false, wait: true, close: true }));
    },
  };
}
