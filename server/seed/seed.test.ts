import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDb, createTestDb } from "#tests/support/test-shop";
import { listedPrice } from "../modules/catalog/pricing";
import { pixelSchema, siteSettingsSchema } from "#common/content/content.schema";
import { IMAGE_KINDS, type ImageKind, imageVariantUrl } from "#common/images/image-sizes";
import { toIso } from "../db/database";
import { createProductPlanner } from "./product-planner";
import { createObjectStore } from "#modules/storage";
import { DEFAULT_PRODUCTS, countCatalog, seedDemo, seedIfEmpty, wipeCatalog } from "./seed";
import { DEMO_PROMOTIONS } from "./content-data";

const temp = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));
/** The file store of a folder: the demo pictures land there as files. */
const folder = (dir: string) => createObjectStore({ driver: "file", dir });

/** Whether every width of a stored picture is a file under the uploads folder. */
function onDisk(uploadsDir: string, url: string, kind: ImageKind): boolean {
  return IMAGE_KINDS[kind].widths.every((w) => fs.existsSync(path.join(uploadsDir, imageVariantUrl(url, kind, w).slice("/uploads/".length))));
}

describe("the default demo shop", () => {
  let t: TestDb;
  let uploadsDir: string;
  let seeded: Awaited<ReturnType<typeof seedIfEmpty>>;
  const now = new Date();

  beforeAll(async () => {
    t = await createTestDb();
    uploadsDir = temp("shop-seed-");
    seeded = await seedIfEmpty(t.db, { storage: folder(uploadsDir), now });
  });
  afterAll(async () => {
    await t.drop();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  });

  const products = () => t.db.kysely.selectFrom("products").selectAll().execute();
  const categories = () => t.db.kysely.selectFrom("categories").selectAll().execute();

  it("leaves the query planner knowing the catalogue it wrote (a bulk write's statistics, not the empty tables')", async () => {
    const count = (await products()).length;
    if (t.db.dialect === "postgres") {
      const { rows } = await sql<{
        n: number;
      }>`SELECT reltuples AS n FROM pg_class WHERE relname = 'products' AND relnamespace = current_schema()::regnamespace`.execute(t.db.kysely);
      expect(Number(rows[0]?.n)).toBe(count);
    } else {
      const { rows } = await sql<{ stat: string }>`SELECT stat FROM sqlite_stat1 WHERE tbl = 'products' AND idx IS NOT NULL LIMIT 1`.execute(t.db.kysely);
      expect(Number(rows[0]?.stat.split(" ")[0])).toBe(count);
    }
  });

  it("has at least 8 top-level categories, each with 2–5 sub-categories, all with pictures", async () => {
    const rows = await categories();
    const top = rows.filter((c) => c.parent_id === null);
    expect(top.length).toBeGreaterThanOrEqual(8);
    for (const c of top) {
      const subs = rows.filter((s) => s.parent_id === c.id);
      expect(subs.length, c.name).toBeGreaterThanOrEqual(2);
      expect(subs.length, c.name).toBeLessThanOrEqual(5);
    }
    for (const c of rows) expect(onDisk(uploadsDir, c.image!, "category"), c.name).toBe(true);
    expect(new Set(rows.map((c) => c.slug)).size).toBe(rows.length);
  });

  it("has at least 120 active products with unique names and slugs, spread over every sub-category", async () => {
    const rows = await products();
    const active = rows.filter((p) => p.status === "active");
    expect(active.length).toBeGreaterThanOrEqual(120);
    expect(active.length).toBe(DEFAULT_PRODUCTS);
    expect(seeded?.products).toBe(active.length);
    expect(new Set(rows.map((p) => p.name)).size).toBe(rows.length);
    expect(new Set(rows.map((p) => p.slug)).size).toBe(rows.length);
    const subs = (await categories()).filter((c) => c.parent_id !== null);
    const used = new Set(active.map((p) => p.subcategory_id));
    for (const s of subs) expect(used.has(s.id), s.name).toBe(true);
  });

  it("has the Classic Cotton T-Shirt in T-Shirts under Men's Fashion", async () => {
    const row = await t.db.kysely
      .selectFrom("products as p")
      .innerJoin("categories as c", "c.id", "p.category_id")
      .innerJoin("categories as s", "s.id", "p.subcategory_id")
      .select(["p.status", "c.name as category", "s.name as sub"])
      .where("p.name", "=", "Classic Cotton T-Shirt")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "active", category: "Men's Fashion", sub: "T-Shirts" });
  });

  it("describes products in safe HTML with paragraphs and a bullet list, and lists specifications", async () => {
    for (const p of await products()) {
      expect(p.description).toMatch(/^<p>.+<\/p><ul>(<li>[^<]+<\/li>){2,}<\/ul><p>.+<\/p>$/);
      expect(p.description.match(/<\/?([a-z]+)/g)!.every((tag) => /^<\/?(p|ul|li|strong)$/.test(tag))).toBe(true);
      const specs = JSON.parse(p.specifications);
      expect(specs.length).toBeGreaterThan(0);
      for (const s of specs) expect(Object.keys(s).sort()).toEqual(["name", "value"]);
      expect(p.brand).toBeTruthy();
      expect(p.sku).toMatch(/^[A-Z]+-\d{5,}$/);
    }
  });

  it("prices in cents, listed at the cheapest variant one can buy; about 40% are discounted by 5–50%", async () => {
    const rows = await products();
    const variants = await t.db.kysely.selectFrom("product_variants").selectAll().orderBy("sort_order").execute();
    for (const p of rows) {
      expect(Number.isInteger(p.price) && p.price > 0).toBe(true);
      const listed = listedPrice(
        p,
        variants.filter((v) => v.product_id === p.id),
      );
      expect([p.final_price, p.list_price, p.price_varies]).toEqual([listed.finalPrice, listed.price, listed.varies ? 1 : 0]);
      expect(p.discount === 0 || (p.discount >= 5 && p.discount <= 50)).toBe(true);
      expect(Number.isInteger(p.shipping_cost) && p.shipping_cost >= 0).toBe(true);
    }
    const share = rows.filter((p) => p.discount > 0).length / rows.length;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.55);
    expect(rows.some((p) => p.shipping_cost === 0)).toBe(true);
    expect(rows.some((p) => p.shipping_cost > 0)).toBe(true);
  });

  it("gives every product 1–4 pictures (one per colour where it comes in more), each on disk at every width", async () => {
    const variants = await t.db.kysely.selectFrom("product_variants").select(["product_id", "color"]).execute();
    for (const p of await products()) {
      const images: string[] = JSON.parse(p.images);
      const colours = new Set(variants.filter((v) => v.product_id === p.id && v.color).map((v) => v.color));
      expect(images.length, p.name).toBeGreaterThanOrEqual(1);
      expect(images.length, p.name).toBeLessThanOrEqual(Math.max(4, colours.size));
      for (const url of images) {
        expect(url).toMatch(/^\/uploads\/products\/[a-z0-9-]+\.webp$/);
        expect(onDisk(uploadsDir, url, "product"), url).toBe(true);
      }
    }
  });

  it("shows every colour of a product in at least one of its pictures (color_images), each among its pictures", async () => {
    const variants = await t.db.kysely.selectFrom("product_variants").select(["product_id", "color"]).execute();
    let coloured = 0;
    for (const p of await products()) {
      const colours = [...new Set(variants.filter((v) => v.product_id === p.id && v.color).map((v) => v.color!))];
      const images: string[] = JSON.parse(p.images);
      const byColour: Record<string, string[]> = JSON.parse(p.color_images);
      if (colours.length) coloured++;
      expect(Object.keys(byColour).sort(), p.name).toEqual([...colours].sort());
      for (const colour of colours) {
        expect(byColour[colour]?.length, `${p.name} in ${colour}`).toBeGreaterThanOrEqual(1);
        for (const url of byColour[colour]) expect(images, `${p.name} in ${colour}`).toContain(url);
        // In the order of the gallery.
        const at = byColour[colour].map((url) => images.indexOf(url));
        expect(at, `${p.name} in ${colour}`).toEqual([...at].sort((a, b) => a - b));
      }
    }
    expect(coloured).toBeGreaterThan(50);
  });

  it("keeps stock per variant where a product has colours or sizes; books have none", async () => {
    const variants = await t.db.kysely.selectFrom("product_variants").selectAll().execute();
    const byProduct = new Map<string, typeof variants>();
    for (const v of variants) byProduct.set(v.product_id, [...(byProduct.get(v.product_id) ?? []), v]);
    const rows = await products();
    const tee = rows.find((p) => p.name === "Classic Cotton T-Shirt")!;
    const teeVariants = byProduct.get(tee.id)!;
    expect(new Set(teeVariants.map((v) => v.color)).size).toBeGreaterThanOrEqual(2);
    expect(new Set(teeVariants.map((v) => v.size)).size).toBeGreaterThanOrEqual(4);
    for (const p of rows) {
      const own = byProduct.get(p.id);
      if (own) expect(p.stock, p.name).toBe(own.reduce((n, v) => n + v.stock, 0));
    }
    for (const v of variants) {
      expect(Number.isInteger(v.additional_price) && v.additional_price >= 0).toBe(true);
      expect(v.color ?? v.size).toBeTruthy();
      if (v.color) expect(v.color_hex).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(variants.some((v) => v.additional_price > 0)).toBe(true);
    const books = (await categories()).find((c) => c.slug === "books")!;
    const bookIds = rows.filter((p) => p.category_id === books.id).map((p) => p.id);
    expect(bookIds.length).toBeGreaterThan(0);
    for (const id of bookIds) expect(byProduct.has(id)).toBe(false);
    expect(new Set(variants.map((v) => v.sku)).size).toBe(variants.length);
  });

  it("dates products over the past months, so newest-first tells a story", async () => {
    const times = (await products()).map((p) => Date.parse(toIso(p.created_at)!));
    const days = (Math.max(...times) - Math.min(...times)) / 86_400_000;
    expect(days).toBeGreaterThan(60);
    expect(Math.max(...times)).toBeLessThanOrEqual(now.getTime());
  });

  it("has 4–5 home banners linking to category listings; a catalogue discount they promise is the category's best", async () => {
    const banners = await t.db.kysely.selectFrom("banners").selectAll().execute();
    expect(banners.length).toBeGreaterThanOrEqual(4);
    expect(banners.length).toBeLessThanOrEqual(5);
    const slugs = new Set((await categories()).map((c) => c.slug));
    for (const b of banners) {
      expect(b.title).toBeTruthy();
      expect(b.subtitle).toBeTruthy();
      expect(slugs.has(b.link!.replace("/product-category/", ""))).toBe(true);
      expect(onDisk(uploadsDir, b.image, "banner")).toBe(true);
    }
    const rows = await products();
    const top = await categories();
    // The banner of the demo's promotions promises theirs (tests/api/demo-promotions.test.ts).
    const promising = banners.filter((b) => /% off/.test(b.subtitle!) && !b.subtitle!.includes(DEMO_PROMOTIONS.code.code));
    expect(promising.length).toBeGreaterThan(0);
    for (const b of promising) {
      const category = top.find((c) => `/product-category/${c.slug}` === b.link)!;
      const best = Math.max(...rows.filter((p) => p.category_id === category.id && p.status === "active").map((p) => p.discount));
      expect(b.subtitle).toContain(`up to ${best}% off`);
    }
  });

  it("stores valid site settings and a switched-off tracking pixel", async () => {
    const rows = await t.db.kysely.selectFrom("settings").selectAll().execute();
    const site = siteSettingsSchema.parse(JSON.parse(rows.find((r) => r.key === "site")!.value));
    expect(site).toMatchObject({ currency: "USD", locale: "en-US" });
    expect(site.siteName).not.toBe("Shop");
    expect(site.contactEmail).toContain("@");
    expect(pixelSchema.parse(JSON.parse(rows.find((r) => r.key === "facebook_pixel")!.value))).toEqual({ pixelId: "", status: "inactive" });
  });

  it("speaks German, French and Spanish: every category's name and the shop's own texts", async () => {
    const rows = await t.db.kysely.selectFrom("settings").selectAll().execute();
    const site = siteSettingsSchema.parse(JSON.parse(rows.find((r) => r.key === "site")!.value));
    for (const language of ["de", "fr", "es"] as const) {
      expect(site.translations[language]).toMatchObject({ tagline: expect.any(String), announcement: expect.any(String) });
      expect(site.translations[language]?.announcement).not.toBe(site.announcement);
    }
    const names = await t.db.kysely
      .selectFrom("category_translations as t")
      .innerJoin("categories as c", "c.id", "t.category_id")
      .select(["c.slug", "t.language", "t.name"])
      .execute();
    expect(names.length).toBe((await categories()).length * 3);
    expect(names).toContainEqual({ slug: "jackets-coats", language: "de", name: "Jacken & Mäntel" });
  });

  it("charges US sales tax by state out of the box: prices without tax, the shop's own Oregon none, clothing its own class", async () => {
    const rows = await t.db.kysely.selectFrom("settings").selectAll().execute();
    const { taxes } = siteSettingsSchema.parse(JSON.parse(rows.find((r) => r.key === "site")!.value));
    expect(taxes).toMatchObject({ pricesIncludeTax: false, shippingTaxed: false, region: "OR", defaultClass: "standard" });
    const rate = (state: string) => taxes.regions.find((r) => r.country === "US" && r.region === state)?.rates;
    expect(rate("NY")).toMatchObject({ standard: 8.875, clothing: 0 });
    expect(rate("CA")).toMatchObject({ standard: 7.25, clothing: 7.25 });
    expect(rate("TX")?.standard).toBe(6.25);
    expect(rate("OR")).toBeUndefined();
    const classes = new Map<string, Set<string | null>>();
    const categoryOf = new Map((await categories()).map((c) => [c.id, c.slug]));
    for (const p of await products()) {
      const slug = categoryOf.get(p.category_id)!;
      classes.set(slug, (classes.get(slug) ?? new Set()).add(p.tax_class));
    }
    expect([...(classes.get("shoes") ?? [])]).toEqual(["clothing"]);
    expect([...(classes.get("electronics") ?? [])]).toEqual([null]);
  });

  it("does nothing when the shop already has products", async () => {
    const before = await countCatalog(t.db);
    expect(await seedIfEmpty(t.db, { storage: folder(uploadsDir) })).toBeNull();
    expect(await countCatalog(t.db)).toEqual(before);
  });
});

