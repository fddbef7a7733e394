import { parse, stringify } from "csv/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminProduct } from "../../server/modules/catalog/catalog.admin";
import type { ProductCard, ProductDetail } from "../../server/modules/catalog/catalog.types";
import { loader as productPageLoader } from "../../app/routes/product";
import { loader as homeLoader } from "../../app/routes/home";
import { loader as searchLoader } from "../../app/routes/search";
import { loader as rootLoader } from "../../app/root";
import { type TestBrowser, browser, createAccount, signedIn } from "../support/auth-browser";
import { type ShoppingCatalog, browserWithCart, insertShoppingCatalog, send } from "../support/shop-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

let shop: TestShop;
let admin: TestBrowser;
let ids: ShoppingCatalog;

beforeAll(async () => {
  shop = await createTestShop();
  ids = await insertShoppingCatalog(shop.db);
  await createAccount(shop, { email: "owner@example.com", password: "owner-password-1", role: "admin" });
  admin = await signedIn(shop, "owner@example.com", "owner-password-1");
}, 60_000);
afterAll(async () => {
  await shop?.services.auth.idle();
  await shop?.close();
});

type Failure = { error: { code: string; message: string; fields?: Record<string, string> } };
const data = async <T>(res: Response) => ((await res.json()) as { data: T }).data;
const page = (path: string, params: Record<string, string> = {}) => ({
  params,
  request: new Request(`http://shop.test${path}`),
  url: new URL(`http://shop.test${path}`),
  context: { services: shop.services },
});
const adminProduct = async (id: string) => data<AdminProduct>(await admin.get(`/api/admin/products/${id}`));

