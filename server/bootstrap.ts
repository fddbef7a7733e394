import type { ServerBuild } from "react-router";
import { createApp, shopListener } from "./app";
import { setUpAdministrators } from "./flows/admin-setup";
import { withReachableOidc } from "./auth/providers";
import { openDatabase } from "./db/database";
import { migrateToLatest } from "./migrations/migrate";
import { seedIfEmpty } from "./seed/seed";
import { type Env, loadEnv } from "./lib/env";
import { createLogger } from "./lib/logger";
import { startEpochRelay } from "./lib/epoch-relay";
import { scheduleWork } from "./schedules";
import { createServices } from "./wiring/services";

/**
 * What this process does: `all` (the default) answers requests and runs background jobs; a larger
 * shop runs `web` processes (requests only: the jobs they store are run elsewhere) beside `worker`
 * processes (jobs only), all on one database.
 */
export type ProcessRole = "all" | "web" | "worker";
export const PROCESS_ROLES: readonly ProcessRole[] = ["all", "web", "worker"];

export interface BootstrapOptions {
  build?: ServerBuild | (() => Promise<ServerBuild>);
  clientDir?: string;
  env?: Env;
  role?: ProcessRole;
}

/** Opens the database, migrates it, seeds the demo shop when empty and builds the HTTP app. */
export async function bootstrap(options: BootstrapOptions = {}) {
  const loaded = options.env ?? loadEnv();
  const logger = createLogger(loaded.LOG_LEVEL);
  const env = await withReachableOidc(loaded, logger);
  const db = openDatabase(env.DATABASE_URL, { onIdleError: (err) => logger.warn({ err }, "database connection lost; reconnecting on next query") });
  const { applied } = await migrateToLatest(db);
  logger.info({ database: db.dialect, applied }, applied ? "migrated the database" : "the database is up to date");
  const services = createServices(db, env, { logger });
  // A folder that cannot be created stops the start; a bucket that does not answer now is logged,
  // and the shop serves pages (their pictures come from the store itself) while uploads get a 503.
  await services.storage.check().catch((err: unknown) => {
    if (services.storage.driver === "file") throw err;
    const why = err instanceof Error ? err.message : String(err);
    logger.warn({ err, storage: services.storage.description }, `uploads fail until the picture store (${services.storage.description}) can be used: ${why}`);
  });
  if (services.storage.driver !== "file")
    logger.info({ storage: services.storage.description, publicUrl: services.storage.publicBase }, "pictures are kept in the object store");
  // Other instances on the same PostgreSQL database hear this one's writes, and it theirs, at once.
  const relay = db.dialect === "postgres" ? startEpochRelay({ url: env.DATABASE_URL, epoch: services.dataEpoch, logger }) : null;
  await relay?.ready;
  if (env.SEED_ON_EMPTY) {
    const seeded = await seedIfEmpty(db, { storage: services.storage, logger });
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
  // This process's worker: mails stored before a crash or a restart are delivered now, and the
  // periodic work runs once per period across all instances.
  const role = options.role ?? "all";
  if (role !== "web") {
    scheduleWork(services, env, logger);
    await services.jobs.start();
  }
  return {
    app,
    /** The node:http request listener (cached answers first, then the app). */
    listener: shopListener(app),
    env,
    logger,
    services,
    role,
    async close() {
      await Promise.all([relay?.stop(), services.jobs.stop()]);
      // Analytics events accepted in the last second are still in memory: written before the database closes.
      await services.analytics.stop();
      await Promise.all([services.auth.idle(), services.orders.idle(), services.messages.idle(), services.lowStock.idle()]);
      services.mailer.close();
      await db.close();
    },
  };
}

export { loadEnv };
