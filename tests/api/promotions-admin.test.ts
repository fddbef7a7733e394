import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestBrowser, createAccount, signedIn } from "../support/auth-browser";
import { type ShoppingCatalog, insertShoppingCatalog, send } from "../support/shop-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

// The promotions admin API: a shop owner's codes and automatic promotions, checked field by field,
// unique codes, each write audited, and only for staff with the catalogue permission.

let shop: TestShop;
let admin: TestBrowser;
let catalog: ShoppingCatalog;

beforeAll(async () => {
  shop = await createTestShop();
  catalog = await insertShoppingCatalog(shop.db);
  await createAccount(shop, { email: "owner@example.com", password: "owner-password-1", role: "admin" });
  admin = await signedIn(shop, "owner@example.com", "owner-password-1");
});
afterAll(async () => {
  await shop?.services.auth.idle();
  await shop?.close();
});

type Promotion = Record<string, unknown> & { id: string; code: string | null; status: string; uses: number; discountTotal: number; revenue: number };
type Failure = { error: { code: string; message: string; fields?: Record<string, string> } };

const api = (method: string, path: string, body?: unknown, as = admin) => send(as, method, `/api/admin${path}`, body);

async function create(body: Record<string, unknown>): Promise<Promotion> {
  const res = await api("POST", "/promotions", body);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { data: Promotion }).data;
}

async function refused(method: string, path: string, body: unknown, status = 400): Promise<Failure["error"]> {
  const res = await api(method, path, body);
  expect(res.status, await res.clone().text()).toBe(status);
  return ((await res.json()) as Failure).error;
}

