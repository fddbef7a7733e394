import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browser } from "../support/auth-browser";
import { insertCatalog } from "../support/catalog-fixture";
import { AERO_PRO, ARGAN_SHAMPOO, LISTING_CATEGORIES, ORBIT_CASE } from "../support/listing-fixture";
import { browserWithCart, checkoutBody } from "../support/shop-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

// A product is listed at what a shopper can pay, the cheapest variant in stock, everywhere
// the price shows (cards, price filter, price sort, search, the product page), on both databases.
let shop: TestShop;
let ids: Map<string, string>;

type Card = { _id: string; name: string; price: number; finalPrice: number; priceVaries: boolean; inStock: boolean };

beforeAll(async () => {
  shop = await createTestShop();
  ({ productIds: ids } = await insertCatalog(shop.db, LISTING_CATEGORIES, [
    AERO_PRO,
    ORBIT_CASE,
    ARGAN_SHAMPOO,
    // Every variant sold out: listed at its lowest variant price, "Sold out".
    {
      name: "Gone Serum",
      price: 3000,
      category: "Beauty",
      variants: [
        { size: "30 ml", additional: 500, stock: 0 },
        { size: "15 ml", stock: 0 },
      ],
    },
  ]));
});
afterAll(() => shop.close());

async function cards(query = ""): Promise<Card[]> {
  const res = await shop.request(`/api/products?pageSize=100${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Card[] }).data;
}
const named = (list: Card[], name: string) => list.find((p) => p.name === name)!;

describe("the listed price", () => {
  it("is the cheapest variant one can buy, 'From' when the buyable variants' prices differ", async () => {
    const list = await cards();
    expect(named(list, "Aero Pro Smartphone")).toMatchObject({ price: 1059.99, finalPrice: 1059.99, priceVaries: true, inStock: true });
    expect(named(list, "Orbit Case")).toMatchObject({ price: 29.99, finalPrice: 29.99, priceVaries: false, inStock: true });
    expect(named(list, "Argan Shampoo")).toMatchObject({ price: 20.99, finalPrice: 16.79, priceVaries: false, inStock: true });
    expect(named(list, "Gone Serum")).toMatchObject({ finalPrice: 30, inStock: false });
  });

  it("is what the price filter and the price sort use", async () => {
    const band = await cards("&minPrice=1000&maxPrice=1100");
    expect(band.map((p) => p.name)).toEqual(["Aero Pro Smartphone"]);
    expect((await cards("&minPrice=900&maxPrice=999")).map((p) => p.name)).toEqual([]);
    const up = (await cards("&sort=price-asc")).map((p) => p.name);
    expect(up).toEqual(["Argan Shampoo", "Orbit Case", "Gone Serum", "Aero Pro Smartphone"]);
  });

  it("is what search results show", async () => {
    const res = await shop.request("/api/products/search/ser?q=aero&limit=10");
    const found = ((await res.json()) as { data: { products: Card[] } }).data.products;
    expect(found[0]).toMatchObject({ name: "Aero Pro Smartphone", finalPrice: 1059.99, priceVaries: true });
  });

  it("is the price the product page opens on: the cheapest variant in stock", async () => {
    const detail = await shop.services.catalog.requireProduct("aero-pro-smartphone");
    const opened = detail.variants.find((v) => v.id === detail.listedVariantId)!;
    expect([opened.size, opened.finalPrice]).toEqual(["256 GB", detail.finalPrice]);
    const shampoo = await shop.services.catalog.requireProduct("argan-shampoo");
    expect(shampoo.variants.find((v) => v.id === shampoo.listedVariantId)).toMatchObject({ size: "500 ml", finalPrice: 16.79 });
  });

  it("moves when an order takes the last unit of the cheapest variant, and back when it is cancelled", async () => {
    const orbit = ids.get("Orbit Case")!;
    await shop.db.kysely.updateTable("product_variants").set({ additional_price: 500 }).where("product_id", "=", orbit).where("color", "=", "Blue").execute();
    const { refreshListedPrices } = await import("../../server/modules/catalog/catalog.listing");
    await refreshListedPrices(shop.db.kysely, [orbit]);
    shop.services.catalog.invalidate();
    expect(named(await cards(), "Orbit Case")).toMatchObject({ finalPrice: 29.99, priceVaries: true });

    // Red (29.99) has 2 units: an order for both leaves Blue (34.99) as the cheapest one can buy.
    const b = await browserWithCart(shop, [{ productId: orbit, color: "Red", quantity: 2 }]);
    const placed = await b.post("/api/orders", checkoutBody({ contact: { name: "Lin", email: "lin@example.com", phone: "555 0111" } }));
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { order, guestToken } = ((await placed.json()) as { data: { order: { id: string }; guestToken: string } }).data;
    expect(named(await cards(), "Orbit Case")).toMatchObject({ finalPrice: 34.99, priceVaries: false });
    expect((await cards("&maxPrice=30")).map((p) => p.name)).not.toContain("Orbit Case");

    const cancelled = await browser(shop).post(`/api/orders/${order.id}/cancel?token=${guestToken}`);
    expect(cancelled.status).toBe(200);
    expect(named(await cards(), "Orbit Case")).toMatchObject({ finalPrice: 29.99, priceVaries: true });
  });
});

describe("pictures of the colour chosen", () => {
  it("are the product page's gallery, the cart line's and the order line's picture", async () => {
    const orbit = ids.get("Orbit Case")!;
    const detail = await shop.services.catalog.requireProduct("orbit-case");
    expect(detail.colorImages.Blue).toEqual(["/uploads/products/orbit-blue.webp", "/uploads/products/orbit-blue-back.webp"]);

    const b = await browserWithCart(shop, [{ productId: orbit, color: "Blue" }]);
    const cart = ((await (await b.get("/api/cart")).json()) as { data: { lines: Array<{ image: string | null; selectedColor: string }> } }).data;
    expect(cart.lines.map((l) => [l.selectedColor, l.image])).toEqual([["Blue", "/uploads/products/orbit-blue-320.webp"]]);
    const placed = await b.post("/api/orders", checkoutBody({ contact: { name: "Mo", email: "mo@example.com", phone: "555 0112" } }));
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { order } = ((await placed.json()) as { data: { order: { lines: Array<{ image: string | null }> } } }).data;
    expect(order.lines[0].image).toBe("/uploads/products/orbit-blue-320.webp");
  });
});
