import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteSettings } from "#common/content/content.schema";
import { type TestBrowser, createAccount, signedIn } from "#tests/support/auth-browser";
import { browserWithCart, checkoutBody, insertShoppingCatalog, send, setStock } from "#tests/support/shop-fixture";
import { type TestShop, createTestShop } from "#tests/support/test-shop";

// The JSON API answers in the currency the shopper chose on the storefront (the `shop.currency`
// cookie the currency switcher sets) when the request names none; `?currency=` wins over it.

let shop: TestShop;
let admin: TestBrowser;
let ids: Awaited<ReturnType<typeof insertShoppingCatalog>>;

beforeAll(async () => {
  shop = await createTestShop();
  await createAccount(shop, { email: "owner@example.com", password: "owner-password-1", role: "admin" });
  admin = await signedIn(shop, "owner@example.com", "owner-password-1");
  ids = await insertShoppingCatalog(shop.db);
  await setStock(shop.db, ids.mug, 100);
  const settings = ((await (await admin.get("/api/admin/settings")).json()) as { data: SiteSettings }).data;
  const saved = await send(admin, "PUT", "/api/admin/settings", {
    ...settings,
    currencies: [
      { code: "EUR", rate: 0.92, rounding: "0.99" },
      { code: "GBP", rate: 0.8, rounding: "none" },
    ],
  });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await shop?.services.auth.idle();
  await shop?.close();
});

const get = (path: string, cookie?: string, headers: Record<string, string> = {}) => shop.request(path, { headers: cookie ? { cookie, ...headers } : headers });
const body = async <T>(res: Response) => {
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};
type Detail = { currency?: string; data: { price: number; variants: Array<{ price: number; finalPrice: number }> } };
type Listing = { currency?: string; data: Array<{ name: string; finalPrice: number }> };
type Search = { currency?: string; data: { products: Array<{ name: string; finalPrice: number }> } };
type Card = { name: string; finalPrice: number };

