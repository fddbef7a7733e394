import { type Db, toIso } from "../../db/database";
import { AppError } from "#common/errors";
import { newId } from "../../lib/ids";
import type { Logger } from "../../lib/logger";
import {
  type Executor,
  type JobRow,
  type JobState,
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
  /** Wait before the next try after `attempt` failed, in ms (default: exponential from 5 s, at most an hour). */
  backoffMs?: (attempt: number) => number;
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
   * How long a taken job is its worker's before another may take it again (default 20 s): the
   * worker moves it on while the job runs, so only a dead worker's job outlives it.
   */
  leaseMs?: number;
  /** How often an idle worker looks for due jobs (default a second). */
  pollMs?: number;
  /** Jobs run at once by this process's worker (default 4). */
  concurrency?: number;
  /** Done jobs are kept this long for the admin's counts (default a week). */
  keepDoneMs?: number;
  now?: () => Date;
}

/** A job as the admin sees it. */
export interface JobView {
  id: string;
  name: string;
  state: JobState;
  attempts: number;
  maxAttempts: number;
  runAt: string;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

const DEFAULT_ATTEMPTS = 8;
const HOUR_MS = 60 * 60_000;
const defaultBackoff = (attempt: number) => Math.min(5_000 * 2 ** (attempt - 1), HOUR_MS);

function viewOf(row: JobRow): JobView {
  return {
    id: row.id,
    name: row.name,
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
 * The durable job queue: jobs are rows of the shop's database, enqueued in the caller's transaction
 * when it gives one, taken by the worker of any instance with a lease (a job whose worker died is
 * taken again once its lease runs out), retried with backoff, and failed for good after their last
 * try (the admin can retry or discard them). Scheduled jobs run once per slot across all instances:
 * each instance enqueues the slot's job under a key naming the slot, and the key lets one in.
 */
export function createJobQueue(db: Db, options: JobQueueOptions) {
  const { logger } = options;
  const leaseMs = options.leaseMs ?? 20_000;
  const pollMs = options.pollMs ?? 1_000;
  const concurrency = options.concurrency ?? 4;
  const keepDoneMs = options.keepDoneMs ?? 7 * 24 * HOUR_MS;
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

  async function run(row: JobRow): Promise<void> {
    const definition = definitions.get(row.name);
    const info: JobInfo = { id: row.id, name: row.name, attempt: row.attempts, maxAttempts: row.max_attempts };
    const heartbeat = setInterval(() => {
      extendLease(db.kysely, row.id, row.attempts, new Date(now().getTime() + leaseMs).toISOString()).catch((err) =>
        logger.warn({ err, jobId: row.id }, "could not extend a job's lease"),
      );
    }, leaseMs / 2);
    heartbeat.unref();
    try {
      if (!definition) throw new Error(`No handler for the job "${row.name}".`);
      await definition.handle(JSON.parse(row.payload) as never, info);
      await completeJob(db.kysely, row.id, row.attempts, now().toISOString());
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const last = row.attempts >= row.max_attempts;
      const wait = (definition?.backoffMs ?? defaultBackoff)(row.attempts);
      const retryAt = last ? null : new Date(now().getTime() + wait).toISOString();
      logger[last ? "error" : "warn"](
        { err, job: row.name, jobId: row.id, attempt: row.attempts, retryAt },
        last ? "job failed for good" : "job failed; it will be tried again",
      );
      await failJob(db.kysely, row.id, row.attempts, message.slice(0, 2_000), retryAt, now().toISOString());
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Takes the next due job of the names this process knows, leased to it. */
  function claim(): Promise<JobRow | null> {
    const at = now();
    return claimNext(db.kysely, db.dialect, [...definitions.keys()], at.toISOString(), new Date(at.getTime() + leaseMs).toISOString());
  }

  /**
   * Takes and starts due jobs while this worker has room; resolves when none is left to take. A
   * finished job looks again only when the last look did not find the queue empty: otherwise the
   * next enqueue here or the next poll does, so a drained queue costs no empty claim per job.
   */
  async function takeDue(): Promise<void> {
    while (started && running.size < concurrency) {
      const row = await claim();
      drained = !row;
      if (!row) return;
      const job: Promise<void> = run(row).finally(() => {
        running.delete(job);
        if (started && !drained) wake();
      });
      running.add(job);
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
      const id = newId();
      const at = now();
      const stored = await insertJob(enqueue.executor ?? db.kysely, {
        id,
        name,
        payload: JSON.stringify(payload ?? null),
        key: enqueue.key ?? null,
        maxAttempts: definitions.get(name)?.maxAttempts ?? DEFAULT_ATTEMPTS,
        runAt: (enqueue.runAt ?? at).toISOString(),
        now: at.toISOString(),
      });
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
      let ran = 0;
      for (;;) {
        const row = await claim();
        if (!row) return ran;
        await run(row);
        ran += 1;
      }
    },

    /** The names of the scheduled jobs. */
    scheduled: (): string[] => [...schedules.keys()],

    /** Whether this process's worker is running. */
    get running(): boolean {
      return started;
    },

    /** Enqueues the current slot of every schedule (the worker does it every poll). */
    enqueueScheduled: () => enqueueSlots(now()),

    /** Starts this process's worker: it polls for due jobs and enqueues scheduled ones. */
    start(): void {
      if (started) return;
      started = true;
      tick();
      wake();
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

    /**
     * With this process's worker running: waits until no job of these names is due and none is
     * running here (tests, shutdown). Without it (a web process) there is nothing to wait for.
     */
    async settle(names: string[]): Promise<void> {
      for (;;) {
        await queue.idle();
        if (!started || (await countDue(db.kysely, names, now().toISOString())) === 0) return;
        wake();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },

    /** Waits until the jobs this worker has taken (or is taking) have ended. */
    async idle(): Promise<void> {
      while (running.size || looking) await Promise.all([...running, looking]);
    },

    /** Jobs per state. */
    async counts(): Promise<Record<JobState, number>> {
      const out: Record<JobState, number> = { queued: 0, active: 0, done: 0, failed: 0 };
      for (const { state, n } of await countByState(db.kysely)) out[state] = n;
      return out;
    },

    /** Jobs in one state (failed ones with their error), the latest first. */
    async list(state: JobState, page = { limit: 50, offset: 0 }): Promise<JobView[]> {
      return (await listByState(db.kysely, state, page.limit, page.offset)).map(viewOf);
    },

    async get(id: string): Promise<JobView> {
      const row = await getJob(db.kysely, id);
      if (!row) throw new AppError("not_found", "There is no such job.");
      return viewOf(row);
    },

    /** Queues a failed job again with fresh attempts. */
    async retry(id: string): Promise<JobView> {
      if (!(await requeueFailed(db.kysely, id, now().toISOString()))) throw new AppError("conflict", "Only a failed job can be retried.");
      if (started) wake();
      return queue.get(id);
    },

    /** Deletes a failed job. */
    async discard(id: string): Promise<void> {
      if (!(await deleteFailed(db.kysely, id))) throw new AppError("conflict", "Only a failed job can be discarded.");
    },

    /** Deletes done jobs older than the time they are kept; how many went. */
    async pruneDone(): Promise<number> {
      let total = 0;
      const before = new Date(now().getTime() - keepDoneMs).toISOString();
      for (;;) {
        const removed = await deleteDoneBefore(db.kysely, before, 500);
        total += removed;
        if (removed < 500) return total;
      }
    },
  };
  return queue;
}

export type JobQueue = ReturnType<typeof createJobQueue>;
