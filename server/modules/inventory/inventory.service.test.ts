import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ShoppingCatalog, insertShoppingCatalog, setStock, stockOf } from "#tests/support/shop-fixture";
import { type TestDb, createTestDb } from "#tests/support/test-shop";
import { returnStock, takeStock } from "./inventory.service";

let testDb: TestDb;
let ids: ShoppingCatalog;

beforeAll(async () => {
  testDb = await createTestDb();
  ids = await insertShoppingCatalog(testDb.db);
});
afterAll(async () => {
  await testDb?.drop();
});

const variantOf = async (productId: string, color: string, size: string | null = null) => {
  let q = testDb.db.kysely.selectFrom("product_variants").select("id").where("product_id", "=", productId).where("color", "=", color);
  q = size ? q.where("size", "=", size) : q.where("size", "is", null);
  return (await q.executeTakeFirstOrThrow()).id;
};

/** The units of the products these tests move, as `stockOf` reports them. */
const allStock = async () => ({ shirt: await stockOf(testDb.db, ids.shirt), cap: await stockOf(testDb.db, ids.cap), mug: await stockOf(testDb.db, ids.mug) });

describe("an order's units, several products and variants at once", () => {
  it("are taken from every product and variant row and given back to each", async () => {
    await setStock(testDb.db, ids.mug, 3);
    const [blueM, blueL, black] = [await variantOf(ids.shirt, "Blue", "M"), await variantOf(ids.shirt, "Blue", "L"), await variantOf(ids.cap, "Black")];
    const lines = [
      { productId: ids.shirt, variantId: blueM, quantity: 2 },
      { productId: ids.mug, variantId: "", quantity: 3 },
      { productId: ids.shirt, variantId: blueL, quantity: 1 },
      { productId: ids.cap, variantId: black, quantity: 1 },
    ];
    const before = await allStock();

    const taken = await testDb.db.kysely.transaction().execute((trx) => takeStock(trx, lines));
    expect(taken.short).toEqual([]);
    // The mug is sold out now: its listing must change.
    expect(taken.flipped).toEqual([ids.mug]);
    expect(await allStock()).toEqual({
      shirt: {
        product: before.shirt.product - 3,
        variants: { ...before.shirt.variants, "Blue/M": before.shirt.variants["Blue/M"]! - 2, "Blue/L": before.shirt.variants["Blue/L"]! - 1 },
      },
      cap: { product: before.cap.product - 1, variants: { ...before.cap.variants, Black: before.cap.variants.Black! - 1 } },
      mug: { product: 0, variants: {} },
    });

    const given = await testDb.db.kysely.transaction().execute((trx) => returnStock(trx, lines));
    expect(given.flipped).toEqual([ids.mug]);
    expect(await allStock()).toEqual(before);
  });

  it("name each row that cannot give its units, and take nothing once the order's transaction rolls back", async () => {
    await setStock(testDb.db, ids.mug, 5);
    const white = await variantOf(ids.cap, "White");
    const before = await allStock();
    const lines = [
      { productId: ids.mug, variantId: "", quantity: 2 },
      { productId: ids.cap, variantId: white, quantity: before.cap.variants.White! + 1 },
    ];

    const rolledBack = new Error("roll back");
    let short: unknown = null;
    await expect(
      testDb.db.kysely.transaction().execute(async (trx) => {
        short = (await takeStock(trx, lines)).short;
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(short).toEqual([{ kind: "variant", id: white }]);
    expect(await allStock()).toEqual(before);
  });
});
