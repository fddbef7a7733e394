#!/usr/bin/env node
// `npm run bench`: the speed budget of DESIGN.md, measured in one run.
//  1. builds the app into a temporary BUILD_DIR (./build is never touched);
//  2. seeds a temporary database (SQLite; PostgreSQL with --postgres) with 10,000 products;
//  3. starts the production server (node server.mjs) as a child process;
//  4. loads it with autocannon (in this process) next to a bare node:http server that sends the
//     same bytes as GET /api/products (scripts/bench/bare-server.mjs);
//     then add-to-cart and place-order throughput through the JSON API (scripts/bench/shopping.mjs),
//     and the catalogue admin as its administrator: the product list (search + filter) under load,
//     product saves one after another, a CSV import of 10,000 rows (scripts/bench/catalogue-admin.mjs);
//     and the order desk: the order list over 100,000 orders under load, a bulk move of 500 orders
//     (scripts/bench/order-desk.mjs);
//  5. prints req/s and latency percentiles, the gzip size of the JavaScript pages load, the
//     targets (PASS/MISS), and writes everything as JSON;
//  6. removes everything it created, also on failure or Ctrl-C.
// Exits non-zero only when the benchmark itself could not run, never for a missed target.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import autocannon from "autocannon";
import pg from "pg";
import { countOrders, prepareShoppingProducts, shoppingLoads } from "./bench/shopping.mjs";
import { IMPORT_ROWS, adminListPath, measureCsvImport, measureProductSaves, signInAdmin } from "./bench/catalogue-admin.mjs";
import { ANALYTICS_BATCH, analyticsLoad, countAnalyticsEvents } from "./bench/analytics.mjs";
import { BULK_ORDERS, DESK_ORDERS, DESK_SEARCH, measureBulkMove, orderListPath, seedOrders } from "./bench/order-desk.mjs";
import { DASHBOARD_PATH, salesReportPath } from "./bench/reports.mjs";
import { DISTINCT_QUERIES, measureDistinctSearch } from "./bench/search-distinct.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DEFAULT_PG = "postgres://postgres@127.0.0.1:5432/postgres";
const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";
const KB = 1000; // as Vite reports sizes
const TARGETS = {
  apiRatio: 0.5,
  pageRatio: 0.5,
  productRenderMicros: 4000,
  homeRenderMicros: 6000,
  overloadP99Ms: 1000,
  overloadRssMb: 400,
  searchP95Ms: 15,
  distinctSearchP95Ms: 10,
  distinctSearchP99Ms: 20,
  homeJsGzipKb: 130,
  csvImportSeconds: 10,
  analyticsEventsPerSecond: 5000,
  // Issue 13's goals for PostgreSQL, where a new shopper's add and order cost round trips (SQLite's are in-process).
  pgAddToCartPerSecond: 900,
  pgOrdersPerSecond: 350,
};
const OVERLOAD_CONNECTIONS = 200;
/** Product saves (PATCH) timed one after another for the catalogue admin's row. */
const PRODUCT_SAVES = 200;

const HELP = `Usage: npm run bench -- [options]

  --duration S         seconds measured per endpoint (default 10)
  --warmup S           seconds of warm-up load before each measurement (default 3)
  --connections N      concurrent keep-alive connections (default 10)
  --products N         products to seed (default 10000)
  --postgres           bench on PostgreSQL: a random database is created on
                       ${DEFAULT_PG} (or on BENCH_DATABASE_URL) and dropped afterwards
  --search TERM        search term (default "shirt"; replaced by a word of a product name
                       when it finds nothing in the seeded catalogue)
  --accept-encoding V  Accept-Encoding header sent under load (default none: identity, as in
                       the DESIGN.md figures); the bare server replays the same encoded bytes
  --build-dir DIR      reuse an existing build instead of building (it is not removed)
  --seed-arg=ARG       extra argument for the seed CLI, repeatable (e.g. --seed-arg=--no-images
                       if the CLI offers it: seeding the pictures is most of the set-up time)
  --json PATH          where to write the results (default: a file in the system temp dir)
  --keep               keep the temporary directory (build, database, logs) for inspection

Environment: BENCH_DATABASE_URL (a PostgreSQL server URL, implies --postgres),
BENCH_SEED_SCRIPT (a seed CLI other than scripts/seed.ts, same arguments).`;

// ---------------------------------------------------------------------------------------------
// Options

