import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CheckoutResult, action as checkoutAction } from "../../app/routes/checkout";
import type { CartView } from "../../server/modules/cart/cart.types";
import type { Order, ShippingOption } from "../../server/modules/orders/orders.types";
import { type ShoppingCatalog, browserWithCart, checkoutBody, insertShoppingCatalog, orderRowCounts, setStock } from "../support/shop-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

// The demo shop's zones: a courier inside Portland, Oregon, and standard shipping anywhere in the US.
const ZONES = [
  { id: "inside-city", name: "Inside the city (1–2 days)", rate: 4.99, country: "US", regions: ["OR"], cities: ["Portland"] },
  { id: "outside-city", name: "Standard shipping (3–5 days)", rate: 9.99, country: "US", regions: [], cities: [] },
];
const PORTLAND = { line1: "214 Harbor Street", city: "Portland", region: "OR", postalCode: "97204", country: "US" };
const SEATTLE = { line1: "1 Pike Street", city: "Seattle", region: "WA", postalCode: "98101", country: "US" };

let shop: TestShop;
let ids: ShoppingCatalog;

beforeAll(async () => {
  shop = await createTestShop();
  ids = await insertShoppingCatalog(shop.db);
  await setStock(shop.db, ids.mug, 100);
  await shop.services.content.saveSettings({ ...(await shop.services.content.getSettings()), freeShippingThreshold: 75, shippingZones: ZONES });
});
afterAll(async () => {
  await shop?.services.orders.idle();
  await shop?.close();
});

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
const cartOf = async (res: Response) => ((await res.json()) as { data: CartView }).data;
const orderOf = async (res: Response) => ((await res.json()) as { data: { order: Order } }).data.order;
const optionsOf = async (res: Response) => ((await res.json()) as { data: { options: ShippingOption[]; unavailable: string | null } }).data;

describe("the shipping methods offered for an address", () => {
  it("are the zones that deliver there, the most specific first, priced for the cart", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug, quantity: 2 }]);
    const portland = await optionsOf(await b.get("/api/shipping-options?country=US&region=Oregon&city=portland"));
    // Zone rate + 2 × 4.99 of the mug's own shipping.
    expect(portland.options.map((o) => [o.id, o.cost])).toEqual([
      ["inside-city", 14.97],
      ["outside-city", 19.97],
    ]);
    expect(portland.unavailable).toBeNull();
    expect((await optionsOf(await b.get("/api/shipping-options?country=US&region=OR&city=Salem"))).options.map((o) => o.id)).toEqual(["outside-city"]);
    expect(await optionsOf(await b.get("/api/shipping-options?country=FR&city=Paris"))).toEqual({ options: [], unavailable: "We don't ship to France yet." });
  });

  it("refuses an unknown country or region with 400 naming the field", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug }]);
    for (const [query, field, message] of [
      ["country=Atlantis", "country", "Please choose a country from the list"],
      ["country=US&region=Narnia", "region", "Please choose a state of United States from the list"],
    ]) {
      const res = await b.get(`/api/shipping-options?${query}`);
      expect(res.status, query).toBe(400);
      expect((await errorOf(res)).fields).toEqual({ [field!]: message });
    }
  });
});

