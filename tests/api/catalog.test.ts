import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshListedPrices } from "../../server/modules/catalog/catalog.listing";
import { insertCatalog } from "../support/catalog-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

// Section 7 of the spec: the catalogue calls, served exactly as written, on both databases.
let shop: TestShop;

const CONTRACT_FIELDS = [
  "_id",
  "name",
  "price",
  "discount",
  "image",
  "slug",
  "category",
  "subCategory",
  "shippingCost",
  "finalPrice",
  "selectedColor",
  "selectedSize",
  "selectedAditionalPrice",
];

beforeAll(async () => {
  shop = await createTestShop();
  await insertCatalog(shop.db, { "Men's Fashion": ["T-Shirts", "Jeans"], Electronics: ["Headphones"], Books: [] }, [
    {
      name: "Classic Cotton T-Shirt",
      price: 2000,
      discount: 10,
      category: "Men's Fashion",
      subCategory: "T-Shirts",
      variants: [
        { color: "Red", size: "M" },
        { color: "Red", size: "XL", additional: 300 },
      ],
    },
    { name: "Slim Jeans", price: 5000, discount: 0, category: "Men's Fashion", subCategory: "Jeans" },
    { name: "Relaxed Jeans", price: 4000, discount: 50, category: "Men's Fashion", subCategory: "Jeans" },
    { name: "Studio Headphones", price: 12999, discount: 25, category: "Electronics", subCategory: "Headphones" },
    { name: "Budget Earbuds", price: 1999, category: "Electronics", subCategory: "Headphones" },
    { name: "Hidden Draft", price: 1000, category: "Electronics", status: "draft" },
    ...Array.from({ length: 30 }, (_, i) => ({ name: `Paperback ${i + 1}`, price: 1000 + i * 100, category: "Books" })),
  ]);
});
afterAll(() => shop.close());

async function getJson(path: string) {
  const res = await shop.request(path);
  return { status: res.status, body: await res.json(), res };
}

