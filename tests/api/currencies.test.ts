import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteSettings } from "#common/content/content.schema";
import { type TestBrowser, createAccount, signedIn } from "#tests/support/auth-browser";
import { type ShoppingCatalog, browserWithCart, checkoutBody, insertShoppingCatalog, send, setStock } from "#tests/support/shop-fixture";
import { type TestShop, createTestShop } from "#tests/support/test-shop";
import { loader as storefrontLayoutLoader } from "../../app/routes/storefront-layout";

let shop: TestShop;
let admin: TestBrowser;
let ids: ShoppingCatalog;

beforeAll(async () => {
  shop = await createTestShop();
  await createAccount(shop, { email: "owner@example.com", password: "owner-password-1", role: "admin" });
  admin = await signedIn(shop, "owner@example.com", "owner-password-1");
  ids = await insertShoppingCatalog(shop.db);
  await setStock(shop.db, ids.mug, 100);
});
afterAll(async () => {
  await shop?.services.auth.idle();
  await shop?.close();
});

type Failure = { error: { code: string; message: string; fields?: Record<string, string> } };
const settingsNow = async () => ((await (await admin.get("/api/admin/settings")).json()) as { data: SiteSettings }).data;
const putSettings = async (change: Partial<SiteSettings>) => send(admin, "PUT", "/api/admin/settings", { ...(await settingsNow()), ...change });
const json = async <T>(path: string) => {
  const res = await shop.request(path);
  return { status: res.status, body: (await res.json()) as T };
};

const EUR = { code: "EUR", rate: 0.92, rounding: "0.99" as const };
const GBP = { code: "GBP", rate: 0.8, rounding: "none" as const };

describe("the shop's languages and currencies", () => {
  it("are listed by GET /api/settings; the server stamps each rate's date and keeps it while the rate stays", async () => {
    const saved = await putSettings({ languages: [{ code: "en" }, { code: "de" }], currencies: [EUR, GBP] } as Partial<SiteSettings>);
    expect(saved.status).toBe(200);
    const { body } = await json<SiteSettings>("/api/settings");
    expect(body.languages.map((l) => l.code)).toEqual(["en", "de"]);
    expect(body.currencies.map((c) => c.code)).toEqual(["EUR", "GBP"]);
    const stamped = body.currencies[0].rateSetAt!;
    expect(Date.parse(stamped)).toBeGreaterThan(Date.now() - 60_000);

    // A client's own date is not taken; an unchanged rate keeps its date, a new rate gets a new one.
    await new Promise((r) => setTimeout(r, 5));
    await putSettings({
      currencies: [
        { ...EUR, rateSetAt: "2001-01-01T00:00:00.000Z" },
        { ...GBP, rate: 0.81 },
      ],
    } as Partial<SiteSettings>);
    const after = (await json<SiteSettings>("/api/settings")).body.currencies;
    expect(after[0].rateSetAt).toBe(stamped);
    expect(after[1].rateSetAt).not.toBe(stamped);
    await putSettings({ currencies: [EUR, GBP] } as Partial<SiteSettings>);
  });

  it("decide the languages the storefront serves: the sitemap lists them, another language's pages are not found", async () => {
    await putSettings({ languages: [{ code: "en" }, { code: "de" }] } as Partial<SiteSettings>);
    const sitemap = await (await shop.request("/sitemap.xml")).text();
    expect(sitemap).toContain("/de/product-category");
    expect(sitemap).not.toContain("/fr/");
    const layout = (path: string) =>
      storefrontLayoutLoader({
        request: new Request(`http://shop.test${path}`),
        params: { lang: path.split("/")[1] },
        context: { services: shop.services },
      } as never).then(
        () => 200,
        (r: unknown) => (r instanceof Response ? r.status : (r as { init?: { status?: number } }).init?.status),
      );
    expect(await layout("/de/search")).toBe(200);
    expect(await layout("/fr/search")).toBe(404);
  });

  it("refuse the base currency as another, a currency twice, an unknown rounding, a bad rate and a language's currency not offered (400, nothing stored)", async () => {
    const before = await settingsNow();
    const cases: Array<[Partial<SiteSettings>, string]> = [
      [{ currencies: [{ code: "USD", rate: 1, rounding: "none" }] } as Partial<SiteSettings>, "currencies.0.code"],
      [{ currencies: [EUR, EUR] } as Partial<SiteSettings>, "currencies.1.code"],
      [{ currencies: [{ ...EUR, rounding: "0.49" }] } as unknown as Partial<SiteSettings>, "currencies.0.rounding"],
      [{ currencies: [{ ...EUR, rate: 0 }] } as Partial<SiteSettings>, "currencies.0.rate"],
      [{ languages: [{ code: "de", currency: "CHF" }] } as Partial<SiteSettings>, "languages.0.currency"],
      [{ languages: [{ code: "it" }] } as unknown as Partial<SiteSettings>, "languages.0.code"],
    ];
    for (const [change, field] of cases) {
      const res = await putSettings(change);
      expect(res.status, field).toBe(400);
      expect(((await res.json()) as Failure).error.fields?.[field], field).toBeTruthy();
    }
    expect((await settingsNow()).currencies).toEqual(before.currencies);
  });
});

