import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browser } from "../support/auth-browser";
import { type ShoppingCatalog, browserWithCart, insertShoppingCatalog, send } from "../support/shop-fixture";
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

const cartOf = async (res: Response) => ((await res.json()) as { data: import("../../server/modules/cart/cart.types").CartView }).data;
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
const lineCount = async () =>
  Number(
    (
      await shop.db.kysely
        .selectFrom("cart_lines")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("GET /api/cart", () => {
  it("answers an empty, private cart to a new browser without giving it a cookie", async () => {
    const res = await browser(shop).get("/api/cart");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.getSetCookie()).toEqual([]);
    const cart = await cartOf(res);
    expect(cart.lines).toEqual([]);
    expect(cart.totals).toMatchObject({ itemCount: 0, subtotal: 0, discount: 0, shipping: 0, total: 0, currency: "USD" });
  });
});

describe("POST /api/cart/items", () => {
  it("creates the visitor cookie on the first add and raises the quantity of a line added again", async () => {
    const b = browser(shop);
    const first = await b.post("/api/cart/items", { productId: ids.mug });
    expect(first.status).toBe(201);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    expect(first.headers.getSetCookie().join()).toMatch(/^shop\.visitor=[^;]+; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax/);
    expect((await cartOf(first)).lines).toMatchObject([{ productId: ids.mug, name: "Mug", quantity: 1, price: 10, finalPrice: 10, lineTotal: 10 }]);

    const again = await b.post("/api/cart/items", { productId: ids.mug, quantity: 2 });
    expect(again.status).toBe(201);
    expect(again.headers.getSetCookie()).toEqual([]); // the cookie is set once
    const cart = await cartOf(again);
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({ quantity: 3, lineTotal: 30, shippingCost: 4.99, stock: 5, problem: null, category: "Home" });
    // 30.00 + zone 5.00 + 3 × 4.99
    expect(cart.totals).toMatchObject({ itemCount: 3, subtotal: 30, discount: 0, shipping: 19.97, total: 49.97 });
    expect(await shop.services.cart.countItems({ userId: null, visitorId: b.jar.cookies.get("shop.visitor")!.split(".")[0]! })).toBe(3);
  });

  it("prices a variant: product price plus its additional price, then the discount", async () => {
    const b = browser(shop);
    const cart = await cartOf(await b.post("/api/cart/items", { productId: ids.shirt, color: "Blue", size: "M", quantity: 2 }));
    expect(cart.lines[0]).toMatchObject({
      selectedColor: "Blue",
      selectedSize: "M",
      selectedAditionalPrice: 5,
      price: 45,
      discount: 10,
      finalPrice: 40.5,
      lineTotal: 81,
    });
    expect(cart.totals).toMatchObject({ subtotal: 90, discount: 9, shipping: 14.98, total: 95.98 });
    // Another size is another line; the colour matches whatever its case.
    const two = await cartOf(await b.post("/api/cart/items", { productId: ids.shirt, color: "blue", size: "L" }));
    expect(two.lines.map((l) => [l.selectedColor, l.selectedSize, l.quantity, l.price])).toEqual([
      ["Blue", "M", 2, 45],
      ["Blue", "L", 1, 40],
    ]);
  });

  it("asks for the colour and the size a product needs, and refuses ones it does not have", async () => {
    const b = browser(shop);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ productId: ids.shirt }, "Please choose a colour"],
      [{ productId: ids.shirt, color: "Blue" }, "Please choose a size"],
      [{ productId: ids.shirt, color: "Green", size: "M" }, "Linen Shirt does not come in Green."],
      [{ productId: ids.shirt, color: "Blue", size: "XXL" }, "Linen Shirt does not come in size XXL."],
      [{ productId: ids.cap }, "Please choose a colour"],
      [{ productId: ids.cap, color: "Black", size: "M" }, "Cap does not come in sizes."],
      [{ productId: ids.mug, color: "Blue" }, "Mug does not come in colours."],
    ];
    for (const [body, message] of cases) {
      const res = await b.post("/api/cart/items", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).message).toBe(message);
    }
    expect(b.jar.has("shop.visitor")).toBe(false);
  });

  it("refuses quantities that are not whole numbers of at least 1, with a 400 and nothing stored", async () => {
    const b = browser(shop);
    const before = await lineCount();
    for (const quantity of [0, -1, 1.5, "2", null, 1000]) {
      const res = await b.post("/api/cart/items", { productId: ids.mug, quantity });
      expect(res.status, String(quantity)).toBe(400);
      expect((await errorOf(res)).fields?.quantity).toBeTruthy();
    }
    for (const body of ["{nope", JSON.stringify([1]), JSON.stringify({ quantity: 1 })]) {
      const res = await b.request("/api/cart/items", { method: "POST", headers: { "content-type": "application/json" }, body });
      expect(res.status).toBe(400);
    }
    expect(await lineCount()).toBe(before);
  });

  it("holds the quantity to the stock with a message naming the product", async () => {
    const b = browser(shop);
    const sold = await b.post("/api/cart/items", { productId: ids.shirt, color: "Red", size: "M" });
    expect(sold.status).toBe(409);
    expect(await errorOf(sold)).toMatchObject({ code: "conflict", message: "Linen Shirt (Red, M) is sold out" });
    const many = await b.post("/api/cart/items", { productId: ids.shirt, color: "Blue", size: "M", quantity: 4 });
    expect(many.status).toBe(409);
    expect((await errorOf(many)).message).toBe("Only 3 left of Linen Shirt (Blue, M)");
    expect((await b.post("/api/cart/items", { productId: ids.shirt, color: "Blue", size: "M", quantity: 2 })).status).toBe(201);
    const more = await b.post("/api/cart/items", { productId: ids.shirt, color: "Blue", size: "M", quantity: 2 });
    expect(more.status).toBe(409);
    expect((await errorOf(more)).message).toBe("Only 3 left of Linen Shirt (Blue, M) (you have 2 in your cart)");
    expect((await cartOf(await b.get("/api/cart"))).lines[0]!.quantity).toBe(2);
  });

  it("stores no cart for a new browser whose first add is refused", async () => {
    const carts = async () =>
      Number(
        (
          await shop.db.kysely
            .selectFrom("carts")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await carts();
    const sold = await browser(shop).post("/api/cart/items", { productId: ids.shirt, color: "Red", size: "M" });
    expect(sold.status).toBe(409);
    const tooMany = await browser(shop).post("/api/cart/items", { productId: ids.shirt, color: "Blue", size: "M", quantity: 4 });
    expect(tooMany.status).toBe(409);
    expect(await carts()).toBe(before);
  });

  it("answers 404 for a draft or unknown product", async () => {
    const b = browser(shop);
    for (const productId of [ids.lamp, "no-such-product"]) {
      const res = await b.post("/api/cart/items", { productId });
      expect(res.status).toBe(404);
      expect((await errorOf(res)).message).toBe("This product is no longer available.");
    }
  });
});

