import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createObjectStore } from "#modules/storage";
import { seedDemo } from "../../server/seed/seed";
import { type TestShop, createTestShop } from "../support/test-shop";

// What a shopper finds in the demo shop, on both engines: for each query, products that must be
// among the results and products that must not (look-alikes, synonyms found inside other words,
// mentions in other products' descriptions). The catalogue is the real demo seed.

let shop: TestShop;
let uploadsDir: string;

beforeAll(async () => {
  shop = await createTestShop();
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "search-relevance-"));
  await seedDemo(shop.db, { storage: createObjectStore({ driver: "file", dir: uploadsDir }), writeImages: false, imageCacheDir: false });
  shop.services.catalog.invalidate();
});
afterAll(async () => {
  await shop.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

/** The names GET /api/products/search/ser answers for a term, 20 at most. */
async function names(q: string): Promise<string[]> {
  const res = await shop.request(`/api/products/search/ser?${new URLSearchParams({ q, limit: "20" })}`);
  expect(res.status).toBe(200);
  return (await res.json()).data.products.map((p: { name: string }) => p.name);
}

const JACKETS = ["Wool-Blend Bomber Jacket", "Waxed Cotton Jacket", "Denim Coat"];
const JEANS = ["Relaxed Rigid Denim Jeans", "Straight Denim Jeans", "Slim Jeans"];
const DRESSES = ["Wrap Dress", "Midi Day Dress", "Floral Slip Dress", "Linen Sundress"];
const TSHIRTS = ["Classic Cotton T-Shirt", "Organic Pocket T-Shirt", "Heavyweight V-Neck T-Shirt", "Slim-Fit Long Sleeve T-Shirt"];
const BLOUSES = ["Silk Blouse", "Ruffled Top", "Linen Shirt"];
const SNEAKERS = ["Retro Sneakers", "Classic Sneakers"];
const SPEAKERS = ["Portable Speaker", "Outdoor Speaker", "Party Bluetooth Speaker"];
const LAMPS = ["Rattan Bedside Lamp", "Ceramic Floor Lamp", "Linen Table Lamp"];
const LAPTOPS = ["Aero 15-inch Laptop", "Creator 14-inch Laptop", "Ultrabook 13-inch Laptop"];
const BAGS = ["Canvas Shoulder Bag", "Leather Tote Bag"];
const BOOTS = ["Suede Boots", "Leather Ankle Boots", "Chelsea Boots"];
const WATCHES = ["Field Watch", "Dress Automatic Watch", "Active Watch Pro"];
const COOKWARE = ["Non-Stick Dutch Oven", "Stainless Steel Stockpot", "Enamelled Cast Iron Casserole"];
const MATS = ["Natural Rubber Pilates Mat", "Cork Exercise Mat", "Non-Slip Yoga Mat"];
const FITNESS_AND_KITCHEN = ["Hex Dumbbells", "Neoprene Dumbbell Pair", "Round Hand Weights", "Non-Stick Dutch Oven"];
const HEADPHONES = ["Over-Ear Headphones", "Studio Monitor Headphones", "Wireless Headphones"];
const PERFUMES = ["Amber Eau de Parfum", "Cedar Eau de Toilette", "Neroli Cologne"];

/** [query, must appear, must not appear, and with `only` nothing else may]. */
const TABLE: Array<[string, string[], string[], { only?: boolean }?]> = [
  // Kinds: the products of the kind, not those that mention it or share a synonym's letters.
  ["jacket", JACKETS, [...FITNESS_AND_KITCHEN, "Field Watch", "Dress Automatic Watch", "Slim-Fit Long Sleeve T-Shirt"], { only: true }],
  ["coat", JACKETS, [...FITNESS_AND_KITCHEN, "Field Watch", "Dress Automatic Watch"]],
  ["jeans", JEANS, BLOUSES, { only: true }],
  ["dress", DRESSES, WATCHES.filter((w) => w !== "Dress Automatic Watch")],
  ["blouse", BLOUSES, ["Low-Top Trainers"], { only: true }],
  ["bag", BAGS, [...BOOTS, "Classic Sneakers", "Tempo Running Shoes"], { only: true }],
  ["lamp", LAMPS, ["The Glass Lighthouse", "Lightweight Running Shoes", "Sports Bottle", ...LAPTOPS], { only: true }],
  ["laptop", LAPTOPS, BAGS, { only: true }],
  ["watch", WATCHES, ["Pull-Back Taxi"]],
  ["tshirt", TSHIRTS, ["Pleated Skirt"], { only: true }],
  ["t-shirt", TSHIRTS, ["Pleated Skirt"], { only: true }],
  ["pan", COOKWARE, ["Indoor Football", "Training Volleyball", "Pro Basketball"]],
  ["mat", MATS, [...LAMPS, "Handmade Tea Cup", "Stoneware Mug", "Enamelled Cast Iron Casserole", "Landscape Jigsaw Puzzle"]],
  ["running shoes", ["Tempo Running Shoes", "Lightweight Running Shoes"], ["Sports Bottle", "Insulated Water Bottle"]],
  // Synonyms, as whole words of names and categories.
  ["perfume", PERFUMES, ["Vitamin C Face Oil", "Hyaluronic Serum"]],
  ["trainers", [...SNEAKERS, "Low-Top Trainers", "Canvas Trainers"], SPEAKERS],
  ["jumper", ["Cable Knit Jumper", "Merino Sweater"], JACKETS],
  ["teddy", ["Cuddly Teddy Bear", "Snuggly Plush Bear"], []],
  ["tee", TSHIRTS, ["Pleated Skirt"], { only: true }],
  // Typos: corrected to the closest words only, never outranking a real word.
  ["jaket", ["Wool-Blend Bomber Jacket", "Waxed Cotton Jacket"], ["Slim-Fit Long Sleeve T-Shirt", ...FITNESS_AND_KITCHEN]],
  ["jeens", JEANS, BLOUSES, { only: true }],
  ["drss", ["Wrap Dress", "Midi Day Dress", "Floral Slip Dress"], []],
  ["sneekers", SNEAKERS, SPEAKERS],
  ["speker", SPEAKERS, SNEAKERS, { only: true }],
  ["t-shrit", TSHIRTS, ["Pleated Skirt"], { only: true }],
  ["laptp", LAPTOPS, BAGS, { only: true }],
  ["bots", BOOTS, ["Sports Bottle", "Insulated Water Bottle", "Niacinamide Booster"], { only: true }],
  ["wach", WATCHES, ["Pull-Back Taxi"], { only: true }],
  ["headphnes", HEADPHONES, SPEAKERS],
  ["smartphne", ["Nova Smartphone", "Aero Pro Smartphone", "Orbit Lite Smartphone"], []],
  ["hoddie", ["Fleece Hoodie", "Heavyweight Pullover Hoodie"], []],
  ["sweter", ["Merino Sweater"], []],
  ["lipstik", ["Satin Lipstick"], []],
  // Attributes are still found in descriptions.
  ["cotton", ["Classic Cotton T-Shirt", "Waxed Cotton Jacket", "Low-Top Trainers"], []],
  ["leather", ["Leather Wallet", "Leather Tote Bag", "Field Watch"], []],
  ["leather bag", ["Leather Tote Bag"], [...BOOTS, "Leather Sandals"], { only: true }],
  ["wool sweater", ["Merino Sweater"], JACKETS],
  ["dress watch", ["Dress Automatic Watch"], DRESSES, { only: true }],
  // Words that do not all match: what the main word matches.
  ["red dress", DRESSES, WATCHES, { only: true }],
  ["red jacket", JACKETS, [], { only: true }],
  ["cheap tent", ["Ultralight Tent", "Backpacking Camping Tent"], []],
  ["zzzzqx", [], [], { only: true }],
];

describe("search relevance over the demo catalogue", () => {
  it("holds at least 30 queries, typos included", () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(30);
  });

  it.each(TABLE)("%j", async (q, must, mustNot, opts) => {
    const found = await names(q);
    for (const name of must) expect(found, `${q} finds ${name}`).toContain(name);
    for (const name of mustNot) expect(found, `${q} does not find ${name}`).not.toContain(name);
    if (opts?.only) expect([...found].sort(), `${q} finds nothing else`).toEqual([...must].sort());
  });

  it("names every product of the table as the demo catalogue does", async () => {
    const active = new Set((await shop.db.kysely.selectFrom("products").select("name").where("status", "=", "active").execute()).map((r) => r.name));
    const missing = TABLE.flatMap(([, must, mustNot]) => [...must, ...mustNot]).filter((n) => !active.has(n));
    expect(missing).toEqual([]);
  });

  it("shows the search box and every page of the search the same main-word fallback", async () => {
    const all = await shop.services.search.search("red dress", 10);
    expect(all.total).toBe(DRESSES.length);
    const pages = [...(await shop.services.search.search("red dress", 2, 0)).products, ...(await shop.services.search.search("red dress", 2, 2)).products];
    expect(pages.map((p) => p.name)).toEqual(all.products.map((p) => p.name));
    expect((await shop.services.search.quickSearch("red dress", 10)).map((p) => p.name)).toEqual(all.products.map((p) => p.name));
  });
});
