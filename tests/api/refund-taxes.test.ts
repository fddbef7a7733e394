import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteSettings } from "#common/content/content.schema";
import type { Order } from "#modules/orders";
import { type TestBrowser, createAccount, signedIn } from "#tests/support/auth-browser";
import { markDelivered } from "#tests/support/returns-fixture";
import { type ShoppingCatalog, browserWithCart, checkoutBody, insertShoppingCatalog, send, setStock } from "#tests/support/shop-fixture";
import { type TestShop, createTestShop } from "#tests/support/test-shop";

// Refunds give back the tax of what they refund, from the order's tax as charged: a New York
// order (8.875 % added on top), an EU order (19 % included, shipping taxed) and a reverse-charge one.

let shop: TestShop;
let admin: TestBrowser;
let ids: ShoppingCatalog;

beforeAll(async () => {
  shop = await createTestShop();
  await createAccount(shop, { email: "owner@example.com", password: "owner-password-1", role: "admin" });
  admin = await signedIn(shop, "owner@example.com", "owner-password-1");
  ids = await insertShoppingCatalog(shop.db);
  await setStock(shop.db, ids.mug, 1000);
});
afterAll(async () => {
  await shop?.services.orders.idle();
  await shop?.close();
});

type TaxLineView = { label: string; rate: number; base: number; amount: number; reverseCharge: boolean };
type Refund = { id: string; amount: number; taxLines: TaxLineView[] };

