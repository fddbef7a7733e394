import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CompiledQuery, Migrator } from "kysely";
import pg from "pg";
import { inject } from "vitest";
import { createApp } from "../../server/app";
import { type Db, openDatabase } from "../../server/db/database";
import { migrateToLatest, migrations } from "../../server/migrations/migrate";
import { loadEnv } from "../../server/lib/env";
import { createLogger } from "../../server/lib/logger";
import { createServices } from "../../server/wiring/services";

export type TestDb = { db: Db; url: string; drop(): Promise<void> };

/**
 * A fresh, migrated database of the engine this test project runs against (TEST_DB); `upTo` stops
 * after that migration ("0012-order-desk"), for a test of the next one on existing rows.
 */
export async function createTestDb(options: { upTo?: string } = {}): Promise<TestDb> {
  const migrate = (db: Db) => (options.upTo ? migrateUpTo(db, options.upTo) : migrateToLatest(db));
  if (process.env.TEST_DB === "postgres") {
    const adminUrl = process.env.TEST_POSTGRES_URL!;
    const name = `shop_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    // A test database need not wait for the disk at each commit: the tests kill the shop, never
    // PostgreSQL, so what a commit wrote stays visible either way.
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const db = openDatabase(url.toString());
    await migrate(db);
    return {
      db,
      url: url.toString(),
      async drop() {
        await db.close();
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-"));
  const file = path.join(dir, "shop.db");
  const template = options.upTo ? undefined : sqliteTemplate();
  if (template) fs.copyFileSync(template, file);
  const url = `file:${file}`;
  const db = openDatabase(url);
  if (!template) await migrate(db);
  return {
    db,
    url,
    async drop() {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The migrated SQLite file tests/support/template-db.ts made for this run, if it ran (not under another runner). */
function sqliteTemplate(): string | undefined {
  try {
    return inject("sqliteTemplate") || undefined;
  } catch {
    return undefined;
  }
}

/** Runs the migrations up to and including `name`. */
async function migrateUpTo(db: Db, name: string): Promise<void> {
  const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations(db) } });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}

/**
 * Order and mail limits of the test shop: tests place many orders from one address and contact, and
 * mail one address often. tests/api/order-limits.test.ts sets the real limits it checks.
 */
const GENEROUS_LIMITS = {
  ORDER_LIMIT_PER_IP: "100000/1h",
  ORDER_LIMIT_PER_SHOPPER: "100000/1h",
  ORDER_LIMIT_PER_CONTACT: "100000/1h",
  MAIL_LIMIT_PER_RECIPIENT: "100000/1h",
  SEARCH_LIMIT_PER_IP: "100000/1m",
};

/** The environment of a shop process bootstrapped by a test on `databaseUrl`, its files under `dir` (nothing seeded). */
export function bootEnv(databaseUrl: string, dir: string) {
  return loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATABASE_URL: databaseUrl,
    UPLOADS_DIR: path.join(dir, "uploads"),
    MAIL_OUTBOX_DIR: path.join(dir, "outbox"),
    SEED_ON_EMPTY: "false",
    PUBLIC_URL: "http://shop.test",
  });
}

/** A whole shop (services and HTTP app, no SSR) on a fresh database, for API and service tests. */
export async function createTestShop(envOverrides: Record<string, string> = {}) {
  const testDb = await createTestDb();
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-uploads-"));
  const env = loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATABASE_URL: testDb.url,
    UPLOADS_DIR: uploadsDir,
    PUBLIC_URL: "http://shop.test",
    TRUST_PROXY: "true",
    ...GENEROUS_LIMITS,
    ...envOverrides,
  });
  const services = createServices(testDb.db, env);
  // Tests place many orders for one contact; tests/api/order-limits.test.ts checks the real cap.
  await services.content.saveSettings({ ...(await services.content.getSettings()), maxOpenOrdersPerContact: 1000 });
  const app = createApp({ services, logger: createLogger((process.env.TEST_LOG_LEVEL as "silent") ?? "silent") });
  // The worker runs as in the shop: mails are delivered by jobs, moments after they are stored.
  await services.jobs.start();
  return {
    app,
    services,
    db: testDb.db,
    env,
    /** Sends a request to the app in-process and returns the Response. */
    request: (pathname: string, init?: RequestInit) => app.request(`http://shop.test${pathname}`, init),
    async close() {
      await services.jobs.stop();
      await testDb.drop();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

export type TestShop = Awaited<ReturnType<typeof createTestShop>>;

/** Deletes every job of this name, whatever the engine under the shop's queue (tests that run a schedule's slot again). */
export async function deleteJobs(shop: { db: Db; services: { jobs: { engine: string } } }, name: string): Promise<void> {
  if (shop.services.jobs.engine === "pg-boss") {
    await shop.db.kysely.executeQuery(CompiledQuery.raw("DELETE FROM pgboss.job WHERE name = $1", [name]));
    return;
  }
  await shop.db.kysely.deleteFrom("jobs").where("name", "=", name).execute();
}
