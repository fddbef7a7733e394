import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { setUpAdministrators } from "../../server/flows/admin-setup";
import type { AuthTables } from "../../server/db/auth-tables";
import { resolveAuthSecret } from "../../server/auth/secret";
import pino from "pino";
import { withReachableOidc } from "../../server/auth/providers";
import { loadEnv } from "../../server/lib/env";
import { createLogger } from "../../server/lib/logger";
import { createServices } from "../../server/wiring/services";
import { browser, createAccount } from "../support/auth-browser";
import { type TestShop, createTestDb, createTestShop } from "../support/test-shop";

const silent = createLogger("silent");

describe("AUTH_SECRET", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-secret-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("is used as given, and refused when shorter than 32 characters", () => {
    expect(resolveAuthSecret(loadEnv({ AUTH_SECRET: "s".repeat(40) }), silent)).toBe("s".repeat(40));
    expect(() => loadEnv({ AUTH_SECRET: "too-short" })).toThrow(/AUTH_SECRET: must be at least 32 characters/);
  });

  it("in development is derived from DATABASE_URL: stable across restarts, different per database", () => {
    const a = resolveAuthSecret(loadEnv({ NODE_ENV: "development", DATABASE_URL: "file:./a.db" }), silent);
    expect(a).toBe(resolveAuthSecret(loadEnv({ NODE_ENV: "development", DATABASE_URL: "file:./a.db" }), silent));
    expect(a).not.toBe(resolveAuthSecret(loadEnv({ NODE_ENV: "development", DATABASE_URL: "file:./b.db" }), silent));
    expect(a.length).toBeGreaterThanOrEqual(32);
  });

  it("in production without AUTH_SECRET is generated once, kept beside the database and reused", () => {
    const env = loadEnv({ NODE_ENV: "production", DATABASE_URL: `file:${path.join(dir, "shop.db")}` });
    const first = resolveAuthSecret(env, silent);
    const file = path.join(dir, "auth-secret");
    expect(fs.readFileSync(file, "utf8").trim()).toBe(first);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret(env, silent)).toBe(first);
    expect(first.length).toBeGreaterThanOrEqual(32);
  });
});

describe("the first administrator", () => {
  let shop: TestShop;
  const users = () => shop.db.kysely.withTables<AuthTables>().selectFrom("users");
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop?.close());
  afterEach(() => vi.restoreAllMocks());

  it("ADMIN_EMAIL with ADMIN_PASSWORD creates a confirmed admin who can sign in", async () => {
    await setUpAdministrators(shop.services, { ...shop.env, ADMIN_EMAIL: "Owner@Example.com", ADMIN_PASSWORD: "owner-password-1" }, silent);
    const row = await users().select(["role", "email_verified"]).where("email", "=", "owner@example.com").executeTakeFirstOrThrow();
    expect(row.role).toBe("admin");
    expect(Boolean(row.email_verified)).toBe(true);
    const signIn = await browser(shop).post("/api/auth/sign-in/email", { email: "owner@example.com", password: "owner-password-1" });
    expect(signIn.status).toBe(200);
    // A second start changes nothing.
    expect(await shop.services.auth.ensureAdmin("owner@example.com", "owner-password-1")).toBe("unchanged");
  });

  it("promotes an existing confirmed account and keeps its password", async () => {
    await createAccount(shop, { email: "manager@example.com", password: "manager-password" });
    expect(await shop.services.auth.ensureAdmin("manager@example.com", undefined)).toBe("promoted");
    expect((await users().select("role").where("email", "=", "manager@example.com").executeTakeFirstOrThrow()).role).toBe("admin");
    expect((await browser(shop).post("/api/auth/sign-in/email", { email: "manager@example.com", password: "manager-password" })).status).toBe(200);
  });

  it("does not hand the admin role to someone who registered the address first without confirming it", async () => {
    await browser(shop).post("/api/auth/sign-up/email", { email: "boss@example.com", password: "squatter-password", name: "Squatter" });
    expect(await shop.services.auth.ensureAdmin("boss@example.com", undefined)).toBe("skipped");
    expect((await users().select("role").where("email", "=", "boss@example.com").executeTakeFirstOrThrow()).role).toBe("customer");
    // With ADMIN_PASSWORD the operator takes the account over: the squatter's password is gone.
    expect(await shop.services.auth.ensureAdmin("boss@example.com", "the-operators-password")).toBe("promoted");
    expect((await browser(shop).post("/api/auth/sign-in/email", { email: "boss@example.com", password: "squatter-password" })).status).toBe(401);
    expect((await browser(shop).post("/api/auth/sign-in/email", { email: "boss@example.com", password: "the-operators-password" })).status).toBe(200);
  });

  it("ADMIN_EMAIL without ADMIN_PASSWORD and without an account is skipped", async () => {
    expect(await shop.services.auth.ensureAdmin("ghost@example.com", undefined)).toBe("skipped");
    expect(await users().select("id").where("email", "=", "ghost@example.com").execute()).toEqual([]);
  });
});

