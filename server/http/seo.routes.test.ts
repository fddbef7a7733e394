import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCatalog } from "#tests/support/catalog-fixture";
import { type TestShop, createTestShop } from "#tests/support/test-shop";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
  await insertCatalog(shop.db, { Shoes: ["Sneakers", "Boots"], Books: [] }, [
    { name: "Trail Runner", price: 8900, category: "Shoes", subCategory: "Sneakers" },
  ]);
});
afterAll(() => shop.close());

const locs = async () => [...(await (await shop.request("/sitemap.xml")).text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe("/sitemap.xml", () => {
  it("lists every category and every sub-category at its canonical address", async () => {
    const urls = await locs();
    expect(urls).toContain("http://shop.test/product-category/shoes");
    expect(urls).toContain("http://shop.test/product-category/books");
    // The address a sub-category page names as its canonical (listingCanonicalPath), not its parent's.
    expect(urls).toContain("http://shop.test/product-category/shoes?subCategory=shoes-sneakers");
    expect(urls).toContain("http://shop.test/product-category/shoes?subCategory=shoes-boots");
    expect(urls).toContain("http://shop.test/products/trail-runner");
  });

  it("lists each address once", async () => {
    const urls = await locs();
    expect(new Set(urls).size).toBe(urls.length);
  });
});
