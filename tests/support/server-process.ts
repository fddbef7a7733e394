import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface ShopProcess {
  base: string;
  pid: number;
  /** The process's resident memory now, in MB (Linux /proc). */
  rssMb(): number;
  /** The most resident memory the process has had since it started, in MB. */
  peakRssMb(): number;
  stop(): Promise<void>;
  /** Whether the process has a TCP connection of its own from `localPort` (Linux /proc): which process a server's client is. */
  ownsConnectionFrom(localPort: number): boolean;
  /** Kills the process at once (SIGKILL: no shutdown, nothing finished) and waits for it to be gone. */
  kill(): Promise<void>;
}

const script = fileURLToPath(new URL("./shop-process.ts", import.meta.url));

/** Reads one `Vm…: N kB` line of /proc/PID/status, in MB. */
function statusMb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
  return Math.round(kb / 1024);
}

/** The inodes of the sockets with this local port (IPv4 and IPv6 tables of /proc/net). */
function socketsOfPort(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of fs.readFileSync(table, "utf8").trim().split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (Number.parseInt(fields[1]!.split(":")[1]!, 16) === port) inodes.add(fields[9]!);
    }
  }
  return inodes;
}

/** Whether one of the process's open files is one of these sockets. */
function holdsSocket(pid: number, inodes: Set<string>): boolean {
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    const target = (() => {
      try {
        return fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        return ""; // closed since the listing
      }
    })();
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode && inodes.has(inode)) return true;
  }
  return false;
}

/**
 * Starts the shop's API in a process of its own on `databaseUrl` (a test database), listening on
 * a free port of 127.0.0.1, and resolves once it listens.
 */
export async function startShopProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ShopProcess> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-process-"));
  let output = "";
  const child: ChildProcess = fork(script, [], {
    execArgv: ["--import", "tsx"],
    env: {
      ...process.env,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      PORT: "0",
      DATABASE_URL: databaseUrl,
      UPLOADS_DIR: path.join(dir, "uploads"),
      // Pictures in the folder above, even where the developer's environment names an object store.
      STORAGE_URL: "",
      MAIL_OUTBOX_DIR: path.join(dir, "outbox"),
      SEED_ON_EMPTY: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the shop process did not listen within 60 s:\n${output}`)), 60_000);
    child.once("message", (m: { port: number }) => {
      clearTimeout(timer);
      resolve(m.port);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the shop process exited (${code}) before it listened:\n${output}`));
    });
  });
  const pid = child.pid!;
  return {
    base: `http://127.0.0.1:${port}`,
    pid,
    rssMb: () => statusMb(pid, "VmRSS"),
    peakRssMb: () => statusMb(pid, "VmHWM"),
    ownsConnectionFrom: (localPort) => holdsSocket(pid, socketsOfPort(localPort)),
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGKILL");
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
