import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../../server/db/database";
import { createEpoch } from "../../server/lib/cache";
import { newId } from "../../server/lib/ids";
import { slugify } from "#common/slug";
import { createSearchService } from "../../server/modules/search/search.service";
import { type TestShop, createTestShop } from "../support/test-shop";

let shop: TestShop;
const now = new Date().toISOString();
const ids: Record<string, string> = {};

async function addCategory(db: Db, name: string, parentId: string | null = null): Promise<string> {
  const id = newId();
  await db.kysely
    .insertInto("categories")
    .values({ id, name, slug: slugify(name), image: null, parent_id: parentId, sort_order: 0, created_at: now })
    .execute();
  return id;
}

interface Fixture {
  name: string;
  categoryId: string;
  subCategoryId?: string;
  description?: string;
  brand?: string;
  status?: "active" | "draft";
  price?: number;
}

async function addProduct(db: Db, p: Fixture): Promise<string> {
  const id = newId();
  const price = p.price ?? 2000;
  await db.kysely
    .insertInto("products")
    .values({
      id,
      name: p.name,
      slug: `${slugify(p.name)}-${id.slice(0, 6).toLowerCase()}`,
      description: p.description ?? "",
      price,
      discount: 10,
      final_price: price - Math.round(price / 10),
      list_price: price,
      category_id: p.categoryId,
      subcategory_id: p.subCategoryId ?? null,
      brand: p.brand ?? null,
      sku: null,
      stock: 5,
      shipping_cost: 300,
      status: p.status ?? "active",
      images: JSON.stringify([`/uploads/${id}.webp`]),
      specifications: "[]",
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** GET /api/products/search/ser and its JSON. */
async function search(q: string, limit?: number) {
  const params = new URLSearchParams({ q });
  if (limit !== undefined) params.set("limit", String(limit));
  const res = await shop.request(`/api/products/search/ser?${params}`);
  return { status: res.status, body: await res.json() };
}

async function names(q: string, limit?: number): Promise<string[]> {
  const { status, body } = await search(q, limit);
  expect(status).toBe(200);
  return body.data.products.map((p: { name: string }) => p.name);
}

beforeAll(async () => {
  shop = await createTestShop();
  const db = shop.db;
  const clothing = await addCategory(db, "Clothing");
  const tops = await addCategory(db, "Tops", clothing);
  const home = await addCategory(db, "Home");
  const accessories = await addCategory(db, "Accessories");
  ids.accessories = accessories;
  ids.classic = await addProduct(db, {
    name: "Classic Cotton T-Shirt",
    categoryId: clothing,
    subCategoryId: tops,
    brand: "Acme",
    description: "<p>Soft <strong>cotton</strong> tee.</p>",
  });
  await addProduct(db, { name: "V-Neck T-Shirt", categoryId: clothing, subCategoryId: tops, brand: "Acme" });
  await addProduct(db, { name: "Oxford Shirt", categoryId: clothing, subCategoryId: tops, brand: "Tailor & Sons" });
  await addProduct(db, { name: "Heavy Grey Sweatshirt", categoryId: clothing, brand: "Acme" });
  await addProduct(db, { name: "Linen Trousers", categoryId: clothing, description: "Wear them with a shirt and loafers." });
  await addProduct(db, { name: "Canvas Tote", categoryId: accessories, brand: "Shirt Supply Co" });
  await addProduct(db, { name: "Café au Lait Mug", categoryId: home, description: "Stoneware." });
  await addProduct(db, { name: "Prototype Hoodie", categoryId: clothing, status: "draft" });
  await addProduct(db, { name: "Leather Belt", categoryId: accessories });
  for (let i = 1; i <= 12; i++) await addProduct(db, { name: `Basic Tee ${i}`, categoryId: clothing, price: 1000 + i });

  // Beauty: a perfume named the way the catalogue names them, and products that say they have no fragrance.
  const beauty = await addCategory(db, "Beauty");
  const fragrance = await addCategory(db, "Fragrance", beauty);
  const skincare = await addCategory(db, "Skincare", beauty);
  await addProduct(db, {
    name: "Amber Eau de Parfum",
    categoryId: beauty,
    subCategoryId: fragrance,
    brand: "Maison Ambre",
    description: "<p>A warm trail of amber and vanilla.</p>",
  });
  await addProduct(db, { name: "Rose Fragrance Mist", categoryId: beauty, brand: "Botanica", description: "<p>A light spritz of rose.</p>" });
  await addProduct(db, {
    name: "Fragrance-Free Face Cream",
    categoryId: beauty,
    subCategoryId: skincare,
    brand: "Dewdrop",
    description: "<p>A fragrance-free cream for sensitive skin: no fragrance, no fuss.</p><ul><li>Fragrance-free formula</li></ul>",
  });
  await addProduct(db, {
    name: "Gentle Hand Balm",
    categoryId: beauty,
    subCategoryId: skincare,
    brand: "Dewdrop",
    description: "<p>Made without fragrance.</p><ul><li>Fragrance-free and alcohol-free</li><li>Sulphate-free</li></ul>",
  });
  await addProduct(db, { name: "Retro Sneakers", categoryId: clothing, brand: "Court & Co." });
  await addProduct(db, { name: "Nova Smartphone", categoryId: home, brand: "Aurora" });
  await addProduct(db, { name: "Linen Sofa", categoryId: home });
});
afterAll(() => shop.close());

describe("GET /api/products/search/ser", () => {
  it("answers the section 7 contract: success, message and data.products with the card fields", async () => {
    const { status, body } = await search("classic cotton t-shirt");
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(typeof body.message).toBe("string");
    const [product] = body.data.products;
    expect(product).toMatchObject({
      _id: ids.classic,
      name: "Classic Cotton T-Shirt",
      price: 20,
      discount: 10,
      finalPrice: 18,
      image: [`/uploads/${ids.classic}.webp`],
      category: "Clothing",
      subCategory: "Tops",
      shippingCost: 3,
      selectedColor: null,
      selectedSize: null,
      selectedAditionalPrice: 0,
    });
    expect(product.slug).toMatch(/^classic-cotton-t-shirt-/);
  });

  it("answers at most `limit` products, 10 by default", async () => {
    expect(await names("basic tee")).toHaveLength(10);
    expect(await names("basic tee", 3)).toHaveLength(3);
  });

  it("finds nothing for a blank or whitespace term", async () => {
    for (const q of ["", "   ", "\t"]) {
      const { status, body } = await search(q);
      expect(status).toBe(200);
      expect(body.success).toBe(true);
      expect(body.data.products).toEqual([]);
    }
  });

  it.each(["tshirt", "t-shrit", "t-sh", "T-Shirt", "tshrit", "cotton tshirt"])(
    "finds the T-Shirts for %j despite typos, joins and unfinished words",
    async (q) => {
      const found = await names(q);
      expect(found).toContain("Classic Cotton T-Shirt");
      if (!q.includes("cotton")) expect(found).toContain("V-Neck T-Shirt");
    },
  );

  it("ranks products whose name matches above those matched by description, brand or category", async () => {
    const found = await names("shirt", 20);
    expect(found).toContain("Linen Trousers"); // description
    expect(found).toContain("Canvas Tote"); // brand
    const lastNameMatch = Math.max(...found.map((n, i) => (/shirt/i.test(n) ? i : -1)));
    const firstOther = found.findIndex((n) => !/shirt/i.test(n));
    expect(lastNameMatch).toBeLessThan(firstOther);
  });

  it("ranks brand and category matches above matches in the description alone", async () => {
    const found = await names("shirt", 20);
    expect(found.indexOf("Canvas Tote")).toBeGreaterThanOrEqual(0);
    expect(found.indexOf("Canvas Tote")).toBeLessThan(found.indexOf("Linen Trousers"));
  });

  it("ranks the most recently added first among equally good matches", async () => {
    expect(await names("basic tee")).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((n) => `Basic Tee ${n}`));
  });

  it("requires every word, each matching any of its forms", async () => {
    expect(await names("acme shirt")).toEqual(expect.arrayContaining(["Classic Cotton T-Shirt", "V-Neck T-Shirt"]));
    expect(await names("acme shirt")).not.toContain("Oxford Shirt");
  });

  it("matches letters with and without accents", async () => {
    expect(await names("cafe")).toEqual(["Café au Lait Mug"]);
    expect(await names("CAFÉ mug")).toEqual(["Café au Lait Mug"]);
  });

  it("falls back to similar names when the words are split differently", async () => {
    expect(await names("grey sweat shirt")).toContain("Heavy Grey Sweatshirt");
  });

  it.each([
    '"',
    "*",
    "-",
    "NEAR",
    "(",
    "NEAR(shirt",
    'shirt"',
    '"t-shirt*',
    "AND OR NOT",
    "{name}: x",
    "^",
    "'",
    "\\",
    "':*",
    "!&|",
    "%_",
    "👕 shirt",
    "𞤀𞤁 ½",
    "a".repeat(200),
  ])("never fails on query syntax in the term: %j", async (q) => {
    const { status, body } = await search(q);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(Array.isArray(body.data.products)).toBe(true);
  });

  it("does not find draft products", async () => {
    expect(await names("prototype hoodie")).toEqual([]);
    expect(await names("hoodie")).toEqual([]);
  });

  it("keeps the index in step with renamed products and categories", async () => {
    // Catalogue writes end with catalog.invalidate(), which drops cached answers; the index itself follows by triggers.
    const id = await addProduct(shop.db, { name: "Temporary Placeholder", categoryId: ids.accessories });
    shop.services.catalog.invalidate();
    expect(await names("placeholder")).toEqual(["Temporary Placeholder"]);
    await shop.db.kysely.updateTable("products").set({ name: "Zephyrine Parka" }).where("id", "=", id).execute();
    shop.services.catalog.invalidate();
    expect(await names("zephyrine")).toEqual(["Zephyrine Parka"]);
    expect(await names("placeholder")).toEqual([]);

    await shop.db.kysely.updateTable("categories").set({ name: "Outdoor Gear" }).where("id", "=", ids.accessories).execute();
    shop.services.catalog.invalidate();
    expect(await names("outdoor gear", 20)).toEqual(expect.arrayContaining(["Zephyrine Parka", "Leather Belt", "Canvas Tote"]));

    await shop.db.kysely.deleteFrom("products").where("id", "=", id).execute();
    shop.services.catalog.invalidate();
    expect(await names("zephyrine")).toEqual([]);
  });

  it.each([
    ["perfume", "Amber Eau de Parfum"],
    ["perfumes", "Amber Eau de Parfum"],
    ["trainers", "Retro Sneakers"],
    ["phone", "Nova Smartphone"],
    ["couch", "Linen Sofa"],
    ["tee", "Classic Cotton T-Shirt"],
    ["t-shirt", "Basic Tee 1"],
  ])("finds what shoppers call it by another name: %j finds %j", async (q, name) => {
    expect(await names(q, 20)).toContain(name);
  });

  it("finds a perfume for 'perfume', not the creams that say they have no fragrance", async () => {
    const found = await names("perfume", 20);
    expect(found).toEqual(expect.arrayContaining(["Amber Eau de Parfum", "Rose Fragrance Mist"]));
    expect(found).not.toContain("Fragrance-Free Face Cream");
    expect(found).not.toContain("Gentle Hand Balm");
  });

  it("ranks products with a fragrance first for 'fragrance': 'fragrance-free' in a name or description is no fragrance hit", async () => {
    const found = await names("fragrance", 20);
    expect(found.slice(0, 2).sort()).toEqual(["Amber Eau de Parfum", "Rose Fragrance Mist"]);
    expect(found).not.toContain("Fragrance-Free Face Cream");
    expect(found).not.toContain("Gentle Hand Balm");
    expect(await names("alcohol")).toEqual([]);
  });

  it.each(["fragrance-free", "fragrance free", "without fragrance", "no fragrance"])("finds the products without fragrance for %j", async (q) => {
    expect((await names(q, 20)).sort()).toEqual(["Fragrance-Free Face Cream", "Gentle Hand Balm"]);
  });

  it("finds a product whose description alone says it has no sulphates, and no fragrance for 'sulphate'", async () => {
    // No name says "sulphate-free": the word is known from descriptions only, and is not corrected to "sulphate".
    expect(await names("sulphate-free")).toEqual(["Gentle Hand Balm"]);
    expect(await names("sulphate")).toEqual([]);
  });

  it("rejects a limit above 100 as invalid input", async () => {
    const { status, body } = await search("shirt", 101);
    expect(status).toBe(400);
    expect(body.error.code).toBe("invalid_input");
  });
});

describe("search service", () => {
  it("does not touch the database for a blank term", async () => {
    const untouchable = new Proxy(
      {},
      {
        get: () => {
          throw new Error("database used");
        },
      },
    );
    const service = createSearchService({ dialect: shop.db.dialect, kysely: untouchable, close: async () => {} } as unknown as Db, untouchable as never);
    expect(await service.search("   ")).toEqual({ products: [], total: 0 });
  });

  it("pages through results with a total", async () => {
    const first = await shop.services.search.search("basic tee", 5, 0);
    const third = await shop.services.search.search("basic tee", 5, 10);
    expect(first.total).toBe(12);
    expect(first.products).toHaveLength(5);
    expect(third.products).toHaveLength(2);
    const beyond = await shop.services.search.search("basic tee", 5, 50);
    expect(beyond).toEqual({ products: [], total: 12 });
  });

  it("finds typo'd words after a rebuild of the index, which keeps the order products were added in", async () => {
    const before = await names("basic tee", 12);
    await shop.services.search.reindex({ rebuild: true });
    expect((await shop.services.search.search("leathr belt")).products.map((p) => p.name)).toEqual(["Leather Belt"]);
    expect(await names("basic tee", 12)).toEqual(before);
  });

  it("pages through the tiers in one order, whatever the recent window (PostgreSQL looks older products up by tier)", async () => {
    // The newest products match "shirt" in every tier, so a narrow window has matches and older ones too.
    await addProduct(shop.db, { name: "Denim Work Shirt", categoryId: ids.accessories });
    await addProduct(shop.db, { name: "Paper Gift Bag", categoryId: ids.accessories, description: "Fits a folded shirt." });
    await addProduct(shop.db, { name: "Summer Tee", categoryId: ids.accessories, brand: "Shirtworks" });
    for (const ranking of [1, 2, 5].flatMap((recentWindow) => [{ recentWindow }, { recentWindow, olderAtOnce: 0 }])) {
      const narrow = createSearchService(shop.db, shop.services.catalog, { ranking });
      for (const q of ["shirt", "basic tee", "tshrit", "perfume", "acme", "grey sweat shirt"]) {
        const whole = await shop.services.search.search(q, 50);
        const pages: string[] = [];
        for (let offset = 0; offset < whole.total + 3; offset += 3) {
          const page = await narrow.search(q, 3, offset);
          expect(page.total).toBe(whole.total);
          pages.push(...page.products.map((p) => p.name));
        }
        expect(pages, `${q}, ${JSON.stringify(ranking)}`).toEqual(whole.products.map((p) => p.name));
        expect((await narrow.quickSearch(q, 4)).map((p) => p.name)).toEqual(whole.products.slice(0, 4).map((p) => p.name));
      }
    }
  });

  it("answers the search box with the first page of the search, without a total", async () => {
    for (const q of ["shirt", "cotton tshirt", "grey sweat shirt", "zzzzqx", "  "]) {
      const { products } = await shop.services.search.search(q, 5);
      expect((await shop.services.search.quickSearch(q, 5)).map((p) => p._id)).toEqual(products.map((p) => p._id));
    }
  });

  it("reads its vocabulary again only after ten minutes without writes, for a write made outside the shop", async () => {
    const service = createSearchService(shop.db, shop.services.catalog, { epoch: createEpoch() });
    const find = async (q: string) => (await service.search(q)).products.map((p) => p.name);
    expect(await find("qauffleton")).toEqual([]);
    // Written past the shop (no epoch moves): only the safety net's refresh teaches the vocabulary the word.
    await addProduct(shop.db, { name: "Quaffleton Jar", categoryId: ids.accessories });
    const start = Date.now();
    let now = start;
    const clock = vi.spyOn(Date, "now").mockImplementation(() => now);
    // A refresh past its time serves the old copy while it loads: ask again once it could have loaded.
    const findSettled = async (q: string) => {
      await find(q);
      await new Promise((r) => setTimeout(r, 300));
      return find(q);
    };
    try {
      now = start + 2 * 60_000;
      expect(await findSettled("qauffleton")).toEqual([]);
      now = start + 11 * 60_000;
      expect(await findSettled("qauffleton")).toEqual(["Quaffleton Jar"]);
    } finally {
      clock.mockRestore();
    }
  });

  it("learns new words for typo correction a few seconds after a catalogue write", async () => {
    const epoch = createEpoch();
    const service = createSearchService(shop.db, shop.services.catalog, { epoch });
    const find = async (q: string) => (await service.search(q)).products.map((p) => p.name);
    expect(await find("zbeulon")).toEqual([]);
    await addProduct(shop.db, { name: "Zebulon Vase", categoryId: ids.accessories });
    expect(await find("zebulon")).toEqual(["Zebulon Vase"]); // the index follows at once
    epoch.bump();
    const later = Date.now() + 6_000;
    const clock = vi.spyOn(Date, "now").mockImplementation(() => later);
    try {
      // A swap too far for trigram similarity: only the refreshed vocabulary corrects it.
      expect(await find("zbeulon")).toEqual(["Zebulon Vase"]);
    } finally {
      clock.mockRestore();
    }
  });
});
