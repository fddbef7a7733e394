// The bench's own housekeeping: its temporary directory, the child processes it starts (build,
// seed, server, bare servers), the benchmark database it creates, and removing all of them at the
// end, on failure or on Ctrl-C, so nothing outlives the run.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** An expected failure: reported by its message alone, without a stack trace. */
export class BenchError extends Error {}

export const log = (msg) => console.log(msg);
export const step = (msg) => console.log(`\n▶ ${msg}`);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const children = new Set();
let tmpDir = null;
let keepTmpDir = false;
let dropDatabase = null;
let currentLoad = null;
let cleaning = null;
let interrupted = false;

/** Creates the run's temporary directory, with the project's node_modules linked in. */
export function makeTempDir() {
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-"));
  // The server bundle imports its dependencies by bare name: let them resolve from the temp dir.
  fs.symlinkSync(path.join(root, "node_modules"), path.join(tmpDir, "node_modules"), "dir");
  return tmpDir;
}

export const tempDir = () => tmpDir;
export const isInterrupted = () => interrupted;
/** Registers how to drop the benchmark database at clean-up. */
export const onCleanupDropDatabase = (fn) => {
  dropDatabase = fn;
};
/** The autocannon run in progress, stopped by clean-up. */
export const setCurrentLoad = (instance) => {
  currentLoad = instance;
};

/** Spawns a child in its own process group (so npx/tsx grandchildren go with it), output to a log file. */
export function spawnChild(name, cmd, args, { env, ipc = false } = {}) {
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

export function logTail(file, lines = 40) {
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

export async function stopChild(child) {
  if (child.exitCode === null && child.signalCode === null) {
    killGroup(child, "SIGTERM");
    const timedOut = await Promise.race([child.exited.then(() => false), sleep(5000).then(() => true)]);
    if (timedOut) log(`  ${child.label} did not stop on SIGTERM within 5 s: killed`);
  }
  killGroup(child, "SIGKILL"); // whatever is left of its process group
  await child.exited;
}

/** Runs a command to completion; throws with the tail of its output when it fails. */
export async function runStep(name, cmd, args, env) {
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

/** Stops the load and the children, drops the database and removes the temporary directory (once). */
export function cleanup() {
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
      if (keepTmpDir) log(`Kept the temporary directory ${tmpDir}`);
      else fs.rmSync(tmpDir, { recursive: true, force: true });
    }
  })();
  return cleaning;
}

/** Cleans up on SIGINT, SIGTERM and SIGHUP, and kills any child left when the process exits. */
export function installCleanup({ keep }) {
  keepTmpDir = keep;
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
    if (tmpDir && !keepTmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  });
}
