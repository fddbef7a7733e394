import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type TestBrowser, createAccount, signedIn } from "#tests/support/auth-browser";
import { type TestShop, createTestShop } from "#tests/support/test-shop";

let shop: TestShop;
let admin: TestBrowser;
let staffWithout: TestBrowser;
let staffWith: TestBrowser;

beforeAll(async () => {
  shop = await createTestShop();
  await createAccount(shop, { email: "admin@example.com", password: "admin-password-1", role: "admin" });
  await createAccount(shop, {
    email: "content@example.com",
    password: "staff-password-1",
    role: "staff",
    permissions: ["content", "catalog", "orders", "customers", "reports"],
  });
  await createAccount(shop, { email: "settings@example.com", password: "staff-password-1", role: "staff", permissions: ["settings"] });
  admin = await signedIn(shop, "admin@example.com", "admin-password-1");
  staffWithout = await signedIn(shop, "content@example.com", "staff-password-1");
  staffWith = await signedIn(shop, "settings@example.com", "staff-password-1");
});
afterAll(() => shop?.close());
beforeEach(async () => {
  await shop.services.content.savePixel({ pixelId: "", status: "inactive" });
});

const ID = "1234567890123456";
const put = (who: TestBrowser, body: unknown) =>
  who.request("/api/admin/facebook-pixel", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const publicPixel = async () => (await shop.request("/api/facebook-pixel")).json();
const auditRows = () => shop.db.kysely.selectFrom("audit_log").selectAll().where("action", "=", "pixel.update").orderBy("at").execute();

describe("the tracking pixel in the admin", () => {
  it("reads and sets the pixel; the public config follows at once and the change is audited with who made it", async () => {
    const read = await admin.request("/api/admin/facebook-pixel");
    expect(read.status).toBe(200);
    expect(read.headers.get("cache-control")).toBe("private, no-store");
    expect(await read.json()).toEqual({ data: { pixelId: "", status: "inactive" } });
    // The public read is cached (ready-made bytes): a save must still show at once.
    expect(await publicPixel()).toEqual({ pixelId: "", status: "inactive" });

    const auditBefore = (await auditRows()).length;
    const res = await put(admin, { pixelId: ` ${ID} `, status: "active" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ data: { pixelId: ID, status: "active" } });
    expect(await publicPixel()).toEqual({ pixelId: ID, status: "active" });
    expect(await (await admin.request("/api/admin/facebook-pixel")).json()).toEqual({ data: { pixelId: ID, status: "active" } });

    const rows = await auditRows();
    expect(rows).toHaveLength(auditBefore + 1);
    const entry = rows.at(-1)!;
    expect(entry).toMatchObject({ actor_email: "admin@example.com", entity_type: "settings", entity_id: "facebook_pixel" });
    expect(JSON.parse(entry.changes!)).toEqual({ pixelId: { before: "", after: ID }, status: { before: "inactive", after: "active" } });

    // Switching it off keeps the id; saving the same config again writes no second entry.
    expect((await put(admin, { pixelId: ID, status: "inactive" })).status).toBe(200);
    expect(await publicPixel()).toEqual({ pixelId: ID, status: "inactive" });
    expect((await put(admin, { pixelId: ID, status: "inactive" })).status).toBe(200);
    expect(await auditRows()).toHaveLength(auditBefore + 2);
    // A 15-digit id (older pixels) is accepted too.
    expect((await put(admin, { pixelId: "123456789012345", status: "active" })).status).toBe(200);
  });

  it("refuses a bad id, a bad status and an active pixel without an id, naming the field and storing nothing", async () => {
    await shop.services.content.savePixel({ pixelId: ID, status: "inactive" });
    const auditBefore = (await auditRows()).length;
    const cases: Array<[unknown, string, RegExp]> = [
      [{ pixelId: "12345", status: "active" }, "pixelId", /15 or 16 digits/],
      [{ pixelId: "12345678901234567", status: "inactive" }, "pixelId", /15 or 16 digits/],
      [{ pixelId: "fb-1234567890123", status: "inactive" }, "pixelId", /15 or 16 digits/],
      [{ pixelId: 1234567890123456, status: "inactive" }, "pixelId", /must be text/],
      [{ pixelId: ID, status: "on" }, "status", /active or inactive/],
      [{ pixelId: ID }, "status", /active or inactive/],
      [{ pixelId: "", status: "active" }, "pixelId", /needs its id/],
      [{ status: "active" }, "pixelId", /needs its id/],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const { error } = await res.json();
      expect(error.code).toBe("invalid_input");
      expect(error.fields[field], JSON.stringify(body)).toMatch(message);
    }
    // Malformed JSON and unknown fields are 400s too, never 500s.
    const broken = await admin.request("/api/admin/facebook-pixel", { method: "PUT", headers: { "content-type": "application/json" }, body: "{not json" });
    expect(broken.status).toBe(400);
    expect((await put(admin, { pixelId: ID, status: "active", script: "<script>" })).status).toBe(400);

    expect(await publicPixel()).toEqual({ pixelId: ID, status: "inactive" });
    expect(await auditRows()).toHaveLength(auditBefore);
  });

  it("belongs to the settings permission: a visitor gets 401, staff without it 403, staff with it may", async () => {
    expect((await shop.request("/api/admin/facebook-pixel")).status).toBe(401);
    expect((await shop.request("/api/admin/facebook-pixel", { method: "PUT", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(401);
    expect((await staffWithout.request("/api/admin/facebook-pixel")).status).toBe(403);
    expect((await put(staffWithout, { pixelId: ID, status: "active" })).status).toBe(403);
    expect(await publicPixel()).toEqual({ pixelId: "", status: "inactive" });
    expect((await staffWith.request("/api/admin/facebook-pixel")).status).toBe(200);
    expect((await put(staffWith, { pixelId: ID, status: "active" })).status).toBe(200);
    expect(await publicPixel()).toEqual({ pixelId: ID, status: "active" });
  });
});
