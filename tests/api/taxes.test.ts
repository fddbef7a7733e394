import { parse } from "csv/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteSettings } from "#common/content/content.schema";
import type { CartView, ShippingOption } from "#modules/cart";
import type { Order } from "#modules/orders";
import { type TestBrowser, createAccount, signedIn } from "#tests/support/auth-browser";
import { insertCatalog } from "#tests/support/catalog-fixture";
import { type FakeStripe, startFakeStripe } from "#tests/support/fake-stripe";
import { type ShoppingCatalog, browserWithCart, checkoutBody, insertShoppingCatalog, orderRowCounts, send, setStock } from "#tests/support/shop-fixture";
import { type TestShop, createTestShop } from "#tests/support/test-shop";

// Tax in the cart, the shipping options and orders, through the API: a US-style shop (prices
// without tax, a state's sales tax added) and an EU-style one (prices with VAT, taxed shipping,
// reverse charge for businesses of another member state). Amounts are worked out by hand below.

let fake: FakeStripe;
let shop: TestShop;
let admin: TestBrowser;
let ids: ShoppingCatalog;

beforeAll(async () => {
  fake = await startFakeStripe();
  shop = await createTestShop(fake.env);
  await createAccount(shop, { email: "owner@example.com", password: "owner-password-1", role: "admin" });
  admin = await signedIn(shop, "owner@example.com", "owner-password-1");
  ids = await insertShoppingCatalog(shop.db);
  await setStock(shop.db, ids.mug, 1000);
  // Every test here buys the Blue/L shirt too.
  await shop.db.kysely.updateTable("product_variants").set({ stock: 1000 }).where("product_id", "=", ids.shirt).where("size", "=", "L").execute();
});
afterAll(async () => {
  await shop?.services.orders.idle();
  await shop?.services.auth.idle();
  await shop?.close();
  await fake?.close();
});

type Failure = { error: { code: string; message: string; fields?: Record<string, string> } };
type Placed = { order: Order; guestToken: string };

const settingsNow = async () => ((await (await admin.get("/api/admin/settings")).json()) as { data: SiteSettings }).data;
async function putSettings(change: Record<string, unknown>) {
  const res = await send(admin, "PUT", "/api/admin/settings", { ...(await settingsNow()), ...change });
  expect(res.status, await res.clone().text()).toBe(200);
}
async function putTaxes(change: Record<string, unknown>) {
  await putSettings({ taxes: { ...(await settingsNow()).taxes, ...change } });
}

const cartOf = async (b: TestBrowser, query = "") => {
  const res = await b.get(`/api/cart${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: CartView }).data;
};
const optionsOf = async (b: TestBrowser, query: string) =>
  ((await (await b.get(`/api/shipping-options${query}`)).json()) as { data: { options: ShippingOption[] } }).data.options;

async function place(b: TestBrowser, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await b.request("/api/orders", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(checkoutBody(body)),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return ((await res.json()) as { data: Placed }).data;
}
async function orderAsSeen(b: TestBrowser, placed: Placed): Promise<Order> {
  const res = await b.get(`/api/orders/${placed.order.id}?token=${encodeURIComponent(placed.guestToken)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Order }).data;
}
/** The order's stored line taxes. */
const storedTaxLines = (orderId: string) =>
  shop.db.kysely.selectFrom("order_tax_lines").selectAll().where("order_id", "=", orderId).orderBy("rate_milli", "desc").orderBy("base").execute();
const storedOrder = (orderId: string) =>
  shop.db.kysely.selectFrom("orders").select(["tax_total", "total", "reverse_charge", "vat_number"]).where("id", "=", orderId).executeTakeFirstOrThrow();