describe("GET /api/products", () => {
  it("answers the first page of 24 active products in data, totals in meta", async () => {
    const { status, body } = await getJson("/api/products");
    expect(status).toBe(200);
    expect(Array.isArray(body.data)).toBe(true);
    expect(body.data).toHaveLength(24);
    expect(body.meta).toMatchObject({ page: 1, pageSize: 24, total: 35, totalPages: 2 });
    expect(body.data.map((p: { name: string }) => p.name)).not.toContain("Hidden Draft");
  });

  it("gives every product the spec's fields with money in the major unit", async () => {
    const { body } = await getJson("/api/products?pageSize=100");
    for (const p of body.data) for (const f of CONTRACT_FIELDS) expect(p, f).toHaveProperty(f);
    const tee = body.data.find((p: { name: string }) => p.name === "Classic Cotton T-Shirt");
    expect(tee).toMatchObject({
      price: 20,
      discount: 10,
      finalPrice: 18,
      category: "Men's Fashion",
      subCategory: "T-Shirts",
      shippingCost: 4.99,
      selectedColor: null,
      selectedSize: null,
      selectedAditionalPrice: 0,
    });
    expect(tee.image).toEqual(["/uploads/products/classic-cotton-t-shirt.webp"]);
  });

  it("pages with page and pageSize, up to 100", async () => {
    const second = await getJson("/api/products?page=2");
    expect(second.body.data).toHaveLength(11);
    const big = await getJson("/api/products?pageSize=100");
    expect(big.body.data).toHaveLength(35);
    const tooBig = await getJson("/api/products?pageSize=101");
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error.code).toBe("invalid_input");
  });

  it("filters by price range on the discounted price, inclusive on both bounds", async () => {
    // Relaxed Jeans: 40.00 at 50% off = 20.00 (upper bound); Classic tee: 20.00 at 10% off = 18.00
    // (lower bound); Paperbacks 9–11 cost 18, 19 and 20; Slim Jeans (50.00) and Paperback 12 (21.00) are out.
    const { body } = await getJson("/api/products?minPrice=18&maxPrice=20&pageSize=100");
    const names = body.data.map((p: { name: string }) => p.name).sort();
    expect(names).toEqual(["Budget Earbuds", "Classic Cotton T-Shirt", "Paperback 10", "Paperback 11", "Paperback 9", "Relaxed Jeans"].sort());
    for (const p of body.data) expect(p.finalPrice).toBeGreaterThanOrEqual(18);
  });

  it("filters by category and sub-category case-insensitively, by name or slug", async () => {
    const byName = await getJson("/api/products?category=MEN'S%20FASHION&subCategory=jeans");
    expect(byName.body.data.map((p: { name: string }) => p.name).sort()).toEqual(["Relaxed Jeans", "Slim Jeans"]);
    const bySlug = await getJson("/api/products?category=electronics");
    expect(bySlug.body.meta.total).toBe(2);
  });

  it("sorts by price both ways and by biggest discount", async () => {
    const up = (await getJson("/api/products?sort=price-asc&category=electronics")).body.data.map((p: { finalPrice: number }) => p.finalPrice);
    expect(up).toEqual([19.99, 97.49]);
    const down = (await getJson("/api/products?sort=price-desc&category=mens-fashion")).body.data.map((p: { name: string }) => p.name);
    expect(down).toEqual(["Slim Jeans", "Relaxed Jeans", "Classic Cotton T-Shirt"]);
    const discount = (await getJson("/api/products?sort=discount")).body.data[0];
    expect(discount.name).toBe("Relaxed Jeans");
  });

  it("rejects bad filters with a 400 and a clear message, never a 500", async () => {
    for (const q of ["minPrice=-1", "minPrice=abc", "minPrice=50&maxPrice=10", "sort=cheapest", "page=0", "maxPrice=99999999999", "minPrice=1e308"]) {
      const { status, body } = await getJson(`/api/products?${q}`);
      expect(status, q).toBe(400);
      expect(body.error.code).toBe("invalid_input");
      expect(body.error.message).toBeTruthy();
    }
  });

  it("answers with an ETag and public cache headers, and 304 when unchanged", async () => {
    const first = await shop.request("/api/products");
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    expect(first.headers.get("cache-control")).toContain("public");
    const again = await shop.request("/api/products", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
  });
});

describe("GET /api/products/category/{category}", () => {
  it("answers a bare array of that category's products, case-insensitively", async () => {
    const { status, body } = await getJson("/api/products/category/ELECTRONICS");
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    expect(body.map((p: { name: string }) => p.name).sort()).toEqual(["Budget Earbuds", "Studio Headphones"]);
    for (const f of CONTRACT_FIELDS) expect(body[0]).toHaveProperty(f);
  });

  it("matches the category's name as well as its slug", async () => {
    const byName = await getJson(`/api/products/category/${encodeURIComponent("men's fashion")}`);
    expect(byName.body).toHaveLength(3);
  });

  it("answers an empty array for an unknown category", async () => {
    const { status, body } = await getJson("/api/products/category/garden");
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });

  it("answers at most 100 unless limit and offset say otherwise", async () => {
    expect((await getJson("/api/products/category/books")).body).toHaveLength(30);
    expect((await getJson("/api/products/category/books?limit=5")).body).toHaveLength(5);
    const page = (await getJson("/api/products/category/books?limit=5&offset=28")).body;
    expect(page).toHaveLength(2);
  });
});

describe("GET /api/products/category", () => {
  it("answers a bare array of all active products", async () => {
    const { status, body } = await getJson("/api/products/category");
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(35);
  });
});

