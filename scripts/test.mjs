#!/usr/bin/env node
// The README's test command: unit and API tests on SQLite and PostgreSQL, then the browser tests
// in Chromium against the production build. Exits non-zero when anything fails.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const args = process.argv.slice(2);
const e2eOnly = args.includes("--e2e-only");
const skipE2e = args.includes("--no-e2e");
const env = { ...process.env };
const failures = [];

function run(label, cmd, cmdArgs, extraEnv = {}) {
  console.log(`\n▶ ${label}`);
  const r = spawnSync(cmd, cmdArgs, { stdio: "inherit", env: { ...env, ...extraEnv } });
  if (r.status !== 0) failures.push(label);
}

async function postgresUrl() {
  if (env.TEST_POSTGRES_URL) return env.TEST_POSTGRES_URL;
  const url = "postgres://postgres@127.0.0.1:5432/postgres";
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return null;
  }
}

const chromium = env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const browserTests = !skipE2e && fs.existsSync(chromium);

/**
 * The production build for the browser tests starts at once and runs beside the unit tests (it
 * is mostly waiting on the disk and one core; the unit tests wait on the databases), so the
 * browser tests start a minute sooner. Its output is shown when it is needed.
 */
function startBuild() {
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "shop-build-")), "build.log");
  const out = fs.openSync(log, "w");
  const child = spawn("npx", ["react-router", "build"], { stdio: ["ignore", out, out], env });
  const done = new Promise((resolve) => child.on("close", (code) => resolve(code)));
  return {
    async finish() {
      const code = await done;
      console.log("\n▶ production build");
      process.stdout.write(fs.readFileSync(log, "utf8"));
      if (code !== 0) failures.push("production build");
    },
  };
}
const build = browserTests ? startBuild() : null;

if (!e2eOnly) {
  const pgUrl = await postgresUrl();
  if (pgUrl) env.TEST_POSTGRES_URL = pgUrl;
  else console.log("PostgreSQL is not reachable on 127.0.0.1:5432 (set TEST_POSTGRES_URL): the suite runs on SQLite only.");
  run(`unit and API tests (${pgUrl ? "SQLite and PostgreSQL" : "SQLite"})`, "npx", ["vitest", "run"]);
}

if (!skipE2e) {
  if (!build) {
    console.log(`\nBrowser tests skipped: no Chromium at ${chromium}. Install it with \`sudo apt-get install -y chromium\` (Debian/Ubuntu) or set CHROMIUM_PATH.`);
  } else {
    await build.finish();
    if (!failures.includes("production build")) run("browser tests (Chromium, production build)", "npx", ["playwright", "test"]);
  }
}

if (failures.length) {
  console.error(`\n✗ failed: ${failures.join(", ")}`);
  process.exit(1);
}
console.log("\n✓ all test suites passed");
