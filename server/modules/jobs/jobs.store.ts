import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

// What the worker needs of an engine that stores jobs: the table queue (SQLite, and PostgreSQL
// when asked) and pg-boss (PostgreSQL) both provide it, so the worker, the schedules and the
// admin's views are written once.

/** The caller's open transaction, or the database: a job enqueued on it commits with its write. */
export type Executor = Kysely<Database>;

export type JobState = "queued" | "active" | "done" | "failed";

/** A job a worker has taken. */
export interface ClaimedJob {
  id: string;
  name: string;
  payload: unknown;
  /** This attempt's number, from 1. */
  attempt: number;
  maxAttempts: number;
}

export interface NewJob {
  /** A UUID; derived from `key` when the job has one, so a second enqueue with it conflicts. */
  id: string;
  name: string;
  key: string | null;
  payload: unknown;
  maxAttempts: number;
  /** Wait before the second try; each later one waits twice as long. */
  retryDelayMs: number;
  runAt: Date;
}

/** A job as the admin sees it. */
export interface JobView {
  id: string;
  name: string;
  /** What it was enqueued with (for the server's own use: a mail's holds its text). */
  payload: unknown;
  state: JobState;
  attempts: number;
  maxAttempts: number;
  runAt: string;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface JobStore {
  readonly engine: "table" | "pg-boss";
  /** Makes the store ready to take jobs of these names (pg-boss creates its queues). */
  prepare(names: string[]): Promise<void>;
  /** Stores a job; false when a job with its id is kept already. */
  insert(job: NewJob, executor?: Executor): Promise<boolean>;
  /** Takes the next due job of these names for this worker, leased to it. */
  claim(names: string[]): Promise<ClaimedJob | null>;
  /** Moves a running job's lease on (the table queue; pg-boss's lease is a job's longest run). */
  extend(job: ClaimedJob): Promise<void>;
  complete(job: ClaimedJob): Promise<void>;
  /**
   * Records a failed try: tried again after its backoff (from `retryDelayMs`, doubling; pg-boss
   * keeps the job's own from its enqueue), or failed for good after the last. When it runs again, if at all.
   */
  fail(job: ClaimedJob, error: string, retryDelayMs: number): Promise<{ retryAt: Date | null }>;
  /** Gives the jobs of dead workers back (pg-boss checks leases in its maintenance; the table queue as it claims). */
  recover(): Promise<void>;
  countDue(names: string[]): Promise<number>;
  counts(): Promise<Record<JobState, number>>;
  list(state: JobState, limit: number, offset: number): Promise<JobView[]>;
  get(id: string): Promise<JobView | null>;
  /** Queues a failed job again with fresh attempts; false when it is not failed. */
  retry(id: string): Promise<boolean>;
  /** Deletes a failed job; false when it is not failed. */
  discard(id: string): Promise<boolean>;
  /** Deletes done jobs older than the time they are kept; how many went. */
  prune(): Promise<number>;
  close(): Promise<void>;
}
