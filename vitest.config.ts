import os from "node:os";
import { defineConfig } from "vitest/config";

// The same suite runs once per database: SQLite always, PostgreSQL when TEST_POSTGRES_URL is set
// (scripts/test.mjs sets it when a server answers on 127.0.0.1:5432).
const databases = ["sqlite", ...(process.env.TEST_POSTGRES_URL ? ["postgres"] : [])];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine. The
    // files spend most of their time waiting on the databases and the disk, so one more worker
    // than cores keeps the cores busy (measured on 2 cores: 455 s with 1 worker, 255 s with 3).
    maxWorkers: os.availableParallelism() + 1,
    // A worker keeps the modules it has loaded from one test file to the next instead of loading
    // the server (better-auth, Kysely, the AWS SDK, React) again for each: most of a file's time
    // was that import. Every test builds its own shop (tests/support/test-shop.ts) on its own
    // database, and no test replaces a module, so nothing a file changes reaches the next.
    isolate: false,
    projects: databases.map((db) => ({
      extends: true,
      test: {
        name: db,
        env: { TEST_DB: db },
        // The pages' and the shared rules' own tests touch no database (but for the privacy page's,
        // which renders from a test shop): they run once, with SQLite.
        include:
          db === "sqlite"
            ? ["server/**/*.test.{ts,tsx}", "common/**/*.test.ts", "app/**/*.test.{ts,tsx}", "tests/api/**/*.test.ts", "scripts/**/*.test.ts"]
            : ["server/**/*.test.{ts,tsx}", "app/routes/privacy-policy.test.tsx", "tests/api/**/*.test.ts", "scripts/**/*.test.ts"],
        // One migrated SQLite file, copied for each SQLite test (tests/support/template-db.ts).
        globalSetup: ["tests/support/template-db.ts"],
        testTimeout: 20_000,
        hookTimeout: 60_000,
      },
    })),
  },
});
