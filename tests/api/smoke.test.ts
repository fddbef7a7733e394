import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../server/seed/seed";
import { type TestShop, createTestShop } from "../support/test-shop";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
  await seedDemo(shop.db, { storage: shop.services.storage, products: 30, writeImages: false });
});
afterAll(() => shop.close());

describe("GET /api/products", () => {
  it("answers a page of products in data with totals in meta", async () => {
    const res = await shop.request("/api/products");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data).toHaveLength(24);
    expect(body.meta.total).toBe(30);
  });
});
