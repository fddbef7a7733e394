import { parse, stringify } from "csv/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteSettings } from "#common/content/content.schema";
import type { TaxSettings } from "#common/tax/tax.schema";
import type { AdminProduct, ImportReport } from "#modules/catalog";
import { type TestBrowser, createAccount, signedIn } from "#tests/support/auth-browser";
import { type ShoppingCatalog, insertShoppingCatalog, send } from "#tests/support/shop-fixture";
import { type TestShop, createTestShop } from "#tests/support/test-shop";
import { action as editProduct } from "../../app/routes/admin/edit-product";
import { action as saveTaxes } from "../../app/routes/admin/taxes";

// The tax settings as the owner keeps them (PUT /api/admin/settings and the taxes screen's form),
// and a product's tax class in the admin API, the product form and the CSV.

let shop: TestShop;
let admin: TestBrowser;
let owner: Awaited<ReturnType<typeof createAccount>>;
let catalogOnly: Awaited<ReturnType<typeof createAccount>>;
let ids: ShoppingCatalog;

beforeAll(async () => {
  shop = await createTestShop();
  owner = await createAccount(shop, { email: "owner@example.com", password: "owner-password-1", role: "admin" });
  catalogOnly = await createAccount(shop, { email: "catalog@example.com", password: "catalog-password-1", role: "staff", permissions: ["catalog"] });
  admin = await signedIn(shop, "owner@example.com", "owner-password-1");
  ids = await insertShoppingCatalog(shop.db);
});
afterAll(async () => {
  await shop?.services.auth.idle();
  await shop?.close();
});

type Answer<T> = { data: T; version?: string; error?: { code: string; fields?: Record<string, string> } };
type Failure = { data: { error: { message: string; fields?: Record<string, string> } }; init: { status: number } };

const settings = async () => ((await (await admin.get("/api/admin/settings")).json()) as Answer<SiteSettings>).data;
const product = async (id: string) => ((await (await admin.get(`/api/admin/products/${id}`)).json()) as Answer<AdminProduct>).data;
const patch = (id: string, body: unknown) => send(admin, "PATCH", `/api/admin/products/${id}`, body);

/** An EU shop selling from Germany: prices include VAT, 19 % and 7 % at home, 20 % and 5.5 % in France; shipping taxed. */
const EU: TaxSettings = {
  pricesIncludeTax: true,
  shippingTaxed: true,
  shippingTaxClass: "standard",
  defaultClass: "standard",
  taxNumber: "DE123456789",
  classes: ["standard", "reduced", "zero"],
  regions: [
    { country: "DE", name: "MwSt.", rates: { standard: 19, reduced: 7, zero: 0 } },
    { country: "FR", name: "TVA", rates: { standard: 20, reduced: 5.5 } },
  ],
};

/** Calls a page's action as React Router does, signed in as `who` (the owner unless given). */
async function post<A extends (args: never) => unknown>(
  run: A,
  path: string,
  fields: Array<[string, string]>,
  params: Record<string, string> = {},
  who: { id: string; email: string; role: string; permissions: string[] } = { id: owner.id, email: "owner@example.com", role: "admin", permissions: [] },
) {
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  const request = new Request(`http://shop.test${path}`, { method: "POST", body: form });
  const user = { ...who, name: who.email, image: null, emailVerified: true };
  return (await run({ request, params, context: { services: shop.services, user, requestId: null } } as never)) as Response | Failure;
}

