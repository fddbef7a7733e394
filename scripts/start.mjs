#!/usr/bin/env node
// `npm start`: builds the app when the build is missing or older than the sources, then serves it.
// The server migrates the database and seeds the demo shop on first run (see server/bootstrap.ts).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

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
if (builtAt < Math.max(...sources.map(newestMtime))) {
  console.log(builtAt ? "Sources changed since the last build: rebuilding…" : "First start: building the shop…");
  const r = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit", env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

process.env.NODE_ENV ??= "production";
await import(path.join(root, "server.mjs"));
