import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRateLimitStore } from "../../server/lib/rate-limit";
import { returnStock, takeStock } from "../../server/modules/inventory/inventory.service";
import { insertCatalog } from "../support/catalog-fixture";
import { type TestDb, createTestDb } from "../support/test-shop";

// Migration 0020: what a sale writes on PostgreSQL.
describe.runIf(process.env.TEST_DB === "postgres")("a sale's writes (PostgreSQL)", () => {
  let testDb: TestDb;
  let productId: string;
  beforeAll(async () => {
    testDb = await createTestDb();
    const ids = await insertCatalog(testDb.db, { Things: [] }, [{ name: "Plain Mug", price: 1200, category: "Things", stock: 50 }]);
    productId = ids.productIds.get("Plain Mug")!;
  });
  afterAll(() => testDb.drop());

  it("takes and gives back a product's units without writing any of its index entries (heap-only updates)", async () => {
    const counts = await testDb.db.kysely.transaction().execute(async (trx) => {
      // This connection's counts not yet reported (they include its earlier transactions): read before and after.
      const read = async () =>
        (
          await sql<{ updated: number; hot: number }>`
            SELECT pg_stat_get_xact_tuples_updated('products'::regclass) AS updated,
                   pg_stat_get_xact_tuples_hot_updated('products'::regclass) AS hot`.execute(trx)
        ).rows[0]!;
      const before = await read();
      const taken = await takeStock(trx, [{ productId, variantId: "", quantity: 2 }]);
      const given = await returnStock(trx, [{ productId, variantId: "", quantity: 1 }]);
      expect(taken.short).toEqual([]);
      expect(given.short).toEqual([]);
      const after = await read();
      return { updated: Number(after.updated) - Number(before.updated), hot: Number(after.hot) - Number(before.hot) };
    });
    expect(counts).toEqual({ updated: 2, hot: 2 });
    const row = await testDb.db.kysely.selectFrom("products").select("stock").where("id", "=", productId).executeTakeFirstOrThrow();
    expect(row.stock).toBe(49);
  });

  it("counts attempts in a table that writes no WAL, and the counts still hold", async () => {
    const { rows } = await sql<{ persistence: string }>`SELECT relpersistence AS persistence FROM pg_class WHERE relname = 'rate_limits'`.execute(
      testDb.db.kysely,
    );
    expect(rows[0]!.persistence).toBe("u");
    const store = createRateLimitStore(testDb.db);
    const rule = { window: 60, max: 2 };
    await store.consumeAll([{ key: "sale:a", rule }]);
    await store.consumeAll([{ key: "sale:a", rule }]);
    expect(await store.consumeAll([{ key: "sale:a", rule }])).toEqual([{ allowed: false, retryAfter: expect.any(Number) }]);
  });
});