const taxRowCount = async () =>
  Number(
    (
      await shop.db.kysely
        .selectFrom("order_tax_lines")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Two mugs (10.00 each) and a Linen Shirt in Blue/L (40.00, 10 % off: 36.00): 56.00 of goods, three units. */
const cartA = () =>
  browserWithCart(shop, [
    { productId: ids.mug, quantity: 2 },
    { productId: ids.shirt, color: "Blue", size: "L" },
  ]);
/** A mug and the Blue/L shirt: 46.00 of goods, two units. */
const cartB = () =>
  browserWithCart(shop, [
    { productId: ids.mug, quantity: 1 },
    { productId: ids.shirt, color: "Blue", size: "L" },
  ]);

const NEW_YORK = { line1: "350 Fifth Avenue", city: "New York", region: "NY", postalCode: "10118", country: "US" };
const OREGON = { line1: "1 Pioneer Square", city: "Portland", region: "OR", postalCode: "97204", country: "US" };
const BERLIN = { line1: "Unter den Linden 1", city: "Berlin", region: null, postalCode: "10117", country: "DE" };
const PARIS = { line1: "1 rue de Rivoli", city: "Paris", region: null, postalCode: "75001", country: "FR" };

describe("without a tax setup (the default)", () => {
  it("cart and order answer as before: no tax, no tax lines, the same totals", async () => {
    const b = await cartA();
    for (const query of ["", "?country=US&region=NY"]) {
      const cart = await cartOf(b, query);
      // 56.00 of goods + the cheaper zone (5.00) + 3 × 4.99 of the products' own shipping.
      expect(cart.totals).toMatchObject({ subtotal: 60, discount: 4, itemsSubtotal: 56, shipping: 19.97, total: 75.97, taxTotal: 0, pricesIncludeTax: false });
      expect(cart.taxLines).toEqual([]);
    }
    const placed = await place(b, { address: NEW_YORK, shippingMethod: "inside-city" });
    expect(placed.order.totals).toMatchObject({ itemsSubtotal: 56, shipping: 19.97, total: 75.97, taxTotal: 0, pricesIncludeTax: false });
    expect(placed.order).toMatchObject({ taxLines: [], company: null, vatNumber: null, reverseCharge: false });
    expect(await storedTaxLines(placed.order.id)).toEqual([]);
  });
});

describe("a US-style shop: prices without tax, each state's sales tax added", () => {
  let productsBefore: unknown;
  beforeAll(async () => {
    productsBefore = await (await shop.request("/api/products")).json();
    await putSettings({
      country: "US",
      currency: "USD",
      freeShippingThreshold: 0,
      shippingZones: [{ id: "us", name: "United States", rate: 5, country: "US", regions: [], cities: [] }],
      taxes: {
        pricesIncludeTax: false,
        shippingTaxed: false,
        region: "NY",
        regions: [
          { country: "US", region: "NY", name: "Sales tax", rates: { standard: 8.875, reduced: 4, zero: 0 } },
          { country: "US", region: "Texas", rates: { standard: 6.25, reduced: 0 } },
        ],
      },
    });
  });

  it("the catalogue's answers keep the prices as entered", async () => {
    expect(await (await shop.request("/api/products")).json()).toEqual(productsBefore);
  });

  it("the cart is taxed for the address asked, else for the shop's own state; an address no region covers is untaxed", async () => {
    const b = await cartA();
    // Shipping 5.00 + 3 × 4.99 = 19.97, untaxed. New York: 8.875 % of 56.00 = 4.97.
    const ny = await cartOf(b, "?country=US&region=NY&city=New%20York&postalCode=10118");
    expect(ny.totals).toMatchObject({ itemsSubtotal: 56, shipping: 19.97, taxTotal: 4.97, total: 80.94, pricesIncludeTax: false });
    expect(ny.taxLines).toEqual([{ label: "Sales tax 8.875%", name: "Sales tax", reverseCharge: false, rate: 8.875, base: 56, amount: 4.97 }]);
    expect(await cartOf(b)).toMatchObject({ totals: { taxTotal: 4.97, total: 80.94 } });
    // Texas by its name: 6.25 % of 56.00 = 3.50, called plain "Tax" (the region names none).
    const tx = await cartOf(b, "?country=US&region=Texas");
    expect(tx.totals).toMatchObject({ taxTotal: 3.5, total: 79.47 });
    expect(tx.taxLines).toEqual([{ label: "Tax 6.25%", name: null, reverseCharge: false, rate: 6.25, base: 56, amount: 3.5 }]);
    const or = await cartOf(b, "?country=US&region=OR");
    expect(or.totals).toMatchObject({ taxTotal: 0, total: 75.97 });
    expect(or.taxLines).toEqual([]);
    // An address the shop cannot read is refused, as the shipping options refuse it.
    const bad = await b.get("/api/cart?country=Atlantis");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Failure).error.fields).toHaveProperty("country");
  });

  it("the default class's rate applies to products that name none (the reduced rate here)", async () => {
    await putTaxes({ defaultClass: "reduced" });
    try {
      const cart = await cartOf(await cartA(), "?country=US&region=NY");
      // 4 % of 56.00
      expect(cart.taxLines).toEqual([{ label: "Sales tax 4%", name: "Sales tax", reverseCharge: false, rate: 4, base: 56, amount: 2.24 }]);
      expect(cart.totals).toMatchObject({ taxTotal: 2.24, total: 78.21 });
    } finally {
      await putTaxes({ defaultClass: "standard" });
    }
  });

  it("the shipping options give the order's tax and total for the address with each option", async () => {
    const b = await cartA();
    expect(await optionsOf(b, "?country=US&region=NY")).toMatchObject([
      {
        id: "us",
        cost: 19.97,
        taxTotal: 4.97,
        total: 80.94,
        taxLines: [{ label: "Sales tax 8.875%", name: "Sales tax", reverseCharge: false, rate: 8.875, base: 56, amount: 4.97 }],
      },
    ]);
    expect(await optionsOf(b, "?country=US&region=OR")).toMatchObject([{ id: "us", taxTotal: 0, total: 75.97, taxLines: [] }]);
  });

  it("an order stores its line taxes, which add up to its tax and to the cart's quote; later rates leave it unchanged", async () => {
    const b = await cartA();
    const quoted = await cartOf(b, "?country=US&region=NY");
    const placed = await place(b, { address: NEW_YORK, shippingMethod: "us" }, { "Idempotency-Key": "tax-ny-1" });
    const order = placed.order;
    expect(order.totals).toMatchObject({ itemsSubtotal: 56, shipping: 19.97, taxTotal: 4.97, total: 80.94, pricesIncludeTax: false });
    expect(order.totals.total).toBe(quoted.totals.total);
    expect(order.taxLines).toEqual(quoted.taxLines);

    // 4.97 shared over the lines by their amounts: 20.00 → 1.775, 36.00 → 3.195; the cent left goes to the larger remainder (the first on a tie).
    const rows = await storedTaxLines(order.id);
    const byLine = new Map(order.lines.map((l) => [l.id, l.name]));
    expect(rows.map((r) => [byLine.get(r.order_line_id!), r.tax_class, r.rate_milli, r.base, r.amount]).sort()).toEqual([
      ["Linen Shirt", "standard", 8875, 3600, 319],
      ["Mug", "standard", 8875, 2000, 178],
    ]);
    const stored = await storedOrder(order.id);
    expect(rows.reduce((n, r) => n + r.amount, 0)).toBe(stored.tax_total);
    expect(stored).toMatchObject({ tax_total: 497, total: 8094 });

    // The same key answers the same order, taxed as it was.
    const again = await b.request("/api/orders", {
      method: "POST",
      headers: { "content-type": "application/json", "Idempotency-Key": "tax-ny-1" },
      body: JSON.stringify(checkoutBody({ address: NEW_YORK, shippingMethod: "us" })),
    });
    expect(again.status).toBe(200);
    const replayed = ((await again.json()) as { data: Placed }).data.order;
    expect(replayed.id).toBe(order.id);
    expect(replayed.taxLines).toEqual(order.taxLines);

    const before = await orderAsSeen(b, placed);
    const regions = (await settingsNow()).taxes.regions;
    await putTaxes({ regions: regions.map((r) => (r.region === "NY" ? { ...r, rates: { ...r.rates, standard: 10 } } : r)) });
    try {
      const after = await orderAsSeen(b, placed);
      expect(after.totals).toEqual(before.totals);
      expect(after.taxLines).toEqual([{ label: "Sales tax 8.875%", name: "Sales tax", reverseCharge: false, rate: 8.875, base: 56, amount: 4.97 }]);
      // The shop's view and "my orders" say the same.
      const adminView = ((await (await admin.get(`/api/admin/orders/${order.id}`)).json()) as { data: Order }).data;
      expect(adminView).toMatchObject({ taxLines: after.taxLines, totals: { taxTotal: 4.97, total: 80.94 } });
      const mine = ((await (await b.get("/api/orders")).json()) as { data: Array<{ id: string; total: number; taxTotal: number }> }).data;
      expect(mine.find((o) => o.id === order.id)).toMatchObject({ total: 80.94, taxTotal: 4.97 });
      // A new cart is quoted at the new rate: 10 % of 56.00.
      expect((await cartOf(await cartA(), "?country=US&region=NY")).totals.taxTotal).toBe(5.6);
    } finally {
      await putTaxes({ regions });
    }
  });

  it("a card payment is asked for the order's total with its tax", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug }]);
    const placed = await place(b, { address: NEW_YORK, shippingMethod: "us", paymentMethod: "card" });
    // 10.00 + 5.00 + 4.99 + 8.875 % of 10.00 (0.8875 → 0.89)
    expect(placed.order.totals).toMatchObject({ taxTotal: 0.89, total: 20.88 });
    const intent = [...fake.intents.values()].find((i) => i.metadata.orderId === placed.order.id);
    expect(intent?.amount).toBe(2088);
  });

  it("an address no tax region covers gives an untaxed order with no tax lines", async () => {
    const b = await cartA();
    const { order } = await place(b, { address: OREGON, shippingMethod: "us" });
    expect(order.totals).toMatchObject({ taxTotal: 0, total: 75.97 });
    expect(order.taxLines).toEqual([]);
    expect(await storedTaxLines(order.id)).toEqual([]);
  });

  it("many small lines are taxed once on their sum, not rounded away line by line", async () => {
    const candies = Array.from({ length: 30 }, (_, i) => ({ name: `Candy ${i + 1}`, price: 5, category: "Sweets" }));
    const { productIds } = await insertCatalog(shop.db, { Sweets: [] }, candies);
    const b = await browserWithCart(
      shop,
      candies.map((c) => ({ productId: productIds.get(c.name)! })),
    );
    // 30 × 0.05 = 1.50; 8.875 % of it is 0.133 → 0.13 (line by line each 0.0044 would round to 0).
    const cart = await cartOf(b, "?country=US&region=NY");
    expect(cart.taxLines).toEqual([{ label: "Sales tax 8.875%", name: "Sales tax", reverseCharge: false, rate: 8.875, base: 1.5, amount: 0.13 }]);
    const { order } = await place(b, { address: NEW_YORK, shippingMethod: "us" });
    expect(order.totals.taxTotal).toBe(0.13);
    const rows = await storedTaxLines(order.id);
    expect(rows).toHaveLength(30);
    expect(rows.reduce((n, r) => n + r.amount, 0)).toBe(13);
    expect(rows.every((r) => r.amount === 0 || r.amount === 1)).toBe(true);
  });
});