describe("PATCH and DELETE /api/cart/items/:lineId", () => {
  it("sets a line's quantity within the stock and removes a line", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug }, { productId: ids.cap, color: "White" }]);
    const [mug, cap] = (await cartOf(await b.get("/api/cart"))).lines;
    const patched = await send(b, "PATCH", `/api/cart/items/${mug!.id}`, { quantity: 4 });
    expect(patched.status).toBe(200);
    expect((await cartOf(patched)).lines[0]).toMatchObject({ id: mug!.id, quantity: 4 });

    for (const quantity of [0, -2, 2.5]) {
      const res = await send(b, "PATCH", `/api/cart/items/${mug!.id}`, { quantity });
      expect(res.status).toBe(400);
    }
    const tooMany = await send(b, "PATCH", `/api/cart/items/${cap!.id}`, { quantity: 3 });
    expect(tooMany.status).toBe(409);
    expect((await errorOf(tooMany)).message).toBe("Only 2 left of Cap (White)");

    const removed = await send(b, "DELETE", `/api/cart/items/${cap!.id}`);
    expect(removed.status).toBe(200);
    expect((await cartOf(removed)).lines.map((l) => l.id)).toEqual([mug!.id]);
    expect((await send(b, "DELETE", `/api/cart/items/${cap!.id}`)).status).toBe(404);
  });

  it("answers 404 for another browser's line, leaving it alone", async () => {
    const owner = await browserWithCart(shop, [{ productId: ids.mug, quantity: 2 }]);
    const line = (await cartOf(await owner.get("/api/cart"))).lines[0]!;
    const stranger = await browserWithCart(shop, [{ productId: ids.cap, color: "Black" }]);
    const anonymous = browser(shop);
    for (const b of [stranger, anonymous]) {
      const patch = await send(b, "PATCH", `/api/cart/items/${line.id}`, { quantity: 1 });
      expect(patch.status).toBe(404);
      expect((await errorOf(patch)).message).toBe("This item is not in your cart.");
      expect((await send(b, "DELETE", `/api/cart/items/${line.id}`)).status).toBe(404);
    }
    expect((await cartOf(await owner.get("/api/cart"))).lines[0]).toMatchObject({ id: line.id, quantity: 2 });
  });

  it("ignores a forged visitor cookie", async () => {
    const owner = await browserWithCart(shop, [{ productId: ids.mug }]);
    const id = owner.jar.cookies.get("shop.visitor")!.split(".")[0]!;
    const forger = browser(shop);
    forger.jar.cookies.set("shop.visitor", `${id}.forged-signature`);
    expect((await cartOf(await forger.get("/api/cart"))).lines).toEqual([]);
  });
});