describe("catalogue reads in a shopper's currency", () => {
  it("convert prices with the currency's rounding, variants and discounts included, and say which currency", async () => {
    const plain = await json<{ data: { price: number; finalPrice: number; variants: Array<{ price: number; finalPrice: number }> } }>(
      "/api/products/linen-shirt",
    );
    const { status, body } = await json<{
      currency: string;
      data: { price: number; finalPrice: number; variants: Array<{ price: number; finalPrice: number }> };
    }>("/api/products/linen-shirt?currency=eur");
    expect(status).toBe(200);
    expect(body.currency).toBe("EUR");
    // $40.00 × 0.92 = €36.80 → €36.99, less 10 % (€3.70) = €33.29; the Blue / M variant ($45) → €41.40 → €41.99.
    expect(body.data.variants.map((v) => v.price).sort()).toEqual([36.99, 36.99, 41.99]);
    expect(body.data.variants.find((v) => v.price === 36.99)?.finalPrice).toBe(33.29);
    // Without a currency the answer is as it always was.
    expect(plain.body).not.toHaveProperty("currency");
    expect(plain.body.data.variants.map((v) => v.price).sort()).toEqual([40, 40, 45]);
  });

  it("take a product's price list over the conversion (PATCH prices); a currency the shop does not offer is refused", async () => {
    const product = ((await (await admin.get(`/api/admin/products/${ids.mug}`)).json()) as { data: { version: number } }).data;
    const refused = await send(admin, "PATCH", `/api/admin/products/${ids.mug}`, { prices: [{ currency: "JPY", price: 1500 }], version: product.version });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Failure).error.fields?.["prices.0.currency"]).toMatch(/JPY/);

    const saved = await send(admin, "PATCH", `/api/admin/products/${ids.mug}`, { prices: [{ currency: "EUR", price: 8.5 }], version: product.version });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { data: { prices: unknown } }).data.prices).toEqual([{ currency: "EUR", price: 8.5 }]);

    expect((await json<{ data: { price: number } }>("/api/products/mug?currency=EUR")).body.data.price).toBe(8.5);
    // GBP has no list price: $10 × 0.8 = £8.00, to the cent.
    expect((await json<{ data: { price: number } }>("/api/products/mug?currency=GBP")).body.data.price).toBe(8);
    // The base price is untouched.
    expect((await json<{ data: { price: number } }>("/api/products/mug")).body.data.price).toBe(10);
  });

  it("filter the listing by prices in the shown currency, and convert its cards and price range", async () => {
    const { body } = await json<{ currency: string; data: Array<{ name: string; finalPrice: number }>; priceBounds: { min: number; max: number } }>(
      "/api/products?currency=EUR&minPrice=9&maxPrice=20&sort=price-asc",
    );
    expect(body.currency).toBe("EUR");
    // The cap ($15 → €13.80 → €13.99) is inside €9–20; the mug (€8.50 by its list, $10 base → €9.20 converted) is filtered by its base price.
    expect(body.data.map((p) => `${p.name} ${p.finalPrice}`)).toContain("Cap 13.99");
    expect(body.data.some((p) => p.name === "Linen Shirt")).toBe(false);
    const search = await json<{ currency: string; data: { products: Array<{ name: string; finalPrice: number }> } }>(
      "/api/products/search/ser?q=cap&currency=EUR",
    );
    expect(search.body.currency).toBe("EUR");
    expect(search.body.data.products.find((p) => p.name === "Cap")?.finalPrice).toBe(13.99);
  });

  it("refuse a currency the shop does not offer with a 400 that names the ones it does", async () => {
    const { status, body } = await json<Failure>("/api/products?currency=JPY");
    expect(status).toBe(400);
    expect(body.error.message).toMatch(/USD, EUR, GBP/);
  });
});