describe("the demo administrator", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ SEED_ON_EMPTY: "true" });
    await shop.services.content.saveSettings({ siteName: "Marigold Market", contactEmail: "hello@marigold.example" });
  });
  afterAll(() => shop?.close());

  it("is created once for a demo shop without admins, and its credentials printed on one console line", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await setUpAdministrators(shop.services, shop.env, silent);
    const printed = log.mock.calls.map((c) => String(c[0])).join("\n");
    const match = /Demo administrator: (admin@marigold\.example) {2}password: (\S+)/.exec(printed);
    expect(match).not.toBeNull();
    const signIn = await browser(shop).post("/api/auth/sign-in/email", { email: match![1], password: match![2] });
    expect(signIn.status).toBe(200);
    expect((await signIn.json()).user.role).toBe("admin");

    log.mockClear();
    await setUpAdministrators(shop.services, shop.env, silent);
    const again = log.mock.calls.map((c) => String(c[0])).join("\n");
    expect(again).toContain("Demo administrator: admin@marigold.example  (password shown on the first start");
    expect(again).not.toContain(match![2]!);
    log.mockRestore();
  });

  it("is not created for a shop that is not a demo (SEED_ON_EMPTY=false)", async () => {
    const other = await createTestShop({ SEED_ON_EMPTY: "false" });
    try {
      await setUpAdministrators(other.services, other.env, silent);
      expect(await other.db.kysely.withTables<AuthTables>().selectFrom("users").select("id").execute()).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe("an OpenID Connect issuer that never answers", () => {
  it("does not hold up the start: the shop starts without that provider", async () => {
    const net = await import("node:net");
    const sockets: import("node:net").Socket[] = [];
    const server = net.createServer((s) => sockets.push(s)); // accepts, never answers
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    const port = (server.address() as { port: number }).port;
    try {
      const env = loadEnv({ OIDC_ISSUER: `http://127.0.0.1:${port}`, OIDC_CLIENT_ID: "id", OIDC_CLIENT_SECRET: "secret" });
      const errors: string[] = [];
      const started = Date.now();
      const checked = await withReachableOidc(env, { error: (_o, msg) => errors.push(msg) }, 300);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(checked.OIDC_ISSUER).toBeUndefined();
      expect(errors[0]).toMatch(/did not answer/);
      const refused = await withReachableOidc(
        loadEnv({ OIDC_ISSUER: "http://127.0.0.1:9", OIDC_CLIENT_ID: "id", OIDC_CLIENT_SECRET: "secret" }),
        { error: () => {} },
        300,
      );
      expect(refused.OIDC_ISSUER).toBe("http://127.0.0.1:9");
    } finally {
      for (const s of sockets) s.destroy();
      server.close();
    }
  });
});

describe("a sign-in provider configured only in part", () => {
  /** The start-up warnings of a shop built with this environment, as the process log writes them. */
  async function startUpWarnings(vars: Record<string, string>) {
    const testDb = await createTestDb();
    const lines: Array<{ level: number; msg: string }> = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    try {
      const services = createServices(testDb.db, loadEnv({ NODE_ENV: "test", DATABASE_URL: testDb.url, ...vars }), { logger });
      return { warnings: lines.filter((l) => l.level === 40).map((l) => l.msg), providers: services.auth.providers.map((p) => p.id) };
    } finally {
      await testDb.drop();
    }
  }

  it("is left out, and the start-up log names the variable that is missing", async () => {
    const { warnings, providers } = await startUpWarnings({
      GOOGLE_CLIENT_ID: "google-id",
      GITHUB_CLIENT_SECRET: "github-secret",
      FACEBOOK_CLIENT_ID: "facebook-id",
      FACEBOOK_CLIENT_SECRET: "facebook-secret",
      OIDC_ISSUER: "https://sso.example.com",
      OIDC_CLIENT_ID: "oidc-id",
    });
    expect(providers).toEqual(["facebook"]);
    expect(warnings).toContain("Google sign-in is off: GOOGLE_CLIENT_SECRET is not set");
    expect(warnings).toContain("GitHub sign-in is off: GITHUB_CLIENT_ID is not set");
    expect(warnings).toContain("OpenID Connect sign-in is off: OIDC_CLIENT_SECRET is not set");
    expect(warnings.filter((w) => /sign-in is off/.test(w))).toHaveLength(3);
  });

  it("says nothing when every provider is either complete or not configured at all", async () => {
    const { warnings } = await startUpWarnings({ GOOGLE_CLIENT_ID: "google-id", GOOGLE_CLIENT_SECRET: "google-secret" });
    expect(warnings.filter((w) => /sign-in is off/.test(w))).toEqual([]);
  });
});
