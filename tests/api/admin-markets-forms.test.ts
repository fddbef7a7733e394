import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteSettings } from "#common/content/content.schema";
import { type TestBrowser, createAccount, signedIn } from "#tests/support/auth-browser";
import { type ShoppingCatalog, insertShoppingCatalog, send } from "#tests/support/shop-fixture";
import { type TestShop, createTestShop } from "#tests/support/test-shop";
import { action as editProduct } from "../../app/routes/admin/edit-product";
import { action as saveSettings } from "../../app/routes/admin/settings";

// The admin's pages for languages, currencies and a product's price list, posted as their forms
// post them (real fields, no JavaScript needed), through the same services the JSON API uses; a
// refusal comes back on the field the owner sees.

let shop: TestShop;
let admin: TestBrowser;
let owner: Awaited<ReturnType<typeof createAccount>>;
let ids: ShoppingCatalog;

beforeAll(async () => {
  shop = await createTestShop();
  owner = await createAccount(shop, { email: "owner@example.com", password: "owner-password-1", role: "admin" });
  admin = await signedIn(shop, "owner@example.com", "owner-password-1");
  ids = await insertShoppingCatalog(shop.db);
});
afterAll(async () => {
  await shop?.services.auth.idle();
  await shop?.close();
});

type Failure = { data: { error: { fields?: Record<string, string> } }; init: { status: number } };

/** Calls a page's action as React Router does, signed in as the owner. */
async function post<A extends (args: never) => unknown>(run: A, path: string, fields: Array<[string, string]>, params: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  const request = new Request(`http://shop.test${path}`, { method: "POST", body: form });
  const user = { id: owner.id, name: "owner", email: "owner@example.com", image: null, role: "admin", permissions: [], emailVerified: true };
  return (await run({ request, params, context: { services: shop.services, user, requestId: null } } as never)) as Response | Failure;
}

const adminSettings = async () => ((await (await admin.get("/api/admin/settings")).json()) as { data: SiteSettings; version: string }).data;

/** The settings form's fields for the settings as they are (every section as the page posts it), languages and currencies left to `markets`. */
function settingsFields(s: SiteSettings, markets: Array<[string, string]>): Array<[string, string]> {
  const fields: Array<[string, string]> = [
    ["siteName", s.siteName],
    ["contactEmail", s.contactEmail],
    ["notifyNewOrders", "on"],
    ["country", s.country],
    ["currency", s.currency],
    ["locale", s.locale],
    ["timeZone", s.timeZone],
    ["freeShippingThreshold", String(s.freeShippingThreshold)],
    ["cashOnDelivery", "on"],
    ["returnWindowDays", String(s.returnWindowDays)],
    ["unpaidCardReleaseMinutes", String(s.unpaidCardReleaseMinutes)],
    ["maxQuantityPerOrder", String(s.maxQuantityPerOrder)],
    ["maxOpenOrdersPerContact", String(s.maxOpenOrdersPerContact)],
    ["lowStockThreshold", String(s.lowStockThreshold)],
    ["analyticsRetentionDays", String(s.analyticsRetentionDays)],
    ["liveChat.provider", "none"],
  ];
  s.shippingZones.forEach((z, i) => {
    fields.push([`shippingZones.${i}.id`, z.id], [`shippingZones.${i}.name`, z.name], [`shippingZones.${i}.rate`, String(z.rate)]);
  });
  s.couriers.forEach((c, i) => {
    fields.push([`couriers.${i}.id`, c.id], [`couriers.${i}.name`, c.name], [`couriers.${i}.trackingUrl`, c.trackingUrl]);
  });
  return [...fields, ...markets];
}

