#!/usr/bin/env node
// `npm start`: builds the app when the build is missing or older than the sources, then serves it.
// The server migrates the database and seeds the demo shop on first run (see server/bootstrap.ts).
// It prints a line per step (scripts/start-output.mjs); `npm start -- --verbose` prints the
// build's output and the server's JSON log as they come.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { keepBuildLine } from "./build-output.mjs";
import { describeStream, failedOutput, runQuietly } from "./start-output.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const builtFile = path.join(buildDir, "server/index.js");
const verbose = process.argv.includes("--verbose");

function newestMtime(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

const sources = ["app", "common", "server", "public", "vite.config.ts", "react-router.config.ts", "package.json"].map((p) => path.join(root, p));
const builtAt = fs.statSync(builtFile, { throwIfNoEntry: false })?.mtimeMs ?? 0;

/** Runs the production build, passing its output on line by line without React Router's envFile warning. */
function buildVerbosely() {
  const colours = process.stdout.isTTY && !("NO_COLOR" in process.env) ? { FORCE_COLOR: "1" } : {};
  const child = spawn("npx", ["react-router", "build"], { cwd: root, stdio: ["inherit", "pipe", "pipe"], env: { ...process.env, ...colours } });
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    readline.createInterface({ input: from, crlfDelay: Infinity }).on("line", (line) => {
      if (keepBuildLine(line)) to.write(`${line}\n`);
    });
  }
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}

/** Runs the production build with one line of output, and all of it when it fails. */
async function buildQuietly() {
  const started = performance.now();
  process.stdout.write(builtAt ? "Building the shop (its sources changed)… " : "Building the shop… ");
  const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "shop-build-")), "build.log");
  const status = await runQuietly("npx", ["react-router", "build"], { cwd: root, logFile });
  if (status !== 0) {
    process.stdout.write("failed:\n");
    process.stderr.write(`${failedOutput(logFile)}\n`);
  } else {
    process.stdout.write(`done (${Math.round((performance.now() - started) / 1000)} s)\n`);
  }
  return status;
}

if (builtAt < Math.max(...sources.map(newestMtime))) {
  if (verbose) console.log(builtAt ? "Sources changed since the last build: rebuilding…" : "First start: building the shop…");
  const status = verbose ? await buildVerbosely() : await buildQuietly();
  if (status !== 0) process.exit(status);
}

process.env.NODE_ENV ??= "production";
if (verbose) {
  await import(path.join(root, "server.mjs"));
} else {
  // The server in a process of its own, so its log can be read and told in words.
  const roleArgs = process.argv.filter((a) => a.startsWith("--role="));
  const server = spawn(process.execPath, [path.join(root, "server.mjs"), ...roleArgs], {
    cwd: process.cwd(),
    env: process.env,
    stdio: ["inherit", "pipe", "pipe"],
  });
  describeStream(server.stdout, process.stdout);
  describeStream(server.stderr, process.stderr);
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
  server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}
