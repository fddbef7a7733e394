import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WishlistEntry } from "../../server/modules/wishlist/wishlist.types";
import { browser } from "../support/auth-browser";
import { type ShoppingCatalog, insertShoppingCatalog } from "../support/shop-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

let shop: TestShop;
let ids: ShoppingCatalog;

beforeAll(async () => {
  shop = await createTestShop();
  ids = await insertShoppingCatalog(shop.db);
});
afterAll(async () => {
  await shop?.close();
});

const listOf = async (res: Response) => ((await res.json()) as { data: WishlistEntry[] }).data;

describe("the wishlist", () => {
  it("toggles a product in and out, with the name the toasts need and the count", async () => {
    const b = browser(shop);
    expect(await listOf(await b.get("/api/wishlist"))).toEqual([]);

    const added = await b.post("/api/wishlist/toggle", { productId: ids.mug });
    expect(added.status).toBe(200);
    expect(added.headers.get("cache-control")).toBe("private, no-store");
    expect(b.jar.has("shop.visitor")).toBe(true);
    expect(await added.json()).toEqual({ success: true, data: { added: true, name: "Mug", count: 1 } });
    await b.post("/api/wishlist/toggle", { productId: ids.shirt });

    const list = await listOf(await b.get("/api/wishlist"));
    expect(list).toHaveLength(2);
    const shirt = list.find((e) => e.productId === ids.shirt)!;
    expect(shirt).toMatchObject({
      name: "Linen Shirt",
      slug: "linen-shirt",
      price: 40,
      discount: 10,
      finalPrice: 36,
      category: "Clothing",
      inStock: true,
      hasVariants: true,
    });
    expect(shirt.image).toBe("/uploads/products/linen-shirt-320.webp");
    expect(list.find((e) => e.productId === ids.mug)).toMatchObject({ hasVariants: false, inStock: true });

    const removed = await b.post("/api/wishlist/toggle", { productId: ids.mug });
    expect(await removed.json()).toEqual({ success: true, data: { added: false, name: "Mug", count: 1 } });
    expect((await listOf(await b.get("/api/wishlist"))).map((e) => e.productId)).toEqual([ids.shirt]);
    expect(await shop.services.wishlist.productIds({ userId: null, visitorId: b.jar.cookies.get("shop.visitor")!.split(".")[0]! })).toEqual([ids.shirt]);
  });

  it("lists the newest entry first", async () => {
    const b = browser(shop);
    await b.post("/api/wishlist/toggle", { productId: ids.mug });
    await new Promise((r) => setTimeout(r, 5));
    await b.post("/api/wishlist/toggle", { productId: ids.cap });
    expect((await listOf(await b.get("/api/wishlist"))).map((e) => e.name)).toEqual(["Cap", "Mug"]);
  });

  it("keeps wishlists apart per browser", async () => {
    const a = browser(shop);
    const other = browser(shop);
    await a.post("/api/wishlist/toggle", { productId: ids.cap });
    expect(await listOf(await other.get("/api/wishlist"))).toEqual([]);
  });

  it("answers 404 for an unknown or draft product and 400 without a product", async () => {
    const b = browser(shop);
    expect((await b.post("/api/wishlist/toggle", { productId: "nope" })).status).toBe(404);
    expect((await b.post("/api/wishlist/toggle", { productId: ids.lamp })).status).toBe(404);
    expect((await b.post("/api/wishlist/toggle", {})).status).toBe(400);
    expect((await b.post("/api/wishlist/toggle", { productId: 42 })).status).toBe(400);
  });
});