let opts;
try {
  ({ values: opts } = parseArgs({
    options: {
      duration: { type: "string", default: "10" },
      warmup: { type: "string", default: "3" },
      connections: { type: "string", default: "10" },
      products: { type: "string", default: "10000" },
      postgres: { type: "boolean", default: false },
      search: { type: "string", default: "shirt" },
      "accept-encoding": { type: "string", default: "" },
      "build-dir": { type: "string" },
      "seed-arg": { type: "string", multiple: true, default: [] },
      json: { type: "string" },
      keep: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  }));
} catch (err) {
  console.error(`${err.message}\n\n${HELP}`);
  process.exit(2);
}
if (opts.help) {
  console.log(HELP);
  process.exit(0);
}
function intOption(name, min) {
  const n = Number(opts[name]);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be an integer ≥ ${min} (got ${JSON.stringify(opts[name])})`);
    process.exit(2);
  }
  return n;
}
const duration = intOption("duration", 1);
const warmup = intOption("warmup", 0);
const connections = intOption("connections", 1);
const productCount = intOption("products", 1);
const pgAdminUrl = process.env.BENCH_DATABASE_URL || (opts.postgres ? DEFAULT_PG : null);
const acceptEncoding = opts["accept-encoding"];

// ---------------------------------------------------------------------------------------------
// Child processes and clean-up

const children = new Set();
let tmpDir = null;
let dropDatabase = null;
let currentLoad = null;
let cleaning = null;

/** An expected failure: reported by its message alone, without a stack trace. */
class BenchError extends Error {}

const log = (msg) => console.log(msg);
const step = (msg) => console.log(`\n▶ ${msg}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Spawns a child in its own process group (so npx/tsx grandchildren go with it), output to a log file. */
function spawnChild(name, cmd, args, { env, ipc = false } = {}) {
  const logFile = path.join(tmpDir, `${name}.log`);
  const fd = fs.openSync(logFile, "a");
  const child = spawn(cmd, args, {
    cwd: root,
    env,
    detached: true,
    stdio: ["ignore", fd, fd, ...(ipc ? ["ipc"] : [])],
  });
  fs.closeSync(fd);
  child.logFile = logFile;
  child.label = name;
  child.exited = new Promise((resolve) => {
    child.once("error", (error) => resolve({ code: null, signal: null, error }));
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
  children.add(child);
  child.exited.then(() => children.delete(child));
  return child;
}

function logTail(file, lines = 40) {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no output)";
  }
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
}

async function stopChild(child) {
  if (child.exitCode === null && child.signalCode === null) {
    killGroup(child, "SIGTERM");
    const timedOut = await Promise.race([child.exited.then(() => false), sleep(5000).then(() => true)]);
    if (timedOut) log(`  ${child.label} did not stop on SIGTERM within 5 s: killed`);
  }
  killGroup(child, "SIGKILL"); // whatever is left of its process group
  await child.exited;
}

/** Runs a command to completion; throws with the tail of its output when it fails. */
async function runStep(name, cmd, args, env) {
  const started = performance.now();
  const child = spawnChild(name, cmd, args, { env });
  const { code, signal, error } = await child.exited;
  const seconds = (performance.now() - started) / 1000;
  if (error || code !== 0) {
    const why = error ? error.message : signal ? `killed by ${signal}` : `exit code ${code}`;
    throw new BenchError(`${name} failed (${why}): ${[cmd, ...args].join(" ")}\n${logTail(child.logFile)}`);
  }
  return seconds;
}

function cleanup() {
  cleaning ??= (async () => {
    try {
      currentLoad?.stop();
    } catch {
      /* not running */
    }
    await Promise.all([...children].map(stopChild));
    if (dropDatabase) {
      try {
        await dropDatabase();
      } catch (err) {
        console.error(`  could not drop the benchmark database: ${err.message}`);
      }
      dropDatabase = null;
    }
    if (tmpDir) {
      if (opts.keep) log(`Kept the temporary directory ${tmpDir}`);
      else fs.rmSync(tmpDir, { recursive: true, force: true });
    }
  })();
  return cleaning;
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, async () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the benchmark and cleaning up…`);
    await cleanup();
    process.exit(130);
  });
}
// Last resort (an exception escaping everything): nothing may outlive the script.
process.on("exit", () => {
  for (const child of children) killGroup(child, "SIGKILL");
  if (tmpDir && !opts.keep) fs.rmSync(tmpDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// HTTP helpers

/** A plain GET on a fresh connection: raw bytes as sent (no automatic decompression). */
function httpGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false, timeout: 30_000 }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on("error", reject);
  });
}

async function getOk(url, headers) {
  const res = await httpGet(url, headers);
  if (res.status !== 200) throw new BenchError(`GET ${url} answered ${res.status}: ${res.body.toString("utf8").slice(0, 300)}`);
  return res;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function withEncoding(headers) {
  return acceptEncoding ? { ...headers, "accept-encoding": acceptEncoding } : headers;
}
const apiHeaders = () => withEncoding({ accept: "application/json" });
const pageHeaders = () => withEncoding({ accept: "text/html,application/xhtml+xml", "user-agent": BROWSER_UA });

// ---------------------------------------------------------------------------------------------
// Measurement

const CLK_TCK = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Resident memory of a process (Linux /proc), or null where unavailable. */
function rssBytes(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/** CPU seconds a process has used so far (Linux /proc), or null where unavailable. */
function processCpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return null;
  }
}

/** CPU seconds used so far by each PostgreSQL backend serving `database` on this machine (by process title). */
function databaseCpuSeconds(database) {
  const byPid = new Map();
  if (!database) return byPid;
  let pids;
  try {
    pids = fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  } catch {
    return byPid;
  }
  for (const pid of pids) {
    try {
      const title = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (title.startsWith("postgres:") && title.includes(` ${database} `)) byPid.set(pid, processCpuSeconds(pid) ?? 0);
    } catch {
      /* gone */
    }
  }
  return byPid;
}

/** CPU seconds all cores have been busy so far (Linux /proc/stat), or null. */
function machineBusySeconds() {
  try {
    const [, ...ticks] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = ticks; // idle and iowait are not busy
    return (user + nice + system + irq + softirq + (steal ?? 0)) / CLK_TCK;
  } catch {
    return null;
  }
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function load(url, headers, seconds, onResponse, extra = {}) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, headers, connections, duration: seconds, timeout: 10, ...extra }, (err, result) => {
      currentLoad = null;
      if (err) reject(err);
      else resolve(result);
    });
    currentLoad = instance;
    if (onResponse) instance.on("response", onResponse);
  });
}

/** Warms up, then loads one URL for `duration` seconds; latencies are recorded per response. */
async function measure({ key, label, url, headers, pid, database, autocannon: extra }) {
  if (warmup > 0) {
    log(`  ${label}: ${warmup} s warm-up, ${duration} s measured…`);
    await load(url, headers, warmup, undefined, extra);
  } else {
    log(`  ${label}: ${duration} s measured…`);
  }
  if (interrupted) throw new BenchError("interrupted");
  const latencies = [];
  const statuses = {};
  let wireBytes = 0;
  const serverCpu0 = processCpuSeconds(pid);
  const machine0 = machineBusySeconds();
  const db0 = databaseCpuSeconds(database);
  const clientCpu0 = process.cpuUsage();
  const started = performance.now();
  let peakRssBytes = rssBytes(pid);
  const rssTimer = setInterval(() => {
    peakRssBytes = Math.max(peakRssBytes ?? 0, rssBytes(pid) ?? 0);
  }, 100);
  const result = await load(
    url,
    headers,
    duration,
    (_client, status, bytes, ms) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status >= 200 && status < 300) {
        latencies.push(ms);
        wireBytes += bytes;
      }
    },
    extra,
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(rssTimer);
  const serverCpu1 = processCpuSeconds(pid);
  const machine1 = machineBusySeconds();
  const db1 = databaseCpuSeconds(database);
  const clientCpu = process.cpuUsage(clientCpu0);
  const dbSeconds = database ? [...db1].reduce((n, [p, cpu]) => n + Math.max(0, cpu - (db0.get(p) ?? 0)), 0) : 0;
  const serverSeconds = serverCpu0 == null || serverCpu1 == null ? null : serverCpu1 - serverCpu0;
  const clientSeconds = (clientCpu.user + clientCpu.system) / 1e6;
  if (interrupted) throw new BenchError("interrupted");
  latencies.sort((a, b) => a - b);
  const ok = latencies.length;
  const failed = Object.entries(statuses).filter(([s]) => Number(s) < 200 || Number(s) >= 300).reduce((n, [, c]) => n + c, 0);
  const round = (x, d = 2) => (x == null ? null : Math.round(x * 10 ** d) / 10 ** d);
  return {
    key,
    label,
    url,
    requestHeaders: headers,
    seconds: round(seconds),
    requests: ok,
    requestsPerSecond: round(ok / seconds, 1),
    latencyMs: {
      mean: round(ok ? latencies.reduce((a, b) => a + b, 0) / ok : null),
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1) ?? null),
    },
    wireBytesPerAnswer: ok ? Math.round(wireBytes / ok) : null,
    statuses,
    failedResponses: failed,
    // Quick refusals of a server past its capacity (503 with Retry-After), among failedResponses.
    shed: statuses[503] ?? 0,
    peakRssMb: peakRssBytes == null ? null : Math.round(peakRssBytes / 1024 / 1024),
    errors: result.errors,
    timeouts: result.timeouts,
    serverCpuPercent: serverSeconds == null ? null : round((serverSeconds / seconds) * 100, 0),
    // Server CPU time per answer: less sensitive than req/s to other load on the machine.
    serverCpuMicrosPerRequest: serverSeconds == null || !ok ? null : round((serverSeconds / ok) * 1e6, 0),
    clientCpuPercent: round((clientSeconds / seconds) * 100, 0),
    databaseCpuPercent: database ? round((dbSeconds / seconds) * 100, 0) : null,
    // Everything else on the machine (other processes, the kernel): noise in the figures.
    otherCpuPercent:
      serverSeconds == null || machine0 == null || machine1 == null ? null : round((Math.max(0, machine1 - machine0 - serverSeconds - clientSeconds - dbSeconds) / seconds) * 100, 0),
    autocannon: { requestsAverage: result.requests.average, latencyAverage: result.latency.average, latencyP97_5: result.latency.p97_5 },
  };
}

// ---------------------------------------------------------------------------------------------
// JavaScript weight of a page

const attr = (tag, name) => new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag)?.slice(1).find((v) => v !== undefined);
const isModuleRef = (ref) => /^(\.{0,2}\/|https?:)/.test(ref) && /\.m?js(\?|#|$)/.test(ref);

/** Static `import … from "x"`, `import "x"` and `export … from "x"` specifiers of ES module code. */
function staticImports(code) {
  const refs = [];
  for (const m of code.matchAll(/\b(?:import|export)\s*(?:[^'"`();]*?\bfrom\s*)?["']([^"']+)["']/g)) if (isModuleRef(m[1])) refs.push(m[1]);
  return refs;
}
const dynamicImports = (code) => [...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]).filter(isModuleRef);

