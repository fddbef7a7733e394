import type { Logger } from "./lib/logger";
import type { CartService } from "#modules/cart";
import type { WishlistService } from "#modules/wishlist";

const DAY_MS = 24 * 60 * 60_000;

export interface MaintenanceOptions {
  cart: Pick<CartService, "removeIdleVisitorCarts">;
  wishlist: Pick<WishlistService, "removeIdleVisitorWishlists">;
  logger: Logger;
  /** Anonymous visitors' carts and wishlists untouched for this many days are deleted. */
  retentionDays: number;
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

/**
 * Forgets anonymous shoppers: deletes visitors' carts and wishlists left untouched for
 * `retentionDays` (signed-in customers' are kept), in bounded batches. A scheduled job runs a
 * round every hour, once across all instances (server/wiring/schedules.ts). Reasons:
 * docs/decisions/0015.
 */
export function createMaintenance(options: MaintenanceOptions) {
  const batchSize = options.batchSize ?? 500;
  const maxBatches = options.maxBatches ?? 200;
  const { logger } = options;

  async function drain(removeBatch: () => Promise<number>): Promise<number> {
    let total = 0;
    for (let i = 0; i < maxBatches; i++) {
      const removed = await removeBatch();
      total += removed;
      if (removed < batchSize) break;
    }
    return total;
  }

  return {
    /** One round: what it removed, and how long it took. */
    async runRound(now = new Date()): Promise<RoundResult> {
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
    },
  };
}

export type Maintenance = ReturnType<typeof createMaintenance>;
