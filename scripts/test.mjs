#!/usr/bin/env node
// The README's test command: unit and API tests on SQLite and PostgreSQL, then the browser tests
// in Chromium against the production build. Exits non-zero when anything fails.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { chromiumPath } from "./chromium-path.mjs";

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

const chromium = chromiumPath(env);
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

/**
 * The browser tests in E2E_SHARDS parts (default 2) at once, each a Playwright run with its own
 * demo shop, database, mailbox and ports (playwright.config.ts derives them from E2E_PORT), so no
 * part sees another's orders or mails. Each part's report is printed when it ends. With one shard
 * (E2E_SHARDS=1) it is the plain `playwright test`.
 */
/**
 * The spec files split into `shards` parts of about equal running time: each file's seconds from
 * tests/e2e/durations.json (measured in a full run; a file not listed counts 60 s), the longest
 * first, each to the part with the least so far. Playwright's own --shard splits by file count,
 * which left one part running 9.5 minutes beside one of 5.8.
 */
function splitSpecs(shards) {
  const dir = path.join("tests", "e2e");
  const durationsFile = path.join(dir, "durations.json");
  const seconds = fs.existsSync(durationsFile) ? JSON.parse(fs.readFileSync(durationsFile, "utf8")) : {};
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".spec.ts"))
    .map((f) => ({ file: path.join(dir, f), seconds: Number(seconds[f] ?? 60) }))
    .sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
  const parts = Array.from({ length: shards }, () => ({ files: [], seconds: 0 }));
  for (const spec of files) {
    const part = parts.reduce((least, p) => (p.seconds < least.seconds ? p : least));
    part.files.push(spec.file);
    part.seconds += spec.seconds;
  }
  return parts.filter((p) => p.files.length > 0);
}

async function browserTestShards() {
  const wanted = Math.max(1, Number(env.E2E_SHARDS ?? 2) || 1);
  const label = "browser tests (Chromium, production build)";
  if (wanted === 1) return run(label, "npx", ["playwright", "test"]);
  const split = splitSpecs(wanted);
  const shards = split.length;
  console.log(`\n▶ ${label}, in ${shards} parts at once`);
  const basePort = Number(env.E2E_PORT ?? 4173);
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-e2e-shards-"));
  const parts = Array.from({ length: shards }, (_, i) => {
    const log = path.join(logDir, `part-${i + 1}.log`);
    const out = fs.openSync(log, "w");
    const port = basePort + i * 20;
    console.log(`  part ${i + 1}: ${split[i].files.length} files, about ${Math.round(split[i].seconds / 60)} minutes`);
    const child = spawn("npx", ["playwright", "test", ...split[i].files], {
      stdio: ["ignore", out, out],
      env: {
        ...env,
        E2E_PORT: String(port),
        E2E_MAILBOX_PORT: String(port + 10_000),
        E2E_OIDC_PORT: String(port + 10_001),
        E2E_STRIPE_PORT: String(port + 10_002),
        E2E_OUTPUT_DIR: path.join(env.E2E_OUTPUT_DIR ?? "test-results", `part-${i + 1}`),
      },
    });
    return new Promise((resolve) =>
      child.on("close", (code) => {
        console.log(`\n▶ ${label}: part ${i + 1} of ${shards}`);
        process.stdout.write(fs.readFileSync(log, "utf8"));
        if (code !== 0) failures.push(`${label}, part ${i + 1}`);
        resolve(code);
      }),
    );
  });
  await Promise.all(parts);
}

if (!e2eOnly) {
  const pgUrl = await postgresUrl();
  if (pgUrl) env.TEST_POSTGRES_URL = pgUrl;
  else console.log("PostgreSQL is not reachable on 127.0.0.1:5432 (set TEST_POSTGRES_URL): the suite runs on SQLite only.");
  run(`unit and API tests (${pgUrl ? "SQLite and PostgreSQL" : "SQLite"})`, "npx", ["vitest", "run"]);
}

if (!skipE2e) {
  if (!build) {
    console.log(
      `\nBrowser tests skipped: no Chromium at ${chromium}. Install it with \`sudo apt-get install -y chromium\` (Debian/Ubuntu) or set CHROMIUM_PATH.`,
    );
  } else {
    await build.finish();
    if (!failures.includes("production build")) await browserTestShards();
  }
}

if (failures.length) {
  console.error(`\n✗ failed: ${failures.join(", ")}`);
  process.exit(1);
}
console.log("\n✓ all test suites passed");
