import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthTables } from "../../server/db/auth-tables";
import { browser, createAccount, signedIn } from "../support/auth-browser";
import { type TestSmtpServer, linksOf, startSmtpServer } from "../support/smtp";
import { type TestShop, createTestShop } from "../support/test-shop";

let shop: TestShop;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  shop = await createTestShop({ SMTP_URL: smtp.url, MAIL_FROM: "Test Shop <shop@shop.test>", AUTH_EMAIL_RATE_LIMIT: "50" });
});
afterAll(async () => {
  await shop?.services.auth.idle();
  await shop?.close();
  await smtp?.close();
});

const tables = () => shop.db.kysely.withTables<AuthTables>();
const mailTo = (to: string, subject: RegExp) => smtp.waitFor((m) => m.to.includes(to) && subject.test(m.subject));
const sessionCookie = (res: Response) => res.headers.getSetCookie().find((c) => /(^|\.)session_token=/.test(c.split(";")[0]!));

describe("sign-up with e-mail and password", () => {
  it("creates the account without a session and mails a confirmation link that signs the customer in", async () => {
    const b = browser(shop);
    const res = await b.post("/api/auth/sign-up/email", { email: "Ada@Example.com", password: "analytical-engine", name: "Ada Lovelace" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.token).toBeNull();
    expect(body.user).toMatchObject({ email: "ada@example.com", name: "Ada Lovelace", emailVerified: false, role: "customer" });
    expect(sessionCookie(res)).toBeUndefined();
    expect(await b.session()).toBeNull();

    const mail = await mailTo("ada@example.com", /confirm your e-mail/i);
    expect(mail.from).toBe("shop@shop.test");
    expect(mail.html).toContain("Confirm my e-mail address");
    expect(mail.text).toContain("Hello Ada,");
    const link = linksOf(mail).find((l) => l.includes("/api/auth/verify-email"))!;
    expect(link.startsWith("http://shop.test/api/auth/verify-email?token=")).toBe(true);

    const verified = await b.get(link);
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/");
    const session = await b.session();
    expect(session?.user).toMatchObject({ email: "ada@example.com", emailVerified: true });
  });

  it("refuses to sign in before the address is confirmed, and sends a fresh link", async () => {
    const b = browser(shop);
    await b.post("/api/auth/sign-up/email", { email: "pending@example.com", password: "waiting-for-mail", name: "Pending" });
    await mailTo("pending@example.com", /confirm/i);
    const res = await b.post("/api/auth/sign-in/email", { email: "pending@example.com", password: "waiting-for-mail" });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe("EMAIL_NOT_VERIFIED");
    await shop.services.auth.idle();
    await smtp.waitFor(() => smtp.to("pending@example.com").length >= 2);
    expect(sessionCookie(res)).toBeUndefined();
  });

  it("requires at least 8 characters (and at most 128) with a clear 400", async () => {
    const b = browser(shop);
    const short = await b.post("/api/auth/sign-up/email", { email: "short@example.com", password: "1234567", name: "Short" });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ code: "PASSWORD_TOO_SHORT", message: expect.stringMatching(/short/i) });
    const long = await b.post("/api/auth/sign-up/email", { email: "long@example.com", password: "x".repeat(129), name: "Long" });
    expect(long.status).toBe(400);
    expect((await long.json()).code).toBe("PASSWORD_TOO_LONG");
    expect(await tables().selectFrom("users").select("id").where("email", "in", ["short@example.com", "long@example.com"]).execute()).toEqual([]);
    // Exactly 8 is enough.
    expect((await b.post("/api/auth/sign-up/email", { email: "eight@example.com", password: "12345678", name: "Eight" })).status).toBe(200);
  });

  it("answers bad input with a 4xx, never a 500", async () => {
    const b = browser(shop);
    const cases: Array<[string, unknown]> = [
      ["/api/auth/sign-up/email", "{not json"],
      ["/api/auth/sign-up/email", {}],
      ["/api/auth/sign-up/email", { email: "not-an-address", password: "long enough pw", name: "X" }],
      ["/api/auth/sign-up/email", { email: ["a@b.c"], password: 12345678, name: { a: 1 } }],
      ["/api/auth/sign-up/email", { email: "img@example.com", password: "long enough pw", name: "Img", image: "javascript:alert(1)" }],
      ["/api/auth/sign-up/email", { email: "name@example.com", password: "long enough pw", name: "n".repeat(500) }],
      ["/api/auth/sign-in/email", { email: "a@b.c" }],
      ["/api/auth/sign-in/email", null],
      ["/api/auth/sign-in/magic-link", { email: 42 }],
      ["/api/auth/request-password-reset", { email: "" }],
      ["/api/auth/reset-password", { newPassword: "whatever-long", token: "nope" }],
      ["/api/auth/change-password", { currentPassword: "x", newPassword: "y" }],
    ];
    const gets = [
      "/api/auth/verify-email?token=garbage",
      "/api/auth/verify-email",
      "/api/auth/magic-link/verify?token=garbage",
      "/api/auth/reset-password/garbage?callbackURL=/reset-password",
      "/api/auth/callback/oidc?code=x&state=y",
      "/api/auth/nonexistent",
      `/api/auth/user/${"x".repeat(5000)}`,
      "/api/auth/user/%F0%9F%98%80",
    ];
    for (const path of gets) {
      const res = await b.get(path);
      expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(500);
      expect(res.status, path).not.toBe(200);
    }
    const huge = await b.post("/api/auth/sign-in/email", { email: "a@example.com", password: "x".repeat(200_000) });
    expect(huge.status).toBe(413);
    const social = await b.post("/api/auth/sign-in/social", { provider: "myspace", callbackURL: "/" });
    expect(social.status).toBeGreaterThanOrEqual(400);
    expect(social.status).toBeLessThan(500);
    for (const [path, body] of cases) {
      const res = await b.request(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${path} ${JSON.stringify(body)}: ${await res.clone().text()}`).toBeLessThan(500);
      const json = await res.json().catch(() => null);
      expect(json?.message ?? json?.error?.message, path).toBeTruthy();
    }
  });
});

describe("sign-in, remember me and sign-out", () => {
  beforeAll(async () => {
    await createAccount(shop, { email: "grace@example.com", password: "cobol-rules-1959", name: "Grace" });
  });

  it("signs in with the right password and keeps the session for 30 days by default", async () => {
    const b = browser(shop);
    const res = await b.post("/api/auth/sign-in/email", { email: "grace@example.com", password: "cobol-rules-1959" });
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ email: "grace@example.com", role: "customer" });
    const cookie = sessionCookie(res)!;
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // http://shop.test is not https
    expect((await b.session())?.user.email).toBe("grace@example.com");
  });

  it("without “remember me” the session cookie ends with the browser session (no Max-Age)", async () => {
    const b = browser(shop);
    const res = await b.post("/api/auth/sign-in/email", { email: "grace@example.com", password: "cobol-rules-1959", rememberMe: false });
    expect(res.status).toBe(200);
    const cookie = sessionCookie(res)!;
    expect(cookie).toBeTruthy();
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
    expect((await b.session())?.user.email).toBe("grace@example.com");
  });

  it("answers a wrong password and an unknown address the same way", async () => {
    const b = browser(shop);
    const wrong = await b.post("/api/auth/sign-in/email", { email: "grace@example.com", password: "not-her-password" });
    const unknown = await b.post("/api/auth/sign-in/email", { email: "nobody@example.com", password: "not-her-password" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
    expect(sessionCookie(wrong)).toBeUndefined();
  });

  it("signs out: the session ends on the server, not only in the browser", async () => {
    const b = await signedIn(shop, "grace@example.com", "cobol-rules-1959");
    const token = b.jar.header();
    const out = await b.post("/api/auth/sign-out", {});
    expect(out.status).toBe(200);
    expect(b.jar.has("session_token")).toBe(false);
    // The old cookie, replayed, no longer works either.
    const replay = await shop.request("/api/auth/get-session?disableCookieCache=true", { headers: { cookie: token } });
    expect(await replay.json()).toBeNull();
  });

  it("“sign out everywhere” ends every session of the account", async () => {
    const phone = await signedIn(shop, "grace@example.com", "cobol-rules-1959");
    const laptop = await signedIn(shop, "grace@example.com", "cobol-rules-1959");
    const res = await laptop.post("/api/auth/revoke-sessions", {});
    expect(res.status).toBe(200);
    expect(await phone.session()).toBeNull();
    expect(await laptop.session()).toBeNull();
  });
});

describe("magic link", () => {
  it("mails a one-time link that signs in (and creates the account of a new address)", async () => {
    const b = browser(shop);
    const res = await b.post("/api/auth/sign-in/magic-link", { email: "linda@example.com", callbackURL: "/my-profile" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: true });
    const mail = await mailTo("linda@example.com", /sign-in link/i);
    expect(mail.text).toMatch(/expires in 10 minutes/);
    const link = linksOf(mail).find((l) => l.includes("/magic-link/verify"))!;
    const first = await b.get(link);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("http://shop.test/my-profile");
    expect((await b.session())?.user).toMatchObject({ email: "linda@example.com", name: "linda", emailVerified: true, role: "customer" });

    // Used once: the same link does not sign in another browser.
    const other = browser(shop);
    const second = await other.get(link);
    expect(second.headers.get("location")).toMatch(/error=/);
    expect(await other.session()).toBeNull();
  });

  it("signs in an existing customer", async () => {
    await createAccount(shop, { email: "ken@example.com", password: "unix-since-1969" });
    const b = browser(shop);
    await b.post("/api/auth/sign-in/magic-link", { email: "ken@example.com" });
    const link = linksOf(await mailTo("ken@example.com", /sign-in link/i)).find((l) => l.includes("/magic-link/verify"))!;
    expect((await b.get(link)).status).toBe(302);
    expect((await b.session())?.user.email).toBe("ken@example.com");
  });
});

describe("password reset", () => {
  it("mails a link to choose a new password; the old one stops working and every session ends", async () => {
    await createAccount(shop, { email: "barbara@example.com", password: "liskov-substitution" });
    const elsewhere = await signedIn(shop, "barbara@example.com", "liskov-substitution");
    const b = browser(shop);
    const req = await b.post("/api/auth/request-password-reset", { email: "barbara@example.com" });
    expect(req.status).toBe(200);
    const mail = await mailTo("barbara@example.com", /reset your/i);
    const link = linksOf(mail).find((l) => l.includes("/api/auth/reset-password/"))!;
    const landing = await b.get(link);
    expect(landing.status).toBe(302);
    const location = new URL(landing.headers.get("location")!, "http://shop.test");
    expect(location.pathname).toBe("/reset-password");
    const token = location.searchParams.get("token")!;
    expect(token).toBeTruthy();

    const tooShort = await b.post("/api/auth/reset-password", { token, newPassword: "short" });
    expect(tooShort.status).toBe(400);
    const reset = await b.post("/api/auth/reset-password", { token, newPassword: "a-brand-new-secret" });
    expect(reset.status).toBe(200);
    // The token is single-use.
    expect((await b.post("/api/auth/reset-password", { token, newPassword: "yet-another-secret" })).status).toBe(400);

    expect(await elsewhere.session()).toBeNull();
    expect((await browser(shop).post("/api/auth/sign-in/email", { email: "barbara@example.com", password: "liskov-substitution" })).status).toBe(401);
    expect((await browser(shop).post("/api/auth/sign-in/email", { email: "barbara@example.com", password: "a-brand-new-secret" })).status).toBe(200);
  });
});

describe("an address claimed through a provider that did not check it", () => {
  /** A user someone created by signing in with a provider account claiming `email`, unconfirmed. */
  async function claimed(email: string, password?: string) {
    const ctx = await shop.services.auth.auth.$context;
    const user = await ctx.internalAdapter.createUser({ email, name: "Squatter", emailVerified: false }, { method: "oauth" });
    await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: "github", accountId: `gh-${user.id}` });
    if (password)
      await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: await ctx.password.hash(password) });
    const squatter = await ctx.internalAdapter.createSession(user.id);
    return { user, squatterToken: squatter.token };
  }
  const providerLinks = (userId: string) =>
    tables().selectFrom("accounts").select("provider_id").where("user_id", "=", userId).where("provider_id", "<>", "credential").execute();
  const liveSession = (token: string) => tables().selectFrom("sessions").select("id").where("token", "=", token).executeTakeFirst();

  it("a password reset by the mailbox owner confirms the address and drops the provider link and its sessions", async () => {
    const { user, squatterToken } = await claimed("owner-one@example.com");
    const b = browser(shop);
    await b.post("/api/auth/request-password-reset", { email: "owner-one@example.com" });
    const link = linksOf(await mailTo("owner-one@example.com", /reset your/i)).find((l) => l.includes("/reset-password/"))!;
    const token = new URL((await b.get(link)).headers.get("location")!, "http://shop.test").searchParams.get("token")!;
    expect((await b.post("/api/auth/reset-password", { token, newPassword: "owners-new-password" })).status).toBe(200);
    expect(await providerLinks(user.id)).toEqual([]);
    expect(await liveSession(squatterToken)).toBeUndefined();
    const signIn = await browser(shop).post("/api/auth/sign-in/email", { email: "owner-one@example.com", password: "owners-new-password" });
    expect(signIn.status).toBe(200);
    expect((await signIn.json()).user.emailVerified).toBe(true);
  });

  it("confirming the address through the mailed link does the same", async () => {
    const { user, squatterToken } = await claimed("owner-two@example.com", "owners-password-2");
    const b = browser(shop);
    expect((await b.post("/api/auth/sign-in/email", { email: "owner-two@example.com", password: "owners-password-2" })).status).toBe(403);
    const link = linksOf(await mailTo("owner-two@example.com", /confirm/i)).find((l) => l.includes("/verify-email"))!;
    expect((await b.get(link)).status).toBe(302);
    expect(await providerLinks(user.id)).toEqual([]);
    expect(await liveSession(squatterToken)).toBeUndefined();
    expect((await b.session())?.user).toMatchObject({ email: "owner-two@example.com", emailVerified: true });
  });
});

describe("change password", () => {
  it("needs the current password and signs out every other device", async () => {
    await createAccount(shop, { email: "margaret@example.com", password: "apollo-guidance-11" });
    const other = await signedIn(shop, "margaret@example.com", "apollo-guidance-11");
    const b = await signedIn(shop, "margaret@example.com", "apollo-guidance-11");
    const wrong = await b.post("/api/auth/change-password", { currentPassword: "not-it-at-all", newPassword: "lunar-module-1969" });
    expect(wrong.status).toBe(400);
    expect(await other.session()).not.toBeNull();

    // Even when the client does not ask for it, other sessions end.
    const res = await b.post("/api/auth/change-password", { currentPassword: "apollo-guidance-11", newPassword: "lunar-module-1969" });
    expect(res.status).toBe(200);
    expect(await other.session()).toBeNull();
    expect((await b.session())?.user.email).toBe("margaret@example.com");
    expect((await browser(shop).post("/api/auth/sign-in/email", { email: "margaret@example.com", password: "lunar-module-1969" })).status).toBe(200);
  });
});

describe("profile update", () => {
  it("changes the name and picture; a picture must be an http(s) address", async () => {
    await createAccount(shop, { email: "hedy@example.com", password: "frequency-hopping" });
    const b = await signedIn(shop, "hedy@example.com", "frequency-hopping");
    const ok = await b.post("/api/auth/update-user", { name: "Hedy Lamarr", image: "https://images.example/hedy.png" });
    expect(ok.status).toBe(200);
    const session = await b.session();
    expect(session?.user).toMatchObject({ name: "Hedy Lamarr", image: "https://images.example/hedy.png" });

    for (const image of ["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "ftp://x.example/a.png", "not a url"]) {
      const bad = await b.post("/api/auth/update-user", { image });
      expect(bad.status, image).toBe(400);
      expect((await bad.json()).code).toBe("INVALID_IMAGE");
    }
    expect((await b.post("/api/auth/update-user", { name: "   " })).status).toBe(400);
    expect((await b.session())?.user.image).toBe("https://images.example/hedy.png");
    // Role and ban fields cannot be set by the customer.
    const escalate = await b.post("/api/auth/update-user", { role: "admin" });
    expect(escalate.status).toBe(400);
    expect((await b.session())?.user.role).toBe("customer");
  });

  it("needs a session", async () => {
    const res = await browser(shop).post("/api/auth/update-user", { name: "Nobody" });
    expect(res.status).toBe(401);
  });
});

describe("stored data", () => {
  it("keeps users, sessions and accounts in our snake_case tables, passwords hashed", async () => {
    const row = await tables().selectFrom("users").selectAll().where("email", "=", "grace@example.com").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: "Grace", role: "customer" });
    expect(Boolean(row.email_verified)).toBe(true);
    const account = await tables().selectFrom("accounts").selectAll().where("user_id", "=", row.id).executeTakeFirstOrThrow();
    expect(account.provider_id).toBe("credential");
    expect(account.password).toBeTruthy();
    expect(account.password).not.toContain("cobol-rules-1959");
  });
});
