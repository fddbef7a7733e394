import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase, toIso } from "./database";
import { createTestDb } from "#tests/support/test-shop";

describe("database", () => {
  it("normalises timestamps from either engine to ISO strings", () => {
    expect(toIso(new Date("2026-01-02T03:04:05.000Z"))).toBe("2026-01-02T03:04:05.000Z");
    expect(toIso("2026-01-02 03:04:05")).toBe("2026-01-02T03:04:05.000Z");
    expect(toIso(null)).toBeNull();
  });

  // Opens its own SQLite file, so it runs in both projects.
  it("opens SQLite in WAL mode with synchronous=FULL, so an acknowledged commit survives a power cut", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-pragma-"));
    const db = openDatabase(`file:${path.join(dir, "shop.db")}`);
    try {
      const journal = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(db.kysely);
      expect(journal.rows[0].journal_mode).toBe("wal");
      const sync = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db.kysely);
      expect(sync.rows[0].synchronous).toBe(2); // 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(process.env.TEST_DB === "postgres")("survives the server ending an idle connection and reconnects", async () => {
    const test = await createTestDb();
    const errors: Error[] = [];
    const db = openDatabase(test.url, { onIdleError: (e) => errors.push(e) });
    try {
      await sql`select 1`.execute(db.kysely);
      const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
      await admin.connect();
      const dbName = new URL(test.url).pathname.slice(1);
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [dbName]);
      await admin.end();
      await expect.poll(() => errors.length).toBeGreaterThan(0);
      const { rows } = await sql<{ n: number }>`select 2 as n`.execute(db.kysely);
      expect(rows[0].n).toBe(2);
    } finally {
      await db.close();
      await test.drop();
    }
  });
});