describe("GET /api/products/{slug}", () => {
  it("gives the product with its variants priced on the server", async () => {
    const { status, body } = await getJson("/api/products/classic-cotton-t-shirt");
    expect(status).toBe(200);
    const xl = body.data.variants.find((v: { size: string }) => v.size === "XL");
    expect(xl).toMatchObject({ additionalPrice: 3, price: 23, finalPrice: 20.7 });
    expect(body.data.colors).toEqual([{ name: "Red", hex: "#112233" }]);
    expect(body.data.sizes).toEqual(["M", "XL"]);
  });

  it("answers 404 for an unknown or draft product", async () => {
    expect((await getJson("/api/products/no-such-thing")).status).toBe(404);
    expect((await getJson("/api/products/hidden-draft")).status).toBe(404);
  });
});

describe("GET /api/categories", () => {
  it("lists top-level categories with their sub-categories and product counts", async () => {
    const { body } = await getJson("/api/categories");
    const men = body.data.find((c: { name: string }) => c.name === "Men's Fashion");
    expect(men.subCategories.map((s: { name: string }) => s.name)).toEqual(["T-Shirts", "Jeans"]);
    expect(men.productCount).toBe(3);
  });
});

describe("unknown API paths", () => {
  it("answer 404 in the error format", async () => {
    const { status, body } = await getJson("/api/nope");
    expect(status).toBe(404);
    expect(body.error.code).toBe("not_found");
  });
});

describe("compression", () => {
  it("gzips JSON answers for clients that accept it", async () => {
    const res = await shop.request("/api/products?pageSize=50", { headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const plain = await shop.request("/api/products?pageSize=50");
    expect(plain.headers.get("content-encoding")).toBeNull();
  });
});

describe("answer cache", () => {
  it("compresses a listing once: first and cached answers decode to the same JSON", async () => {
    const { gunzipSync, brotliDecompressSync } = await import("node:zlib");
    for (const [encoding, decode] of [
      ["gzip", gunzipSync],
      ["br", brotliDecompressSync],
    ] as const) {
      const url = `/api/products?pageSize=3${encoding.length}`;
      for (const round of ["first", "cached"]) {
        const res = await shop.request(url, { headers: { "Accept-Encoding": encoding } });
        const json = JSON.parse(decode(Buffer.from(await res.arrayBuffer())).toString("utf8"));
        expect(json.data.length, `${encoding} ${round}`).toBeGreaterThan(0);
      }
    }
    const plain = await shop.request("/api/products");
    expect((await plain.json()).data.length).toBeGreaterThan(0);
  });

  it("sends a Content-Length that matches the bytes, on the first (uncached) answer too", async () => {
    // A fresh URL per encoding, so each first answer is a cache miss.
    for (const [encoding, size] of [
      ["gzip", 41],
      ["br", 42],
      ["", 43],
    ] as const) {
      const res = await shop.request(`/api/products?pageSize=${size}`, { headers: encoding ? { "Accept-Encoding": encoding } : {} });
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get("content-encoding")).toBe(encoding || null);
      expect(Number(res.headers.get("content-length"))).toBe(bytes.byteLength);
    }
  });

  it("serves brotli to clients that accept it", async () => {
    const res = await shop.request("/api/products?pageSize=40", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("vary")).toContain("Accept-Encoding");
  });

  it("shows a catalogue write at once, with a new ETag", async () => {
    const before = await shop.request("/api/products/category/electronics");
    const oldTag = before.headers.get("etag");
    const { id } = await shop.db.kysely
      .updateTable("products")
      .set({ price: 2999 })
      .where("name", "=", "Budget Earbuds")
      .returning("id")
      .executeTakeFirstOrThrow();
    await refreshListedPrices(shop.db.kysely, [id]);
    shop.services.catalog.invalidate();
    const after = await shop.request("/api/products/category/electronics");
    expect(after.headers.get("etag")).not.toBe(oldTag);
    const earbuds = (await after.json()).find((p: { name: string }) => p.name === "Budget Earbuds");
    expect(earbuds.price).toBe(29.99);
    expect((await shop.request("/api/products/category/electronics", { headers: { "If-None-Match": oldTag! } })).status).toBe(200);
  });
});