describe("lines that can no longer be bought", () => {
  it("stay in the cart with a problem when the product is withdrawn or runs short", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.cap, color: "Black", quantity: 3 }]);
    await shop.db.kysely.updateTable("product_variants").set({ stock: 1 }).where("product_id", "=", ids.cap).where("color", "=", "Black").execute();
    expect((await cartOf(await b.get("/api/cart"))).lines[0]).toMatchObject({ quantity: 3, stock: 1, problem: "Only 1 left of Cap (Black)" });
    await shop.db.kysely.updateTable("products").set({ status: "draft" }).where("id", "=", ids.cap).execute();
    expect((await cartOf(await b.get("/api/cart"))).lines[0]!.problem).toBe("Cap (Black) is no longer available");
    await shop.db.kysely.updateTable("products").set({ status: "active" }).where("id", "=", ids.cap).execute();
    await shop.db.kysely.updateTable("product_variants").set({ stock: 4 }).where("product_id", "=", ids.cap).where("color", "=", "Black").execute();
  });

  it("is re-priced from the catalogue on every read", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug, quantity: 2 }]);
    await shop.db.kysely.updateTable("products").set({ price: 1200, discount: 25, final_price: 900 }).where("id", "=", ids.mug).execute();
    const cart = await cartOf(await b.get("/api/cart"));
    expect(cart.lines[0]).toMatchObject({ price: 12, discount: 25, finalPrice: 9, lineTotal: 18 });
    expect(cart.totals).toMatchObject({ subtotal: 24, discount: 6 });
    await shop.db.kysely.updateTable("products").set({ price: 1000, discount: 0, final_price: 1000 }).where("id", "=", ids.mug).execute();
  });

  it("computes shipping for the chosen zone and waives it above the free-shipping threshold", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug, quantity: 2 }]);
    expect((await cartOf(await b.get("/api/cart?shippingMethod=outside-city"))).totals).toMatchObject({ shipping: 21.98, total: 41.98 });
    const settings = await shop.services.content.getSettings();
    await shop.services.content.saveSettings({ ...settings, freeShippingThreshold: 20 });
    try {
      expect((await cartOf(await b.get("/api/cart"))).totals).toMatchObject({ shipping: 0, total: 20, freeShippingThreshold: 20, amountToFreeShipping: 0 });
      await shop.services.content.saveSettings({ ...settings, freeShippingThreshold: 50 });
      expect((await cartOf(await b.get("/api/cart"))).totals).toMatchObject({ shipping: 14.98, amountToFreeShipping: 30 });
    } finally {
      await shop.services.content.saveSettings(settings);
    }
  });
});
