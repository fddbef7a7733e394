import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_API_ACCESS, type Access, PERMISSIONS, type Permission } from "#common/auth/permissions";
import { ADMIN_ROUTES } from "../../server/http/admin";
import { type TestBrowser, browser, createAccount, signedIn } from "../support/auth-browser";
import { type TestShop, createTestShop } from "../support/test-shop";
import { ADMIN_SAMPLES, type SampleContext } from "../support/admin-samples";

let shop: TestShop;
let admin: TestBrowser;
let customer: TestBrowser;
/** A staff member with every permission but one, per permission; and one with only that permission. */
const without = new Map<Permission, TestBrowser>();
const only = new Map<Permission, TestBrowser>();
let allStaff: TestBrowser;
let ctx: SampleContext;

beforeAll(async () => {
  shop = await createTestShop();
  await createAccount(shop, { email: "admin@example.com", password: "admin-password-1", role: "admin" });
  await createAccount(shop, { email: "customer@example.com", password: "customer-password" });
  admin = await signedIn(shop, "admin@example.com", "admin-password-1");
  customer = await signedIn(shop, "customer@example.com", "customer-password");
  for (const p of PERMISSIONS) {
    await createAccount(shop, { email: `no-${p}@example.com`, password: "staff-password", role: "staff", permissions: PERMISSIONS.filter((q) => q !== p) });
    await createAccount(shop, { email: `only-${p}@example.com`, password: "staff-password", role: "staff", permissions: [p] });
    without.set(p, await signedIn(shop, `no-${p}@example.com`, "staff-password"));
    only.set(p, await signedIn(shop, `only-${p}@example.com`, "staff-password"));
  }
  await createAccount(shop, { email: "all-staff@example.com", password: "staff-password", role: "staff", permissions: [...PERMISSIONS] });
  allStaff = await signedIn(shop, "all-staff@example.com", "staff-password");
  ctx = { shop };
});
afterAll(() => shop?.close());

/** Sends the table entry's sample request (a fresh one per call: a DELETE needs something to delete). */
async function call(b: TestBrowser, key: string) {
  const [method, path] = key.split(" ") as [string, string];
  const sample = await ADMIN_SAMPLES[key]!(ctx);
  const url = `/api/admin${sample.path ?? path}`;
  if (method === "GET") return b.get(url);
  // A multipart form sets its own content type (with its boundary).
  if (sample.body instanceof FormData) return b.request(url, { method, body: sample.body });
  const body = sample.body === undefined ? undefined : typeof sample.body === "string" ? sample.body : JSON.stringify(sample.body);
  return b.request(url, { method, headers: { "content-type": sample.contentType ?? "application/json" }, body });
}

/** Who must be refused (403) and who must pass, for one access rule. */
function expectations(access: Access): { refused: TestBrowser[]; allowed: TestBrowser[] } {
  if (access === "admin") return { refused: [customer, allStaff], allowed: [admin] };
  if (access === "staff") return { refused: [customer], allowed: [only.get("catalog")!, admin] };
  return { refused: [customer, without.get(access)!], allowed: [only.get(access)!, admin] };
}

describe("the permission table", () => {
  it("lists every mounted admin route, and every entry is mounted and has a sample request", () => {
    const mounted = ADMIN_ROUTES.map((r) => `${r.method} ${r.path}`).sort();
    expect(Object.keys(ADMIN_API_ACCESS).sort()).toEqual(mounted);
    expect(Object.keys(ADMIN_SAMPLES).sort()).toEqual(mounted);
    for (const route of ADMIN_ROUTES) expect(route.summary.length, `${route.method} ${route.path}`).toBeGreaterThan(10);
  });

  for (const [key, access] of Object.entries(ADMIN_API_ACCESS)) {
    it(`${key} (${access}): 401 anonymous, 403 without it, 2xx with it`, async () => {
      const anonymous = await call(browser(shop), key);
      expect(anonymous.status).toBe(401);
      expect((await anonymous.json()).error.code).toBe("unauthorized");
      const { refused, allowed } = expectations(access);
      for (const who of refused) {
        const res = await call(who, key);
        expect(res.status, `${key} as ${(await who.session())?.user.email}`).toBe(403);
        expect((await res.json()).error.code).toBe("forbidden");
      }
      for (const who of allowed) {
        const res = await call(who, key);
        const email = (await who.session())?.user.email;
        expect(res.status, `${key} as ${email}: ${await res.clone().text()}`).toBeGreaterThanOrEqual(200);
        expect(res.status, `${key} as ${email}: ${await res.clone().text()}`).toBeLessThan(300);
        expect(res.headers.get("cache-control")).toBe("private, no-store");
      }
    });
  }
});
