import { createHash, randomUUID } from "node:crypto";
import type { Db } from "../../db/database";
import { AppError } from "#common/errors";
import type { Logger } from "../../lib/logger";
import { createBossStore } from "./jobs.boss";
import type { ClaimedJob, Executor, JobState, JobStore, JobView } from "./jobs.store";
import { createTableStore } from "./jobs.table";

export type { JobView };

/** What a handler learns of the job it runs. */
export interface JobInfo {
  id: string;
  name: string;
  /** This attempt's number, from 1. */
  attempt: number;
  maxAttempts: number;
}

export interface JobDefinition<Payload> {
  handle(payload: Payload, job: JobInfo): Promise<void>;
  /** Tries before the job is failed for good (default 8). */
  maxAttempts?: number;
  /** Wait before the second try, in ms (default 5 s); each later one waits twice as long. */
  retryDelayMs?: number;
}

export interface EnqueueOptions {
  /** When it may run (default now). */
  runAt?: Date;
  /** Idempotency: while a job with this key is kept (done jobs for `keepDoneMs`), another enqueue with it stores nothing. */
  key?: string;
  /** The caller's open transaction: the job is stored only if it commits. */
  executor?: Executor;
}

export interface ScheduleOptions<Payload> {
  /** The period: one run per slot of this length (aligned on the epoch, so every instance sees the same slots). */
  everyMs: number;
  payload?: Payload;
}

export interface JobQueueOptions {
  logger: Logger;
  /**
   * The engine: pg-boss on PostgreSQL, the table queue on SQLite (default); the table queue also
   * runs on PostgreSQL when asked (to compare the engines on one database).
   */
  engine?: "table" | "pg-boss";
  /** PostgreSQL's URL, for pg-boss's own connections (default: the database's). */
  url?: string;
  /**
   * How long a taken job is its worker's before another may take it again (default 20 s on the
   * table queue, which moves it on while the job runs; on pg-boss a job's longest run, 15 s).
   */
  leaseMs?: number;
  /** How often pg-boss's maintenance looks for the jobs of dead workers (default 5 s). */
  maintenanceMs?: number;
  /** How often an idle worker looks for due jobs (default a second). */
  pollMs?: number;
  /** Jobs run at once by this process's worker (default 4). */
  concurrency?: number;
  /** Done jobs are kept this long for the admin's counts (default a week). */
  keepDoneMs?: number;
  /** The table queue's clock (tests move it by hand). */
  now?: () => Date;
}

const DEFAULT_ATTEMPTS = 8;
const DEFAULT_RETRY_DELAY_MS = 5_000;
const HOUR_MS = 60 * 60_000;

