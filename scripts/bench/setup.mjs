// What every row of `npm run bench` stands on: a production build in a temporary BUILD_DIR (./build
// is never touched), a seeded database (a temporary SQLite file, or a PostgreSQL database created
// for the run and dropped afterwards), the production server as a child process, and a first look
// at the catalogue it serves.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort, getOk, httpGet } from "./http.mjs";
import { BenchError, log, logTail, onCleanupDropDatabase, root, runStep, sleep, spawnChild, step } from "./processes.mjs";
import { num } from "./report.mjs";

/** The environment the children start from: this process's, less what the bench sets itself. */
export function childEnv() {
  const env = { ...process.env };
  for (const k of ["PORT", "HOST", "DATABASE_URL", "UPLOADS_DIR", "STORAGE_URL", "STORAGE_PUBLIC_URL", "PUBLIC_URL", "BUILD_DIR"]) delete env[k];
  return env;
}

/** Prints the machine and the load generator; returns the load average at the start. */
export function printMachine({ connections, warmup, duration }, tmpDir) {
  const loadAtStart = os.loadavg().map((x) => Number(x.toFixed(2)));
  log(`Shop benchmark — ${os.cpus().length} CPU core(s), load average ${loadAtStart.join(" ")}, Node ${process.version}, temp dir ${tmpDir}`);
  log(
    `Load generator: autocannon in this process (${connections} connections, ${warmup} s warm-up + ${duration} s per endpoint); ` +
      `the server runs in its own process.\nOn a small machine both compete for the same cores, so absolute rates are lower ` +
      `than on separate machines; the bare node:http row is measured the same way and is the yardstick.`,
  );
  return loadAtStart;
}

/** The seed CLI (BENCH_SEED_SCRIPT or scripts/seed.ts), which must exist. */
export function seedScriptPath() {
  const seedScript = process.env.BENCH_SEED_SCRIPT || "scripts/seed.ts";
  if (!fs.existsSync(path.resolve(root, seedScript))) {
    throw new BenchError(
      `The seed CLI ${seedScript} does not exist (set BENCH_SEED_SCRIPT to a stand-in that takes --products N and reads DATABASE_URL and UPLOADS_DIR).`,
    );
  }
  return seedScript;
}

/** Builds into the temporary directory, or checks the build given with --build-dir. */
export async function build(opts, env, tmpDir) {
  if (opts["build-dir"]) {
    const buildDir = path.resolve(opts["build-dir"]);
    if (!fs.existsSync(path.join(buildDir, "server/index.js"))) throw new BenchError(`--build-dir ${buildDir} has no server/index.js`);
    step(`Using the existing build in ${buildDir}`);
    return { buildDir, buildSeconds: null };
  }
  const buildDir = path.join(tmpDir, "build");
  step(`Building into ${buildDir}`);
  const buildSeconds = await runStep("build", "npx", ["react-router", "build"], { ...env, BUILD_DIR: buildDir, NODE_ENV: "production" });
  log(`  built in ${num(buildSeconds)} s`);
  return { buildDir, buildSeconds };
}