describe("an EU-style shop: prices with VAT, shipping taxed, reverse charge for businesses", () => {
  beforeAll(async () => {
    await putSettings({
      country: "DE",
      currency: "EUR",
      freeShippingThreshold: 0,
      shippingZones: [
        { id: "de", name: "Deutschland", rate: 5, country: "DE", regions: [], cities: [] },
        { id: "fr", name: "France", rate: 5, country: "FR", regions: [], cities: [] },
      ],
      taxes: {
        pricesIncludeTax: true,
        shippingTaxed: true,
        shippingTaxClass: "standard",
        defaultClass: "standard",
        taxNumber: "DE123456789",
        regions: [
          { country: "DE", name: "VAT", rates: { standard: 19, reduced: 7, zero: 0 } },
          { country: "FR", name: "VAT", rates: { standard: 20, reduced: 5.5, zero: 0 } },
        ],
      },
    });
  });

  it("everyone pays the same prices; the destination's VAT is extracted from goods and shipping", async () => {
    const b = await cartB();
    // 46.00 of goods + 5.00 + 2 × 4.99 shipping = 60.98, all at the standard rate.
    // Germany: 60.98 × 19/119 = 9.7361 → 9.74; France: 60.98 × 20/120 = 10.163 → 10.16.
    const de = await cartOf(b, "?country=DE");
    expect(de.totals).toMatchObject({ itemsSubtotal: 46, shipping: 14.98, total: 60.98, taxTotal: 9.74, pricesIncludeTax: true });
    expect(de.taxLines).toEqual([{ label: "VAT 19%", name: "VAT", reverseCharge: false, rate: 19, base: 51.24, amount: 9.74 }]);
    expect(await cartOf(b)).toMatchObject({ totals: { taxTotal: 9.74, total: 60.98 } });
    const fr = await cartOf(b, "?country=FR&city=Paris");
    expect(fr.totals).toMatchObject({ total: 60.98, taxTotal: 10.16 });
    expect(fr.taxLines).toEqual([{ label: "VAT 20%", name: "VAT", reverseCharge: false, rate: 20, base: 50.82, amount: 10.16 }]);
    const us = await cartOf(b, "?country=US&region=NY");
    expect(us.totals).toMatchObject({ taxTotal: 0, pricesIncludeTax: true });
    expect(us.taxLines).toEqual([]);
    expect(await optionsOf(b, "?country=FR")).toMatchObject([{ id: "fr", cost: 14.98, taxTotal: 10.16, total: 60.98 }]);
  });

  it("goods at the reduced rate and shipping at the standard one make a line per rate", async () => {
    await putTaxes({ defaultClass: "reduced" });
    try {
      const cart = await cartOf(await cartB(), "?country=DE");
      // Goods 46.00 × 7/107 = 3.0093 → 3.01; shipping 14.98 × 19/119 = 2.3918 → 2.39.
      expect(cart.taxLines).toEqual([
        { label: "VAT 19%", name: "VAT", reverseCharge: false, rate: 19, base: 12.59, amount: 2.39 },
        { label: "VAT 7%", name: "VAT", reverseCharge: false, rate: 7, base: 42.99, amount: 3.01 },
      ]);
      expect(cart.totals).toMatchObject({ taxTotal: 5.4, total: 60.98 });
    } finally {
      await putTaxes({ defaultClass: "standard" });
    }
  });

  it("an order keeps the tax of each line and of shipping, adding up to its tax", async () => {
    const b = await cartB();
    const quoted = await cartOf(b, "?country=DE");
    const { order } = await place(b, { address: BERLIN, shippingMethod: "de", company: "Muster GmbH", vatNumber: "DE 123 456 789" });
    // A German business buying from a German shop pays VAT.
    expect(order).toMatchObject({ company: "Muster GmbH", vatNumber: "DE123456789", reverseCharge: false });
    expect(order.totals).toMatchObject({ total: 60.98, taxTotal: 9.74, pricesIncludeTax: true });
    expect(order.taxLines).toEqual(quoted.taxLines);
    const rows = await storedTaxLines(order.id);
    expect(rows).toHaveLength(3);
    const shipping = rows.find((r) => r.order_line_id === null);
    expect(shipping).toMatchObject({ tax_class: "standard", rate_milli: 19_000 });
    expect(rows.reduce((n, r) => n + r.amount, 0)).toBe(974);
    expect(rows.reduce((n, r) => n + r.base + r.amount, 0)).toBe(6098);
  });

  it("a business with a VAT number of another member state pays no VAT: reverse charge", async () => {
    const b = await cartB();
    const quoted = await b.get("/api/cart?country=FR");
    expect(((await quoted.json()) as { data: CartView }).data.totals.taxTotal).toBe(10.16);
    const { order } = await place(b, { address: PARIS, shippingMethod: "fr", company: "Acme SARL", vatNumber: "fr 12 345678901" });
    expect(order).toMatchObject({ company: "Acme SARL", vatNumber: "FR12345678901", reverseCharge: true });
    // The prices without the 10.16 of French VAT they include.
    expect(order.totals).toMatchObject({ itemsSubtotal: 46, shipping: 14.98, taxTotal: 0, total: 50.82 });
    expect(order.taxLines).toEqual([{ label: "Reverse charge", name: "VAT", reverseCharge: true, rate: 0, base: 50.82, amount: 0 }]);
    expect(await storedOrder(order.id)).toMatchObject({ reverse_charge: 1, vat_number: "FR12345678901", tax_total: 0, total: 5082 });
    const rows = await storedTaxLines(order.id);
    expect(rows.every((r) => r.amount === 0 && r.rate_milli === 0)).toBe(true);

    // The order desk's export says it, for the books.
    const csv = await admin.get(`/api/admin/orders/export.csv?q=${order.number}`);
    const [header, row] = parse(await csv.text()) as string[][];
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(header!.slice(-6)).toEqual(["Tax", "Tax country", "Tax region", "Reverse charge", "Company", "VAT number"]);
    expect([cell("Total"), cell("Tax"), cell("Tax country"), cell("Reverse charge"), cell("Company"), cell("VAT number")]).toEqual([
      "50.82",
      "0.00",
      "FR",
      "yes",
      "Acme SARL",
      "FR12345678901",
    ]);
  });

  it("a malformed VAT number is refused beside its field, and nothing is stored", async () => {
    const b = await cartB();
    const before = { ...(await orderRowCounts(shop.db)), taxLines: await taxRowCount() };
    for (const vatNumber of ["DE12", "XX123456789", "FR1234"]) {
      const res = await b.post("/api/orders", checkoutBody({ address: BERLIN, shippingMethod: "de", vatNumber }));
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as Failure;
      expect(error.code).toBe("invalid_input");
      expect(error.fields).toHaveProperty("vatNumber");
    }
    expect({ ...(await orderRowCounts(shop.db)), taxLines: await taxRowCount() }).toEqual(before);
    expect((await cartOf(b)).lines).toHaveLength(2);
  });
});