describe("product translations", () => {
  it("are written and read back by the admin API, the description sanitised, a language left out untranslated", async () => {
    const before = await adminProduct(ids.shirt);
    expect(before.translations).toEqual({});
    const res = await send(admin, "PATCH", `/api/admin/products/${ids.shirt}`, {
      version: before.version,
      translations: {
        de: {
          name: "Leinenhemd",
          description: "<p>Aus <strong>Leinen</strong>.</p><script>alert(1)</script>",
          specifications: [{ name: "Material", value: "Leinen" }],
        },
        fr: { name: "Chemise en lin", description: "", specifications: [] },
        es: { name: "  " },
      },
    });
    expect(res.status).toBe(200);
    const saved = await data<AdminProduct>(res);
    expect(saved.translations).toEqual({
      de: { name: "Leinenhemd", description: "<p>Aus <strong>Leinen</strong>.</p>", specifications: [{ name: "Material", value: "Leinen" }] },
      fr: { name: "Chemise en lin", description: null, specifications: null },
    });
    expect(saved.version).toBe(before.version + 1);
    expect((await adminProduct(ids.shirt)).translations).toEqual(saved.translations);

    // A PATCH without translations keeps them.
    const renamed = await data<AdminProduct>(await send(admin, "PATCH", `/api/admin/products/${ids.shirt}`, { version: saved.version, discount: 15 }));
    expect(renamed.translations).toEqual(saved.translations);
  });

  it("come with a new product, are copied with a duplicate and go with a deleted product", async () => {
    const res = await send(admin, "POST", "/api/admin/products", {
      name: "Wool Scarf",
      categorySlug: "clothing",
      price: 20,
      image: [],
      translations: { fr: { name: "Écharpe en laine", description: "<p>Laine</p>" } },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const created = await data<AdminProduct>(res);
    expect(created.translations).toEqual({ fr: { name: "Écharpe en laine", description: "<p>Laine</p>", specifications: null } });
    const copy = await data<AdminProduct>(await send(admin, "POST", `/api/admin/products/${created.id}/duplicate`, {}));
    expect(copy.translations).toEqual(created.translations);
    for (const id of [created.id, copy.id]) expect((await admin.request(`/api/admin/products/${id}`, { method: "DELETE" })).status).toBeLessThan(300);
    const left = await shop.db.kysely.selectFrom("product_translations").select("product_id").where("product_id", "in", [created.id, copy.id]).execute();
    expect(left).toEqual([]);
  });

  it("refuse an unknown language, the default language and bad fields (400 naming each, nothing stored)", async () => {
    const product = await adminProduct(ids.mug);
    const cases: Array<[unknown, string]> = [
      [{ it: { name: "Tazza" } }, "translations.it"],
      [{ en: { name: "Mug" } }, "translations.en"],
      [{ de: { name: "x".repeat(201) } }, "translations.de.name"],
      [{ de: { specifications: [{ name: "", value: "x" }] } }, "translations.de.specifications.0.name"],
      ["Becher", "translations"],
    ];
    for (const [translations, field] of cases) {
      const res = await send(admin, "PATCH", `/api/admin/products/${ids.mug}`, { version: product.version, translations });
      expect(res.status, field).toBe(400);
      expect(((await res.json()) as Failure).error.fields?.[field], field).toBeTruthy();
    }
    expect((await adminProduct(ids.mug)).version).toBe(product.version);
  });

  it("are what the storefront API answers with ?lang=, falling back to English field by field; without it the answer is unchanged", async () => {
    const product = await adminProduct(ids.shirt);
    const plain = await shop.request("/api/products/linen-shirt");
    const english = await data<ProductDetail>(plain);
    expect(english.name).toBe("Linen Shirt");

    const german = await data<ProductDetail>(await shop.request("/api/products/linen-shirt?lang=de"));
    expect(german.name).toBe("Leinenhemd");
    expect(german.description).toBe("<p>Aus <strong>Leinen</strong>.</p>");
    expect(german.specifications).toEqual([{ name: "Material", value: "Leinen" }]);
    expect(german.slug).toBe("linen-shirt");

    const french = await data<ProductDetail>(await shop.request("/api/products/linen-shirt?lang=fr"));
    expect(french.name).toBe("Chemise en lin");
    expect(french.description).toBe(english.description);
    expect(french.specifications).toEqual(english.specifications);

    const spanish = await data<ProductDetail>(await shop.request("/api/products/linen-shirt?lang=es"));
    expect(spanish).toEqual(english);
    expect(await data<ProductDetail>(await shop.request("/api/products/linen-shirt?lang=en"))).toEqual(english);

    const listing = await data<ProductCard[]>(await shop.request("/api/products?lang=de&pageSize=50"));
    expect(listing.find((c) => c._id === ids.shirt)?.name).toBe("Leinenhemd");
    expect(listing.find((c) => c._id === ids.mug)?.name).toBe("Mug");
    const byCategory = (await (await shop.request("/api/products/category/clothing?lang=de")).json()) as ProductCard[];
    expect(byCategory.find((c) => c._id === ids.shirt)?.name).toBe("Leinenhemd");
    const englishListing = await data<ProductCard[]>(await shop.request("/api/products?pageSize=50"));
    expect(englishListing.find((c) => c._id === ids.shirt)?.name).toBe("Linen Shirt");

    const bad = await shop.request("/api/products/linen-shirt?lang=it");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Failure).error.fields?.lang).toBeTruthy();

    // A new translation shows at once (the catalogue's caches are keyed by language and dropped on writes).
    await send(admin, "PATCH", `/api/admin/products/${ids.shirt}`, {
      version: product.version,
      translations: { ...product.translations, de: { ...product.translations.de, name: "Leinen-Hemd" } },
    });
    expect((await data<ProductDetail>(await shop.request("/api/products/linen-shirt?lang=de"))).name).toBe("Leinen-Hemd");
  });
});

