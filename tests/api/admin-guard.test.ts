import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ROUTES } from "../../server/http/admin.routes";
import { type TestBrowser, browser, createAccount, signedIn } from "../support/auth-browser";
import { type TestShop, createTestShop } from "../support/test-shop";

let shop: TestShop;
let admin: TestBrowser;
let customer: TestBrowser;
let victim: { id: string };

beforeAll(async () => {
  shop = await createTestShop();
  await createAccount(shop, { email: "admin@example.com", password: "admin-password-1", role: "admin" });
  await createAccount(shop, { email: "customer@example.com", password: "customer-password" });
  victim = await createAccount(shop, { email: "victim@example.com", password: "victim-password" });
  admin = await signedIn(shop, "admin@example.com", "admin-password-1");
  customer = await signedIn(shop, "customer@example.com", "customer-password");
});
afterAll(() => shop?.close());

/** A request for one table entry, with a real user id in place of `:id` and a valid body. */
function call(b: TestBrowser, route: (typeof ADMIN_ROUTES)[number], id = victim.id) {
  const path = `/api/admin${route.path.replace(":id", id)}`;
  const body = route.path.endsWith("/role") ? { role: "customer" } : {};
  return route.method === "GET" ? b.get(path) : b.request(path, { method: route.method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

describe("every admin API route", () => {
  it("has a method, a path and a summary in the table", () => {
    expect(ADMIN_ROUTES.length).toBeGreaterThanOrEqual(4);
    for (const route of ADMIN_ROUTES) {
      expect(route.path.startsWith("/")).toBe(true);
      expect(route.summary.length).toBeGreaterThan(10);
    }
  });

  for (const route of ADMIN_ROUTES) {
    it(`${route.method} /api/admin${route.path}: 401 anonymous, 403 customer, allowed for an admin`, async () => {
      const anonymous = await call(browser(shop), route);
      expect(anonymous.status).toBe(401);
      expect((await anonymous.json()).error.code).toBe("unauthorized");
      const asCustomer = await call(customer, route);
      expect(asCustomer.status).toBe(403);
      expect((await asCustomer.json()).error.code).toBe("forbidden");
      const asAdmin = await call(admin, route);
      expect([401, 403], `${route.method} ${route.path}: ${await asAdmin.clone().text()}`).not.toContain(asAdmin.status);
      expect(asAdmin.status).toBeLessThan(300);
      expect(asAdmin.headers.get("cache-control")).toBe("private, no-store");
    });
  }
});

describe("user management", () => {
  it("lists users with role and ban state, newest first, searchable by e-mail", async () => {
    const res = await admin.get("/api/admin/users?limit=10");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.meta).toMatchObject({ total: 3, limit: 10, offset: 0 });
    expect(body.data[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      email: expect.any(String),
      image: null,
      role: expect.stringMatching(/^(customer|admin)$/),
      emailVerified: true,
      banned: expect.any(Boolean),
      banReason: null,
      banExpires: null,
      createdAt: expect.stringMatching(/^\d{4}-/),
    });
    const found = await (await admin.get("/api/admin/users?search=custom")).json();
    expect(found.data.map((u: { email: string }) => u.email)).toEqual(["customer@example.com"]);
    expect((await admin.get("/api/admin/users?limit=1000")).status).toBe(400);
  });

  it("a banned user's sessions end and they cannot sign in again until unbanned", async () => {
    const user = await createAccount(shop, { email: "troll@example.com", password: "troll-password" });
    const troll = await signedIn(shop, "troll@example.com", "troll-password");
    const ban = await admin.post(`/api/admin/users/${user.id}/ban`, { reason: "Spam", days: 7 });
    expect(ban.status).toBe(200);
    expect((await ban.json()).data).toMatchObject({ banned: true, banReason: "Spam", banExpires: expect.any(String) });

    expect(await troll.session()).toBeNull();
    expect((await troll.get(`/api/auth/user/${user.id}`)).status).toBe(401);
    const again = await browser(shop).post("/api/auth/sign-in/email", { email: "troll@example.com", password: "troll-password" });
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ code: "BANNED_USER", message: expect.stringMatching(/suspended/) });
    const magic = browser(shop);
    await magic.post("/api/auth/sign-in/magic-link", { email: "troll@example.com" });
    await shop.services.auth.idle();
    const link = shop.services.mailer.outbox.filter((m) => m.to === "troll@example.com").at(-1)!.text.match(/https?:\/\/\S+magic-link\S+/)![0];
    const viaLink = await magic.get(link);
    expect(viaLink.status).toBe(302);
    expect(viaLink.headers.get("location")).toBe("/login?error=BANNED_USER");
    expect(await magic.session()).toBeNull();

    expect((await admin.post(`/api/admin/users/${user.id}/unban`)).status).toBe(200);
    expect((await browser(shop).post("/api/auth/sign-in/email", { email: "troll@example.com", password: "troll-password" })).status).toBe(200);
  });

  it("changes roles, with a clear 400 for a bad role, 404 for an unknown user, and no self-demotion", async () => {
    const user = await createAccount(shop, { email: "helper@example.com", password: "helper-password" });
    const promote = await admin.post(`/api/admin/users/${user.id}/role`, { role: "admin" });
    expect(promote.status).toBe(200);
    expect((await promote.json()).data.role).toBe("admin");
    const helper = await signedIn(shop, "helper@example.com", "helper-password");
    expect((await helper.get("/api/admin/users")).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${user.id}/role`, { role: "customer" })).status).toBe(200);
    // The demotion applies at once, even within the session cookie cache's lifetime.
    expect((await helper.get("/api/admin/users")).status).toBe(403);

    const bad = await admin.post(`/api/admin/users/${user.id}/role`, { role: "superuser" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields.role).toMatch(/customer.*admin/);
    expect((await admin.request(`/api/admin/users/${user.id}/role`, { method: "POST", headers: { "content-type": "application/json" }, body: "{oops" })).status).toBe(400);
    expect((await admin.post("/api/admin/users/no-such-user/role", { role: "admin" })).status).toBe(404);
    expect((await admin.post("/api/admin/users/no-such-user/ban", {})).status).toBe(404);
    const me = (await admin.session())!.user.id;
    expect((await admin.post(`/api/admin/users/${me}/role`, { role: "customer" })).status).toBe(400);
    expect((await admin.post(`/api/admin/users/${me}/ban`, {})).status).toBe(400);
  });
});

describe("better-auth's own admin endpoints", () => {
  it("need the admin role too, and the powers the shop does not offer are switched off", async () => {
    for (const path of ["/api/auth/admin/list-users", "/api/auth/admin/get-user?id=x"]) {
      const anonymous = await browser(shop).get(path);
      expect(anonymous.status, path).toBe(401);
      expect((await customer.get(path)).status, path).toBe(403);
    }
    expect((await admin.get("/api/auth/admin/list-users")).status).toBe(200);
    const setRole = await customer.post("/api/auth/admin/set-role", { userId: victim.id, role: "admin" });
    expect(setRole.status).toBe(403);
    for (const path of ["impersonate-user", "stop-impersonating", "set-user-password", "create-user", "update-user", "remove-user"]) {
      const res = await admin.post(`/api/auth/admin/${path}`, { userId: victim.id, newPassword: "hijacked-password", data: {} });
      expect(res.status, path).toBe(404);
    }
    expect((await browser(shop).post("/api/auth/sign-in/email", { email: "victim@example.com", password: "victim-password" })).status).toBe(200);
  });
});
