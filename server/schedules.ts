import type { Env } from "./lib/env";
import type { Logger } from "./lib/logger";
import { createMaintenance } from "./maintenance";
import { CART_REMINDER_SCAN_JOB } from "#modules/reminders";
import type { Services } from "./wiring/services";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The shop's periodic work, each a scheduled job: run once per period across all instances, by whichever worker takes it. */
export const SCHEDULED = {
  visitorRetention: { name: "maintenance.visitor-retention", everyMs: HOUR_MS },
  unpaidCardRelease: { name: "orders.release-unpaid-card", everyMs: 5 * MINUTE_MS },
  analyticsRollUp: { name: "analytics.roll-up", everyMs: HOUR_MS },
  jobsPrune: { name: "jobs.prune-done", everyMs: HOUR_MS },
  webhookDeliveriesPrune: { name: "webhooks.prune-deliveries", everyMs: 24 * HOUR_MS },
  cartReminders: { name: CART_REMINDER_SCAN_JOB, everyMs: MINUTE_MS },
  reviewRequests: { name: "reviews.request-reviews", everyMs: HOUR_MS },
} as const;

/** Registers and schedules the periodic work on the services' job queue (call before `jobs.start()`). */
export function scheduleWork(services: Services, env: Pick<Env, "CART_RETENTION_DAYS">, logger: Logger): void {
  const { jobs } = services;
  // Deletes idle visitors' carts and wishlists.
  const maintenance = createMaintenance({ cart: services.cart, wishlist: services.wishlist, logger, retentionDays: env.CART_RETENTION_DAYS });
  jobs.register(SCHEDULED.visitorRetention.name, { maxAttempts: 1, handle: async () => void (await maintenance.runRound()) });
  // Puts the stock of card orders left unpaid past the settings' release time back on sale.
  jobs.register(SCHEDULED.unpaidCardRelease.name, {
    maxAttempts: 1,
    async handle() {
      const { released } = await services.orderMoves.releaseUnpaidCardOrders();
      if (released.length) logger.info({ released: released.length }, "cancelled unpaid card orders: their items are back on sale");
    },
  });
  // Rolls the site analytics' raw events older than the settings' retention up into daily figures.
  jobs.register(SCHEDULED.analyticsRollUp.name, {
    maxAttempts: 1,
    async handle() {
      const { days, events } = await services.analytics.rollUp(new Date());
      if (days) logger.info({ days, events }, "rolled up the site analytics of days past their retention");
    },
  });
  // Done jobs (delivered mails, past slots) are kept a week for the admin's counts, then go.
  jobs.register(SCHEDULED.jobsPrune.name, { maxAttempts: 1, handle: async () => void (await jobs.pruneDone()) });
  // Webhook deliveries done (delivered or failed) are kept a month for the admin's screen, then go.
  jobs.register(SCHEDULED.webhookDeliveriesPrune.name, { maxAttempts: 1, handle: async () => void (await services.webhooks.pruneDeliveries()) });
  // Finds carts left alone for the settings' delay and queues their reminders (each claimed once, whatever runs the slot).
  jobs.register(SCHEDULED.cartReminders.name, { maxAttempts: 1, handle: async () => void (await services.reminders.runScan(new Date())) });
  // Mails buyers whose orders were delivered the settings' days ago a link to review each product.
  jobs.register(SCHEDULED.reviewRequests.name, {
    maxAttempts: 1,
    async handle() {
      const { sent } = await services.reviewRequests.sendDue(new Date());
      if (sent) logger.info({ sent }, "mailed buyers links to review what they received");
    },
  });
  for (const work of Object.values(SCHEDULED)) jobs.schedule(work.name, { everyMs: work.everyMs });
}
