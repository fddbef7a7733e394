import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { loadEnv } from "../../server/lib/env";
import { pageContentSecurityPolicy, secureHeaders } from "../../server/http/security";
import { createLogger } from "../../server/lib/logger";
import { browser, createAccount, signedIn, uniqueIp } from "../support/auth-browser";
import { pageBuild, readProbe } from "../support/page-build";
import { type TestShop, createTestShop } from "../support/test-shop";

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ AUTH_RATE_LIMIT: "3", AUTH_EMAIL_RATE_LIMIT: "3" });
  await createAccount(shop, { email: "known@example.com", password: "known-password-1" });
});
afterAll(async () => {
  await shop?.services.auth.idle();
  await shop?.close();
});

const signIn = (ip: string, email: string, password: string) => browser(shop, { ip }).post("/api/auth/sign-in/email", { email, password });

describe("rate limits", () => {
  it("answers 429 with a readable message after repeated sign-ins from one address", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 3; i++) expect((await signIn(ip, `stranger${i}@example.com`, "wrong-password")).status).toBe(401);
    const blocked = await signIn(ip, "stranger9@example.com", "wrong-password");
    expect(blocked.status).toBe(429);
    const body = await blocked.json();
    expect(body.code).toBe("RATE_LIMITED");
    expect(body.message).toMatch(/too many attempts.*wait \d+ seconds/i);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await signIn(uniqueIp(), "stranger9@example.com", "wrong-password")).status).toBe(401);
  });

  // Locks per account and address, and the owner's mail: tests/api/sign-in-lock.test.ts.

  it("a successful sign-in clears the failures of the account", async () => {
    await createAccount(shop, { email: "clumsy@example.com", password: "clumsy-password" });
    for (let i = 0; i < 2; i++) await signIn(uniqueIp(), "clumsy@example.com", "typo-" + i);
    expect((await signIn(uniqueIp(), "clumsy@example.com", "clumsy-password")).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await signIn(uniqueIp(), "clumsy@example.com", "typo-again-" + i)).status).toBe(401);
  });

  it("limits magic links, password resets and sign-ups per e-mail address, whoever asks", async () => {
    for (const [path, body] of [
      ["/api/auth/sign-in/magic-link", { email: "flood@example.com" }],
      ["/api/auth/request-password-reset", { email: "flood@example.com" }],
      ["/api/auth/sign-up/email", { email: "flood@example.com", password: "flood-password", name: "Flood" }],
    ] as const) {
      for (let i = 0; i < 3; i++) expect((await browser(shop).post(path, body)).status, `${path} #${i}`).toBe(200);
      const blocked = await browser(shop).post(path, body);
      expect(blocked.status, path).toBe(429);
      expect((await blocked.json()).message).toMatch(/too many requests for this e-mail address/i);
    }
    await shop.services.auth.idle();
    expect(shop.services.mailer.outbox.filter((m) => m.to === "flood@example.com").length).toBeLessThanOrEqual(9);
  });

  it("limits magic-link requests per address too", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 3; i++) expect((await browser(shop, { ip }).post("/api/auth/sign-in/magic-link", { email: `m${i}@example.com` })).status).toBe(200);
    expect((await browser(shop, { ip }).post("/api/auth/sign-in/magic-link", { email: "m9@example.com" })).status).toBe(429);
  });
});