describe("promotions, as the owner writes them", () => {
  it("creates a code promotion with its defaults, stored upper case, and answers it with its figures", async () => {
    const spring = await create({ name: "Spring sale", code: " spring-20 ", kind: "percentage", value: 20, minSubtotal: 50 });
    expect(spring).toMatchObject({
      name: "Spring sale",
      code: "SPRING-20",
      kind: "percentage",
      value: 20,
      minSubtotal: 50,
      productIds: [],
      categorySlugs: [],
      combinable: true,
      active: true,
      firstOrderOnly: false,
      status: "active",
      uses: 0,
      discountTotal: 0,
      revenue: 0,
    });
    const listed = ((await (await api("GET", "/promotions")).json()) as { data: Promotion[] }).data;
    expect(listed.find((p) => p.id === spring.id)).toEqual(spring);
    expect(((await (await api("GET", `/promotions/${spring.id}`)).json()) as { data: Promotion }).data).toEqual(spring);
  });

  it("says where each promotion is in its life", async () => {
    const scheduled = await create({ name: "Summer", kind: "free_shipping", startsAt: "2099-06-01T00:00:00+02:00" });
    expect(scheduled).toMatchObject({ status: "scheduled", startsAt: "2099-05-31T22:00:00.000Z", code: null });
    const expired = await create({ name: "Last winter", kind: "fixed_amount", value: 5, endsAt: "2020-03-01T00:00:00Z" });
    expect(expired.status).toBe("expired");
    const off = await create({ name: "Paused", kind: "percentage", value: 5, active: false });
    expect(off.status).toBe("inactive");
  });

  it("a buy X get Y promotion makes the items got free unless told otherwise, and concerns the products and categories named", async () => {
    const deal = await create({ name: "3 for 2", kind: "buy_x_get_y", buyQuantity: 2, getQuantity: 1, productIds: [catalog.mug], categorySlugs: ["clothing"] });
    expect(deal).toMatchObject({ getPercent: 100, productIds: [catalog.mug], categorySlugs: ["clothing"], value: null });
  });

  it("refuses a promotion whose fields do not hold together, naming each field, and stores nothing", async () => {
    const before = (await (await api("GET", "/promotions")).json()).data.length;
    expect((await refused("POST", "/promotions", { name: "No value", kind: "percentage" })).fields).toEqual({ value: "Give the percentage off, such as 20" });
    expect((await refused("POST", "/promotions", { name: "Too much", kind: "percentage", value: 120 })).fields).toEqual({
      value: "The percentage can be at most 100 %",
    });
    expect((await refused("POST", "/promotions", { name: "Free", kind: "free_shipping", value: 5 })).fields).toEqual({
      value: "A free-shipping promotion takes no value",
    });
    expect((await refused("POST", "/promotions", { name: "B2G1", kind: "buy_x_get_y" })).fields).toEqual({
      buyQuantity: "Say how many items are bought, such as 2",
      getQuantity: "Say how many items are then discounted, such as 1",
    });
    expect(
      (await refused("POST", "/promotions", { name: "Backwards", kind: "free_shipping", startsAt: "2027-03-02T00:00:00Z", endsAt: "2027-03-01T00:00:00Z" }))
        .fields,
    ).toEqual({ endsAt: "The end must come after the start" });
    expect((await refused("POST", "/promotions", { name: "Ghost", kind: "free_shipping", productIds: ["nope"], categorySlugs: ["nowhere"] })).fields).toEqual({
      productIds: "No product has the id nope",
      categorySlugs: "No category is called nowhere",
    });
    expect((await refused("POST", "/promotions", { name: "Bad code", code: "a b!", kind: "free_shipping" })).fields).toMatchObject({
      code: "A code has 3 to 40 letters, digits, dashes or underscores",
    });
    expect((await refused("POST", "/promotions", { kind: "free_shipping" })).fields).toMatchObject({ name: "Name the promotion" });
    expect((await refused("POST", "/promotions", "not json")).code).toBe("invalid_input");
    expect((await (await api("GET", "/promotions")).json()).data.length).toBe(before);
  });

  it("a code belongs to one promotion, whatever its case", async () => {
    const first = await create({ name: "Welcome", code: "WELCOME10", kind: "percentage", value: 10 });
    const taken = await refused("POST", "/promotions", { name: "Again", code: "welcome10", kind: "free_shipping" }, 409);
    expect(taken).toMatchObject({ code: "conflict", message: "The code WELCOME10 is already used by “Welcome”." });
    const other = await create({ name: "Other", code: "OTHER", kind: "free_shipping" });
    await refused("PATCH", `/promotions/${other.id}`, { code: "Welcome10" }, 409);
    // Its own code again is no conflict.
    expect((await (await api("PATCH", `/promotions/${first.id}`, { code: "welcome10", value: 15 })).json()).data).toMatchObject({ value: 15 });
  });

  it("changes any field, checks the whole promotion again, audits each write, and deletes", async () => {
    const promo = await create({ name: "Tenner", kind: "fixed_amount", value: 10 });
    const changed = await api("PATCH", `/promotions/${promo.id}`, { kind: "free_shipping", usageLimit: 100, usageLimitPerCustomer: 1 });
    expect(changed.status, await changed.clone().text()).toBe(200);
    // Another kind drops the old kind's amount.
    expect((await changed.json()).data).toMatchObject({ kind: "free_shipping", value: null, usageLimit: 100, usageLimitPerCustomer: 1 });
    expect((await refused("PATCH", `/promotions/${promo.id}`, { usageLimit: 0 })).fields).toEqual({ usageLimit: "The usage limit must be at least 1" });
    expect((await refused("PATCH", `/promotions/${promo.id}`, { usageLimitPerCustomer: 500 })).fields).toEqual({
      usageLimitPerCustomer: "The limit per customer cannot be above the usage limit",
    });
    const cleared = await api("PATCH", `/promotions/${promo.id}`, { usageLimit: null });
    expect((await cleared.json()).data).toMatchObject({ usageLimit: null, usageLimitPerCustomer: 1 });

    expect((await api("DELETE", `/promotions/${promo.id}`)).status).toBe(204);
    expect((await api("GET", `/promotions/${promo.id}`)).status).toBe(404);
    expect((await api("DELETE", `/promotions/${promo.id}`)).status).toBe(404);
    expect((await api("PATCH", `/promotions/${promo.id}`, { name: "x" })).status).toBe(404);

    const audit = await shop.db.kysely.selectFrom("audit_log").select(["action"]).where("entity_id", "=", promo.id).orderBy("at").execute();
    expect(audit.map((a) => a.action)).toEqual(["promotion.create", "promotion.update", "promotion.update", "promotion.delete"]);
  });

  it("is for staff with the catalogue permission", async () => {
    await createAccount(shop, { email: "orders-desk@example.com", password: "staff-password-1", role: "staff", permissions: ["orders", "content"] });
    await createAccount(shop, { email: "cataloguer@example.com", password: "staff-password-1", role: "staff", permissions: ["catalog"] });
    const desk = await signedIn(shop, "orders-desk@example.com", "staff-password-1");
    const cataloguer = await signedIn(shop, "cataloguer@example.com", "staff-password-1");
    expect((await api("GET", "/promotions", undefined, desk)).status).toBe(403);
    expect((await api("POST", "/promotions", { name: "Sneaky", kind: "free_shipping" }, desk)).status).toBe(403);
    expect((await api("GET", "/promotions", undefined, cataloguer)).status).toBe(200);
  });
});
