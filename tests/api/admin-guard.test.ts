import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestBrowser, browser, createAccount, signedIn } from "../support/auth-browser";
import { type TestShop, createTestShop } from "../support/test-shop";

let shop: TestShop;
let admin: TestBrowser;
let customer: TestBrowser;

beforeAll(async () => {
  shop = await createTestShop();
  await createAccount(shop, { email: "admin@example.com", password: "admin-password-1", role: "admin" });
  await createAccount(shop, { email: "customer@example.com", password: "customer-password" });
  await createAccount(shop, { email: "victim@example.com", password: "victim-password" });
  admin = await signedIn(shop, "admin@example.com", "admin-password-1");
  customer = await signedIn(shop, "customer@example.com", "customer-password");
});
afterAll(() => shop?.close());

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
      permissions: expect.any(Array),
      emailVerified: true,
      banned: expect.any(Boolean),
      banReason: null,
      banExpires: null,
      createdAt: expect.stringMatching(/^\d{4}-/),
      orders: 0,
      totalSpent: 0,
      lastSignInAt: null,
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
    const link = shop.services.mailer.outbox
      .filter((m) => m.to === "troll@example.com")
      .at(-1)!
      .text.match(/https?:\/\/\S+magic-link\S+/)![0];
    const viaLink = await magic.get(link);
    expect(viaLink.status).toBe(302);
    expect(viaLink.headers.get("location")).toBe("/login?error=BANNED_USER");
    expect(await magic.session()).toBeNull();

    expect((await admin.post(`/api/admin/users/${user.id}/unban`)).status).toBe(200);
    expect((await browser(shop).post("/api/auth/sign-in/email", { email: "troll@example.com", password: "troll-password" })).status).toBe(200);
  });

  it("changes roles and staff permissions, audited, with clear 4xx answers and no self-demotion", async () => {
    const user = await createAccount(shop, { email: "helper@example.com", password: "helper-password" });
    const toStaff = await admin.request(`/api/admin/users/${user.id}/role`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ role: "staff", permissions: ["orders", "catalog"] }),
    });
    expect(toStaff.status).toBe(200);
    expect((await toStaff.json()).data).toMatchObject({ role: "staff", permissions: ["catalog", "orders"] });
    const helper = await signedIn(shop, "helper@example.com", "helper-password");
    // Staff with "catalog" but not "customers" cannot list accounts, nor change roles.
    expect((await helper.get("/api/admin/users")).status).toBe(403);
    expect((await patch(helper, `/api/admin/users/${user.id}/role`, { role: "admin" })).status).toBe(403);

    expect((await patch(admin, `/api/admin/users/${user.id}/role`, { role: "staff", permissions: ["customers"] })).status).toBe(200);
    // The change applies at once, even within the session cookie cache's lifetime.
    expect((await helper.get("/api/admin/users")).status).toBe(200);
    expect((await patch(admin, `/api/admin/users/${user.id}/role`, { role: "customer", permissions: ["customers"] })).status).toBe(200);
    expect((await helper.get("/api/admin/users")).status).toBe(403);

    const log = await (await admin.get(`/api/admin/audit-log?entity=user&entityId=${user.id}`)).json();
    expect(log.data.map((e: { action: string }) => e.action)).toEqual(["user.role", "user.role", "user.role"]);
    expect(log.data[0]).toMatchObject({
      actor: { email: "admin@example.com" },
      entityType: "user",
      entityId: user.id,
      changes: { role: { before: "staff", after: "customer" }, permissions: { before: ["customers"], after: [] } },
      requestId: expect.any(String),
    });
    expect(log.data[2].changes).toEqual({ role: { before: "customer", after: "staff" }, permissions: { before: [], after: ["catalog", "orders"] } });

    const bad = await patch(admin, `/api/admin/users/${user.id}/role`, { role: "superuser" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields.role).toMatch(/customer.*staff.*admin/);
    const badPermission = await patch(admin, `/api/admin/users/${user.id}/role`, { role: "staff", permissions: ["everything"] });
    expect(badPermission.status).toBe(400);
    expect(Object.keys((await badPermission.json()).error.fields)).toEqual(["permissions.0"]);
    expect(
      (await admin.request(`/api/admin/users/${user.id}/role`, { method: "PATCH", headers: { "content-type": "application/json" }, body: "{oops" })).status,
    ).toBe(400);
    expect((await patch(admin, "/api/admin/users/no-such-user/role", { role: "admin" })).status).toBe(404);
    expect((await admin.post("/api/admin/users/no-such-user/ban", {})).status).toBe(404);
    // Nothing of the refused requests reached the audit log.
    expect((await (await admin.get(`/api/admin/audit-log?entity=user&entityId=${user.id}`)).json()).meta.total).toBe(3);
  });

  it("nobody demotes or bans themselves or the last administrator", async () => {
    const me = (await admin.session())!.user.id;
    const self = await patch(admin, `/api/admin/users/${me}/role`, { role: "customer" });
    expect(self.status).toBe(403);
    expect((await self.json()).error.message).toMatch(/your own role/);
    expect((await admin.post(`/api/admin/users/${me}/ban`, {})).status).toBe(403);

    // A second administrator cannot demote or ban the first once the first is the last one standing.
    const second = await createAccount(shop, { email: "second-admin@example.com", password: "second-password", role: "admin" });
    const other = await signedIn(shop, "second-admin@example.com", "second-password");
    expect((await patch(other, `/api/admin/users/${me}/role`, { role: "staff", permissions: ["orders"] })).status).toBe(200);
    const last = await patch(await signedIn(shop, "second-admin@example.com", "second-password"), `/api/admin/users/${second.id}/role`, { role: "customer" });
    expect(last.status).toBe(403);
    const banLast = await other.post(`/api/admin/users/${second.id}/ban`, {});
    expect(banLast.status).toBe(403);
    // Staff with the customers permission can ban customers but not staff.
    const staffAdmin = await signedIn(shop, "admin@example.com", "admin-password-1");
    expect((await patch(other, `/api/admin/users/${me}/role`, { role: "staff", permissions: ["customers"] })).status).toBe(200);
    expect((await staffAdmin.post(`/api/admin/users/${second.id}/ban`, {})).status).toBe(403);
    const victim = await createAccount(shop, { email: "ban-me@example.com", password: "ban-me-password" });
    expect((await staffAdmin.post(`/api/admin/users/${victim.id}/ban`, { reason: "Spam" })).status).toBe(200);
    expect((await patch(other, `/api/admin/users/${me}/role`, { role: "admin" })).status).toBe(200);
  });
});

describe("better-auth's own admin endpoints", () => {
  it("are switched off: accounts are managed through the shop's audited admin API only", async () => {
    const victim = await createAccount(shop, { email: "victim2@example.com", password: "victim-password" });
    for (const path of ["/api/auth/admin/list-users", "/api/auth/admin/get-user?id=x"]) {
      expect((await admin.get(path)).status, path).toBe(404);
      expect((await customer.get(path)).status, path).toBe(404);
    }
    for (const path of ["set-role", "ban-user", "impersonate-user", "stop-impersonating", "set-user-password", "create-user", "update-user", "remove-user"]) {
      const res = await admin.post(`/api/auth/admin/${path}`, { userId: victim.id, role: "admin", newPassword: "hijacked-password", data: {} });
      expect(res.status, path).toBe(404);
    }
    expect((await browser(shop).post("/api/auth/sign-in/email", { email: "victim2@example.com", password: "victim-password" })).status).toBe(200);
  });
});

function patch(b: TestBrowser, path: string, body: unknown) {
  return b.request(path, { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}
