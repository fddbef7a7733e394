import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumPath } from "./scripts/chromium-path.mjs";
import { BASE_URL, E2E_ADMIN, E2E_PORT } from "./tests/e2e/support/ports";

const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `shop-e2e-${process.pid}`);

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // CI machines run two parts at once on two cores, where the longest journeys (a reset by mail,
  // a listing walked through with an accessibility check per step) pass alone in 20–25 s.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: BASE_URL,
    // A trace is recorded for a failed test's retry only: recording every test's cost about a
    // tenth of a run's time, for traces of passing tests that were thrown away.
    trace: "on-first-retry",
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    // The production build on a fresh database, seeded with the demo shop on start, behind a local
    // SMTP capture server and OpenID Connect provider that the launcher starts first. (A
    // globalSetup would be too late: Playwright starts its webServer before globalSetup runs.)
    command: `npx tsx tests/e2e/support/e2e-shop.ts`,
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: BASE_URL,
      E2E_DATA_DIR: dataDir,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? `file:${path.join(dataDir, "shop.db")}`,
      UPLOADS_DIR: path.join(dataDir, "uploads"),
      // Pictures in the folder above, even where the developer's environment names an object store.
      STORAGE_URL: "",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      AUTH_SECRET: "e2e-only-secret-0123456789abcdef0123456789",
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Every test signs in from 127.0.0.1: the per-IP limit would make them depend on each other.
      // The per-e-mail limit (AUTH_EMAIL_RATE_LIMIT, default 5 per 15 minutes) stays and is tested.
      AUTH_RATE_LIMIT: "10000",
      // Every order comes from 127.0.0.1 too; the per-contact limits stay (each test orders as its own contact).
      ORDER_LIMIT_PER_IP: "10000/10m",
      // The contact form's limit per IP (5 in 10 minutes) would count every spec's messages from
      // 127.0.0.1 together; tests/api/content.test.ts checks it.
      CONTACT_RATE_LIMIT: "1000",
      // Every spec's search-as-you-type comes from 127.0.0.1 too; tests/api/search.test.ts checks the limit.
      SEARCH_LIMIT_PER_IP: "100000/1m",
      // The webhooks spec's receiver listens on 127.0.0.1, which production refuses by default.
      WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "true",
    },
  },
});