describe("PUT /api/admin/settings with taxes", () => {
  it("keeps them as given and GET gives them back; a save that leaves taxes out keeps them", async () => {
    const before = await settings();
    const res = await send(admin, "PUT", "/api/admin/settings", { ...before, country: "DE", taxes: EU });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await settings()).taxes).toEqual(EU);
    // The settings screen's save (no taxes in its body) leaves them as they are.
    const { taxes: _taxes, ...rest } = await settings();
    expect((await send(admin, "PUT", "/api/admin/settings", { ...rest, announcement: "Now with VAT" })).status).toBe(200);
    expect(await settings()).toMatchObject({ announcement: "Now with VAT", taxes: EU });
  });

  it.each([
    ["a rate for a class the shop has not", { regions: [{ country: "DE", rates: { standard: 19, books: 7 } }] }, "taxes.regions.0.rates.books"],
    [
      "a region listed twice",
      {
        regions: [
          { country: "US", region: "NY", rates: {} },
          { country: "US", region: "new york", rates: {} },
        ],
      },
      "taxes.regions.1.region",
    ],
    ["a rate over 100 %", { regions: [{ country: "DE", rates: { standard: 101 } }] }, "taxes.regions.0.rates.standard"],
    ["a country that is none", { regions: [{ country: "XX", rates: { standard: 5 } }] }, "taxes.regions.0.country"],
    ["a state its country has not", { regions: [{ country: "US", region: "Narnia", rates: { standard: 5 } }] }, "taxes.regions.0.region"],
    ["a default class that is not a class", { defaultClass: "books" }, "taxes.defaultClass"],
    ["a shop's state its country has not", { region: "Bavaria" }, "taxes.region"],
  ])("refuses %s with a 400 naming the field, storing nothing", async (_case, change, field) => {
    const before = await settings();
    const res = await send(admin, "PUT", "/api/admin/settings", { ...before, country: "US", taxes: { ...EU, ...change } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Answer<unknown>;
    expect(body.error?.fields).toHaveProperty([field]);
    expect(await settings()).toEqual(before);
  });
});

describe("a product's tax class", () => {
  it("is set and cleared by PATCH, answered by the admin API, and read by the cart's catalogue", async () => {
    expect((await product(ids.mug)).taxClass).toBeNull();
    const { version } = await product(ids.mug);
    const res = await patch(ids.mug, { taxClass: "Reduced", version });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Answer<AdminProduct>).data.taxClass).toBe("reduced");
    const [line] = await shop.services.catalog.listPurchasables([{ productId: ids.mug, variantId: "" }]);
    expect(line?.taxClass).toBe("reduced");
    const { entries } = await shop.services.audit.list({ entity: "product", entityId: ids.mug });
    expect(entries[0]?.changes).toMatchObject({ taxClass: { before: null, after: "reduced" } });

    expect((await patch(ids.mug, { taxClass: null, version: version + 1 })).status).toBe(200);
    expect((await product(ids.mug)).taxClass).toBeNull();
  });

  it("is one of the settings' classes: another is a 400 naming taxClass, on create and on change, storing nothing", async () => {
    const before = await product(ids.cap);
    const res = await patch(ids.cap, { taxClass: "books", version: before.version });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Answer<unknown>).error?.fields).toEqual({ taxClass: expect.stringContaining("books is not one of the tax classes") });
    expect(await product(ids.cap)).toEqual(before);

    const created = await send(admin, "POST", "/api/admin/products", { name: "Gift Card", categorySlug: "home", price: 25, image: [], taxClass: "vouchers" });
    expect(created.status).toBe(400);
    expect(((await created.json()) as Answer<unknown>).error?.fields).toHaveProperty(["taxClass"]);
    const made = await send(admin, "POST", "/api/admin/products", { name: "Gift Card", categorySlug: "home", price: 25, image: [], taxClass: "zero" });
    expect(made.status).toBe(201);
    expect(((await made.json()) as Answer<AdminProduct>).data.taxClass).toBe("zero");
  });

  it("stays on a product when the owner removes its class from the settings, until the product is given another", async () => {
    const { version } = await product(ids.lamp);
    expect((await patch(ids.lamp, { taxClass: "reduced", version })).status).toBe(200);
    const current = await settings();
    expect((await send(admin, "PUT", "/api/admin/settings", { ...current, taxes: { ...EU, classes: ["standard", "zero"], regions: [] } })).status).toBe(200);
    // A save of other fields, or of the class it has, keeps it; the tax computation applies the default class meanwhile.
    expect((await patch(ids.lamp, { price: 26, taxClass: "reduced", version: version + 1 })).status).toBe(200);
    expect((await product(ids.lamp)).taxClass).toBe("reduced");
    expect((await patch(ids.lamp, { taxClass: "standard", version: version + 2 })).status).toBe(200);
    const again = await patch(ids.lamp, { taxClass: "reduced", version: version + 3 });
    expect(again.status).toBe(400);
    await send(admin, "PUT", "/api/admin/settings", { ...current, taxes: EU });
  });

  it("is saved by the product form's select: a class, or blank for the default; an unknown one shows beside the select", async () => {
    const edit = (fields: Array<[string, string]>) => post(editProduct, `/admin-dashboard/edit-product/${ids.shirt}`, fields, { id: ids.shirt });
    const { version } = await product(ids.shirt);
    const saved = await edit([
      ["version", String(version)],
      ["taxClass", "reduced"],
    ]);
    expect((saved as Response).status).toBe(302);
    expect((await product(ids.shirt)).taxClass).toBe("reduced");

    const refused = (await edit([
      ["version", String(version + 1)],
      ["taxClass", "books"],
    ])) as Failure;
    expect(refused.init.status).toBe(400);
    expect(refused.data.error.fields).toEqual({ taxClass: expect.stringContaining("books is not one of the tax classes") });

    await edit([
      ["version", String(version + 1)],
      ["taxClass", ""],
    ]);
    expect((await product(ids.shirt)).taxClass).toBeNull();
  });
});