describe("placing an order", () => {
  it("refuses a zone that does not deliver to the address, an unknown country or region, and a country no zone covers: 400, nothing stored", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug }]);
    const before = await orderRowCounts(shop.db);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { address: SEATTLE, shippingMethod: "inside-city" },
        "shippingMethod",
        "Inside the city (1–2 days) does not deliver to this address. Please choose one of the shipping methods offered.",
      ],
      [
        { address: { ...PORTLAND, city: "Portland", region: "ME" }, shippingMethod: "inside-city" },
        "shippingMethod",
        "Inside the city (1–2 days) does not deliver to this address. Please choose one of the shipping methods offered.",
      ],
      [{ address: { ...PORTLAND, country: "Atlantis" } }, "address.country", "Please choose a country from the list"],
      [{ address: { ...PORTLAND, region: "Narnia" } }, "address.region", "Please choose a state of United States from the list"],
      [{ address: { ...PORTLAND, region: null } }, "address.region", "Please choose your state"],
      [{ address: { ...PORTLAND, country: "CA", region: "Oregon" } }, "address.region", "Please choose a province or territory of Canada from the list"],
      [
        { address: { line1: "5 Rue de Rivoli", city: "Paris", country: "FR" }, shippingMethod: "outside-city" },
        "address.country",
        "We don't ship to France yet.",
      ],
    ];
    for (const [override, field, message] of cases) {
      const res = await b.post("/api/orders", checkoutBody(override));
      expect(res.status, JSON.stringify(override)).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("invalid_input");
      expect(error.fields?.[field], JSON.stringify(override)).toBe(message);
    }
    expect(await orderRowCounts(shop.db)).toEqual(before);
    expect((await cartOf(await b.get("/api/cart"))).lines).toHaveLength(1);
  });

  it("charges what the cart quoted for the zone, ships with the first zone offered when none is named, and stores the address as codes", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug, quantity: 2 }]);
    // Before the address is known the cart says from the cheapest to the dearest zone.
    expect((await cartOf(await b.get("/api/cart"))).totals).toMatchObject({ shipping: 14.97, shippingMax: 19.97, total: 34.97 });
    const quoted = (await cartOf(await b.get("/api/cart?shippingMethod=inside-city"))).totals;
    expect(quoted).toMatchObject({ shipping: 14.97, shippingMax: 14.97 });
    const res = await b.post("/api/orders", checkoutBody({ address: { ...PORTLAND, country: "united states", region: "Oregon" }, shippingMethod: undefined }));
    expect(res.status).toBe(201);
    const order = await orderOf(res);
    expect(order.shippingMethod).toEqual({ id: "inside-city", name: "Inside the city (1–2 days)" });
    expect(order.totals).toEqual({
      subtotal: quoted.subtotal,
      discount: quoted.discount,
      itemsSubtotal: quoted.itemsSubtotal,
      shipping: quoted.shipping,
      total: quoted.total,
      taxTotal: 0,
      pricesIncludeTax: false,
      refunded: 0,
      net: quoted.total,
      taxRefunded: 0,
      currency: "USD",
      discountTotal: 0,
      giftCardTotal: 0,
      orderTotal: quoted.total,
    });
    expect(order.address).toMatchObject({ city: "Portland", region: "OR", country: "US" });

    const other = await browserWithCart(shop, [{ productId: ids.mug, quantity: 2 }]);
    const standard = (await cartOf(await other.get("/api/cart?shippingMethod=outside-city"))).totals;
    const placed = await orderOf(await other.post("/api/orders", checkoutBody({ address: SEATTLE, shippingMethod: "outside-city" })));
    expect(placed.totals).toMatchObject({ shipping: standard.shipping, total: standard.total });
  });

  it("the checkout page refuses a zone that does not deliver to the address beside the field, and offers the address's zones", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug }]);
    const before = await orderRowCounts(shop.db);
    const form = new URLSearchParams({
      intent: "place",
      idempotencyKey: "page-zone",
      name: "Grace Hopper",
      email: "grace@example.com",
      phone: "+1 555 0100",
      ...SEATTLE,
      shippingMethod: "inside-city",
      paymentMethod: "cod",
    });
    const request = new Request("http://shop.test/checkout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: b.jar.header() },
      body: form,
    });
    const context: AppLoadContext = { services: shop.services, clientIp: "203.0.113.9", requestId: "test", user: null, cspNonce: () => "n" };
    const answer = (await checkoutAction({ request, context, params: {} } as never)) as unknown as { data: CheckoutResult; init: { status: number } };
    expect(answer.init.status).toBe(400);
    expect(answer.data.errors).toEqual({
      shippingMethod: "Inside the city (1–2 days) does not deliver to this address. Please choose one of the shipping methods offered.",
    });
    expect(answer.data.quote).toMatchObject({ offered: ["outside-city"], shippingMethod: "outside-city", unavailable: null });
    expect(await orderRowCounts(shop.db)).toEqual(before);
  });
});
