import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteSettings } from "#common/content/content.schema";
import type { Order, SalesReport, TaxReport } from "#modules/orders";
import { type TestBrowser, createAccount, signedIn } from "#tests/support/auth-browser";
import { markDelivered } from "#tests/support/returns-fixture";
import { browserWithCart, checkoutBody, send } from "#tests/support/shop-fixture";
import { type TestShop, createTestShop } from "#tests/support/test-shop";

// The tax report, the CSV and the sales report reconcile to the cent with the orders: orders in
// three regions (New York and Texas with tax added on top, then Germany with VAT included, and a
// French business's reverse-charge order), many lines of a few cents (where per-line rounding
// would drift), refunds of units, shipping and free amounts, and a cancelled order; the roll-ups
// kept as orders come in give what summing every order again gives.

const ACTOR = { id: "tax-report-setup", email: "tax-report-setup@example.com", requestId: null };
let shop: TestShop;
let admin: TestBrowser;
let staff: TestBrowser;
const cheap: string[] = [];
let lamp: string;
let serial = 0;

const settingsNow = async () => ((await (await admin.get("/api/admin/settings")).json()) as { data: SiteSettings }).data;
async function putSettings(change: Record<string, unknown>) {
  const res = await send(admin, "PUT", "/api/admin/settings", { ...(await settingsNow()), ...change });
  expect(res.status, await res.clone().text()).toBe(200);
}
async function place(
  items: Array<{ productId: string; quantity: number }>,
  address: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Promise<Order> {
  const b = await browserWithCart(shop, items);
  serial += 1;
  const res = await b.request("/api/orders", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(
      checkoutBody({ contact: { name: "Tax Buyer", email: `buyer${serial}@example.com`, phone: "+1 555 0100" }, address, shippingMethod: "all", ...extra }),
    ),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const order = ((await res.json()) as { data: { order: Order } }).data.order;
  await markDelivered(shop, order.id);
  return order;
}
async function refund(orderId: string, body: Record<string, unknown>) {
  const res = await send(admin, "POST", `/api/admin/orders/${orderId}/refunds`, { reason: "Reconciliation", ...body });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
}
const today = () => new Date().toISOString().slice(0, 10);
const range = () => {
  const d = new Date();
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return `from=${day(d.getTime() - 86_400_000)}&to=${day(d.getTime() + 86_400_000)}`;
};
const taxReport = async () => ((await (await staff.get(`/api/admin/reports/taxes?${range()}`)).json()) as { data: TaxReport }).data;
const salesReport = async () => ((await (await staff.get(`/api/admin/reports/sales?${range()}`)).json()) as { data: SalesReport }).data;

const NEW_YORK = { line1: "350 Fifth Avenue", city: "New York", region: "NY", postalCode: "10118", country: "US" };
const AUSTIN = { line1: "1100 Congress Avenue", city: "Austin", region: "TX", postalCode: "78701", country: "US" };
const BERLIN = { line1: "Unter den Linden 1", city: "Berlin", region: null, postalCode: "10117", country: "DE" };
const PARIS = { line1: "1 rue de Rivoli", city: "Paris", region: null, postalCode: "75001", country: "FR" };

beforeAll(async () => {
  shop = await createTestShop();
  await createAccount(shop, { email: "owner@example.com", password: "owner-password-1", role: "admin" });
  admin = await signedIn(shop, "owner@example.com", "owner-password-1");
  await createAccount(shop, { email: "books@example.com", password: "books-password-1", role: "staff", permissions: ["reports"] });
  staff = await signedIn(shop, "books@example.com", "books-password-1");
  const category = await shop.services.categoriesAdmin.createCategory(ACTOR, { name: "Small things" });
  for (const [i, price] of [0.05, 0.07, 0.03, 0.11, 0.13, 0.09].entries()) {
    cheap.push(
      (await shop.services.catalogAdmin.createProduct(ACTOR, { name: `Washer ${i}`, categorySlug: category.slug, price, discount: 0, image: [], stock: 5000 }))
        .id,
    );
  }
  lamp = (
    await shop.services.catalogAdmin.createProduct(ACTOR, { name: "Desk lamp", categorySlug: category.slug, price: 39.99, discount: 15, image: [], stock: 500 })
  ).id;
  await putSettings({
    country: "US",
    currency: "USD",
    freeShippingThreshold: 0,
    shippingZones: [{ id: "all", name: "Everywhere", rate: 4.95, country: "US", regions: [], cities: [] }],
    taxes: {
      ...(await settingsNow()).taxes,
      pricesIncludeTax: false,
      shippingTaxed: true,
      shippingTaxClass: "standard",
      regions: [
        { country: "US", region: "NY", name: "Sales tax", rates: { standard: 8.875 } },
        { country: "US", region: "TX", rates: { standard: 6.25 } },
      ],
    },
  });
  // The roll-ups are summed now (nothing yet), so every order below goes through their upkeep.
  expect((await taxReport()).rows).toEqual([]);

  const smalls = (n: number) => cheap.map((productId, i) => ({ productId, quantity: Math.min(10, n + i) }));
  const ny1 = await place([...smalls(3), { productId: lamp, quantity: 2 }], NEW_YORK);
  await refund(ny1.id, {
    lines: [
      { lineId: ny1.lines[0]!.id, quantity: 1 },
      { lineId: ny1.lines.at(-1)!.id, quantity: 1 },
    ],
  });
  await refund(ny1.id, { amount: 1.37 });
  const ny2 = await place(smalls(1), NEW_YORK);
  await refund(ny2.id, { amount: ny2.totals.total }); // all of it
  const tx1 = await place([...smalls(7), { productId: lamp, quantity: 1 }], AUSTIN);
  await refund(tx1.id, { shipping: 2.5 });
  // Orders at once, sharing their days' rows and products in opposite orders: none is lost, none waits forever.
  const both = [{ productId: lamp, quantity: 1 }, ...smalls(2)];
  await Promise.all(Array.from({ length: 6 }, (_, i) => place(i % 2 ? both : [...both].reverse(), i % 3 ? NEW_YORK : AUSTIN)));
  const cancelled = await place([{ productId: lamp, quantity: 3 }], AUSTIN);
  await shop.db.kysely.updateTable("orders").set({ status: "pending", payment_status: "unpaid" }).where("id", "=", cancelled.id).execute();
  await shop.services.orderMoves.transition(cancelled.id, "cancelled", "shop", { staff: ACTOR });

  await putSettings({
    country: "DE",
    currency: "USD",
    shippingZones: [{ id: "all", name: "Everywhere", rate: 4.95, country: "", regions: [], cities: [] }].map((z) => ({ ...z, country: "DE" })),
  });
  await putSettings({
    shippingZones: ["DE", "FR"].map((country) => ({ id: country === "DE" ? "all" : "fr", name: country, rate: 4.95, country, regions: [], cities: [] })),
    taxes: {
      ...(await settingsNow()).taxes,
      pricesIncludeTax: true,
      regions: [
        { country: "DE", name: "VAT", rates: { standard: 19 } },
        { country: "FR", name: "VAT", rates: { standard: 20 } },
      ],
    },
  });
  const de1 = await place([...smalls(5), { productId: lamp, quantity: 1 }], BERLIN);
  await refund(de1.id, { lines: [{ lineId: de1.lines[2]!.id, quantity: 4 }], shipping: 1 });
  await place(smalls(11), BERLIN);
  const fr = await place([{ productId: lamp, quantity: 2 }], PARIS, { shippingMethod: "fr", company: "Société Test", vatNumber: "FR40303265045" });
  expect(fr.reverseCharge).toBe(true);
  await refund(fr.id, { amount: 10 });
});
afterAll(async () => {
  await shop?.services.orders.idle();
  await shop?.close();
});

/** The figures straight from the orders: counted orders (not cancelled) and their succeeded refunds, minor units. */
async function fromOrders() {
  const k = shop.db.kysely;
  const orders = (await k.selectFrom("orders").selectAll().execute()).filter((o) => o.status !== "cancelled");
  const ids = new Set(orders.map((o) => o.id));
  const refunds = (await k.selectFrom("order_refunds").selectAll().where("status", "=", "succeeded").execute()).filter((r) => ids.has(r.order_id));
  const taxLines = (await k.selectFrom("order_tax_lines").selectAll().execute()).filter((t) => ids.has(t.order_id));
  const refundTaxes = (await k.selectFrom("refund_tax_lines").selectAll().execute()).filter((t) => refunds.some((r) => r.id === t.refund_id));
  const rows = new Map<string, { base: number; tax: number; refundedBase: number; refundedTax: number }>();
  const keyOf = (orderId: string, rate: number) => {
    const o = orders.find((x) => x.id === orderId)!;
    return `${o.tax_country}|${o.tax_region ?? ""}|${rate / 1000}|${o.reverse_charge === 1}`;
  };
  const row = (key: string) => rows.get(key) ?? (rows.set(key, { base: 0, tax: 0, refundedBase: 0, refundedTax: 0 }), rows.get(key)!);
  for (const t of taxLines) {
    const r = row(keyOf(t.order_id, t.rate_milli));
    r.base += t.base;
    r.tax += t.amount;
  }
  for (const t of refundTaxes) {
    const r = row(keyOf(t.order_id, t.rate_milli));
    r.refundedBase += t.base;
    r.refundedTax += t.amount;
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const tax = sum(orders.map((o) => o.tax_total));
  const refundedTax = sum(refundTaxes.map((t) => t.amount));
  const shippingExTax = (o: (typeof orders)[number]) => taxLines.find((t) => t.order_id === o.id && t.order_line_id === null)?.base ?? o.shipping_total;
  return {
    rows,
    tax,
    lineTax: sum(taxLines.map((t) => t.amount)),
    refundedTax,
    orders: orders.length,
    gross: sum(orders.map((o) => o.subtotal)),
    discounts: sum(orders.map((o) => o.discount_total)),
    shipping: sum(orders.map((o) => o.shipping_total)),
    refunds: sum(refunds.map((r) => r.amount)),
    total: sum(orders.map((o) => o.total)),
    netExTax: sum(orders.map((o) => o.total - o.tax_total - shippingExTax(o))) - sum(refunds.map((r) => r.amount)) + refundedTax,
  };
}

const major = (minor: number) => Math.round(minor) / 100;

describe("the tax report reconciles to the cent", () => {
  it("Σ the orders' line taxes = the report = the CSV, per region and rate and in all", async () => {
    const want = await fromOrders();
    expect(want.lineTax).toBe(want.tax);
    const report = await taxReport();
    expect(report.totals).toEqual({ taxCollected: major(want.tax), refunded: major(want.refundedTax), net: major(want.tax - want.refundedTax) });
    expect(report.rows.length).toBe(want.rows.size);
    for (const row of report.rows) {
      const w = want.rows.get(`${row.country}|${row.region ?? ""}|${row.rate}|${row.reverseCharge}`)!;
      expect(w, JSON.stringify(row)).toBeDefined();
      expect(row).toMatchObject({
        currency: "USD",
        charged: { base: major(w.base), tax: major(w.tax) },
        refunded: { base: major(w.refundedBase), tax: major(w.refundedTax) },
        base: major(w.base - w.refundedBase),
        tax: major(w.tax - w.refundedTax),
      });
    }
    // Three regions and the reverse-charge line (at 0 %, tax 0).
    expect(report.rows.map((r) => [r.country, r.region, r.rate, r.reverseCharge])).toEqual([
      ["DE", null, 19, false],
      ["FR", null, 0, true],
      ["US", "NY", 8.875, false],
      ["US", "TX", 6.25, false],
    ]);
    expect(report.rows.find((r) => r.reverseCharge)).toMatchObject({ tax: 0, charged: { tax: 0 } });

    const res = await staff.request(`/api/admin/reports/taxes.csv?${range()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    const csv = parse(await res.text(), { relax_column_count: true }) as string[][];
    const head = csv.findIndex((r) => r[0] === "Country");
    const body = csv.slice(head + 1, head + 1 + report.rows.length);
    expect(body.map((r) => [r[0], r[1] || null, Number(r[2]), Number(r[6]), Number(r[8]), Number(r[10])])).toEqual(
      report.rows.map((r) => [r.country, r.region, r.rate, r.charged.tax, r.refunded.tax, r.tax]),
    );
    expect(csv.at(-1)!.slice(1).map(Number)).toEqual([report.totals.taxCollected, report.totals.refunded, report.totals.net]);
  });

  it("the sales report's figures are the orders' own, tax and net sales without tax included", async () => {
    const want = await fromOrders();
    const { totals } = await salesReport();
    expect(totals).toMatchObject({
      orders: want.orders,
      grossSales: major(want.gross),
      discounts: major(want.discounts),
      shipping: major(want.shipping),
      refunds: major(want.refunds),
      netSales: major(want.gross - want.discounts - want.refunds),
      tax: major(want.tax),
      refundedTax: major(want.refundedTax),
      netSalesWithoutTax: major(want.netExTax),
      totalSales: major(want.total - want.refunds),
    });
  });

  it("a range of whole months reads the products' months and gives the same best sellers", async () => {
    const now = new Date();
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
    const months = ((await (await staff.get(`/api/admin/reports/sales?from=${first}&to=${last}`)).json()) as { data: SalesReport }).data;
    const days = await salesReport();
    const units = (r: SalesReport) => r.byProduct.map((p) => [p.name, p.units, p.grossSales, p.sales]).sort();
    expect(units(months)).toEqual(units(days));
    expect(months.byProduct.reduce((s, p) => s + p.units, 0)).toBe(months.totals.units);
  });

  it("summing every order again (a change of time zone and back) gives what the upkeep kept", async () => {
    const before = [await taxReport(), await salesReport()];
    await putSettings({ timeZone: "Pacific/Kiritimati" });
    await taxReport();
    await putSettings({ timeZone: "UTC" });
    expect([await taxReport(), await salesReport()]).toEqual(before);
    expect(today()).toMatch(/^\d{4}-/);
  });

  it("is for staff with the reports permission", async () => {
    await createAccount(shop, { email: "desk@example.com", password: "desk-password-1", role: "staff", permissions: ["orders"] });
    const desk = await signedIn(shop, "desk@example.com", "desk-password-1");
    expect((await desk.get(`/api/admin/reports/taxes?${range()}`)).status).toBe(403);
    expect((await staff.get("/api/admin/reports/taxes?from=2026-02-30&to=2026-03-01")).status).toBe(400);
  });
});
