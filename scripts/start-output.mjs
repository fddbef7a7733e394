// What `npm start` prints (scripts/start.mjs): a line per step of the start-up, read from the
// server's JSON log, instead of the build's hundred lines and the log itself. `--verbose` shows
// everything as it comes.
import { spawn } from "node:child_process";
import fs from "node:fs";
import readline from "node:readline";
import { keepBuildLine } from "./build-output.mjs";

const DATABASES = { sqlite: "SQLite", postgres: "PostgreSQL" };
const plural = (n, word) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;

/** The human line for one event of the server's log at start-up, by its message; null hides it. */
const STEPS = {
  "migrated the database": (e) => `Database (${DATABASES[e.database] ?? e.database}): ${plural(e.applied, "migration")} applied`,
  "the database is up to date": (e) => `Database (${DATABASES[e.database] ?? e.database}): up to date`,
  "seeding the demo shop": () => "Seeding the demo shop…",
  "seeded the demo shop": (e) =>
    `Seeded the demo shop: ${plural(e.products, "product")} in ${plural(e.categories, "category").replace(/ys$/, "ies")}, ${plural(e.images?.distinct ?? 0, "picture")} (${(e.ms / 1000).toFixed(1)} s)`,
  "pictures are kept in the object store": (e) => `Pictures: ${e.storage}, shown from ${e.publicUrl}`,
  "administrator from ADMIN_EMAIL": (e) => `Administrator: ${e.email} (${e.result})`,
  "no SMTP_URL: mails (sign-up, sign-in links, password resets) are logged and written to the outbox folder": (e) =>
    `Mail: no SMTP_URL, so mails are written to ${e.outbox}`,
  "shop is listening": (e) => `Listening on ${e.url}  (the whole log: npm start -- --verbose)`,
  "shutting down": () => "Shutting down…",
};

/**
 * What `npm start` prints for one line the server wrote: a step of the start-up in words, a
 * warning or an error in one line, a line that is not JSON (the demo administrator's credentials,
 * a crash) as it is; null for the rest of the log (requests, progress), which `--verbose` shows.
 */
export function describeServerLine(line) {
  if (!line.trim()) return null;
  let event;
  try {
    event = JSON.parse(line);
  } catch {
    return line;
  }
  if (!event || typeof event !== "object" || typeof event.msg !== "string") return line;
  const step = STEPS[event.msg];
  if (step) return step(event);
  if (event.level >= 50) return `Error: ${event.msg}${event.err?.message ? `: ${event.err.message}` : ""}`;
  if (event.level >= 40) return `Warning: ${event.msg}`;
  return null;
}

/**
 * Runs a command with its output kept in `logFile` instead of the console, and resolves with its
 * exit code; `showOnFailure` then prints that output (without React Router's envFile warning).
 */
export function runQuietly(command, args, { logFile, env = process.env, cwd } = {}) {
  const out = fs.openSync(logFile, "w");
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", out, out] });
  return new Promise((resolve) =>
    child.on("close", (code) => {
      fs.closeSync(out);
      resolve(code ?? 1);
    }),
  );
}

/** The lines of a quiet run's log that are worth showing when it failed. */
export function failedOutput(logFile) {
  return fs
    .readFileSync(logFile, "utf8")
    .split("\n")
    .filter((line) => keepBuildLine(line))
    .join("\n");
}

/** Passes each line of a child's output stream through `describeServerLine` to `to`. */
export function describeStream(from, to) {
  readline.createInterface({ input: from, crlfDelay: Infinity }).on("line", (line) => {
    const shown = describeServerLine(line);
    if (shown !== null) to.write(`${shown}\n`);
  });
}
