// `npm run db:migrate`: brings the database named by DATABASE_URL up to the latest schema.
import { openDatabase } from "../server/db/database";
import { migrateToLatest } from "../server/migrations/migrate";
import { loadEnv } from "../server/lib/env";

/** A database URL fit for printing: the file for SQLite, the server and database without password for PostgreSQL. */
function describeDatabase(url: string): string {
  if (url.startsWith("file:")) return `SQLite ${url.slice("file:".length)}`;
  const u = new URL(url);
  return `PostgreSQL ${u.host}${u.pathname}`;
}

async function main(): Promise<void> {
  const env = loadEnv();
  const db = openDatabase(env.DATABASE_URL);
  try {
    await migrateToLatest(db);
    console.log(`Database is up to date: ${describeDatabase(env.DATABASE_URL)}`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