/** Creates a PostgreSQL database for the run (dropped at clean-up); returns its name and URL. */
async function createPgDatabase(pgAdminUrl) {
  const name = `shop_bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl, connectionTimeoutMillis: 5000 });
  await admin.connect().catch((err) => {
    throw new BenchError(`PostgreSQL is not reachable at ${pgAdminUrl.replace(/\/\/[^@]*@/, "//…@")}: ${err.message}`);
  });
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  onCleanupDropDatabase(async () => {
    const c = new pg.Client({ connectionString: pgAdminUrl, connectionTimeoutMillis: 5000 });
    await c.connect();
    try {
      await c.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [name]);
      await c.query(`DROP DATABASE IF EXISTS "${name}"`);
    } finally {
      await c.end();
    }
  });
  const u = new URL(pgAdminUrl);
  u.pathname = `/${name}`;
  return { name, url: u.href };
}

/**
 * Seeds the run's database with the seed CLI. Returns the dialect, the database's URL, the
 * PostgreSQL database's name (null on SQLite), the environment of the server, and the seed's time.
 */
export async function seedDatabase({ opts, pgAdminUrl, productCount }, env, tmpDir, seedScript) {
  const uploadsDir = path.join(tmpDir, "uploads");
  fs.mkdirSync(uploadsDir, { recursive: true });
  let databaseUrl;
  let dialect;
  let pgDatabase = null;
  if (pgAdminUrl) {
    dialect = "postgres";
    const created = await createPgDatabase(pgAdminUrl);
    pgDatabase = created.name;
    databaseUrl = created.url;
    step(`Seeding ${productCount.toLocaleString("en-US")} products into PostgreSQL database ${pgDatabase} (dropped afterwards)`);
  } else {
    dialect = "sqlite";
    databaseUrl = `file:${path.join(tmpDir, "shop.db")}`;
    step(`Seeding ${productCount.toLocaleString("en-US")} products into ${databaseUrl}`);
  }
  const dbEnv = {
    ...env,
    DATABASE_URL: databaseUrl,
    UPLOADS_DIR: uploadsDir,
    MAIL_OUTBOX_DIR: path.join(tmpDir, "outbox"),
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
  };
  const seedSeconds = await runStep("seed", "npx", ["tsx", seedScript, "--products", String(productCount), ...opts["seed-arg"]], dbEnv);
  log(`  seeded in ${num(seedSeconds)} s`);
  return { dialect, databaseUrl, pgDatabase, dbEnv, seedSeconds };
}

/**
 * Starts the production server on a free port and waits for /healthz. Returns the child, its base
 * URL, and the administrator it creates at start-up (the admin rows sign in as them).
 */
export async function startServer(dbEnv, buildDir) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const benchAdmin = { email: "bench-admin@example.com", password: randomBytes(12).toString("hex") };
  step(`Starting the production server on ${base}`);
  const server = spawnChild("server", process.execPath, [path.join(root, "server.mjs")], {
    // One trusted proxy hop: the shopping loads give each shopper its own client address.
    env: {
      ...dbEnv,
      BUILD_DIR: buildDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      SEED_ON_EMPTY: "false",
      TRUST_PROXY: "1",
      ADMIN_EMAIL: benchAdmin.email,
      ADMIN_PASSWORD: benchAdmin.password,
    },
  });
  const startedAt = performance.now();
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null) throw new BenchError(`The server exited during start-up:\n${logTail(server.logFile)}`);
    const res = await httpGet(`${base}/healthz`).catch(() => null);
    if (res?.status === 200) break;
    if (performance.now() - startedAt > 60_000) throw new BenchError(`The server did not answer /healthz within 60 s:\n${logTail(server.logFile)}`);
    await sleep(200);
  }
  log(`  /healthz answered after ${num((performance.now() - startedAt) / 1000)} s`);
  return { server, base, benchAdmin };
}

/**
 * Reads GET /api/products as the rows will: its bytes (as sent with --accept-encoding, and plain),
 * its product cards, the number of active products, and a real slug for the product page.
 */
export async function probeCatalogue(base, headers, acceptEncoding, productCount) {
  const listing = await getOk(`${base}/api/products`, headers.api());
  const listingPlain = acceptEncoding ? (await getOk(`${base}/api/products`, { accept: "application/json" })).body : listing.body;
  const listingJson = JSON.parse(listingPlain.toString("utf8"));
  const cards = Array.isArray(listingJson.data) ? listingJson.data : [];
  if (!cards.length || !cards[0].slug) throw new BenchError(`GET /api/products returned no products: ${JSON.stringify(listingJson).slice(0, 300)}`);
  const totalProducts = listingJson.meta?.total ?? null;
  log(`  catalogue: ${totalProducts?.toLocaleString("en-US") ?? "?"} active products; /api/products lists ${cards.length}`);
  if (totalProducts != null && totalProducts < productCount) log(`  note: fewer active products than seeded (${totalProducts} < ${productCount})`);
  return { listing, listingPlain, cards, totalProducts, slug: cards[0].slug };
}