describe("seeding a chosen number of products", () => {
  let t: TestDb;
  const uploadsDir = temp("shop-seed-n-");
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await t.drop();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  });

  it("creates exactly that many active products, and can start again after a wipe", async () => {
    const result = await seedDemo(t.db, { storage: folder(uploadsDir), products: 45, writeImages: false });
    expect(result).toMatchObject({ products: 45, drafts: 0 });
    expect(await countCatalog(t.db)).toMatchObject({ products: 45 });
    expect(fs.readdirSync(uploadsDir)).toEqual([]);

    // A shop whose operator deleted every product but kept categories is not seeded over.
    await t.db.kysely.deleteFrom("product_variants").execute();
    await t.db.kysely.deleteFrom("products").execute();
    expect(await seedIfEmpty(t.db, { storage: folder(uploadsDir), writeImages: false })).toBeNull();

    await wipeCatalog(t.db);
    expect(await countCatalog(t.db)).toEqual({ products: 0, categories: 0 });
    await seedDemo(t.db, { storage: folder(uploadsDir), products: 7, writeImages: false });
    const rows = await t.db.kysely.selectFrom("products").select(["status"]).execute();
    expect(rows.map((r) => r.status)).toEqual(Array(7).fill("active"));
    // The promotions a wipe keeps are not written twice.
    const promotions = await t.db.kysely.selectFrom("promotions").select(["name", "code"]).orderBy("name").execute();
    expect(promotions).toEqual([
      { name: DEMO_PROMOTIONS.automatic.name, code: null },
      { name: DEMO_PROMOTIONS.code.name, code: DEMO_PROMOTIONS.code.code },
    ]);
  });
});

