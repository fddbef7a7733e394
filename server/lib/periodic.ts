import type { Logger } from "./logger";
import type { RateLimitStore } from "./rate-limit";

const DAY_MS = 24 * 60 * 60_000;

export interface PeriodicOptions<T> {
  /** What the job does, for the log ("the release of unpaid card orders"). */
  what: string;
  /** The job's lease in the shared counters: one row of rate_limits, upserted atomically per period. */
  leaseKey: string;
  rateLimits: Pick<RateLimitStore, "consume">;
  logger: Logger;
  /** Time between rounds, and the lease's window (at most a day, what rate_limits keeps). */
  everyMs: number;
  /** Delay of the first round after start (start-up and its migrations go first). */
  firstRunMs: number;
  /** One round of the job. */
  run: (now: Date) => Promise<T>;
}

/**
 * A job that runs on a timer in every instance, but in one instance per period: each round first
 * takes a lease, a row of the shared rate_limits table (docs/decisions/0015). The timer never keeps
 * the process alive, and `stop()` waits for a round under way (call it before closing the database).
 */
export function createPeriodic<T>(options: PeriodicOptions<T>) {
  const everyMs = Math.min(options.everyMs, DAY_MS);
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<unknown> | null = null;
  let started = false;

  /** Runs one round if this instance gets the period's lease; null when another instance has it. */
  async function runRound(now = new Date()): Promise<T | null> {
    const lease = await options.rateLimits.consume(options.leaseKey, { window: Math.max(1, Math.floor(everyMs / 1000)), max: 1 });
    if (!lease.allowed) return null;
    return options.run(now);
  }

  function schedule(ms: number) {
    timer = setTimeout(() => {
      timer = null;
      current = runRound()
        .catch((err) => options.logger.error({ err }, `${options.what} failed; retrying next round`))
        .finally(() => {
          current = null;
          if (started && !timer) schedule(everyMs);
        });
    }, ms);
    timer.unref();
  }

  return {
    runRound,

    /** Starts the timer: a first round after `firstRunMs`, then one every `everyMs`. */
    start() {
      if (started) return;
      started = true;
      schedule(options.firstRunMs);
    },

    /** Stops the timer and waits for a round under way. */
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await current;
    },

    /** Whether the timer is running. */
    get running() {
      return started;
    },
  };
}

export type Periodic<T> = ReturnType<typeof createPeriodic<T>>;