const gzip9 = (buf) => zlib.gzipSync(buf, { level: 9 }).length;

/**
 * Every same-origin script the page's HTML loads: <script src>, <link rel=modulepreload>, the
 * imports of inline module scripts, and (transitively) the static imports of those files.
 * Sizes: raw, gzip level 9 (zlib, as in Vite's report), and as the server sends it to a browser.
 */
async function pageJavaScript(pageUrl) {
  const page = await getOk(pageUrl, { accept: "text/html", "user-agent": BROWSER_UA });
  const html = page.body.toString("utf8");
  const origin = new URL(pageUrl).origin;
  const files = new Map();
  const foreign = new Set();
  const stylesheets = new Set();
  const queue = [];
  const add = (ref, base, via) => {
    const u = new URL(ref, base);
    if (u.origin !== origin) return void foreign.add(u.href);
    const key = u.pathname + u.search;
    if (!files.has(key)) {
      files.set(key, { path: key, via });
      queue.push(key);
    }
  };
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attr(m[1], "src");
    if (src) add(src, pageUrl, "script src");
    else for (const ref of [...staticImports(m[2]), ...dynamicImports(m[2])]) add(ref, pageUrl, "inline import");
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(m[0], "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attr(m[0], "href");
    if (!href) continue;
    if (rel.includes("modulepreload")) add(href, pageUrl, "modulepreload");
    else if (rel.includes("stylesheet")) stylesheets.add(new URL(href, pageUrl).href);
  }
  const lazy = new Set();
  while (queue.length) {
    const key = queue.shift();
    const file = files.get(key);
    const url = origin + key;
    const raw = await getOk(url, {});
    const served = await getOk(url, { "accept-encoding": BROWSER_ENCODINGS, "user-agent": BROWSER_UA });
    Object.assign(file, {
      rawBytes: raw.body.length,
      gzipBytes: gzip9(raw.body),
      servedBytes: served.body.length,
      servedEncoding: served.headers["content-encoding"] ?? "identity",
      cacheControl: served.headers["cache-control"] ?? null,
    });
    const code = raw.body.toString("utf8");
    for (const ref of staticImports(code)) add(ref, url, "static import, not preloaded");
    for (const ref of dynamicImports(code)) lazy.add(new URL(ref, url).pathname);
  }
  const css = [];
  for (const href of stylesheets) {
    if (new URL(href).origin !== origin) continue;
    const raw = await getOk(href, {});
    css.push({ path: new URL(href).pathname, rawBytes: raw.body.length, gzipBytes: gzip9(raw.body) });
  }
  const list = [...files.values()];
  const sum = (k, xs = list) => xs.reduce((n, f) => n + f[k], 0);
  return {
    page: new URL(pageUrl).pathname,
    html: { rawBytes: page.body.length, gzipBytes: gzip9(page.body) },
    files: list,
    fileCount: list.length,
    rawBytes: sum("rawBytes"),
    gzipBytes: sum("gzipBytes"),
    servedBytes: sum("servedBytes"),
    notPreloaded: list.filter((f) => f.via.startsWith("static import")).map((f) => f.path),
    uncompressedWhenServed: list.filter((f) => f.servedEncoding === "identity").map((f) => f.path),
    notImmutable: list.filter((f) => !/immutable/.test(f.cacheControl ?? "")).map((f) => f.path),
    lazyChunks: [...lazy].filter((p) => !files.has(p)),
    css,
    cssGzipBytes: sum("gzipBytes", css),
    foreignScripts: [...foreign],
  };
}

// ---------------------------------------------------------------------------------------------
// Output

function table(headers, rows, align) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const fmt = (cells) => cells.map((c, i) => (align[i] === "l" ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");
  return [fmt(headers), widths.map((w) => "─".repeat(w)).join("  "), ...rows.map(fmt)].join("\n");
}
const num = (x, d = 1) => (x == null ? "–" : x.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d }));
const kb = (bytes, d = 1) => `${num(bytes / KB, d)} KB`;