describe("the CSV's Tax class column", () => {
  const exportRows = async () => {
    const res = await admin.get("/api/admin/products/export.csv");
    expect(res.status).toBe(200);
    return parse(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer()).replace(/^\ufeff/, "")) as string[][];
  };
  const importCsv = async (rows: string[][]) => {
    const res = await admin.request("/api/admin/products/import", { method: "POST", headers: { "content-type": "text/csv" }, body: stringify(rows) });
    return { status: res.status, report: ((await res.json()) as Answer<ImportReport>).data };
  };

  it("exports each product's class (blank for the default) and imports it back: a class, blank for the default, an unknown one a row error", async () => {
    const { version } = await product(ids.mug);
    await patch(ids.mug, { taxClass: "zero", version });
    const rows = await exportRows();
    const at = rows[0]!.indexOf("Tax class");
    expect(at).toBeGreaterThan(0);
    const mugRow = rows.findIndex((r) => r[0] === "mug");
    const capRow = rows.findIndex((r) => r[0] === "cap");
    expect(rows[mugRow]![at]).toBe("zero");
    expect(rows[capRow]![at]).toBe("");

    // Unchanged, the export imports as nothing to do.
    expect((await importCsv(rows)).report).toMatchObject({ created: 0, updated: 0, errors: [] });

    const changed = rows.map((r) => [...r]);
    changed[mugRow]![at] = "";
    changed[capRow]![at] = "Reduced";
    const { report } = await importCsv(changed);
    expect(report).toMatchObject({ updated: 2, errors: [] });
    expect((await product(ids.mug)).taxClass).toBeNull();
    expect((await product(ids.cap)).taxClass).toBe("reduced");

    const bad = rows.map((r) => [...r]);
    bad[capRow]![at] = "books";
    const refused = await importCsv(bad);
    expect(refused.report.errors).toEqual([{ line: capRow + 1, message: expect.stringMatching(/^Tax class: books is not one of the tax classes/) }]);
    expect((await product(ids.cap)).taxClass).toBe("reduced");

    // A file without the column leaves every product's class as it is.
    const without = rows.map((r) => r.filter((_, i) => i !== at));
    without[capRow]![without[0]!.indexOf("Price")] = "16.00";
    expect((await importCsv(without)).report).toMatchObject({ updated: 1, errors: [] });
    expect((await product(ids.cap)).taxClass).toBe("reduced");
  });
});

