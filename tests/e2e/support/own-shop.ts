// A shop server of a test's own, on its own SQLite database, for data or settings the shared
// browser-test server (the demo shop) does not have: the production build, no demo seed; the
// test fills the database once the server has migrated it.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
import { type Db, openDatabase } from "#server/db/database";

export interface OwnShop {
  base: string;
  stop(): void;
}

/** Starts the shop on a free-ish port with an empty, migrated database, lets `fill` write to it, and returns its base URL. */
export async function startOwnShop(name: string, fill: (db: Db) => Promise<void>, env: Record<string, string> = {}): Promise<OwnShop> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-${name}-`));
  const dbFile = path.join(dir, "shop.db");
  const port = 4800 + Math.floor(Math.random() * 800);
  const base = `http://127.0.0.1:${port}`;
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["server.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATABASE_URL: `file:${dbFile}`,
      UPLOADS_DIR: path.join(dir, "uploads"),
      // Pictures in the folder above, even where the developer's environment names an object store.
      STORAGE_URL: "",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      SEED_ON_EMPTY: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  await expect.poll(async () => (await fetch(`${base}/healthz`).catch(() => null))?.status, { timeout: 30_000, message: output }).toBe(200);
  const db = openDatabase(`file:${dbFile}`);
  try {
    await fill(db);
  } finally {
    await db.close();
  }
  return {
    base,
    stop() {
      child.kill("SIGKILL");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
