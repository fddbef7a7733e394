import fs from "node:fs";
import type { ServerBuild } from "react-router";
import { createApp, shopListener } from "./app";
import { setUpAdministrators } from "./flows/admin-setup";
import { withReachableOidc } from "./auth/providers";
import { openDatabase } from "./db/database";
import { migrateToLatest } from "./migrations/migrate";
import { seedIfEmpty } from "./seed/seed";
import { type Env, loadEnv } from "./lib/env";
import { createLogger } from "./lib/logger";
import { createPeriodic } from "./lib/periodic";
import { startEpochRelay } from "./lib/epoch-relay";
import { createMaintenance } from "./maintenance";
import { createServices } from "./wiring/services";

export interface BootstrapOptions {
  build?: ServerBuild | (() => Promise<ServerBuild>);
  clientDir?: string;
  env?: Env;
}

/** Opens the database, migrates it, seeds the demo shop when empty and builds the HTTP app. */
export async function bootstrap(options: BootstrapOptions = {}) {
  const loaded = options.env ?? loadEnv();
  const logger = createLogger(loaded.LOG_LEVEL);
  const env = await withReachableOidc(loaded, logger);
  fs.mkdirSync(env.UPLOADS_DIR, { recursive: true });
  const db = openDatabase(env.DATABASE_URL, { onIdleError: (err) => logger.warn({ err }, "database connection lost; reconnecting on next query") });
  const { applied } = await migrateToLatest(db);
  logger.info({ database: db.dialect, applied }, applied ? "migrated the database" : "the database is up to date");
  const services = createServices(db, env, { logger });
  // Other instances on the same PostgreSQL database hear this one's writes, and it theirs, at once.
  const relay = db.dialect === "postgres" ? startEpochRelay({ url: env.DATABASE_URL, epoch: services.dataEpoch, logger }) : null;
  await relay?.ready;
  if (env.SEED_ON_EMPTY) {
    const seeded = await seedIfEmpty(db, { uploadsDir: env.UPLOADS_DIR, logger });
    if (seeded) {
      logger.info({ products: seeded.products, categories: seeded.categories, images: seeded.images, ms: seeded.ms }, "seeded the demo shop");
    }
  }
  // Pictures stored before their kind gained a width or AVIF (the phone-sized banner) gain it now, in
  // the background: until then a page's srcset would name files that do not exist.
  void services.images.completeStoredImages().then(
    ({ completed, failed }) => (completed || failed) && logger.info({ completed, failed }, "gave stored pictures the sizes and formats their kind gained"),
    (err: unknown) => logger.warn({ err }, "could not give stored pictures their new sizes"),
  );
  await setUpAdministrators(services, env, logger);
  if (services.mailer.transport === "outbox") {
    logger.info({ outbox: env.MAIL_OUTBOX_DIR }, "no SMTP_URL: mails (sign-up, sign-in links, password resets) are logged and written to the outbox folder");
  } else {
    void services.mailer.verify();
  }
  const app = createApp({ services, logger, build: options.build, clientDir: options.clientDir });
  // This process's worker: mails stored before a crash or a restart are delivered now.
  services.jobs.start();
  // Deletes idle visitors' carts and wishlists: shortly after start, then hourly (one instance per hour).
  const maintenance = createMaintenance({
    cart: services.cart,
    wishlist: services.wishlist,
    rateLimits: services.rateLimits,
    logger,
    retentionDays: env.CART_RETENTION_DAYS,
  });
  maintenance.start();
  // Puts the stock of card orders left unpaid past the settings' release time back on sale, every five minutes.
  const unpaidRelease = createPeriodic({
    what: "the release of unpaid card orders",
    leaseKey: "orders:release-unpaid-card",
    rateLimits: services.rateLimits,
    logger,
    everyMs: 5 * 60_000,
    firstRunMs: 90_000,
    async run(now) {
      const { released } = await services.orderMoves.releaseUnpaidCardOrders(now);
      if (released.length) logger.info({ released: released.length }, "cancelled unpaid card orders: their items are back on sale");
      return released.length;
    },
  });
  unpaidRelease.start();
  // Rolls the site analytics' raw events older than the settings' retention up into daily figures, hourly.
  const analyticsRollUp = createPeriodic({
    what: "the site analytics' daily roll-up",
    leaseKey: "analytics:roll-up",
    rateLimits: services.rateLimits,
    logger,
    everyMs: 60 * 60_000,
    firstRunMs: 120_000,
    async run(now) {
      const { days, events } = await services.analytics.rollUp(now);
      if (days) logger.info({ days, events }, "rolled up the site analytics of days past their retention");
      return days;
    },
  });
  analyticsRollUp.start();
  return {
    app,
    /** The node:http request listener (cached answers first, then the app). */
    listener: shopListener(app),
    env,
    logger,
    services,
    maintenance,
    async close() {
      await Promise.all([maintenance.stop(), unpaidRelease.stop(), analyticsRollUp.stop(), relay?.stop(), services.jobs.stop()]);
      // Analytics events accepted in the last second are still in memory: written before the database closes.
      await services.analytics.stop();
      await Promise.all([services.auth.idle(), services.orders.idle(), services.messages.idle(), services.lowStock.idle()]);
      services.mailer.close();
      await db.close();
    },
  };
}

export { loadEnv };