describe("no account enumeration", () => {
  const strip = (body: Record<string, unknown>) =>
    JSON.parse(JSON.stringify(body, (k, v) => (["id", "createdAt", "updatedAt", "email", "name"].includes(k) ? typeof v : v)));

  it("a magic link request answers the same for a registered and an unknown address", async () => {
    const known = await browser(shop).post("/api/auth/sign-in/magic-link", { email: "known@example.com" });
    const unknown = await browser(shop).post("/api/auth/sign-in/magic-link", { email: "never-seen@example.com" });
    expect(known.status).toBe(unknown.status);
    expect(await known.json()).toEqual(await unknown.json());
  });

  it("a password reset request answers the same for a registered and an unknown address", async () => {
    const known = await browser(shop).post("/api/auth/request-password-reset", { email: "known@example.com" });
    const unknown = await browser(shop).post("/api/auth/request-password-reset", { email: "never-seen@example.com" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    await shop.services.auth.idle();
    expect(shop.services.mailer.outbox.some((m) => m.to === "known@example.com" && /reset/i.test(m.subject))).toBe(true);
    expect(shop.services.mailer.outbox.some((m) => m.to === "never-seen@example.com" && /reset/i.test(m.subject))).toBe(false);
  });

  it("a password reset request does the same work for a registered and an unknown address before it answers", async () => {
    const resetTokens = async () =>
      Number(
        (
          await shop.db.kysely
            .selectFrom("verifications" as never)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await resetTokens();
    const mails = shop.services.mailer.outbox.length;
    const known = await browser(shop).post("/api/auth/request-password-reset", { email: "known@example.com" });
    // Answered before the account is looked up: no token yet. Read at once, before another request
    // gives the work queued after the answer time to write one.
    expect(await resetTokens()).toBe(before);
    const unknown = await browser(shop).post("/api/auth/request-password-reset", { email: "never-seen-2@example.com" });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(await known.json()).toEqual(await unknown.json());
    // Then the registered address gets its token and its mail, the unknown one nothing.
    await shop.services.auth.idle();
    expect(await resetTokens()).toBe(before + 1);
    expect(shop.services.mailer.outbox.slice(mails).map((m) => m.to)).toEqual(["known@example.com"]);
    // A body better-auth refuses is still refused.
    expect((await browser(shop).post("/api/auth/request-password-reset", { email: "not-an-address" })).status).toBe(400);
  });

  it("signing up with a registered address answers like a new sign-up and mails the owner instead", async () => {
    const existing = await browser(shop).post("/api/auth/sign-up/email", { email: "known@example.com", password: "attacker-password", name: "Known" });
    const fresh = await browser(shop).post("/api/auth/sign-up/email", { email: "brand-new@example.com", password: "brand-new-password", name: "Brand" });
    expect(existing.status).toBe(200);
    expect(fresh.status).toBe(200);
    const [a, b] = [await existing.json(), await fresh.json()];
    expect(Object.keys(a.user).sort()).toEqual(Object.keys(b.user).sort());
    expect(strip(a)).toEqual(strip(b));
    expect(existing.headers.getSetCookie()).toEqual(fresh.headers.getSetCookie());
    await shop.services.auth.idle();
    const owner = shop.services.mailer.outbox.filter((m) => m.to === "known@example.com");
    expect(owner.some((m) => /already have an account/i.test(m.subject))).toBe(true);
    // The attacker's password did not replace the owner's.
    expect((await signIn(uniqueIp(), "known@example.com", "attacker-password")).status).toBe(401);
    expect((await signIn(uniqueIp(), "known@example.com", "known-password-1")).status).toBe(200);
  });
});

describe("open redirects", () => {
  const offSite = ["/.//evil.com", "/..//evil.com", "/%2e%2e//evil.com", "/./\\evil.com", "//evil.com", "https://evil.com/"];

  it("better-auth refuses a callback that normalises to another site, and takes a page of the shop", async () => {
    for (const callbackURL of offSite) {
      // better-auth's own check refuses some spellings first (403); ours refuses the ones it takes.
      const res = await browser(shop).post("/api/auth/sign-in/magic-link", { email: "known@example.com", callbackURL });
      expect([400, 403], callbackURL).toContain(res.status);
    }
    const dotted = await browser(shop).post("/api/auth/sign-in/magic-link", { email: "known@example.com", callbackURL: "/.//evil.com" });
    expect(dotted.status).toBe(400);
    expect(JSON.stringify(await dotted.json())).toMatch(/callbackURL must be a page of this shop/);
    const social = await browser(shop).post("/api/auth/sign-in/social", { provider: "github", callbackURL: "/", errorCallbackURL: "/..//evil.com" });
    expect(JSON.stringify(await social.json())).toMatch(/errorCallbackURL must be a page of this shop/);
    expect((await browser(shop).post("/api/auth/sign-in/magic-link", { email: "known@example.com", callbackURL: "/my-orders" })).status).toBe(200);
  });

  it("a mail link whose error page is another site lands on the sign-in page instead", async () => {
    const res = await browser(shop).get(`/api/auth/magic-link/verify?token=nope&errorCallbackURL=${encodeURIComponent("/.//evil.com")}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/login\?error=/);
  });
});

describe("cross-site request forgery", () => {
  const contact = { name: "Eve", email: "eve@example.com", message: "A message from somewhere else." };
  const postContact = (headers: Record<string, string>) =>
    shop.request("/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": uniqueIp(), ...headers },
      body: JSON.stringify(contact),
    });

  it("rejects a POST to the API from another site's page", async () => {
    const res = await postContact({ origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: "forbidden", message: expect.stringMatching(/another site/) } });
    expect((await postContact({ "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await postContact({ origin: "null" })).status).toBe(403);
    expect((await postContact({ referer: "https://evil.example/form" })).status).toBe(403);
  });

  it("accepts the shop's own pages and cookie-less scripts", async () => {
    expect((await postContact({ origin: "http://shop.test" })).status).toBe(201);
    expect((await postContact({ "sec-fetch-site": "same-origin" })).status).toBe(201);
    expect((await postContact({})).status).toBe(201);
  });

  it("rejects a request with cookies that does not say where it comes from", async () => {
    const b = await signedIn(shop, "known@example.com", "known-password-1");
    const res = await shop.request("/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: b.jar.header(), "x-forwarded-for": uniqueIp() },
      body: JSON.stringify(contact),
    });
    expect(res.status).toBe(403);
  });

  it("protects page actions the same way", async () => {
    const res = await shop.request("/my-profile", {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: "name=x",
    });
    expect(res.status).toBe(403);
  });

  it("better-auth refuses sign-in and sign-out from another site", async () => {
    const evil = browser(shop, { origin: "https://evil.example" });
    const res = await evil.post("/api/auth/sign-in/email", { email: "known@example.com", password: "known-password-1" });
    expect(res.status).toBe(403);
    expect(evil.jar.has("session_token")).toBe(false);
    const b = await signedIn(shop, "known@example.com", "known-password-1");
    const out = await b.request("/api/auth/sign-out", {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: "{}",
    });
    expect(out.status).toBe(403);
    expect(await b.session()).not.toBeNull();
  });
});

describe("security headers", () => {
  it("every API answer forbids sniffing, framing and loading anything", async () => {
    const res = await shop.request("/api/settings");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
    expect(res.headers.get("strict-transport-security")).toBeNull();
    const auth = await shop.request("/api/auth/get-session");
    expect(auth.headers.get("x-frame-options")).toBe("DENY");
    const missing = await shop.request("/api/nope");
    expect(missing.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers served again from the answer cache carry the same headers and their own request id", async () => {
    await shop.request("/api/products/category");
    const hit = await shop.request("/api/products/category", { headers: { "x-request-id": "hit-1" } });
    expect(hit.headers.get("x-content-type-options")).toBe("nosniff");
    expect(hit.headers.get("x-frame-options")).toBe("DENY");
    expect(hit.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
    expect(hit.headers.get("x-request-id")).toBe("hit-1");
  });

  it("sends HSTS in production over https", async () => {
    const app = new Hono();
    app.use("*", secureHeaders({ NODE_ENV: "production", PUBLIC_URL: "https://shop.example" }));
    app.get("/", (c) => c.text("ok"));
    expect((await app.request("/")).headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("a page policy allows our scripts (by nonce once the page uses one), the pixel while active and the live chat, and no framing", () => {
    const env = loadEnv({ NODE_ENV: "production", PUBLIC_URL: "https://shop.example", GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" });
    const strict = pageContentSecurityPolicy(env, { nonce: "abc123", pixel: true, liveChat: { provider: "tawk", id: "64f1c2a9b7e4d10012345678/default" } });
    expect(strict).toContain("script-src 'self' 'nonce-abc123' https://connect.facebook.net https://embed.tawk.to https://tawk.to https://*.tawk.to");
    expect(strict).not.toContain("'unsafe-inline' https://connect");
    expect(strict).toContain("frame-ancestors 'none'");
    expect(strict).toContain("form-action 'self' https://accounts.google.com");
    expect(strict).toContain("connect-src 'self' https://connect.facebook.net https://www.facebook.com https://embed.tawk.to");
    expect(strict).toContain("wss://*.tawk.to");
    expect(strict).toContain("object-src 'none'");
    expect(strict).toContain("upgrade-insecure-requests");
    const fallback = pageContentSecurityPolicy(env, {});
    expect(fallback).toContain("script-src 'self' 'unsafe-inline';");
    // No active pixel: no Facebook host anywhere (pictures stay allowed from any https host, for profile pictures).
    expect(fallback).not.toContain("facebook");
    expect(fallback).toContain("frame-src 'none'");
  });
});

describe("pages: the session in the load context", () => {
  let pages: ReturnType<typeof createApp>;
  beforeAll(async () => {
    pages = createApp({ services: shop.services, logger: createLogger("silent"), build: pageBuild() });
    await createAccount(shop, { email: "page-admin@example.com", password: "page-admin-password", role: "admin" });
  });
  const visitor = () => browser(shop, { app: pages });

  it("gives pages `user: null` when signed out, and the user when signed in", async () => {
    const anonymous = await readProbe(await visitor().get("/"));
    expect(anonymous.user).toBeNull();
    const b = await signedIn(shop, "known@example.com", "known-password-1");
    const res = await pages.request("http://shop.test/", { headers: { cookie: b.jar.header() } });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect((await readProbe(res)).user).toEqual({ email: "known@example.com", role: "customer" });
  });

  it("sets a page CSP with 'unsafe-inline' until the page asks for the nonce, then the nonce only", async () => {
    // A visitor's cookie of the shop: rendered per request, not from the page cache (tests/api/page-cache.test.ts).
    const plain = await pages.request("http://shop.test/", { headers: { cookie: "shop.visitor=someone" } });
    expect(plain.headers.get("content-security-policy")).toContain("script-src 'self' 'unsafe-inline'");
    const withNonce = await visitor().get("/?nonce");
    const probe = await readProbe(withNonce);
    expect(probe.nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    expect(withNonce.headers.get("content-security-policy")).toContain(`script-src 'self' 'nonce-${probe.nonce}'`);
    expect(withNonce.headers.get("content-security-policy")).not.toContain("'unsafe-inline' https://connect");
    const again = await readProbe(await visitor().get("/?nonce"));
    expect(again.nonce).not.toBe(probe.nonce);
  });

  it("requireUser sends a signed-out visitor to /login and back; requireAdmin answers a customer 403", async () => {
    const anonymous = await visitor().get("/my-profile?tab=orders");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/login?redirectTo=%2Fmy-profile%3Ftab%3Dorders");
    expect((await visitor().get("/admin-dashboard")).headers.get("location")).toBe("/login?redirectTo=%2Fadmin-dashboard");

    const customer = await signedIn(shop, "known@example.com", "known-password-1");
    const asCustomer = (path: string, init: RequestInit = {}) =>
      pages.request(`http://shop.test${path}`, { ...init, headers: { cookie: customer.jar.header(), origin: "http://shop.test", ...(init.headers ?? {}) } });
    expect((await asCustomer("/my-profile")).status).toBe(200);
    const forbidden = await asCustomer("/admin-dashboard");
    expect(forbidden.status).toBe(403);

    const admin = await signedIn(shop, "page-admin@example.com", "page-admin-password");
    const asAdmin = await pages.request("http://shop.test/admin-dashboard", { headers: { cookie: admin.jar.header() } });
    expect(asAdmin.status).toBe(200);
    expect((await readProbe(asAdmin)).user).toEqual({ email: "page-admin@example.com", role: "admin" });
  });

  it("a page action's session cookie wins over the clearing of a stale one", async () => {
    const user = await createAccount(shop, { email: "stale@example.com", password: "stale-password-1" });
    const b = await signedIn(shop, "stale@example.com", "stale-password-1");
    const ctx = await shop.services.auth.auth.$context;
    await ctx.internalAdapter.deleteUserSessions(user.id);
    const res = await pages.request("http://shop.test/login", {
      method: "POST",
      headers: { cookie: b.jar.header(), origin: "http://shop.test", "content-type": "application/x-www-form-urlencoded" },
      body: "email=stale%40example.com",
    });
    expect(res.status).toBe(302);
    const tokens = res.headers.getSetCookie().filter((c) => c.startsWith("shop.session_token="));
    expect(tokens).toEqual(["shop.session_token=from-the-action; Path=/; HttpOnly; SameSite=Lax"]);
    // Without an action cookie, the stale session cookie is cleared (once the cookie cache is gone).
    b.jar.cookies.delete("shop.session_data");
    const page = await pages.request("http://shop.test/", { headers: { cookie: b.jar.header() } });
    expect(page.headers.getSetCookie().some((c) => /^shop\.session_token=;/.test(c))).toBe(true);
    expect((await readProbe(page)).user).toBeNull();
  });

  it("the admin area sees a demotion at once (the session is read from the database there)", async () => {
    const user = await createAccount(shop, { email: "soon-demoted@example.com", password: "soon-demoted-pw", role: "admin" });
    const b = await signedIn(shop, "soon-demoted@example.com", "soon-demoted-pw");
    const cookie = b.jar.header();
    expect((await pages.request("http://shop.test/admin-dashboard", { headers: { cookie } })).status).toBe(200);
    const ctx = await shop.services.auth.auth.$context;
    await ctx.internalAdapter.updateUser(user.id, { role: "customer" });
    expect((await pages.request("http://shop.test/admin-dashboard", { headers: { cookie } })).status).toBe(403);
  });
});