describe("the settings page's languages and currencies", () => {
  it("save the currencies' rows and the languages served, with the rate dated by the server", async () => {
    const res = await post(
      saveSettings,
      "/admin-dashboard/settings",
      settingsFields(await adminSettings(), [
        ["languages.en.currency", ""],
        ["languages.de.served", "on"],
        ["languages.de.currency", "EUR"],
        ["languages.fr.currency", ""],
        ["languages.es.served", "on"],
        ["languages.es.currency", ""],
        ["currencies.0.code", "EUR"],
        ["currencies.0.rate", "0.92"],
        ["currencies.0.rounding", "0.99"],
        ["currencies.0.cashOnDelivery", "on"],
        // The empty row of the page without JavaScript.
        ["currencies.1.code", ""],
        ["currencies.1.rate", ""],
        ["currencies.1.rounding", "none"],
        ["currencies.1.cashOnDelivery", "on"],
      ]),
    );
    expect((res as Response).status).toBe(302);
    const saved = await adminSettings();
    expect(saved.languages).toEqual([{ code: "en" }, { code: "de", currency: "EUR" }, { code: "es" }]);
    expect(saved.currencies).toMatchObject([{ code: "EUR", rate: 0.92, rounding: "0.99", cashOnDelivery: true }]);
    expect(Date.parse(saved.currencies[0]!.rateSetAt!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("refuse a currency twice and a language's currency no longer offered beside the rows the owner sees, storing nothing", async () => {
    const before = await adminSettings();
    const res = (await post(
      saveSettings,
      "/admin-dashboard/settings",
      settingsFields(before, [
        ["languages.en.currency", ""],
        ["languages.de.served", "on"],
        ["languages.de.currency", "EUR"],
        ["languages.fr.currency", ""],
        ["languages.es.currency", ""],
        // EUR ticked for removal, so German's EUR is not offered; GBP twice (the second in form row 2).
        ["currencies.0.code", "EUR"],
        ["currencies.0.rate", "0.92"],
        ["currencies.0.remove", "on"],
        ["currencies.1.code", "GBP"],
        ["currencies.1.rate", "0.8"],
        ["currencies.2.code", "GBP"],
        ["currencies.2.rate", "0.81"],
      ]),
    )) as Failure;
    expect(res.init.status).toBe(400);
    expect(res.data.error.fields).toMatchObject({
      "currencies.2.code": "GBP is listed twice",
      "languages.de.currency": "EUR is not one of the shop's currencies",
    });
    expect(await adminSettings()).toEqual(before);
  });
});

describe("the product page's prices in other currencies", () => {
  const priceFields = (version: number, eur: string, gbp: string): Array<[string, string]> => [
    ["version", String(version)],
    ["prices.length", "0"],
    ["prices.0.currency", "EUR"],
    ["prices.0.price", eur],
    ["prices.1.currency", "GBP"],
    ["prices.1.price", gbp],
  ];
  const product = async () => ((await (await admin.get(`/api/admin/products/${ids.mug}`)).json()) as { data: { version: number; prices: unknown } }).data;

  beforeAll(async () => {
    const settings = await adminSettings();
    const res = await send(admin, "PUT", "/api/admin/settings", {
      ...settings,
      currencies: [
        { code: "EUR", rate: 0.92, rounding: "0.99" },
        { code: "GBP", rate: 0.8, rounding: "none" },
      ],
    });
    expect(res.status).toBe(200);
  });

  it("save the fixed ones as the product's price list (a blank one is converted), and the shop's answer in that currency shows it", async () => {
    const { version } = await product();
    const res = await post(editProduct, `/admin-dashboard/edit-product/${ids.mug}`, priceFields(version, "8.50", ""), { id: ids.mug });
    expect((res as Response).status).toBe(302);
    const saved = await product();
    expect(saved.prices).toEqual([{ currency: "EUR", price: 8.5 }]);
    expect(saved.version).toBe(version + 1);
    const shown = async (currency: string) =>
      ((await (await shop.request(`/api/products/mug?currency=${currency}`)).json()) as { data: { price: number } }).data.price;
    expect(await shown("EUR")).toBe(8.5);
    // $10 × 0.8, to the cent.
    expect(await shown("GBP")).toBe(8);
  });

  it("refuse a bad price beside the currency's input, counted among every currency the form shows, storing nothing", async () => {
    const before = await product();
    const res = (await post(editProduct, `/admin-dashboard/edit-product/${ids.mug}`, priceFields(before.version, "", "-2"), { id: ids.mug })) as Failure;
    expect(res.init.status).toBe(400);
    expect(res.data.error.fields).toEqual({ "prices.1.price": "The price cannot be negative" });
    expect(await product()).toEqual(before);
  });

  it("clear the list when every input is left blank", async () => {
    const { version } = await product();
    await post(editProduct, `/admin-dashboard/edit-product/${ids.mug}`, priceFields(version, "", ""), { id: ids.mug });
    expect((await product()).prices).toEqual([]);
  });
});
