import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/database";
import { migrateToLatest } from "../../server/migrations/migrate";
import { newId } from "../../server/lib/ids";
import { type TestDb, createTestDb } from "../support/test-shop";

const GIN_INDEXES = ["product_search_doc_idx", "product_search_head_idx", "product_search_name_idx", "product_search_stems_idx"];
/** What migration 0019 allows each index to keep unsorted: 128 kB of 8 kB pages. */
const MAX_PENDING_PAGES = 16;

/** Words no two products share much: every product brings new entries to each index. */
function words(seed: number, count: number): string {
  let x = seed;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    out.push(x.toString(36).replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)]));
  }
  return out.join(" ");
}

/** `count` active products in bulk, as an import or the seed writes them; the index follows through its triggers. */
async function addProducts(db: Db, count: number): Promise<void> {
  const categoryId = newId();
  const now = new Date().toISOString();
  await db.kysely
    .insertInto("categories")
    .values({ id: categoryId, name: "Things", slug: "things", image: null, parent_id: null, sort_order: 0, created_at: now })
    .execute();
  for (let start = 0; start < count; start += 250) {
    const rows = Array.from({ length: Math.min(250, count - start) }, (_, i) => {
      const n = start + i;
      const id = newId();
      return {
        id,
        name: words(n * 7 + 1, 10),
        slug: `product-${n}-${id.slice(0, 6).toLowerCase()}`,
        description: words(n * 13 + 5, 60),
        price: 1000,
        discount: 0,
        final_price: 1000,
        list_price: 1000,
        category_id: categoryId,
        subcategory_id: null,
        brand: words(n + 3, 2),
        sku: null,
        stock: 5,
        shipping_cost: 0,
        status: "active" as const,
        images: "[]",
        specifications: "[]",
        created_at: now,
        updated_at: now,
      };
    });
    await db.kysely.insertInto("products").values(rows).execute();
  }
}

/** Pages of unsorted entries each search index holds, which every search through it reads whole. */
async function pendingPages(db: Db, indexes = GIN_INDEXES): Promise<Record<string, number>> {
  await sql`CREATE EXTENSION IF NOT EXISTS pgstattuple`.execute(db.kysely);
  const pages: Record<string, number> = {};
  for (const index of indexes) {
    const { rows } = await sql<{ pending_pages: number }>`SELECT pending_pages FROM pgstatginindex(${index}::regclass)`.execute(db.kysely);
    pages[index] = Number(rows[0].pending_pages);
  }
  return pages;
}

let testDb: TestDb | null = null;
afterEach(async () => {
  await testDb?.drop();
  testDb = null;
});

// PostgreSQL only: SQLite's FTS5 merges what it writes as it goes.
describe.runIf(process.env.TEST_DB === "postgres")("the search index on PostgreSQL", () => {
  it("keeps a short list of unsorted entries after a catalogue is written in bulk, so searches do not read megabytes of them", async () => {
    testDb = await createTestDb();
    await addProducts(testDb.db, 1500);
    const pages = await pendingPages(testDb.db);
    for (const index of GIN_INDEXES) expect(pages[index], index).toBeLessThanOrEqual(MAX_PENDING_PAGES);
  });

  it("sorts in what a catalogue written before migration 0019 left pending", async () => {
    testDb = await createTestDb({ upTo: "0018-search-ranking" });
    await addProducts(testDb.db, 1500);
    // PostgreSQL's own limit is 4 MB (512 pages): all of these were still pending.
    expect((await pendingPages(testDb.db, ["product_search_doc_idx"])).product_search_doc_idx).toBeGreaterThan(4 * MAX_PENDING_PAGES);
    await migrateToLatest(testDb.db);
    const pages = await pendingPages(testDb.db);
    for (const index of GIN_INDEXES) expect(pages[index], index).toBe(0);
  });

  it("moves the stems of translations written before migration 0027 to their language's column", async () => {
    testDb = await createTestDb({ upTo: "0026-content-translations" });
    await addProducts(testDb.db, 2);
    const [product] = await testDb.db.kysely.selectFrom("products").select("id").orderBy("id").limit(1).execute();
    await testDb.db.kysely
      .insertInto("product_translations")
      .values({ product_id: product.id, language: "de", name: "Leichte Kleider", description: "<p>Bücher</p>", specifications: null })
      .execute();
    const doc = async () =>
      (await sql<{ doc: string }>`SELECT doc::text FROM product_search WHERE product_id = ${product.id}`.execute(testDb!.db.kysely)).rows[0].doc;
    expect(await doc()).toContain("'kleid'");
    await migrateToLatest(testDb.db);
    const { stems } = (await sql<{ stems: string }>`SELECT stems::text FROM product_search WHERE product_id = ${product.id}`.execute(testDb.db.kysely)).rows[0];
    expect(stems.split(" ").sort()).toEqual(["'de:d:buch'", "'de:n:kleid'", "'de:n:leicht'"]);
    // The simple words stay; the stems left the words every language's query meets.
    expect(await doc()).toContain("'kleider'");
    expect(await doc()).not.toContain("'kleid'");
  });
});
