import { type KyselyPlugin, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCatalog } from "#tests/support/catalog-fixture";
import { type TestDb, createTestDb } from "#tests/support/test-shop";
import { createCatalogRepo } from "./catalog.repo";

// The listed price is stored so the price filter and sort stay index-backed at 100,000 products:
// the listing's own queries must be able to run on products_price_idx, on both engines.
let t: TestDb;
const captured: Array<{ sql: string; parameters: readonly unknown[] }> = [];

beforeAll(async () => {
  t = await createTestDb();
  await insertCatalog(t.db, { Phones: [] }, [
    {
      name: "Cheap Phone",
      price: 10000,
      category: "Phones",
      variants: [
        { size: "64 GB", stock: 0 },
        { size: "128 GB", additional: 5000, stock: 2 },
      ],
    },
    { name: "Dear Phone", price: 90000, category: "Phones" },
  ]);
});
afterAll(() => t.drop());

/** Runs `read` with a repo whose queries are kept (compiled SQL and parameters) instead of lost. */
async function queriesOf(read: (repo: ReturnType<typeof createCatalogRepo>) => Promise<unknown>) {
  captured.length = 0;
  const executor = t.db.kysely.getExecutor();
  const capture: KyselyPlugin = {
    transformQuery(args) {
      const compiled = executor.compileQuery(args.node, args.queryId);
      captured.push({ sql: compiled.sql, parameters: compiled.parameters });
      return args.node;
    },
    async transformResult(args) {
      return args.result;
    },
  };
  await read(createCatalogRepo({ ...t.db, kysely: t.db.kysely.withPlugin(capture) }));
  return [...captured];
}

/** The engine's plan for a query, as one string; PostgreSQL is told to avoid a scan where it can. */
async function planOf(query: { sql: string; parameters: readonly unknown[] }): Promise<string> {
  const k = t.db.kysely;
  return k.transaction().execute(async (trx) => {
    if (t.db.dialect === "postgres") await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const prefix = t.db.dialect === "postgres" ? "EXPLAIN " : "EXPLAIN QUERY PLAN ";
    const result = await trx.executeQuery({
      sql: prefix + query.sql,
      parameters: query.parameters,
      query: { kind: "RawNode" } as never,
      queryId: { queryId: "plan" },
    });
    return (result.rows as Array<Record<string, string>>).map((r) => r.detail ?? r["QUERY PLAN"]).join("\n");
  });
}

describe("the listing's price filter and sort", () => {
  it("filter and sort on the stored listed price", async () => {
    const repo = createCatalogRepo(t.db);
    const cards = await repo.listCards({ minPrice: 14000, maxPrice: 16000 }, "price-asc", 24, 0);
    expect(cards.map((c) => [c.name, c.finalPrice])).toEqual([["Cheap Phone", 150]]);
  });

  for (const [label, read] of [
    ["a price range", (r) => r.listCards({ minPrice: 1000, maxPrice: 20000 }, "price-asc", 24, 0)],
    ["everything sorted by price", (r) => r.listCards({}, "price-asc", 24, 0)],
    ["a price range sorted by dearest first", (r) => r.listCards({ minPrice: 1000 }, "price-desc", 24, 0)],
  ] as Array<[string, (r: ReturnType<typeof createCatalogRepo>) => Promise<unknown>]>) {
    it(`reads ${label} through the price index`, async () => {
      const [query] = await queriesOf(read);
      const plan = await planOf(query);
      expect(plan).toContain("products_price_idx");
    });
  }

  it("reads a price range in another order through an index, never a scan of every product", async () => {
    const [query] = await queriesOf((r) => r.listCards({ minPrice: 1000, maxPrice: 20000 }, "newest", 24, 0));
    const plan = await planOf(query);
    expect(plan).not.toMatch(/Seq Scan on products|SCAN p(?! USING)/);
  });
});