describe("storefront pages in a language", () => {
  it("show the product page, the home page's cards and the search's cards in the page's language, English elsewhere", async () => {
    const german = (await productPageLoader(page("/de/products/linen-shirt", { slug: "linen-shirt" }) as never)) as { product: ProductDetail };
    expect(german.product.name).toBe("Leinen-Hemd");
    expect(german.product.specifications).toEqual([{ name: "Material", value: "Leinen" }]);
    const english = (await productPageLoader(page("/products/linen-shirt", { slug: "linen-shirt" }) as never)) as { product: ProductDetail };
    expect(english.product.name).toBe("Linen Shirt");

    const home = (await homeLoader(page("/de") as never)) as { rows: Array<{ products: Array<{ name: string }> }> };
    const names = home.rows.flatMap((r) => r.products.map((p) => p.name));
    expect(names).toContain("Leinen-Hemd");
    expect(names).toContain("Mug");

    const found = (await searchLoader(page("/de/search?q=linen") as never)) as { data: { products: Array<{ name: string }> } };
    expect(found.data.products.map((p) => p.name)).toContain("Leinen-Hemd");
  });
});

describe("translations in the catalogue's CSV", () => {
  const exportRows = async () => {
    const res = await admin.get("/api/admin/products/export.csv");
    expect(res.status).toBe(200);
    return parse(await res.text(), { bom: true }) as string[][];
  };
  const importRows = async (rows: string[][]) => {
    const res = await admin.request("/api/admin/products/import", { method: "POST", headers: { "content-type": "text/csv" }, body: stringify(rows) });
    return { status: res.status, body: (await res.json()) as { data: { updated: number; errors: Array<{ line: number; message: string }> } } };
  };

  it("are exported in columns named after the translated ones, and imported back; a missing column leaves its translation", async () => {
    const rows = await exportRows();
    const header = rows[0]!;
    for (const column of ["Title (de)", "Body (HTML) (de)", "Specification Name (de)", "Specification Value (de)", "Title (fr)", "Title (es)"])
      expect(header).toContain(column);
    const at = (column: string) => header.indexOf(column);
    const shirt = rows.findIndex((r) => r[0] === "linen-shirt");
    expect(rows[shirt]![at("Title (de)")]).toBe("Leinen-Hemd");
    expect(rows[shirt]![at("Body (HTML) (de)")]).toBe("<p>Aus <strong>Leinen</strong>.</p>");
    expect(rows[shirt]![at("Specification Name (de)")]).toBe("Material");
    expect(rows[shirt]![at("Title (fr)")]).toBe("Chemise en lin");
    expect(rows[shirt]![at("Title (es)")]).toBe("");

    // The same file imports as unchanged.
    const same = await importRows(rows);
    expect(same.status).toBe(200);
    expect(same.body.data.updated).toBe(0);

    // Spanish name given, French cleared, the German description's column left out of the file.
    const edited = rows.map((r) => [...r]);
    edited[shirt]![at("Title (es)")] = "Camisa de lino";
    edited[shirt]![at("Title (fr)")] = "";
    const keep = header.map((_, i) => i).filter((i) => i !== at("Body (HTML) (de)"));
    const res = await importRows(edited.map((r) => keep.map((i) => r[i] ?? "")));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.updated).toBe(1);
    const after = (await adminProduct(ids.shirt)).translations;
    expect(after.es).toEqual({ name: "Camisa de lino", description: null, specifications: null });
    expect(after.fr).toBeUndefined();
    expect(after.de).toEqual({
      name: "Leinen-Hemd",
      description: "<p>Aus <strong>Leinen</strong>.</p>",
      specifications: [{ name: "Material", value: "Leinen" }],
    });
  });

  it("report a bad translated cell with its column and line", async () => {
    const rows = await exportRows();
    const header = rows[0]!;
    const shirt = rows.findIndex((r) => r[0] === "linen-shirt");
    rows[shirt]![header.indexOf("Title (de)")] = "x".repeat(201);
    const res = await importRows(rows);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("Title (de)");
  });
});

