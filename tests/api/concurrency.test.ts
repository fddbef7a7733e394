import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ShoppingCatalog, browserWithCart, checkoutBody, insertShoppingCatalog, setStock, stockOf } from "../support/shop-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

let shop: TestShop;
let ids: ShoppingCatalog;

beforeAll(async () => {
  shop = await createTestShop();
  ids = await insertShoppingCatalog(shop.db);
});
afterAll(async () => {
  await shop?.services.orders.idle();
  await shop?.close();
});

const ordersOf = async (productId: string) => {
  const rows = await shop.db.kysely
    .selectFrom("order_lines as l")
    .innerJoin("orders as o", "o.id", "l.order_id")
    .where("l.product_id", "=", productId)
    .select(["o.id", "l.quantity"])
    .execute();
  return { orders: new Set(rows.map((r) => r.id)).size, units: rows.reduce((n, r) => n + r.quantity, 0) };
};

describe("50 checkouts competing for the last 10 units", () => {
  it("sell exactly 10 of a product without variants, never more, and the other 40 hear that it is sold out", async () => {
    await setStock(shop.db, ids.mug, 10);
    const browsers = await Promise.all(Array.from({ length: 50 }, () => browserWithCart(shop, [{ productId: ids.mug, quantity: 1 }])));
    const epoch = shop.services.dataEpoch.value;

    const answers = await Promise.all(browsers.map((b) => b.post("/api/orders", checkoutBody())));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain("Mug is sold out");
    }
    expect(await stockOf(shop.db, ids.mug)).toEqual({ product: 0, variants: {} });
    expect(await ordersOf(ids.mug)).toEqual({ orders: 10, units: 10 });
    // The product went out of stock: the catalogue caches were told.
    expect(shop.services.dataEpoch.value).toBeGreaterThan(epoch);
  });

  it("sell exactly 10 of a variant, keeping the product's stock equal to its variants' sum", async () => {
    await shop.db.kysely.updateTable("product_variants").set({ stock: 10 }).where("product_id", "=", ids.shirt).where("size", "=", "L").execute();
    await shop.db.kysely.updateTable("product_variants").set({ stock: 0 }).where("product_id", "=", ids.shirt).where("size", "=", "M").execute();
    await shop.db.kysely.updateTable("products").set({ stock: 10 }).where("id", "=", ids.shirt).execute();
    const browsers = await Promise.all(Array.from({ length: 50 }, () => browserWithCart(shop, [{ productId: ids.shirt, color: "Blue", size: "L" }])));

    const statuses = (await Promise.all(browsers.map((b) => b.post("/api/orders", checkoutBody())))).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    expect(await stockOf(shop.db, ids.shirt)).toEqual({ product: 0, variants: { "Blue/M": 0, "Blue/L": 0, "Red/M": 0 } });
    expect(await ordersOf(ids.shirt)).toEqual({ orders: 10, units: 10 });
  });
});

describe("one cart checked out several times at once (a double submit without an Idempotency-Key)", () => {
  it("becomes one order: the other checkouts find the cart empty and take no stock", async () => {
    await setStock(shop.db, ids.mug, 10);
    const b = await browserWithCart(shop, [{ productId: ids.mug, quantity: 2 }]);
    const before = await ordersOf(ids.mug);

    const answers = await Promise.all(Array.from({ length: 5 }, () => b.post("/api/orders", checkoutBody())));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400]);
    for (const res of answers.filter((r) => r.status === 400)) {
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe("Your cart is empty");
    }
    expect(await ordersOf(ids.mug)).toEqual({ orders: before.orders + 1, units: before.units + 2 });
    expect(await stockOf(shop.db, ids.mug)).toEqual({ product: 8, variants: {} });
  });
});