const settingsNow = async () => ((await (await admin.get("/api/admin/settings")).json()) as { data: SiteSettings }).data;
async function putSettings(change: Record<string, unknown>) {
  const res = await send(admin, "PUT", "/api/admin/settings", { ...(await settingsNow()), ...change });
  expect(res.status, await res.clone().text()).toBe(200);
}
/** A delivered (so paid) cash-on-delivery order of `mugs` mugs at 10.00. */
async function paidOrder(mugs: number, address: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<Order> {
  const b = await browserWithCart(shop, [{ productId: ids.mug, quantity: mugs }]);
  const res = await b.request("/api/orders", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(checkoutBody({ address, shippingMethod: String(address.country).toLowerCase(), ...extra })),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const order = ((await res.json()) as { data: { order: Order } }).data.order;
  await markDelivered(shop, order.id);
  return order;
}
async function refund(orderId: string, body: Record<string, unknown>): Promise<Refund> {
  const res = await send(admin, "POST", `/api/admin/orders/${orderId}/refunds`, { reason: "Test", ...body });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return ((await res.json()) as { data: Refund }).data;
}
const orderOf = async (id: string) => ((await (await admin.get(`/api/admin/orders/${id}`)).json()) as { data: Order }).data;

const NEW_YORK = { line1: "350 Fifth Avenue", city: "New York", region: "NY", postalCode: "10118", country: "US" };
const BERLIN = { line1: "Unter den Linden 1", city: "Berlin", region: null, postalCode: "10117", country: "DE" };
const PARIS = { line1: "1 rue de Rivoli", city: "Paris", region: null, postalCode: "75001", country: "FR" };

describe("a US-style shop (tax added on top)", () => {
  beforeAll(async () => {
    await putSettings({
      country: "US",
      currency: "USD",
      freeShippingThreshold: 0,
      shippingZones: ["US", "DE", "FR"].map((country) => ({ id: country.toLowerCase(), name: country, rate: 5, country, regions: [], cities: [] })),
      taxes: {
        ...(await settingsNow()).taxes,
        pricesIncludeTax: false,
        shippingTaxed: false,
        regions: [{ country: "US", region: "NY", name: "Sales tax", rates: { standard: 8.875 } }],
      },
    });
  });

  it("a unit of a line gives back its price and its share of the line's tax; the last refund takes what is left", async () => {
    // Three mugs, 30.00: tax 8.875 % = 2.66 (2.6625).
    const order = await paidOrder(3, NEW_YORK);
    expect(order.totals.taxTotal).toBe(2.66);
    const lineId = order.lines[0]!.id;
    // One mug: its third of 30.00 + 2.66 = 10.89 (10.886…); of which tax 0.89.
    const one = await refund(order.id, { lines: [{ lineId, quantity: 1 }] });
    expect(one.amount).toBe(10.89);
    expect(one.taxLines).toEqual([{ label: "Sales tax 8.875%", name: "Sales tax", reverseCharge: false, rate: 8.875, base: 10, amount: 0.89 }]);
    // A free amount of 5.00: 5.00 × 32.66 / (32.66 + the untaxed shipping) goes to the rate, its tax extracted.
    const free = await refund(order.id, { amount: 5 });
    const freeTax = free.taxLines[0]!.amount;
    expect(freeTax).toBeGreaterThan(0);
    expect(freeTax).toBeLessThan(0.41);
    // Everything left: the tax of all the refunds adds up to the order's, never more.
    const left = order.totals.total - 10.89 - 5;
    const rest = await refund(order.id, { amount: Math.round(left * 100) / 100 });
    const refundedTax = [one, free, rest].flatMap((r) => r.taxLines).reduce((s, l) => s + Math.round(l.amount * 100), 0);
    expect(refundedTax).toBe(266);
    const seen = await orderOf(order.id);
    expect(seen.totals).toMatchObject({ taxRefunded: 2.66 });
    expect(seen.refunds.map((r) => (r as unknown as Refund).taxLines.reduce((s, l) => s + l.amount, 0))).toEqual([
      0.89,
      freeTax,
      (266 - 89 - Math.round(freeTax * 100)) / 100,
    ]);
  });
});

describe("an EU-style shop (VAT included, shipping taxed)", () => {
  beforeAll(async () => {
    await putSettings({
      country: "DE",
      currency: "EUR",
      taxes: {
        ...(await settingsNow()).taxes,
        pricesIncludeTax: true,
        shippingTaxed: true,
        shippingTaxClass: "standard",
        regions: [
          { country: "DE", name: "VAT", rates: { standard: 19 } },
          { country: "FR", name: "VAT", rates: { standard: 20 } },
        ],
      },
    });
  });

  it("the shipping gives back its VAT; the whole order all of it", async () => {
    // Two mugs, 20.00 incl. VAT, shipping 5.00 + 2 × 4.99 = 14.98 incl. VAT: 34.98 × 19/119 = 5.59,
    // shared 3.20 to the mugs and 2.39 to the shipping.
    const order = await paidOrder(2, BERLIN);
    expect(order.totals.taxTotal).toBe(5.59);
    const shipping = await refund(order.id, { shipping: 14.98 });
    expect(shipping.amount).toBe(14.98);
    expect(shipping.taxLines).toEqual([{ label: "VAT 19%", name: "VAT", reverseCharge: false, rate: 19, base: 12.59, amount: 2.39 }]);
    const rest = await refund(order.id, { lines: [{ lineId: order.lines[0]!.id, quantity: 2 }] });
    expect(rest.taxLines).toEqual([{ label: "VAT 19%", name: "VAT", reverseCharge: false, rate: 19, base: 16.8, amount: 3.2 }]);
    expect((await orderOf(order.id)).totals).toMatchObject({ taxTotal: 5.59, taxRefunded: 5.59, net: 0 });
  });

  it("a reverse-charge order gives back no tax", async () => {
    const order = await paidOrder(1, PARIS, { company: "Société Test", vatNumber: "FR40303265045" });
    expect(order.reverseCharge).toBe(true);
    const r = await refund(order.id, { lines: [{ lineId: order.lines[0]!.id, quantity: 1 }] });
    expect(r.taxLines).toEqual([expect.objectContaining({ label: "Reverse charge", rate: 0, amount: 0, reverseCharge: true })]);
    expect((await orderOf(order.id)).totals).toMatchObject({ taxRefunded: 0 });
  });
});
