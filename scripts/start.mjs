#!/usr/bin/env node
// `npm start`: builds the app when the build is missing or older than the sources, then serves it.
// The server migrates the database and seeds the demo shop on first run (see server/bootstrap.ts).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { keepBuildLine } from "./build-output.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const builtFile = path.join(buildDir, "server/index.js");

function newestMtime(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

const sources = ["app", "server", "public", "vite.config.ts", "react-router.config.ts", "package.json"].map((p) => path.join(root, p));
const builtAt = fs.statSync(builtFile, { throwIfNoEntry: false })?.mtimeMs ?? 0;

/** Runs the production build, passing its output on line by line without React Router's envFile warning. */
function build() {
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

if (builtAt < Math.max(...sources.map(newestMtime))) {
  console.log(builtAt ? "Sources changed since the last build: rebuilding…" : "First start: building the shop…");
  const status = await build();
  if (status !== 0) process.exit(status);
}

process.env.NODE_ENV ??= "production";
await import(path.join(root, "server.mjs"));
