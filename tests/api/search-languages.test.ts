import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminProduct } from "../../server/modules/catalog/catalog.admin";
import { type TestBrowser, createAccount, signedIn } from "../support/auth-browser";
import { insertCatalog } from "../support/catalog-fixture";
import { send } from "../support/shop-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

// Search in the visitor's language: on PostgreSQL a word also matches by its stem in the page's
// language (german, french, spanish) in that language's translated texts; on both engines the
// similar-names fallback also reads the names translated into it.

let shop: TestShop;
let admin: TestBrowser;
let ids: Map<string, string>;
const postgres = process.env.TEST_DB === "postgres";

const PRODUCTS: Array<[name: string, category: string, translations: Record<string, { name: string; description?: string }>]> = [
  ["Light Dress", "Clothing", { de: { name: "Leichtes Kleid", description: "<p>Luftig für warme Tage.</p>" } }],
  ["Wool Coat", "Clothing", { de: { name: "Warme Jacke", description: "<p>Aus Wolle.</p>" } }],
  ["Rain Coat", "Clothing", { de: { name: "Leichte Regenjacke", description: "<p>Wasserdicht und leicht.</p>" } }],
  ["Denim Jacket", "Clothing", {}],
  ["Rocking Horse", "Toys", { fr: { name: "Cheval à bascule", description: "<p>En bois massif.</p>" } }],
  ["Face Cream", "Beauty", { fr: { name: "Crème hydratante" }, es: { name: "Crema hidratante" } }],
];

beforeAll(async () => {
  shop = await createTestShop();
  await createAccount(shop, { email: "owner@example.com", password: "owner-password-1", role: "admin" });
  admin = await signedIn(shop, "owner@example.com", "owner-password-1");
  ({ productIds: ids } = await insertCatalog(
    shop.db,
    { Clothing: [], Toys: [], Beauty: [] },
    PRODUCTS.map(([name, category]) => ({ name, category, price: 5000 })),
  ));
  for (const [name, , translations] of PRODUCTS) {
    if (!Object.keys(translations).length) continue;
    const id = ids.get(name)!;
    const { version } = ((await (await admin.get(`/api/admin/products/${id}`)).json()) as { data: AdminProduct }).data;
    const res = await send(admin, "PATCH", `/api/admin/products/${id}`, { version, translations });
    expect(res.status, await res.clone().text()).toBe(200);
  }
}, 60_000);
afterAll(async () => {
  await shop?.services.auth.idle();
  await shop?.close();
});

/** The names of the cards the search box's API finds, in the page's language. */
const search = async (q: string, lang?: string) => {
  const res = await shop.request(`/api/products/search/ser?q=${encodeURIComponent(q)}${lang ? `&lang=${lang}` : ""}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { products: Array<{ name: string }> } }).data.products.map((p) => p.name);
};

describe("another form of a word in the visitor's language", () => {
  it("finds the translated product: a plural for a singular (by its stem on PostgreSQL, its similar name on SQLite)", async () => {
    expect(await search("Kleider", "de")).toEqual(["Leichtes Kleid"]);
    expect(await search("chevaux", "fr")).toEqual(["Cheval à bascule"]);
    expect(await search("crèmes", "fr")).toEqual(["Crème hydratante"]);
  });
});

describe.runIf(postgres)("words in the visitor's language, by their stems (PostgreSQL)", () => {
  it("match a translated description's words in another form, every word required, counted for the search page", async () => {
    // "warmen Tagen" for the dress's "warme Tage": no name is like it, both words are stems of its description.
    expect(await search("warmen tagen", "de")).toEqual(["Leichtes Kleid"]);
    expect(await shop.services.search.search("leichte kleider", 10, 0, "de")).toMatchObject({ total: 1, products: [{ name: "Leichtes Kleid" }] });
  });

  it("take a word whose stem the language's texts hold as meant, not as a typo of another language's word", async () => {
    // "Jacken" is German for jackets: the German jacket, and no correction to "jacket".
    expect(await search("Jacken", "de")).toEqual(["Warme Jacke"]);
    expect(await search("warme jacken", "de")).toEqual(["Warme Jacke"]);
  });

  it("match only the visitor's language's texts", async () => {
    // A German plural on French pages is no German word, nor a French plural on German ones.
    expect(await search("Kleider", "fr")).toEqual([]);
    expect(await search("chevaux", "de")).toEqual([]);
  });
});

describe("translated names in the visitor's language", () => {
  it("are found written a little differently, by their similar names, in that language", async () => {
    // "regen jacke" for "Regenjacke": no product has both words, but the German name is that close.
    const found = await search("regen jacke", "de");
    expect(found[0]).toBe("Leichte Regenjacke");
    // English pages compare the English names only.
    expect(await search("regen jacke")).not.toContain("Rain Coat");
  });

  it("are found without their accents on both engines", async () => {
    expect(await search("creme", "fr")).toEqual(["Crème hydratante"]);
    expect(await search("crema", "es")).toEqual(["Crema hidratante"]);
  });
});

describe("English search", () => {
  it("finds what it found before, by the English words", async () => {
    expect(await search("dress")).toEqual(["Light Dress"]);
    // Coats by name first, then a jacket (a synonym); jackets the other way round.
    expect(await search("coat")).toEqual(["Rain Coat", "Wool Coat", "Denim Jacket"]);
    expect(await search("jacket")).toEqual(["Denim Jacket", "Rain Coat", "Wool Coat"]);
    expect(await search("jackets")).toEqual(["Denim Jacket", "Rain Coat", "Wool Coat"]);
    expect(await search("rocking hors")).toEqual(["Rocking Horse"]);
    expect(await search("Kleider")).toEqual([]);
    // A typo is corrected to the page's words: the German "Jacke" is nearer "jake" than "jacket" is, but English pages never see it.
    expect(await search("jake")).toEqual(["Denim Jacket"]);
    expect(await search("jake", "de")).toEqual(["Warme Jacke"]);
    // On German pages the English words still find their products, named in German.
    expect(await search("coat", "de")).toEqual(["Leichte Regenjacke", "Warme Jacke", "Denim Jacket"]);
  });
});
