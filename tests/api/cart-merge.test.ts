import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartView } from "../../server/modules/cart/cart.types";
import { createAccount, signedIn } from "../support/auth-browser";
import { type ShoppingCatalog, browserWithCart, insertShoppingCatalog } from "../support/shop-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

let shop: TestShop;
let ids: ShoppingCatalog;

beforeAll(async () => {
  shop = await createTestShop();
  ids = await insertShoppingCatalog(shop.db);
});
afterAll(async () => {
  await shop?.services.auth.idle();
  await shop?.close();
});

const cartOf = async (res: Response) => ((await res.json()) as { data: CartView }).data;
const quantities = (cart: CartView) =>
  Object.fromEntries(cart.lines.map((l) => [[l.name, l.selectedColor, l.selectedSize].filter(Boolean).join("/"), l.quantity]));

describe("signing in merges this browser's cart and wishlist into the account", () => {
  it("adds quantities per line up to the stock, unites the wishlists and removes the visitor's cart", async () => {
    await createAccount(shop, { email: "merge@example.com", password: "merge-password" });
    // The account already holds 4 mugs and a white cap, and has a shirt on its wishlist.
    const elsewhere = await signedIn(shop, "merge@example.com", "merge-password");
    expect((await elsewhere.post("/api/cart/items", { productId: ids.mug, quantity: 4 })).status).toBe(201);
    expect((await elsewhere.post("/api/cart/items", { productId: ids.cap, color: "White" })).status).toBe(201);
    await elsewhere.post("/api/wishlist/toggle", { productId: ids.shirt });

    // Anonymously, this browser has 3 mugs, a blue M shirt and a black cap, and likes the mug and the shirt.
    const b = await browserWithCart(shop, [
      { productId: ids.mug, quantity: 3 },
      { productId: ids.shirt, color: "Blue", size: "M", quantity: 2 },
      { productId: ids.cap, color: "Black" },
    ]);
    await b.post("/api/wishlist/toggle", { productId: ids.mug });
    await b.post("/api/wishlist/toggle", { productId: ids.shirt });
    const visitorId = b.jar.cookies.get("shop.visitor")!.split(".")[0]!;

    const signIn = await b.post("/api/auth/sign-in/email", { email: "merge@example.com", password: "merge-password" });
    expect(signIn.status).toBe(200);
    const cart = await cartOf(await b.get("/api/cart"));
    // Mugs: 4 + 3 = 7, held to the 5 in stock.
    expect(quantities(cart)).toEqual({ Mug: 5, "Cap/White": 1, "Linen Shirt/Blue/M": 2, "Cap/Black": 1 });
    expect(cart.lines.every((l) => l.problem === null)).toBe(true);
    const wishlist = (await (await b.get("/api/wishlist")).json()).data as Array<{ productId: string }>;
    expect(wishlist.map((e) => e.productId).sort()).toEqual([ids.mug, ids.shirt].sort());

    // The other device signed in to the same account sees the same cart.
    expect(quantities(await cartOf(await elsewhere.get("/api/cart")))).toEqual(quantities(cart));
    // Nothing is left under the visitor, and the visitor cookie stays (it lists guest orders).
    expect(await shop.db.kysely.selectFrom("carts").select("id").where("owner", "=", `visitor:${visitorId}`).execute()).toEqual([]);
    expect(await shop.db.kysely.selectFrom("wishlist_items").select("product_id").where("owner", "=", `visitor:${visitorId}`).execute()).toEqual([]);
    expect(b.jar.has("shop.visitor")).toBe(true);

    // Signing out leaves an empty anonymous cart; the account keeps its lines.
    await b.post("/api/auth/sign-out", {});
    expect((await cartOf(await b.get("/api/cart"))).lines).toEqual([]);
  });

  it("merges once when signed-in requests race, and costs nothing when there is nothing to merge", async () => {
    await createAccount(shop, { email: "race@example.com", password: "race-password" });
    const b = await browserWithCart(shop, [{ productId: ids.mug, quantity: 2 }]);
    await b.post("/api/auth/sign-in/email", { email: "race@example.com", password: "race-password" });
    const carts = await Promise.all(Array.from({ length: 5 }, () => b.get("/api/cart").then(cartOf)));
    for (const cart of carts) expect(quantities(cart)).toEqual({ Mug: 2 });
    expect(await shop.services.shoppers.mergeVisitorIntoUser(b.jar.cookies.get("shop.visitor")!.split(".")[0]!, "someone")).toBe(false);
  });
});
