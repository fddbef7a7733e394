import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../server/db/database";
import { migrateToLatest } from "../../server/migrations/migrate";

declare module "vitest" {
  interface ProvidedContext {
    /** A migrated SQLite file that each test database starts as a copy of. */
    sqliteTemplate: string;
  }
}

/**
 * Migrates one SQLite file before the workers start, so each SQLite test database is a copy of it
 * instead of running every migration again; removed when the project's files have run.
 * PostgreSQL's test databases still migrate each: CREATE DATABASE … TEMPLATE of a migrated
 * database copied and logged every page, no quicker than the migrations.
 */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB === "postgres") return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-template-"));
  const file = path.join(dir, "shop.db");
  const db = openDatabase(`file:${file}`);
  await migrateToLatest(db);
  // Closing folds the write-ahead log into the file: the file alone is the whole database.
  await db.close();
  project.provide("sqliteTemplate", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