describe("a cart and an order in a shopper's currency", () => {
  type CartAnswer = {
    data: {
      lines: Array<{ name: string; price: number; finalPrice: number; lineTotal: number }>;
      totals: { subtotal: number; shipping: number; total: number; currency: string };
    };
  };
  type Placed = {
    data: { order: { currency: string; exchangeRate: number; totals: { total: number; shipping: number; currency: string }; lines: Array<{ price: number }> } };
  };

  it("prices the cart's lines and shipping in the currency asked, and leaves the base cart as it was", async () => {
    const b = await browserWithCart(shop, [
      { productId: ids.shirt, color: "Blue", size: "M", quantity: 1 },
      { productId: ids.cap, color: "Black", quantity: 2 },
    ]);
    const base = ((await (await b.get("/api/cart")).json()) as CartAnswer).data;
    const eur = ((await (await b.get("/api/cart?currency=EUR")).json()) as CartAnswer).data;
    expect(base.totals.currency).toBe("USD");
    expect(eur.totals.currency).toBe("EUR");
    // Blue / M: $45 → €41.40 → €41.99, less 10 % = €37.79; the cap: $15 → €13.99, twice.
    expect(eur.lines.map((l) => `${l.name} ${l.finalPrice} ${l.lineTotal}`)).toEqual(["Linen Shirt 37.79 37.79", "Cap 13.99 27.98"]);
    // Shipping (the zone's flat rate and each product's own cost) at 0.92, each to the cent.
    expect(eur.totals.shipping).toBeCloseTo(base.totals.shipping * 0.92, 1);
    expect(eur.totals.total).toBe(Math.round((37.79 + 27.98 + eur.totals.shipping) * 100) / 100);
    expect(base.lines.map((l) => l.finalPrice)).toEqual([40.5, 15]);
  });

  it("records the order's currency and rate, with every amount in that currency (cash on delivery where the currency allows it)", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug, quantity: 2 }]);
    const res = await b.request("/api/orders?currency=EUR", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(checkoutBody()),
    });
    expect(res.status).toBe(201);
    const { order } = ((await res.json()) as Placed).data;
    expect(order.currency).toBe("EUR");
    expect(order.exchangeRate).toBe(0.92);
    expect(order).not.toHaveProperty("language");
    // The mug's EUR price list: €8.50 × 2, and shipping in euros.
    expect(order.lines.map((l) => l.price)).toEqual([8.5]);
    const quote = (
      (await (
        await (await browserWithCart(shop, [{ productId: ids.mug, quantity: 2 }])).get("/api/cart?currency=EUR&shippingMethod=inside-city")
      ).json()) as CartAnswer
    ).data;
    expect(order.totals).toMatchObject({ currency: "EUR", shipping: quote.totals.shipping, total: Math.round((17 + quote.totals.shipping) * 100) / 100 });
    const row = await shop.db.kysely
      .selectFrom("orders")
      .select(["currency", "exchange_rate", "total"])
      .where("currency", "=", "EUR")
      .executeTakeFirstOrThrow();
    expect({ ...row, exchange_rate: Number(row.exchange_rate) }).toEqual({ currency: "EUR", exchange_rate: 0.92, total: Math.round(order.totals.total * 100) });
  });

  it("refuses cash on delivery in a currency the owner keeps it off for, and leaves the cart as it was", async () => {
    const settings = await settingsNow();
    await putSettings({ currencies: settings.currencies.map((c) => (c.code === "GBP" ? { ...c, cashOnDelivery: false } : c)) });
    const b = await browserWithCart(shop, [{ productId: ids.mug, quantity: 1 }]);
    const res = await b.request("/api/orders?currency=GBP", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(checkoutBody()),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Failure).error.fields?.paymentMethod).toMatch(/GBP/);
    expect(((await (await b.get("/api/cart")).json()) as CartAnswer).data.lines).toHaveLength(1);
  });
});

describe("reports across currencies", () => {
  it("count each order in the base currency at the rate it was placed at, and break sales down by currency", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await admin.request(`/api/admin/reports/sales?from=${today}&to=${today}&groupBy=day`);
    expect(res.status).toBe(200);
    const report = (
      (await res.json()) as {
        data: { totals: { totalSales: number }; byCurrency: Array<{ currency: string; orders: number; sales: number; salesInBase: number }> };
      }
    ).data;
    const eur = report.byCurrency.find((c) => c.currency === "EUR")!;
    expect(eur.orders).toBe(1);
    // The EUR order's total, brought back at 0.92.
    expect(eur.salesInBase).toBeCloseTo(eur.sales / 0.92, 2);
    const usd = report.byCurrency.find((c) => c.currency === "USD");
    expect(report.totals.totalSales).toBeCloseTo(eur.salesInBase + (usd?.salesInBase ?? 0), 2);
    const csv = await (await admin.request(`/api/admin/reports/sales.csv?from=${today}&to=${today}&groupBy=day`)).text();
    expect(csv).toContain("Currency,Orders,Total sales,Total sales (USD)");
  });
});