describe("the product planner", () => {
  it("plans the same catalogue every time", () => {
    const a = createProductPlanner();
    const b = createProductPlanner();
    for (let i = 0; i < 200; i++) {
      const [x, y] = [a.next(), b.next()];
      expect({ ...x, category: x.category.slug, sub: x.sub.slug }).toEqual({ ...y, category: y.category.slug, sub: y.sub.slug });
    }
  });

  it("numbers names once every name is taken, so slugs stay unique in a large catalogue", () => {
    const planner = createProductPlanner();
    const slugs = new Set<string>();
    const pictures = new Set<string>();
    let numbered = 0;
    for (let i = 0; i < 12_000; i++) {
      const p = planner.next();
      slugs.add(p.slug);
      if (/ \d+$/.test(p.name)) numbered++;
      for (const ref of p.images) pictures.add(JSON.stringify(ref));
    }
    expect(slugs.size).toBe(12_000);
    expect(numbered).toBeGreaterThan(8_000);
    // Pictures are pooled: a large catalogue reuses a bounded set.
    expect(pictures.size).toBeLessThan(1_500);
  });
});

describe("two instances starting at once", () => {
  it("seeds once; the other steps aside", async () => {
    const t = await createTestDb();
    const uploadsDir = temp("shop-seed-race-");
    try {
      const results = await Promise.all([
        seedIfEmpty(t.db, { storage: folder(uploadsDir), products: 20, writeImages: false }),
        seedIfEmpty(t.db, { storage: folder(uploadsDir), products: 20, writeImages: false }),
      ]);
      expect(results.filter((r) => r !== null).length).toBeGreaterThanOrEqual(1);
      expect(await countCatalog(t.db)).toMatchObject({ products: 20 });
    } finally {
      await t.drop();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    }
  });
});