describe("the taxes screen", () => {
  const PAGE = "/admin-dashboard/settings/taxes";
  /** The screen's fields for the EU shop: its classes (and the page's empty one), two regions, a removed one and the empty row. */
  const euFields = (extra: Array<[string, string]> = []): Array<[string, string]> => [
    ["pricesIncludeTax", "true"],
    ["taxNumber", "DE 123 456 789"],
    ["region", ""],
    ["classes.0.name", "standard"],
    ["classes.1.name", "reduced"],
    ["classes.2.name", "zero"],
    ["classes.3.name", "books"],
    ["classes.3.remove", "on"],
    ["classes.4.name", ""],
    ["defaultClass", "standard"],
    ["shippingTaxed", "on"],
    ["shippingTaxClass", "standard"],
    ["regions.0.country", "DE"],
    ["regions.0.region", ""],
    ["regions.0.name", "MwSt."],
    ["regions.0.rates.standard", "19"],
    ["regions.0.rates.reduced", "7"],
    ["regions.0.rates.zero", "0"],
    ["regions.0.rates.books", "7"],
    ["regions.1.country", "AT"],
    ["regions.1.name", "USt."],
    ["regions.1.rates.standard", "20"],
    ["regions.1.remove", "on"],
    ["regions.2.country", "FR"],
    ["regions.2.region", ""],
    ["regions.2.name", "TVA"],
    ["regions.2.rates.standard", "20"],
    ["regions.2.rates.reduced", "5,5"],
    ["regions.2.rates.zero", ""],
    ["regions.3.country", ""],
    ["regions.3.region", ""],
    ["regions.3.name", ""],
    ["regions.3.rates.standard", ""],
    ...extra,
  ];

  it("saves the form's taxes (blank and ticked rows skipped, a removed class's rates with it) and leaves the other settings alone", async () => {
    const before = await settings();
    const res = await post(saveTaxes, PAGE, euFields());
    expect((res as Response).status).toBe(302);
    const after = await settings();
    expect(after.taxes).toEqual({
      ...EU,
      taxNumber: "DE 123 456 789",
      regions: [
        { country: "DE", name: "MwSt.", rates: { standard: 19, reduced: 7, zero: 0 } },
        { country: "FR", name: "TVA", rates: { standard: 20, reduced: 5.5 } },
      ],
    });
    const { taxes: _a, ...rest } = after;
    const { taxes: _b, ...restBefore } = before;
    expect(rest).toEqual(restBefore);
    const { entries } = await shop.services.audit.list({ entity: "settings", entityId: "site" });
    expect(entries[0]).toMatchObject({ action: "settings.update", actor: { email: "owner@example.com" } });
  });

  it("shows each refusal beside the row and field the owner typed it in, storing nothing", async () => {
    const before = await settings();
    const typos = (await post(
      saveTaxes,
      PAGE,
      euFields([
        ["regions.5.country", "IT"],
        ["regions.5.rates.standard", "abc"],
        ["regions.6.country", "ES"],
        ["regions.6.rates.standard", "101"],
        ["classes.5.name", "Kids Books!"],
      ]),
    )) as Failure;
    expect(typos.init.status).toBe(400);
    expect(typos.data.error.fields).toEqual({
      "regions.5.rates.standard": "Enter a number",
      "regions.6.rates.standard": "A rate is at most 100 %",
      "classes.5.name": expect.stringContaining("lower-case letters"),
    });
    // The rules across rows, once every field reads.
    const clashes = (await post(
      saveTaxes,
      PAGE,
      euFields([
        ["regions.5.country", "DE"],
        ["regions.5.name", "VAT"],
        ["regions.6.country", "US"],
        ["regions.6.region", "Atlantis"],
      ]),
    )) as Failure;
    expect(clashes.data.error.fields).toEqual({
      "regions.5.region": "This region is listed twice",
      "regions.6.region": "Atlantis is not a region of US",
    });
    expect(await settings()).toEqual(before);
  });

  it("refuses a default or shipping class the form no longer lists beside its select", async () => {
    const res = (await post(
      saveTaxes,
      PAGE,
      euFields([["classes.0.remove", "on"]]).map(([k, v]): [string, string] => [k, k === "shippingTaxClass" ? "zero" : v]),
    )) as Failure;
    expect(res.init.status).toBe(400);
    expect(res.data.error.fields).toMatchObject({ defaultClass: "standard is not one of the tax classes" });
  });

  it("is the settings permission's: staff without it get 403 and nothing is stored", async () => {
    const before = await settings();
    const staff = { id: catalogOnly.id, email: "catalog@example.com", role: "staff", permissions: ["catalog"] };
    await expect(post(saveTaxes, PAGE, euFields([["taxNumber", "XX"]]), {}, staff)).rejects.toMatchObject({ init: { status: 403 } });
    expect(await settings()).toEqual(before);
  });
});