function git(args) {
  try {
    return execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// The run

async function main() {
  const t0 = performance.now();
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-"));
  // The server bundle imports its dependencies by bare name: let them resolve from the temp dir.
  fs.symlinkSync(path.join(root, "node_modules"), path.join(tmpDir, "node_modules"), "dir");
  const env = { ...process.env };
  for (const k of ["PORT", "HOST", "DATABASE_URL", "UPLOADS_DIR", "PUBLIC_URL", "BUILD_DIR"]) delete env[k];

  const loadAtStart = os.loadavg().map((x) => Number(x.toFixed(2)));
  log(`Shop benchmark — ${os.cpus().length} CPU core(s), load average ${loadAtStart.join(" ")}, Node ${process.version}, temp dir ${tmpDir}`);
  log(
    `Load generator: autocannon in this process (${connections} connections, ${warmup} s warm-up + ${duration} s per endpoint); ` +
      `the server runs in its own process.\nOn a small machine both compete for the same cores, so absolute rates are lower ` +
      `than on separate machines; the bare node:http row is measured the same way and is the yardstick.`,
  );

  const seedScript = process.env.BENCH_SEED_SCRIPT || "scripts/seed.ts";
  if (!fs.existsSync(path.resolve(root, seedScript))) {
    throw new BenchError(`The seed CLI ${seedScript} does not exist (set BENCH_SEED_SCRIPT to a stand-in that takes --products N and reads DATABASE_URL and UPLOADS_DIR).`);
  }

  // 1. Build
  let buildDir;
  let buildSeconds = null;
  if (opts["build-dir"]) {
    buildDir = path.resolve(opts["build-dir"]);
    if (!fs.existsSync(path.join(buildDir, "server/index.js"))) throw new BenchError(`--build-dir ${buildDir} has no server/index.js`);
    step(`Using the existing build in ${buildDir}`);
  } else {
    buildDir = path.join(tmpDir, "build");
    step(`Building into ${buildDir}`);
    buildSeconds = await runStep("build", "npx", ["react-router", "build"], { ...env, BUILD_DIR: buildDir, NODE_ENV: "production" });
    log(`  built in ${num(buildSeconds)} s`);
  }

  // 2. Database and seed
  const uploadsDir = path.join(tmpDir, "uploads");
  fs.mkdirSync(uploadsDir, { recursive: true });
  let databaseUrl;
  let dialect;
  let pgDatabase = null;
  if (pgAdminUrl) {
    dialect = "postgres";
    const name = `shop_bench_${randomBytes(6).toString("hex")}`;
    pgDatabase = name;
    const admin = new pg.Client({ connectionString: pgAdminUrl, connectionTimeoutMillis: 5000 });
    await admin.connect().catch((err) => {
      throw new BenchError(`PostgreSQL is not reachable at ${pgAdminUrl.replace(/\/\/[^@]*@/, "//…@")}: ${err.message}`);
    });
    try {
      await admin.query(`CREATE DATABASE "${name}"`);
    } finally {
      await admin.end();
    }
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: pgAdminUrl, connectionTimeoutMillis: 5000 });
      await c.connect();
      try {
        await c.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [name]);
        await c.query(`DROP DATABASE IF EXISTS "${name}"`);
      } finally {
        await c.end();
      }
    };
    const u = new URL(pgAdminUrl);
    u.pathname = `/${name}`;
    databaseUrl = u.href;
    step(`Seeding ${productCount.toLocaleString("en-US")} products into PostgreSQL database ${name} (dropped afterwards)`);
  } else {
    dialect = "sqlite";
    databaseUrl = `file:${path.join(tmpDir, "shop.db")}`;
    step(`Seeding ${productCount.toLocaleString("en-US")} products into ${databaseUrl}`);
  }
  const dbEnv = { ...env, DATABASE_URL: databaseUrl, UPLOADS_DIR: uploadsDir, MAIL_OUTBOX_DIR: path.join(tmpDir, "outbox"), LOG_LEVEL: "warn", NODE_ENV: "production" };
  const seedSeconds = await runStep("seed", "npx", ["tsx", seedScript, "--products", String(productCount), ...opts["seed-arg"]], dbEnv);
  log(`  seeded in ${num(seedSeconds)} s`);

  // 3. Production server
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The catalogue admin's rows sign in as this administrator (created at start-up from ADMIN_EMAIL).
  const benchAdmin = { email: "bench-admin@example.com", password: randomBytes(12).toString("hex") };
  step(`Starting the production server on ${base}`);
  const server = spawnChild("server", process.execPath, [path.join(root, "server.mjs")], {
    // One trusted proxy hop: the shopping loads give each shopper its own client address.
    env: { ...dbEnv, BUILD_DIR: buildDir, PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: base, SEED_ON_EMPTY: "false", TRUST_PROXY: "1", ADMIN_EMAIL: benchAdmin.email, ADMIN_PASSWORD: benchAdmin.password },
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

  // 4. Probe the endpoints: a real slug, a search term with hits, the exact /api/products bytes.
  const listing = await getOk(`${base}/api/products`, apiHeaders());
  const listingPlain = acceptEncoding ? (await getOk(`${base}/api/products`, { accept: "application/json" })).body : listing.body;
  const listingJson = JSON.parse(listingPlain.toString("utf8"));
  const cards = Array.isArray(listingJson.data) ? listingJson.data : [];
  if (!cards.length || !cards[0].slug) throw new BenchError(`GET /api/products returned no products: ${JSON.stringify(listingJson).slice(0, 300)}`);
  const totalProducts = listingJson.meta?.total ?? null;
  log(`  catalogue: ${totalProducts?.toLocaleString("en-US") ?? "?"} active products; /api/products lists ${cards.length}`);
  if (totalProducts != null && totalProducts < productCount) log(`  note: fewer active products than seeded (${totalProducts} < ${productCount})`);
  const slug = cards[0].slug;

  const searchPath = (term) => `/api/products/search/ser?q=${encodeURIComponent(term)}&limit=10`;
  const searchHits = async (term) => JSON.parse((await getOk(`${base}${searchPath(term)}`, { accept: "application/json" })).body).data?.products?.length ?? 0;
  let term = opts.search;
  let hits = await searchHits(term);
  if (hits === 0) {
    const words = [...new Set(cards.flatMap((c) => c.name.toLowerCase().match(/\p{L}{4,}/gu) ?? []))];
    for (const w of words) {
      if ((hits = await searchHits(w)) > 0) {
        log(`  "${term}" finds nothing in this catalogue; searching for "${w}" instead`);
        term = w;
        break;
      }
    }
    if (hits === 0) throw new BenchError(`No search term with results found (tried "${opts.search}" and words of product names)`);
  }
  log(`  search "${term}": ${hits} result(s) with limit=10; product page: /products/${slug}`);
  await getOk(`${base}/`, pageHeaders());
  await getOk(`${base}/products/${encodeURIComponent(slug)}`, pageHeaders());

  // Bare node:http servers replaying the /api/products answer and the two pages' bytes.
  const startBare = async (name, res) => {
    const bodyFile = path.join(tmpDir, `${name}.body`);
    fs.writeFileSync(bodyFile, res.body);
    const bareHeaders = {};
    for (const h of ["content-type", "content-encoding"]) if (res.headers[h]) bareHeaders[h] = res.headers[h];
    const bare = spawnChild(name, process.execPath, [path.join(root, "scripts/bench/bare-server.mjs")], {
      env: { ...env, NODE_ENV: "production", BARE_BODY_FILE: bodyFile, BARE_HEADERS: JSON.stringify(bareHeaders) },
      ipc: true,
    });
    const port = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new BenchError(`The bare server (${name}) did not start within 15 s`)), 15_000);
      bare.on("message", (m) => {
        if (m?.ready) {
          clearTimeout(timer);
          resolve(m.port);
        }
      });
      bare.exited.then(() => {
        clearTimeout(timer);
        reject(new BenchError(`The bare server (${name}) exited:\n${logTail(bare.logFile)}`));
      });
    });
    const url = `http://127.0.0.1:${port}/`;
    const check = await getOk(url, {});
    if (!check.body.equals(res.body) || check.headers["content-type"] !== res.headers["content-type"]) {
      throw new BenchError(`The bare server (${name}) does not answer the same bytes`);
    }
    return { child: bare, url };
  };
  const bare = await startBare("bare-server", listing);
  const bareBase = bare.url.replace(/\/$/, "");
  const productPath = `/products/${encodeURIComponent(slug)}`;
  const bareHome = await startBare("bare-home", await getOk(`${base}/`, pageHeaders()));
  const bareProduct = await startBare("bare-product", await getOk(`${base}${productPath}`, pageHeaders()));
  // A visitor with a cookie of the shop (a cart, say) gets the page rendered for them: the render's own cost.
  const renderedHeaders = () => ({ ...pageHeaders(), cookie: "shop.visitor=bench-visitor" });

  // 5. Load
  step(`Measuring (autocannon ${connections} connections${acceptEncoding ? `, Accept-Encoding: ${acceptEncoding}` : ", no Accept-Encoding"})`);
  const endpoints = [
    { key: "apiProducts", label: "GET /api/products", url: `${base}/api/products`, headers: apiHeaders(), pid: server.pid, database: pgDatabase },
    { key: "bare", label: "bare node:http, same bytes", url: `${bareBase}/api/products`, headers: apiHeaders(), pid: bare.child.pid },
    { key: "search", label: `GET ${searchPath(term)}`, url: `${base}${searchPath(term)}`, headers: apiHeaders(), pid: server.pid, database: pgDatabase },
    { key: "home", label: "GET / (home, no cookie: page cache)", url: `${base}/`, headers: pageHeaders(), pid: server.pid, database: pgDatabase },
    { key: "bareHome", label: "bare node:http, home's bytes", url: bareHome.url, headers: pageHeaders(), pid: bareHome.child.pid },
    { key: "product", label: `GET ${productPath} (no cookie: page cache)`, url: `${base}${productPath}`, headers: pageHeaders(), pid: server.pid, database: pgDatabase },
    { key: "bareProduct", label: "bare node:http, product's bytes", url: bareProduct.url, headers: pageHeaders(), pid: bareProduct.child.pid },
    // Two connections: the render's cost without a queue (10 would keep the server saturated, where it sheds: the spike row).
    { key: "homeRendered", label: "GET / (home, rendered: visitor cookie, 2 conn.)", url: `${base}/`, headers: renderedHeaders(), pid: server.pid, database: pgDatabase, autocannon: { connections: 2 } },
    {
      key: "productRendered",
      label: `GET ${productPath} (rendered: visitor cookie, 2 conn.)`,
      url: `${base}${productPath}`,
      headers: renderedHeaders(),
      pid: server.pid,
      database: pgDatabase,
      autocannon: { connections: 2 },
    },
    // A spike: 200 connections at the rendered home page. Past capacity the server answers 503 + Retry-After (shed).
    {
      key: "overload",
      label: `GET / rendered, ${OVERLOAD_CONNECTIONS} connections (spike)`,
      url: `${base}/`,
      headers: renderedHeaders(),
      pid: server.pid,
      database: pgDatabase,
      autocannon: { connections: OVERLOAD_CONNECTIONS },
      overload: true,
    },
  ];
  // Shopping: new shoppers adding to their cart, then adding and placing an order (writes).
  const shoppingIds = await prepareShoppingProducts(databaseUrl);
  if (!shoppingIds.length) throw new BenchError("No product without colours or sizes to put in carts");
  const loads = shoppingLoads(shoppingIds, base);
  const shopping = [
    { key: "addToCart", label: "POST /api/cart/items (new shopper)", url: base, headers: {}, pid: server.pid, database: pgDatabase, autocannon: loads.addToCart, write: true },
    { key: "checkout", label: "add to cart + POST /api/orders", url: base, headers: {}, pid: server.pid, database: pgDatabase, autocannon: loads.checkout, write: true },
  ];
  endpoints.push(...shopping);
  // The storefront's analytics batches (sendBeacon), ANALYTICS_BATCH events each, from many visitors.
  endpoints.push({ key: "analytics", label: `POST /api/analytics/events (${ANALYTICS_BATCH} events)`, url: base, headers: {}, pid: server.pid, database: pgDatabase, autocannon: analyticsLoad(shoppingIds, base), write: true });
  // The admin's product list: the shop's search term over active products with stock, 50 a page (never cached).
  const adminCookie = await signInAdmin(base, benchAdmin.email, benchAdmin.password).catch((err) => {
    throw new BenchError(`Could not sign in as the bench administrator: ${err.message}`);
  });
  endpoints.push({
    key: "adminList",
    label: `GET ${adminListPath(term)} (admin list)`,
    url: `${base}${adminListPath(term)}`,
    headers: { ...apiHeaders(), cookie: adminCookie },
    pid: server.pid,
    database: pgDatabase,
    noProbe: true,
  });
  let ordersStored = null;
  let analyticsStored = null;
  const results = [];
  for (const e of endpoints) {
    const ordersBefore = e.key === "checkout" ? await countOrders(databaseUrl) : 0;
    const eventsBefore = e.key === "analytics" ? await countAnalyticsEvents(databaseUrl) : 0;
    const r = await measure(e);
    if (e.key === "analytics") {
      // Accepted events are written about once a second: counted once the last write is in.
      await sleep(2500);
      analyticsStored = (await countAnalyticsEvents(databaseUrl)) - eventsBefore;
      r.eventsPerSecond = Math.round((r.requests * ANALYTICS_BATCH) / r.seconds);
      r.eventsStored = analyticsStored;
    }
    if (e.key === "checkout") {
      ordersStored = (await countOrders(databaseUrl)) - ordersBefore;
      r.ordersPerSecond = Math.round((r.requests / 2 / r.seconds) * 10) / 10;
    }
    if (e.write || e.noProbe || e.overload) {
      results.push(r);
      continue;
    }
    const probe = await getOk(e.url, e.headers);
    const browser = await getOk(e.url, { ...e.headers, "accept-encoding": BROWSER_ENCODINGS });
    r.bodyBytes = probe.body.length;
    r.browserBytes = browser.body.length;
    r.browserEncoding = browser.headers["content-encoding"] ?? "identity";
    r.responseHeaders = browser.headers;
    results.push(r);
  }
  await Promise.all([stopChild(bare.child), stopChild(bareHome.child), stopChild(bareProduct.child)]);

  // JavaScript weight of the two pages.
  step("Measuring the JavaScript the pages load");
  const js = {
    home: await pageJavaScript(`${base}/`),
    product: await pageJavaScript(`${base}/products/${encodeURIComponent(slug)}`),
  };

  // Search with queries no cache has seen, one after another (before the import changes the catalogue).
  step(`Search: ${DISTINCT_QUERIES.toLocaleString("en-US")} distinct queries in a row`);
  const distinctSearch = await measureDistinctSearch(base, searchPath).catch((err) => {
    throw new BenchError(`Distinct search failed: ${err.message}`);
  });
  log(`  p50 ${num(distinctSearch.p50, 2)} ms, p95 ${num(distinctSearch.p95, 2)} ms, p99 ${num(distinctSearch.p99, 2)} ms, max ${num(distinctSearch.max, 2)} ms (${distinctSearch.words.toLocaleString("en-US")} words of product names)`);

  // The catalogue admin's writes, last (the import adds 10,000 rows of products).
  step(`Catalogue admin: ${PRODUCT_SAVES} product saves one after another, then a CSV import of ${IMPORT_ROWS.toLocaleString("en-US")} rows`);
  const saves = await measureProductSaves(base, adminCookie, PRODUCT_SAVES).catch((err) => {
    throw new BenchError(`Product saves failed: ${err.message}`);
  });
  log(`  saves: p50 ${num(saves.latencyMs.p50, 2)} ms, p95 ${num(saves.latencyMs.p95, 2)} ms`);
  const csvImport = await measureCsvImport(base, adminCookie).catch((err) => {
    throw new BenchError(`CSV import failed: ${err.message}`);
  });
  log(`  export ${csvImport.exportRows.toLocaleString("en-US")} rows in ${num(csvImport.exportSeconds, 2)} s; import ${csvImport.importRows.toLocaleString("en-US")} rows (${csvImport.created.toLocaleString("en-US")} products) in ${num(csvImport.importSeconds, 2)} s`);

  // The order desk, last: 100,000 orders, the list under load (a customer search in the pending tab), one bulk move of 500.
  step(`Order desk: topping the shop up to ${DESK_ORDERS.toLocaleString("en-US")} orders, the order list under load, a bulk move of ${BULK_ORDERS}`);
  const deskSeed = await seedOrders(databaseUrl).catch((err) => {
    throw new BenchError(`Seeding the orders failed: ${err.message}`);
  });
  log(`  added ${deskSeed.added.toLocaleString("en-US")} orders in ${num(deskSeed.seconds, 1)} s`);
  results.push(await measure({ key: "orderList", label: `GET ${orderListPath()} (${DESK_ORDERS / 1000}k orders)`, url: `${base}${orderListPath()}`, headers: { ...apiHeaders(), cookie: adminCookie }, pid: server.pid, database: pgDatabase }));
  const bulkMove = await measureBulkMove(base, adminCookie, databaseUrl).catch((err) => {
    throw new BenchError(`The bulk move failed: ${err.message}`);
  });
  log(`  bulk move of ${bulkMove.orders} orders to processing: ${num(bulkMove.seconds, 2)} s (${num(bulkMove.perOrderMs, 2)} ms an order; ${bulkMove.moved} moved, ${bulkMove.skipped} skipped)`);
  // The sales report over the same orders: a year, by month. Two connections: a report is a few
  // people's read, and each takes a few hundred ms of the one core SQLite answers on, so ten would
  // measure the queue (nine reports waiting) instead of the report.
  results.push(await measure({ key: "salesReport", label: `GET sales report, a year by month (${DESK_ORDERS / 1000}k orders, 2 conn.)`, url: `${base}${salesReportPath()}`, headers: { ...apiHeaders(), cookie: adminCookie }, pid: server.pid, database: pgDatabase, autocannon: { connections: 2 } }));
  // The dashboard over the same orders, as the owner opens it: 30 days against the 30 before. Two connections, as the report.
  results.push(await measure({ key: "dashboard", label: `GET dashboard, 30 days (${DESK_ORDERS / 1000}k orders, 2 conn.)`, url: `${base}${DASHBOARD_PATH}`, headers: { ...apiHeaders(), cookie: adminCookie }, pid: server.pid, database: pgDatabase, autocannon: { connections: 2 } }));

  // 6. Report
  const by = Object.fromEntries(results.map((r) => [r.key, r]));
  const ratio = by.bare.requestsPerSecond ? by.apiProducts.requestsPerSecond / by.bare.requestsPerSecond : null;
  const cpuRatio = by.apiProducts.serverCpuMicrosPerRequest ? by.bare.serverCpuMicrosPerRequest / by.apiProducts.serverCpuMicrosPerRequest : null;

  step(`Results — ${dialect === "postgres" ? "PostgreSQL" : "SQLite"}, ${totalProducts?.toLocaleString("en-US") ?? "?"} products, ${connections} connections, ${duration} s each`);
  log(
    table(
      ["endpoint", "req/s", "p50 ms", "p95 ms", "p99 ms", "body B", "wire B/ans", "browser B", "srv µs/req", "server CPU", "client CPU", ...(pgDatabase ? ["db CPU"] : []), "other CPU", "non-2xx/err"],
      results.map((r) => [
        r.label,
        num(r.requestsPerSecond),
        num(r.latencyMs.p50, 2),
        num(r.latencyMs.p95, 2),
        num(r.latencyMs.p99, 2),
        r.bodyBytes?.toLocaleString("en-US") ?? "–",
        r.wireBytesPerAnswer?.toLocaleString("en-US") ?? "–",
        r.browserBytes == null ? "–" : `${r.browserBytes.toLocaleString("en-US")} ${r.browserEncoding === "identity" ? "" : r.browserEncoding}`.trim(),
        r.serverCpuMicrosPerRequest == null ? "–" : r.serverCpuMicrosPerRequest.toLocaleString("en-US"),
        r.serverCpuPercent == null ? "–" : `${r.serverCpuPercent} %`,
        `${r.clientCpuPercent} %`,
        ...(pgDatabase ? [r.databaseCpuPercent == null ? "–" : `${r.databaseCpuPercent} %`] : []),
        r.otherCpuPercent == null ? "–" : `${r.otherCpuPercent} %`,
        `${r.failedResponses}/${r.errors + r.timeouts}`,
      ]),
      ["l", ...Array(pgDatabase ? 13 : 12).fill("r")],
    ),
  );
  log(
    `body B: body bytes under load; wire B/ans: with headers; browser B: body when the client sends Accept-Encoding: ${BROWSER_ENCODINGS}.\n` +
      `srv µs/req: server CPU time per answer (clock tick ${num(1000 / CLK_TCK, 0)} ms, so approximate for short runs).\n` +
      `CPU: % of one core used during the measured seconds by the server process / by this process (autocannon) / ` +
      `${pgDatabase ? "by the PostgreSQL backends of the\nbenchmark database / " : "\n"}by everything else on the machine (${os.cpus().length} cores = ${os.cpus().length * 100} %).\n` +
      `/api/products ÷ bare node:http = ${ratio == null ? "–" : num(ratio, 2)} ` +
      `(${cards.length} products, ${num(listingPlain.length / cards.length / KB, 2)} KB of JSON per product card); ` +
      `by server CPU per answer: ${cpuRatio == null ? "–" : num(cpuRatio, 2)}`,
  );
  const noisiest = Math.max(0, ...results.map((r) => r.otherCpuPercent ?? 0));
  if (noisiest > 15) {
    log(`⚠ Other processes used up to ${noisiest} % CPU during the measurements: the figures are noisy; rerun on a quiet machine before quoting them.`);
  }

  log("");
  log(
    table(
      ["page JavaScript", "files", "raw", "gzip -9", "as served", "CSS gzip -9", "HTML gzip -9"],
      Object.values(js).map((p) => [
        p.page === "/" ? "home /" : `product ${p.page}`,
        p.fileCount,
        kb(p.rawBytes),
        kb(p.gzipBytes),
        `${kb(p.servedBytes)}${p.uncompressedWhenServed.length === p.fileCount ? " (uncompressed)" : p.uncompressedWhenServed.length ? ` (${p.uncompressedWhenServed.length} uncompressed)` : ""}`,
        kb(p.cssGzipBytes),
        kb(p.html.gzipBytes),
      ]),
      ["l", "r", "r", "r", "r", "r", "r"],
    ),
  );
  log(
    `JS = every same-origin <script src>, <link rel=modulepreload> and inline-module import in the HTML, plus their static\n` +
      `imports; each file gzipped separately with zlib level 9 and summed; 1 KB = ${KB} bytes (as Vite reports). ` +
      `"as served": bytes sent for Accept-Encoding: ${BROWSER_ENCODINGS}.`,
  );
  for (const p of Object.values(js)) {
    if (p.notPreloaded.length) log(`  ${p.page}: ${p.notPreloaded.length} file(s) imported but not modulepreloaded (request waterfall): ${p.notPreloaded.join(", ")}`);
    if (p.uncompressedWhenServed.length) log(`  ${p.page}: ${p.uncompressedWhenServed.length}/${p.fileCount} script(s) served without compression to a browser that accepts gzip/br`);
    if (p.notImmutable.length) log(`  ${p.page}: ${p.notImmutable.length} script(s) without an immutable Cache-Control`);
    if (p.foreignScripts.length) log(`  ${p.page}: other-origin scripts (not counted): ${p.foreignScripts.join(", ")}`);
  }

  const targets = [
    {
      name: `/api/products ≥ ${TARGETS.apiRatio} × bare node:http req/s`,
      value: ratio == null ? null : Number(ratio.toFixed(3)),
      shown: `${num(by.apiProducts.requestsPerSecond)} vs ${num(by.bare.requestsPerSecond)} req/s = ${ratio == null ? "–" : num(ratio, 2)} ×`,
      pass: ratio != null && ratio >= TARGETS.apiRatio,
    },
    ...["home", "product"].map((page) => {
      const cached = by[page];
      const yardstick = by[`bare${page[0].toUpperCase()}${page.slice(1)}`];
      const r = yardstick.requestsPerSecond ? cached.requestsPerSecond / yardstick.requestsPerSecond : null;
      return {
        name: `${page} (page cache) ≥ ${TARGETS.pageRatio} × bare node:http`,
        value: r == null ? null : Number(r.toFixed(3)),
        shown: `${num(cached.requestsPerSecond)} vs ${num(yardstick.requestsPerSecond)} req/s = ${r == null ? "–" : num(r, 2)} ×`,
        pass: r != null && r >= TARGETS.pageRatio,
      };
    }),
    ...[
      ["productRendered", "product", TARGETS.productRenderMicros],
      ["homeRendered", "home", TARGETS.homeRenderMicros],
    ].map(([key, page, limit]) => ({
      name: `${page} rendered ≤ ${limit / 1000} ms server CPU`,
      value: by[key].serverCpuMicrosPerRequest,
      shown: by[key].serverCpuMicrosPerRequest == null ? "–" : `${num(by[key].serverCpuMicrosPerRequest / 1000, 2)} ms`,
      pass: by[key].serverCpuMicrosPerRequest != null && by[key].serverCpuMicrosPerRequest <= limit,
    })),
    {
      name: `${OVERLOAD_CONNECTIONS} conn.: p99 < ${TARGETS.overloadP99Ms / 1000} s, no timeout, RSS < ${TARGETS.overloadRssMb} MB`,
      value: by.overload.latencyMs.p99,
      shown: `p99 ${num(by.overload.latencyMs.p99, 0)} ms, ${by.overload.timeouts} timeouts, ${by.overload.errors} errors, ${by.overload.shed} shed, peak RSS ${by.overload.peakRssMb ?? "–"} MB`,
      pass:
        by.overload.latencyMs.p99 != null &&
        by.overload.latencyMs.p99 < TARGETS.overloadP99Ms &&
        by.overload.timeouts === 0 &&
        by.overload.errors === 0 &&
        (by.overload.peakRssMb ?? 0) < TARGETS.overloadRssMb,
    },
    {
      name: `distinct search p95 ≤ ${TARGETS.distinctSearchP95Ms} ms, p99 ≤ ${TARGETS.distinctSearchP99Ms} ms`,
      value: distinctSearch.p95,
      shown: `p95 ${num(distinctSearch.p95, 2)} ms, p99 ${num(distinctSearch.p99, 2)} ms (${totalProducts?.toLocaleString("en-US") ?? "?"} products)`,
      pass: !distinctSearch.failed && distinctSearch.p95 <= TARGETS.distinctSearchP95Ms && distinctSearch.p99 <= TARGETS.distinctSearchP99Ms,
    },
    {
      name: `search p95 < ${TARGETS.searchP95Ms} ms`,
      value: by.search.latencyMs.p95,
      shown: `${num(by.search.latencyMs.p95, 2)} ms`,
      pass: by.search.latencyMs.p95 != null && by.search.latencyMs.p95 < TARGETS.searchP95Ms,
    },
    {
      name: `home page JS < ${TARGETS.homeJsGzipKb} KB gzip`,
      value: Number((js.home.gzipBytes / KB).toFixed(1)),
      shown: kb(js.home.gzipBytes),
      pass: js.home.gzipBytes < TARGETS.homeJsGzipKb * KB,
    },
    {
      name: `CSV import of ${IMPORT_ROWS.toLocaleString("en-US")} rows < ${TARGETS.csvImportSeconds} s`,
      value: csvImport.importSeconds,
      shown: `${num(csvImport.importSeconds, 2)} s`,
      pass: csvImport.importSeconds < TARGETS.csvImportSeconds,
    },
    ...(dialect === "postgres"
      ? [
          {
            name: `add to cart ≥ ${TARGETS.pgAddToCartPerSecond} req/s (PostgreSQL)`,
            value: by.addToCart.requestsPerSecond,
            shown: `${num(by.addToCart.requestsPerSecond)} req/s`,
            pass: by.addToCart.requestsPerSecond >= TARGETS.pgAddToCartPerSecond,
          },
          {
            // Counted from the answers, so the orders stored must be at least those answered while measured.
            name: `place order ≥ ${TARGETS.pgOrdersPerSecond} orders/s (PostgreSQL)`,
            value: by.checkout.ordersPerSecond,
            shown: `${num(by.checkout.ordersPerSecond)} orders/s, ${ordersStored?.toLocaleString("en-US") ?? "?"} stored`,
            pass: by.checkout.ordersPerSecond >= TARGETS.pgOrdersPerSecond && (ordersStored ?? 0) >= by.checkout.requests / 2,
          },
        ]
      : []),
    {
      name: `analytics ingest ≥ ${TARGETS.analyticsEventsPerSecond.toLocaleString("en-US")} events/s`,
      value: by.analytics.eventsPerSecond,
      shown: `${by.analytics.eventsPerSecond.toLocaleString("en-US")} events/s`,
      pass: by.analytics.eventsPerSecond >= TARGETS.analyticsEventsPerSecond && analyticsStored >= by.analytics.requests * ANALYTICS_BATCH,
    },
  ];
  log(
    `\nShopping (${shoppingIds.length} products, new shopper per cycle): add to cart ${num(by.addToCart.requestsPerSecond)} req/s ` +
      `(p95 ${num(by.addToCart.latencyMs.p95, 2)} ms); place order ${num(by.checkout.ordersPerSecond)} orders/s ` +
      `(each after its add to cart; p95 of both ${num(by.checkout.latencyMs.p95, 2)} ms); ` +
      `${ordersStored?.toLocaleString("en-US") ?? "?"} orders stored during warm-up and measurement.`,
  );
  log(
    `Pages: home ${num(by.home.requestsPerSecond)} req/s from the page cache (bare ${num(by.bareHome.requestsPerSecond)}), rendered ${num(by.homeRendered.requestsPerSecond)} req/s at ` +
      `${num((by.homeRendered.serverCpuMicrosPerRequest ?? 0) / 1000, 2)} ms CPU; product ${num(by.product.requestsPerSecond)} req/s cached (bare ${num(by.bareProduct.requestsPerSecond)}), ` +
      `rendered ${num(by.productRendered.requestsPerSecond)} req/s at ${num((by.productRendered.serverCpuMicrosPerRequest ?? 0) / 1000, 2)} ms CPU.\n` +
      `Spike (${OVERLOAD_CONNECTIONS} connections at the rendered home page): ${num(by.overload.requestsPerSecond)} req/s answered 200, p50 ${num(by.overload.latencyMs.p50, 0)} ms, ` +
      `p99 ${num(by.overload.latencyMs.p99, 0)} ms, max ${num(by.overload.latencyMs.max, 0)} ms; ${by.overload.shed.toLocaleString("en-US")} shed (503), ` +
      `${by.overload.timeouts} timeouts, ${by.overload.errors} errors; server peak RSS ${by.overload.peakRssMb ?? "–"} MB.`,
  );
  log(
    `Site analytics: ${by.analytics.eventsPerSecond.toLocaleString("en-US")} events/s accepted (${num(by.analytics.requestsPerSecond)} batches of ${ANALYTICS_BATCH}/s, ` +
      `p95 ${num(by.analytics.latencyMs.p95, 2)} ms); ${analyticsStored?.toLocaleString("en-US") ?? "?"} events in the database after warm-up and measurement ` +
      `(${(by.analytics.requests * ANALYTICS_BATCH).toLocaleString("en-US")} accepted while measured).`,
  );
  log(
    `Catalogue admin (as an administrator): product list "${term}" + filters ${num(by.adminList.requestsPerSecond)} req/s, ` +
      `p95 ${num(by.adminList.latencyMs.p95, 2)} ms; product save (PATCH, one after another) p50 ${num(saves.latencyMs.p50, 2)} ms, ` +
      `p95 ${num(saves.latencyMs.p95, 2)} ms; CSV import of ${csvImport.importRows.toLocaleString("en-US")} rows ` +
      `(${csvImport.created.toLocaleString("en-US")} new products) ${num(csvImport.importSeconds, 2)} s, export of ${csvImport.exportRows.toLocaleString("en-US")} rows ${num(csvImport.exportSeconds, 2)} s.`,
  );

  log(
    `Order desk (${DESK_ORDERS.toLocaleString("en-US")} orders): list "${DESK_SEARCH}" in the pending tab ${num(by.orderList.requestsPerSecond)} req/s, ` +
      `p50 ${num(by.orderList.latencyMs.p50, 2)} ms, p95 ${num(by.orderList.latencyMs.p95, 2)} ms; bulk move of ${bulkMove.orders} orders ${num(bulkMove.seconds, 2)} s.`,
  );
  log(`Sales report (a year of ${DESK_ORDERS.toLocaleString("en-US")} orders, by month): ${num(by.salesReport.requestsPerSecond)} req/s, p50 ${num(by.salesReport.latencyMs.p50, 2)} ms, p95 ${num(by.salesReport.latencyMs.p95, 2)} ms.`);
  log(`Dashboard (30 days against the 30 before, ${DESK_ORDERS.toLocaleString("en-US")} orders): ${num(by.dashboard.requestsPerSecond)} req/s, p50 ${num(by.dashboard.latencyMs.p50, 2)} ms, p95 ${num(by.dashboard.latencyMs.p95, 2)} ms.`);

  step("Targets (DESIGN.md, Speed budget)");
  for (const t of targets) log(`  ${t.pass ? "PASS" : "MISS"}  ${t.name.padEnd(44)} ${t.shown}`);

  // The spike's 503s are the shedding it measures, not failures.
  const failures = results.filter((r) => (r.key === "overload" ? r.failedResponses - r.shed : r.failedResponses) || r.errors || r.timeouts || !r.requests);
  const report = {
    date: new Date().toISOString(),
    commit: git(["rev-parse", "--short", "HEAD"]),
    dirtyWorkingTree: (git(["status", "--porcelain", "--untracked-files=no"]) ?? "") !== "",
    machine: { loadAverageAtStart: loadAtStart, maxOtherCpuPercent: noisiest, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 1e9), node: process.version, platform: `${os.platform()} ${os.release()}` },
    setup: {
      database: dialect,
      productsSeeded: productCount,
      productsActive: totalProducts,
      connections,
      durationSeconds: duration,
      warmupSeconds: warmup,
      acceptEncoding: acceptEncoding || null,
      loadGenerator: "autocannon 8 in the benchmark process; server and bare server in their own processes, same machine",
      gzip: "zlib level 9, per file, summed",
      kilobyte: KB,
      buildSeconds,
      seedSeconds,
      searchTerm: term,
      productSlug: slug,
      seedCommand: ["npx", "tsx", seedScript, "--products", String(productCount), ...opts["seed-arg"]].join(" "),
    },
    results,
    ratioApiProductsToBare: ratio,
    ratioApiProductsToBareByCpuPerRequest: cpuRatio,
    javascript: js,
    shopping: { productIds: shoppingIds, ordersStored, ordersPerSecond: by.checkout.ordersPerSecond, addToCartPerSecond: by.addToCart.requestsPerSecond },
    analytics: { batch: ANALYTICS_BATCH, eventsPerSecond: by.analytics.eventsPerSecond, eventsStored: analyticsStored },
    distinctSearch,
    catalogueAdmin: { listPath: adminListPath(term), listP95Ms: by.adminList.latencyMs.p95, listRequestsPerSecond: by.adminList.requestsPerSecond, saves, csvImport },
    orderDesk: { orders: DESK_ORDERS, seeded: deskSeed, listPath: orderListPath(), listP95Ms: by.orderList.latencyMs.p95, listRequestsPerSecond: by.orderList.requestsPerSecond, bulkMove },
    salesReport: { orders: DESK_ORDERS, path: salesReportPath(), p50Ms: by.salesReport.latencyMs.p50, p95Ms: by.salesReport.latencyMs.p95, requestsPerSecond: by.salesReport.requestsPerSecond },
    dashboard: { orders: DESK_ORDERS, path: DASHBOARD_PATH, p50Ms: by.dashboard.latencyMs.p50, p95Ms: by.dashboard.latencyMs.p95, requestsPerSecond: by.dashboard.requestsPerSecond },
    targets,
  };
  const jsonPath = path.resolve(opts.json ?? path.join(os.tmpdir(), `shop-bench-results-${report.date.replace(/[:.]/g, "-")}.json`));
  fs.writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`);
  log(`\nResults written to ${jsonPath}`);
  log(`Total time ${num((performance.now() - t0) / 1000, 0)} s`);

  if (failures.length) {
    console.error(`\n✗ Benchmark invalid: failed responses or errors under load on ${failures.map((f) => f.label).join(", ")} (statuses ${failures.map((f) => JSON.stringify(f.statuses)).join(", ")}).`);
    console.error(`Server log (tail):\n${logTail(server.logFile, 20)}`);
    return 1;
  }
  return 0;
}

main()
  .then(
    (code) => code,
    (err) => {
      if (!interrupted) console.error(`\n✗ Benchmark failed: ${err instanceof BenchError ? err.message : (err.stack ?? err)}`);
      return 1;
    },
  )
  .then(async (code) => {
    if (interrupted) return; // the signal handler cleans up and exits
    await cleanup();
    process.exit(code);
  });