describe("search in a language", () => {
  const search = async (q: string, lang?: string) => {
    const res = await shop.request(`/api/products/search/ser?q=${encodeURIComponent(q)}${lang ? `&lang=${lang}` : ""}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { products: ProductCard[] } }).data.products.map((p) => p.name);
  };

  it("finds products by their translated names and descriptions, typos forgiven, and names them in the visitor's language", async () => {
    expect(await search("camisa", "es")).toEqual(["Camisa de lino"]);
    expect(await search("camissa", "es")).toEqual(["Camisa de lino"]);
    expect(await search("leinen", "de")).toEqual(["Leinen-Hemd"]);
    expect(await search("linen")).toEqual(["Linen Shirt"]);
    // A translation removed leaves the index at once; the similar names (a fallback, kept in
    // memory) follow when they reload, at most a few seconds after a write, or at once on reindex().
    const product = await adminProduct(ids.shirt);
    const { es: _es, ...rest } = product.translations;
    await send(admin, "PATCH", `/api/admin/products/${ids.shirt}`, { version: product.version, translations: rest });
    expect(await shop.services.search.matchIds("camisa")).toEqual([]);
    await shop.services.search.reindex();
    await expect.poll(async () => (await shop.services.search.quickSearch("camisa", 10, undefined, "es")).map((p) => p.name)).toEqual([]);
    const page = (await searchLoader({ request: new Request("http://shop.test/de/search?q=leinenhemd"), context: { services: shop.services } } as never)) as {
      data: { products: Array<{ name: string }> };
    };
    expect(page.data.products.map((p) => p.name)).toEqual(["Leinen-Hemd"]);
  });
});

describe("category, banner and settings translations", () => {
  type AdminCategoryNode = {
    id: string;
    slug: string;
    name: string;
    version: number;
    translations: Record<string, unknown>;
    subCategories: AdminCategoryNode[];
  };
  const tree = async () => data<AdminCategoryNode[]>(await admin.get("/api/admin/categories"));

  it("name categories in the menu, the listing and the search in a language; an unknown language is a 400", async () => {
    const clothing = (await tree()).find((c) => c.slug === "clothing")!;
    expect(clothing.translations).toEqual({});
    const bad = await send(admin, "PATCH", `/api/admin/categories/${clothing.id}`, { translations: { xx: { name: "?" } } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Failure).error.fields?.["translations.xx"]).toBeTruthy();
    const res = await send(admin, "PATCH", `/api/admin/categories/${clothing.id}`, {
      version: clothing.version,
      translations: { de: { name: "Kleidung", description: "" }, fr: { name: "Vêtements" } },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await data<AdminCategoryNode>(res)).translations).toEqual({
      de: { name: "Kleidung", description: null },
      fr: { name: "Vêtements", description: null },
    });

    const german = await data<Array<{ slug: string; name: string }>>(await shop.request("/api/categories?lang=de"));
    expect(german.find((c) => c.slug === "clothing")?.name).toBe("Kleidung");
    expect((await data<Array<{ slug: string; name: string }>>(await shop.request("/api/categories"))).find((c) => c.slug === "clothing")?.name).toBe(
      "Clothing",
    );
    const cards = await data<ProductCard[]>(await shop.request("/api/products?lang=fr&pageSize=50"));
    expect(cards.find((c) => c._id === ids.cap)?.category).toBe("Vêtements");
    // The translated category name finds its products.
    const found = await shop.request("/api/products/search/ser?q=kleidung&lang=de");
    expect(((await found.json()) as { data: { products: ProductCard[] } }).data.products.map((p) => p._id).sort()).toEqual([ids.cap, ids.shirt].sort());
  });

  it("show banners in the page's language, field by field", async () => {
    const res = await send(admin, "POST", "/api/admin/banners", {
      image: "https://images.example.com/summer.jpg",
      alt: "A beach",
      title: "Summer sale",
      subtitle: "Up to 50% off",
      translations: { de: { title: "Sommerschlussverkauf", alt: "Ein Strand" } },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const banner = await data<{ id: string; translations: unknown }>(res);
    expect(banner.translations).toEqual({ de: { title: "Sommerschlussverkauf", subtitle: null, alt: "Ein Strand" } });
    const german = await data<Array<{ title: string; subtitle: string; alt: string }>>(await shop.request("/api/banners?lang=de"));
    expect(german[0]).toMatchObject({ title: "Sommerschlussverkauf", subtitle: "Up to 50% off", alt: "Ein Strand" });
    const home = (await homeLoader(page("/de") as never)) as { banners: Array<{ title: string }> };
    expect(home.banners[0]?.title).toBe("Sommerschlussverkauf");
    expect((await data<Array<{ title: string }>>(await shop.request("/api/banners")))[0]?.title).toBe("Summer sale");
    const bad = await send(admin, "PATCH", `/api/admin/banners/${banner.id}`, { translations: { de: { title: "x".repeat(121) } } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Failure).error.fields?.["translations.de.title"]).toBeTruthy();
  });

  it("give the settings' texts in a language through PUT /api/admin/settings; a save without them keeps them", async () => {
    type Settings = Record<string, unknown> & { announcement: string; translations: Record<string, unknown> };
    const read = async () => ((await (await admin.get("/api/admin/settings")).json()) as { data: Settings }).data;
    const now = await read();
    const put = (body: unknown) => send(admin, "PUT", "/api/admin/settings", body);
    const bad = await put({ ...now, translations: { it: { announcement: "Spedizione gratuita" } } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Failure).error.fields?.["translations.it"]).toBeTruthy();
    const saved = await put({ ...now, announcement: "Free shipping over $50", translations: { de: { announcement: "Gratis Versand ab 50 $" } } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await read()).translations).toEqual({ de: { siteName: null, tagline: null, description: null, announcement: "Gratis Versand ab 50 $" } });

    const { translations: _t, ...withoutTranslations } = await read();
    expect((await put({ ...withoutTranslations, tagline: "Good things" })).status).toBe(200);
    expect((await read()).translations).toMatchObject({ de: { announcement: "Gratis Versand ab 50 $" } });

    const german = (await (await shop.request("/api/settings?lang=de")).json()) as Settings;
    expect(german.announcement).toBe("Gratis Versand ab 50 $");
    expect(german.tagline).toBe("Good things");
    const plain = (await (await shop.request("/api/settings")).json()) as Settings;
    expect(plain.announcement).toBe("Free shipping over $50");
    expect("translations" in plain).toBe(false);
    const root = await rootLoader(page("/de") as never);
    expect((root as { settings: Settings }).settings.announcement).toBe("Gratis Versand ab 50 $");
  });
});

describe("the wishlist in a language", () => {
  it("names its products in the visitor's language with ?lang=", async () => {
    const visitor = browser(shop);
    expect((await send(visitor, "POST", "/api/wishlist/toggle", { productId: ids.shirt })).status).toBe(200);
    const names = async (query: string) =>
      ((await (await visitor.get(`/api/wishlist${query}`)).json()) as { data: Array<{ name: string }> }).data.map((e) => e.name);
    expect(await names("?lang=de")).toEqual(["Leinen-Hemd"]);
    expect(await names("")).toEqual(["Linen Shirt"]);
  });
});

describe("the cart in a language", () => {
  it("names its lines in the visitor's language with ?lang=, in English without", async () => {
    const visitor = await browserWithCart(shop, [{ productId: ids.shirt, color: "Blue", size: "L" }, { productId: ids.mug }]);
    const names = async (query: string) =>
      ((await (await visitor.get(`/api/cart${query}`)).json()) as { data: { lines: Array<{ name: string }> } }).data.lines.map((l) => l.name).sort();
    expect(await names("?lang=de")).toEqual(["Leinen-Hemd", "Mug"]);
    expect(await names("")).toEqual(["Linen Shirt", "Mug"]);
  });
});