/** A job's id: random, or derived from its name and key, so a second enqueue with the key conflicts. */
function jobId(name: string, key: string | undefined): string {
  if (key === undefined) return randomUUID();
  const h = createHash("sha256").update(`${name}\u0000${key}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((Number.parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The engine for this database: pg-boss on PostgreSQL, the table queue on SQLite. */
function storeFor(db: Db, options: JobQueueOptions): JobStore {
  const engine = options.engine ?? (db.dialect === "postgres" ? "pg-boss" : "table");
  const keepDoneMs = options.keepDoneMs ?? 7 * 24 * HOUR_MS;
  if (engine === "pg-boss") {
    if (db.dialect !== "postgres") throw new Error("pg-boss runs on PostgreSQL only.");
    const store = createBossStore({
      url: options.url ?? db.url,
      logger: options.logger,
      leaseMs: options.leaseMs ?? 15_000,
      maintenanceMs: options.maintenanceMs ?? 5_000,
      keepDoneMs,
    });
    db.onClose(() => store.close());
    return store;
  }
  return createTableStore(db, { leaseMs: options.leaseMs ?? 20_000, keepDoneMs, now: options.now ?? (() => new Date()) });
}

/**
 * The durable job queue: jobs are stored with the shop's data (pg-boss on PostgreSQL, the table
 * queue on SQLite), enqueued in the caller's transaction when it gives one, taken by the worker of
 * any instance with a lease (a job whose worker died is taken again once its lease runs out),
 * retried with backoff, and failed for good after their last try (the admin can retry or discard
 * them). Scheduled jobs run once per slot across all instances: each instance enqueues the slot's
 * job under a key naming the slot, and the key lets one in.
 */
export function createJobQueue(db: Db, options: JobQueueOptions) {
  const { logger } = options;
  const store = storeFor(db, options);
  const leaseMs = options.leaseMs ?? 20_000;
  const pollMs = options.pollMs ?? 1_000;
  const concurrency = options.concurrency ?? 4;
  const now = options.now ?? (() => new Date());
  const definitions = new Map<string, JobDefinition<never>>();
  const schedules = new Map<string, ScheduleOptions<unknown>>();
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let looking: Promise<void> | null = null;
  // Whether this worker's last look found no due job.
  let drained = false;
  // The poll under way (enqueueing the schedules' slots, then taking due jobs): stop() waits for it.
  let ticking: Promise<void> | null = null;
  const names = () => [...definitions.keys()];

  async function run(job: ClaimedJob): Promise<void> {
    const definition = definitions.get(job.name);
    const info: JobInfo = { id: job.id, name: job.name, attempt: job.attempt, maxAttempts: job.maxAttempts };
    const heartbeat = setInterval(() => {
      store.extend(job).catch((err) => logger.warn({ err, jobId: job.id }, "could not extend a job's lease"));
    }, leaseMs / 2);
    heartbeat.unref();
    try {
      if (!definition) throw new Error(`No handler for the job "${job.name}".`);
      await definition.handle(job.payload as never, info);
      await store.complete(job);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const { retryAt } = await store.fail(job, message.slice(0, 2_000), definition?.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS);
      logger[retryAt ? "warn" : "error"](
        { err, job: job.name, jobId: job.id, attempt: job.attempt, retryAt },
        retryAt ? "job failed; it will be tried again" : "job failed for good",
      );
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * Takes and starts due jobs while this worker has room; resolves when none is left to take. A
   * finished job looks again only when the last look did not find the queue empty: otherwise the
   * next enqueue here or the next poll does, so a drained queue costs no empty claim per job.
   */
  async function takeDue(): Promise<void> {
    while (started && running.size < concurrency) {
      const job = await store.claim(names());
      drained = !job;
      if (!job) return;
      const done: Promise<void> = run(job).finally(() => {
        running.delete(done);
        if (started && !drained) wake();
      });
      running.add(done);
    }
  }

  function wake() {
    if (looking || !started) return;
    looking = takeDue()
      .catch((err) => logger.error({ err }, "could not take jobs"))
      .finally(() => {
        looking = null;
      });
  }

  // The slot each schedule was last enqueued for by this process: the next enqueue waits for the next slot.
  const enqueuedSlot = new Map<string, number>();
  async function enqueueSlots(at: Date) {
    for (const [name, schedule] of schedules) {
      const slot = Math.floor(at.getTime() / schedule.everyMs) * schedule.everyMs;
      if (enqueuedSlot.get(name) === slot) continue;
      await queue.enqueue(name, schedule.payload ?? {}, { key: `${name}@${new Date(slot).toISOString()}`, runAt: new Date(slot) });
      enqueuedSlot.set(name, slot);
    }
  }

  function tick() {
    timer = setTimeout(() => {
      timer = null;
      ticking = enqueueSlots(now())
        .catch((err) => logger.error({ err }, "could not enqueue scheduled jobs"))
        .then(() => wake())
        .finally(() => {
          ticking = null;
          if (started) tick();
        });
    }, pollMs);
    timer.unref();
  }

  const queue = {
    /** The engine under the queue. */
    engine: store.engine,

    /** Says what a job of this name does; a worker takes only the jobs whose names it knows. */
    register<Payload>(name: string, definition: JobDefinition<Payload>): void {
      definitions.set(name, definition as JobDefinition<never>);
    },

    /** Runs the job `name` once per slot of `everyMs`, across all instances (register its handler too). */
    schedule<Payload>(name: string, schedule: ScheduleOptions<Payload>): void {
      schedules.set(name, schedule);
    },

    /** Stores a job; its id, or null when a job with the same key is kept already. */
    async enqueue<Payload>(name: string, payload: Payload, enqueue: EnqueueOptions = {}): Promise<string | null> {
      const definition = definitions.get(name);
      const id = jobId(name, enqueue.key);
      const stored = await store.insert(
        {
          id,
          name,
          key: enqueue.key ?? null,
          payload: payload ?? null,
          maxAttempts: definition?.maxAttempts ?? DEFAULT_ATTEMPTS,
          retryDelayMs: definition?.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS,
          runAt: enqueue.runAt ?? now(),
        },
        enqueue.executor,
      );
      // A job enqueued outside a transaction may start at once; one in a transaction waits for the
      // next look (the commit comes after this returns).
      if (stored && started && !enqueue.executor) {
        drained = false;
        wake();
      }
      return stored ? id : null;
    },

    /** Takes and runs every job due now (and those the runs make due) until none is left; how many ran. Tests and scripts. */
    async runDue(): Promise<number> {
      await store.prepare(names());
      let ran = 0;
      for (;;) {
        const job = await store.claim(names());
        if (!job) return ran;
        await run(job);
        ran += 1;
      }
    },

    /** Gives back the jobs whose workers died holding them past their lease (the engine does it on its own too). */
    recover: () => store.recover(),

    /** The names of the scheduled jobs. */
    scheduled: (): string[] => [...schedules.keys()],

    /** Whether this process's worker is running. */
    get running(): boolean {
      return started;
    },

    /** Enqueues the current slot of every schedule (the worker does it every poll). */
    enqueueScheduled: () => enqueueSlots(now()),

    /** Starts this process's worker: it polls for due jobs and enqueues scheduled ones. Resolves once it runs. */
    start(): Promise<void> {
      if (started) return looking ?? Promise.resolve();
      started = true;
      looking = store
        .prepare(names())
        .catch((err) => logger.error({ err }, "could not prepare the job queues"))
        .finally(() => {
          looking = null;
          if (!started) return;
          tick();
          wake();
        });
      return looking;
    },

    /** Stops taking jobs and waits for those running. */
    async stop(): Promise<void> {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await ticking;
      await looking;
      await queue.idle();
    },

    /** Stops the worker and ends the engine's own connections (the database's closing does it too). */
    async close(): Promise<void> {
      await queue.stop();
      await store.close();
    },

    /**
     * With this process's worker running: waits until no job of these names is due and none is
     * running here (tests, shutdown). Without it (a web process) there is nothing to wait for.
     */
    async settle(settleNames: string[]): Promise<void> {
      for (;;) {
        await queue.idle();
        if (!started || (await store.countDue(settleNames)) === 0) return;
        wake();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },

    /** Waits until the jobs this worker has taken (or is taking) have ended. */
    async idle(): Promise<void> {
      while (running.size || looking) await Promise.all([...running, looking]);
    },

    /** Jobs per state. */
    counts: (): Promise<Record<JobState, number>> => store.counts(),

    /** Jobs in one state (failed ones with their error), the latest first. */
    list: (state: JobState, page = { limit: 50, offset: 0 }): Promise<JobView[]> => store.list(state, page.limit, page.offset),

    async get(id: string): Promise<JobView> {
      const job = await store.get(id);
      if (!job) throw new AppError("not_found", "There is no such job.");
      return job;
    },

    /** Queues a failed job again. */
    async retry(id: string): Promise<JobView> {
      if (!(await store.retry(id))) throw new AppError("conflict", "Only a failed job can be retried.");
      if (started) wake();
      return queue.get(id);
    },

    /** Deletes a failed job. */
    async discard(id: string): Promise<void> {
      if (!(await store.discard(id))) throw new AppError("conflict", "Only a failed job can be discarded.");
    },

    /** Deletes done jobs older than the time they are kept; how many went. */
    pruneDone: (): Promise<number> => store.prune(),
  };
  return queue;
}

export type JobQueue = ReturnType<typeof createJobQueue>;