describe("catalogue reads with the currency cookie", () => {
  it("answer in the cookie's currency and say so: the product, the listing and its price filter, the search and a category", async () => {
    const detail = await body<Detail>(await get("/api/products/linen-shirt", "shop.currency=EUR"));
    expect(detail.currency).toBe("EUR");
    // $40.00 × 0.92 → €36.99, less 10 % = €33.29; Blue / M ($45) → €41.99.
    expect(detail.data.variants.map((v) => v.price).sort()).toEqual([36.99, 36.99, 41.99]);

    // Bounds in euros: the cap (€13.99) is inside €9–20, the shirt (€33.29) is not.
    const listing = await body<Listing>(await get("/api/products?minPrice=9&maxPrice=20&sort=price-asc", "theme=dark; shop.currency=eur"));
    expect(listing.currency).toBe("EUR");
    expect(listing.data.map((p) => `${p.name} ${p.finalPrice}`)).toContain("Cap 13.99");
    expect(listing.data.some((p) => p.name === "Linen Shirt")).toBe(false);

    const search = await body<Search>(await get("/api/products/search/ser?q=cap", "shop.currency=EUR"));
    expect(search.currency).toBe("EUR");
    expect(search.data.products.find((p) => p.name === "Cap")?.finalPrice).toBe(13.99);

    const category = await body<Card[]>(await get("/api/products/category/clothing", "shop.currency=GBP"));
    // The spec's bare array, its amounts in pounds: $15 × 0.8 = £12.
    expect(category.find((p) => p.name === "Cap")?.finalPrice).toBe(12);
  });

  it("give way to ?currency=, which still refuses a currency the shop does not offer", async () => {
    const detail = await body<Detail>(await get("/api/products/mug?currency=GBP", "shop.currency=EUR"));
    expect(detail).toMatchObject({ currency: "GBP", data: { price: 8 } });
    const refused = await get("/api/products/mug?currency=JPY", "shop.currency=EUR");
    expect(refused.status).toBe(400);
    // A blank ?currency= names none: the cookie's currency holds.
    expect((await body<Detail>(await get("/api/products/mug?currency=", "shop.currency=EUR"))).currency).toBe("EUR");
  });

  it("answer exactly as without the cookie when it names a currency the shop does not offer (any more)", async () => {
    for (const path of ["/api/products/mug", "/api/products?pageSize=5", "/api/products/search/ser?q=mug", "/api/products/category/home"]) {
      const plain = await get(path);
      const bytes = await plain.text();
      expect(plain.status).toBe(200);
      expect(bytes).not.toContain('"currency"');
      for (const cookie of ["shop.currency=JPY", "shop.currency=EURO", "shop.currency="]) {
        const res = await get(path, cookie);
        expect(res.status, `${path} ${cookie}`).toBe(200);
        expect(await res.text(), `${path} ${cookie}`).toBe(bytes);
      }
    }
  });

  it("never cross in the cache: the same URL alternately with and without the cookie, through the route and from the cached bytes", async () => {
    const path = "/api/products?pageSize=10&sort=price-asc";
    const plain = await get(path);
    const plainBytes = await plain.text();
    expect(plainBytes).not.toContain('"currency"');
    let euroBytes = "";
    for (let round = 0; round < 4; round++) {
      const euro = await get(path, "shop.currency=EUR");
      const text = await euro.text();
      expect(JSON.parse(text).currency, `round ${round}`).toBe("EUR");
      euroBytes ||= text;
      expect(text).toBe(euroBytes);
      expect(await (await get(path, "shop.currency=GBP")).json()).toMatchObject({ currency: "GBP" });
      expect(await (await get(path)).text(), `round ${round}`).toBe(plainBytes);
      // A session or visitor cookie is no currency.
      expect(await (await get(path, "shop.visitor=abc")).text(), `round ${round}`).toBe(plainBytes);
    }
    // What the node:http listener answers from before Hono sees the request (listener.ts).
    const fromCache = (cookie?: string) => {
      const cached = shop.app.answerFromCache("GET", path, (name) => (name === "cookie" ? cookie : undefined), "test");
      return cached?.body?.toString("utf8");
    };
    expect(fromCache()).toBe(plainBytes);
    expect(fromCache("shop.currency=EUR")).toBe(euroBytes);
    expect(fromCache("shop.currency=CHF")).toBeUndefined();
  });

  it("tell browsers and shared caches what the answer depends on", async () => {
    const plain = await get("/api/products/cap");
    expect(plain.headers.get("cache-control")).toMatch(/^public/);
    expect(plain.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    const euro = await get("/api/products/cap", "shop.currency=EUR");
    // A shopper's own answer: their browser may keep it, no shared cache may.
    expect(euro.headers.get("cache-control")).toBe("private, max-age=60");
    expect(euro.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    expect(euro.headers.get("etag")).not.toBe(plain.headers.get("etag"));
    // The browser's copy of the plain answer is no 304 for the euro one.
    expect((await get("/api/products/cap", "shop.currency=EUR", { "if-none-match": plain.headers.get("etag")! })).status).toBe(200);
    // A currency in the URL makes the answer the same for every cookie.
    const query = await get("/api/products/cap?currency=EUR", "shop.currency=GBP");
    expect(query.headers.get("cache-control")).toMatch(/^public/);
    expect(query.headers.get("vary")).toBe("Accept-Encoding");
    // Reads without amounts do not depend on the cookie.
    expect((await get("/api/categories", "shop.currency=EUR")).headers.get("vary")).toBe("Accept-Encoding");
  });
});

describe("the cart and an order with the currency cookie", () => {
  type CartAnswer = { data: { lines: Array<{ name: string; finalPrice: number }>; totals: { currency: string; total: number } } };
  type Placed = { data: { order: { currency: string; exchangeRate?: number; totals: { total: number; currency: string } } } };
  const place = (b: TestBrowser) =>
    b.request("/api/orders", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(checkoutBody()) });

  it("prices the cart in the cookie's currency, ?currency= first, a stale cookie in the shop's own", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.cap, color: "Black", quantity: 2 }]);
    const cart = async (path = "/api/cart") => ((await (await b.get(path)).json()) as CartAnswer).data;
    expect((await cart()).totals.currency).toBe("USD");
    b.jar.cookies.set("shop.currency", "EUR");
    const euro = await cart();
    expect(euro.totals.currency).toBe("EUR");
    expect(euro.lines.map((l) => `${l.name} ${l.finalPrice}`)).toEqual(["Cap 13.99"]);
    expect((await cart("/api/cart?currency=GBP")).totals.currency).toBe("GBP");
    b.jar.cookies.set("shop.currency", "JPY");
    const stale = await b.get("/api/cart");
    expect(stale.status).toBe(200);
    expect(((await stale.json()) as CartAnswer).data.lines.map((l) => l.finalPrice)).toEqual([15]);
  });

  it("places the order in the cookie's currency and records it; a stale cookie places it in the shop's own", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug, quantity: 1 }]);
    b.jar.cookies.set("shop.currency", "GBP");
    const res = await place(b);
    expect(res.status).toBe(201);
    const { order } = ((await res.json()) as Placed).data;
    expect(order).toMatchObject({ currency: "GBP", exchangeRate: 0.8, totals: { currency: "GBP" } });
    const row = await shop.db.kysely.selectFrom("orders").select(["currency", "exchange_rate"]).where("currency", "=", "GBP").executeTakeFirstOrThrow();
    expect({ ...row, exchange_rate: Number(row.exchange_rate) }).toEqual({ currency: "GBP", exchange_rate: 0.8 });

    const other = await browserWithCart(shop, [{ productId: ids.mug, quantity: 1 }]);
    other.jar.cookies.set("shop.currency", "JPY");
    const plain = await place(other);
    expect(plain.status).toBe(201);
    const placed = ((await plain.json()) as Placed).data.order;
    expect(placed.totals.currency).toBe("USD");
    expect(placed).not.toHaveProperty("currency");
  });
});
