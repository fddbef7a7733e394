import type { RateLimitStore } from "./lib/rate-limit";
import type { Logger } from "./logger";
import type { CartService } from "./modules/cart/cart.types";
import type { WishlistService } from "./modules/wishlist/wishlist.types";

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

export interface MaintenanceOptions {
  cart: Pick<CartService, "removeIdleVisitorCarts">;
  wishlist: Pick<WishlistService, "removeIdleVisitorWishlists">;
  /** The shared counters (server/lib/rate-limit.ts): one row there is the lease of a round. */
  rateLimits: Pick<RateLimitStore, "consume">;
  logger: Logger;
  /** Anonymous visitors' carts and wishlists untouched for this many days are deleted. */
  retentionDays: number;
  /** Time between rounds, and the lease's window (default an hour; at most a day, what rate_limits keeps). */
  everyMs?: number;
  /** Delay of the first round after start (default a minute: start-up and its migrations go first). */
  firstRunMs?: number;
  /** Rows (carts, visitors' wishlists) deleted per statement, so no delete holds the database long. */
  batchSize?: number;
  /** Batches per round at most: a large backlog is worked off over several rounds. */
  maxBatches?: number;
}

export interface RoundResult {
  carts: number;
  wishlists: number;
  wishlistItems: number;
  ms: number;
}

const LEASE_KEY = "maintenance:visitor-retention";

/**
 * Forgets anonymous shoppers: deletes visitors' carts and wishlists left untouched for
 * `retentionDays` (signed-in customers' are kept), in bounded batches, on a timer. Several
 * instances may share the database: each round first takes a lease, one row of the rate_limits
 * table upserted atomically, so one instance runs per period. Reasons: docs/decisions/0015.
 */
export function createMaintenance(options: MaintenanceOptions) {
  const everyMs = Math.min(options.everyMs ?? HOUR_MS, DAY_MS);
  const firstRunMs = options.firstRunMs ?? 60_000;
  const batchSize = options.batchSize ?? 500;
  const maxBatches = options.maxBatches ?? 200;
  const { logger } = options;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<unknown> | null = null;
  let started = false;

  async function drain(removeBatch: () => Promise<number>): Promise<number> {
    let total = 0;
    for (let i = 0; i < maxBatches; i++) {
      const removed = await removeBatch();
      total += removed;
      if (removed < batchSize) break;
    }
    return total;
  }

  /** Runs one round if this instance gets the period's lease; null when another instance has it. */
  async function runRound(now = new Date()): Promise<RoundResult | null> {
    const lease = await options.rateLimits.consume(LEASE_KEY, { window: Math.max(1, Math.floor(everyMs / 1000)), max: 1 });
    if (!lease.allowed) return null;
    const t0 = performance.now();
    const idleSince = new Date(now.getTime() - options.retentionDays * DAY_MS);
    const carts = await drain(() => options.cart.removeIdleVisitorCarts(idleSince, batchSize));
    let wishlistItems = 0;
    const wishlists = await drain(async () => {
      const removed = await options.wishlist.removeIdleVisitorWishlists(idleSince, batchSize);
      wishlistItems += removed.items;
      return removed.owners;
    });
    const result = { carts, wishlists, wishlistItems, ms: Math.round(performance.now() - t0) };
    const level = carts + wishlists > 0 ? "info" : "debug";
    logger[level]({ ...result, retentionDays: options.retentionDays, idleSince: idleSince.toISOString() }, "removed idle visitors' carts and wishlists");
    return result;
  }

  function schedule(ms: number) {
    timer = setTimeout(() => {
      timer = null;
      current = runRound()
        .catch((err) => logger.error({ err }, "the clean-up of idle visitors' carts failed; retrying next round"))
        .finally(() => {
          current = null;
          if (started && !timer) schedule(everyMs);
        });
    }, ms);
    // Never keeps the process alive on its own.
    timer.unref();
  }

  return {
    runRound,

    /** Starts the timer: a first round after `firstRunMs`, then one every `everyMs`. */
    start() {
      if (started) return;
      started = true;
      schedule(firstRunMs);
    },

    /** Stops the timer and waits for a round under way (call before closing the database). */
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

export type Maintenance = ReturnType<typeof createMaintenance>;
