import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartView } from "../../server/modules/cart/cart.types";
import type { Order } from "../../server/modules/orders/orders.types";
import type { PaymentsService } from "../../server/modules/payments/payments.types";
import { browser } from "../support/auth-browser";
import { type ShoppingCatalog, browserWithCart, checkoutBody, insertShoppingCatalog, orderRowCounts, setStock, stockOf } from "../support/shop-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

let shop: TestShop;
let ids: ShoppingCatalog;

beforeAll(async () => {
  shop = await createTestShop();
  ids = await insertShoppingCatalog(shop.db);
  await setStock(shop.db, ids.mug, 100);
});
afterAll(async () => {
  await shop?.services.orders.idle();
  await shop?.close();
});

type Placed = { order: Order; guestToken: string; payment: { clientSecret: string; publishableKey: string } | null };
const placedOf = async (res: Response) => ((await res.json()) as { data: Placed }).data;
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
const cartOf = async (res: Response) => ((await res.json()) as { data: CartView }).data;
const withKey = (key: string) => ({ "content-type": "application/json", "idempotency-key": key });

describe("checkout input", () => {
  it("answers 400 naming each bad field, and stores nothing", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug }]);
    const before = await orderRowCounts(shop.db);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ contact: { name: "", email: "grace@example.com", phone: "555 0100" } }, "contact.name", "Please enter your name"],
      [{ contact: { name: "Grace", email: "not-an-address", phone: "555 0100" } }, "contact.email", "Please enter a valid e-mail address"],
      [{ contact: { name: "Grace", email: "grace@example.com", phone: "call me" } }, "contact.phone", "Please enter a valid phone number"],
      [{ contact: { name: "x".repeat(101), email: "grace@example.com", phone: "555 0100" } }, "contact.name", "Your name is too long (100 characters at most)"],
      [{ address: { line1: "1 Road", city: "", country: "US" } }, "address.city", "Please enter your city"],
      [{ address: { city: "Arlington", country: "US" } }, "address.line1", "Please enter your street address"],
      [{ address: { line1: "1 Road", city: "Arlington" } }, "address.country", "Please choose your country"],
      [{ paymentMethod: "bitcoin" }, "paymentMethod", "Please choose a payment method"],
      [{ notes: "n".repeat(1001) }, "notes", "Order notes can be at most 1000 characters"],
      [{ shippingMethod: "moon" }, "shippingMethod", "Please choose one of the shipping methods offered"],
    ];
    for (const [override, field, message] of cases) {
      const res = await b.post("/api/orders", checkoutBody(override));
      expect(res.status, field).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("invalid_input");
      expect(error.fields?.[field], field).toBe(message);
    }
    for (const body of ["{broken", "[]", "null"]) {
      const res = await b.request("/api/orders", { method: "POST", headers: { "content-type": "application/json" }, body });
      expect(res.status).toBe(400);
    }
    expect(await orderRowCounts(shop.db)).toEqual(before);
    expect((await cartOf(await b.get("/api/cart"))).lines).toHaveLength(1);
  });

  it("refuses an empty cart with 'Your cart is empty'", async () => {
    for (const b of [browser(shop), await browserWithCart(shop, [])]) {
      const res = await b.post("/api/orders", checkoutBody());
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe("Your cart is empty");
    }
  });

  it("refuses card payment when the shop takes none", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug }]);
    const res = await b.post("/api/orders", checkoutBody({ paymentMethod: "card" }));
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({
      message: "Card payments are not available. Please choose cash on delivery.",
      fields: { paymentMethod: expect.any(String) },
    });
  });
});

describe("out of stock", () => {
  it("answers 409 naming every line to fix, and stores nothing: stock, orders and cart stay as they were", async () => {
    const b = await browserWithCart(shop, [
      { productId: ids.shirt, color: "Blue", size: "M", quantity: 3 },
      { productId: ids.cap, color: "White", quantity: 2 },
      { productId: ids.mug, quantity: 1 },
    ]);
    // Meanwhile others bought some: 2 blue M shirts and every white cap are left / gone.
    await shop.db.kysely
      .updateTable("product_variants")
      .set({ stock: 2 })
      .where("product_id", "=", ids.shirt)
      .where("color", "=", "Blue")
      .where("size", "=", "M")
      .execute();
    await shop.db.kysely.updateTable("product_variants").set({ stock: 0 }).where("product_id", "=", ids.cap).where("color", "=", "White").execute();
    const stock = { shirt: await stockOf(shop.db, ids.shirt), cap: await stockOf(shop.db, ids.cap), mug: await stockOf(shop.db, ids.mug) };
    const rows = await orderRowCounts(shop.db);
    const cart = await cartOf(await b.get("/api/cart"));

    const res = await b.post("/api/orders", checkoutBody());
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    expect(error.code).toBe("conflict");
    expect(error.message).toContain("Only 2 left of Linen Shirt (Blue, M)");
    expect(error.message).toContain("Cap (White) is sold out");
    expect(error.message).not.toContain("Mug");
    expect(error.fields).toEqual({
      [`lines.${cart.lines[0]!.id}`]: "Only 2 left of Linen Shirt (Blue, M)",
      [`lines.${cart.lines[1]!.id}`]: "Cap (White) is sold out",
    });

    expect({ shirt: await stockOf(shop.db, ids.shirt), cap: await stockOf(shop.db, ids.cap), mug: await stockOf(shop.db, ids.mug) }).toEqual(stock);
    expect(await orderRowCounts(shop.db)).toEqual(rows);
    expect(await cartOf(await b.get("/api/cart"))).toEqual(cart);

    // The quote the checkout page shows lists the same problems.
    const visitorId = b.jar.cookies.get("shop.visitor")!.split(".")[0]!;
    const quote = await shop.services.orders.quote({ userId: null, visitorId });
    expect(quote.problems.map((p) => p.message)).toEqual(["Only 2 left of Linen Shirt (Blue, M)", "Cap (White) is sold out"]);
    await shop.db.kysely
      .updateTable("product_variants")
      .set({ stock: 3 })
      .where("product_id", "=", ids.shirt)
      .where("color", "=", "Blue")
      .where("size", "=", "M")
      .execute();
    await shop.db.kysely.updateTable("product_variants").set({ stock: 2 }).where("product_id", "=", ids.cap).where("color", "=", "White").execute();
  });
});

describe("idempotency", () => {
  it("answers the same order for a repeated Idempotency-Key, never a second one", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug, quantity: 2 }]);
    const stock = (await stockOf(shop.db, ids.mug)).product;
    const rows = await orderRowCounts(shop.db);
    const first = await b.request("/api/orders", { method: "POST", headers: withKey("checkout-1"), body: JSON.stringify(checkoutBody()) });
    expect(first.status).toBe(201);
    const a = await placedOf(first);
    const second = await b.request("/api/orders", { method: "POST", headers: withKey("checkout-1"), body: JSON.stringify(checkoutBody()) });
    expect(second.status).toBe(200);
    const again = await placedOf(second);
    expect(again.order.id).toBe(a.order.id);
    expect(again.guestToken).toBe(a.guestToken);
    expect(await orderRowCounts(shop.db)).toEqual({ orders: rows.orders + 1, lines: rows.lines + 1, events: rows.events + 1 });
    expect((await stockOf(shop.db, ids.mug)).product).toBe(stock - 2);

    // Another browser's same key is its own order.
    const other = await browserWithCart(shop, [{ productId: ids.mug }]);
    const theirs = await other.request("/api/orders", { method: "POST", headers: withKey("checkout-1"), body: JSON.stringify(checkoutBody()) });
    expect(theirs.status).toBe(201);
    expect((await placedOf(theirs)).order.id).not.toBe(a.order.id);
  });

  it("creates one order when the same key arrives many times at once (a double click)", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug, quantity: 1 }]);
    const stock = (await stockOf(shop.db, ids.mug)).product;
    const rows = await orderRowCounts(shop.db);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => b.request("/api/orders", { method: "POST", headers: withKey("double-click"), body: JSON.stringify(checkoutBody()) })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const orders = await Promise.all(answers.map(placedOf));
    expect(new Set(orders.map((o) => o.order.id)).size).toBe(1);
    expect((await orderRowCounts(shop.db)).orders).toBe(rows.orders + 1);
    expect((await stockOf(shop.db, ids.mug)).product).toBe(stock - 1);
  });

  it("refuses a malformed key", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug }]);
    const res = await b.request("/api/orders", { method: "POST", headers: withKey("x".repeat(201)), body: JSON.stringify(checkoutBody()) });
    expect(res.status).toBe(400);
  });
});

describe("card payment", () => {
  const realPayments = {} as PaymentsService;
  const stub = (createIntent: PaymentsService["createIntent"]) => {
    Object.assign(realPayments, shop.services.payments);
    Object.assign(shop.services.payments, { cardPayments: true, publishableKey: "pk_test_stub", createIntent });
  };
  const restore = () => Object.assign(shop.services.payments, realPayments);

  it("creates the order awaiting payment with its PaymentIntent, then applies the webhook's events once", async () => {
    const calls: unknown[] = [];
    stub(async (order) => {
      calls.push(order);
      return { intentId: `pi_${order.id}`, clientSecret: `pi_${order.id}_secret` };
    });
    try {
      const b = await browserWithCart(shop, [{ productId: ids.mug, quantity: 2 }]);
      const res = await b.post("/api/orders", checkoutBody({ paymentMethod: "card" }));
      expect(res.status).toBe(201);
      const { order, payment } = await placedOf(res);
      expect(order).toMatchObject({ paymentMethod: "card", paymentStatus: "pending", paymentIntentId: `pi_${order.id}` });
      expect(payment).toEqual({ clientSecret: `pi_${order.id}_secret`, publishableKey: "pk_test_stub" });
      // Minor units to the provider: 2 × 10.00 + 5.00 + 2 × 4.99
      expect(calls).toEqual([{ id: order.id, number: order.number, total: 3498, currency: "USD", email: "grace@example.com" }]);

      const event = { eventId: "evt_1", type: "payment_intent.succeeded", intentId: `pi_${order.id}`, outcome: "paid" as const };
      await shop.services.orders.recordCardPayment(event);
      await shop.services.orders.recordCardPayment(event);
      const paid = await shop.services.orders.getOrder(order.id, { shopper: { userId: null, visitorId: null }, forShop: true });
      expect(paid).toMatchObject({ status: "pending", paymentStatus: "paid" });
      expect(paid.history.filter((e) => e.note === "Payment received")).toHaveLength(1);
      // A late "failed" event does not undo a payment.
      await shop.services.orders.recordCardPayment({ ...event, eventId: "evt_2", outcome: "failed" });
      expect((await shop.services.orders.getOrder(order.id, { shopper: { userId: null, visitorId: null }, forShop: true })).paymentStatus).toBe("paid");
    } finally {
      restore();
    }
  });

  it("marks a failed payment", async () => {
    stub(async (order) => ({ intentId: `pi_${order.id}`, clientSecret: "secret" }));
    try {
      const b = await browserWithCart(shop, [{ productId: ids.mug }]);
      const { order } = await placedOf(await b.post("/api/orders", checkoutBody({ paymentMethod: "card" })));
      await shop.services.orders.recordCardPayment({
        eventId: "evt_fail",
        type: "payment_intent.payment_failed",
        intentId: `pi_${order.id}`,
        outcome: "failed",
      });
      expect((await shop.services.orders.getOrder(order.id, { shopper: { userId: null, visitorId: null }, forShop: true })).paymentStatus).toBe("failed");
    } finally {
      restore();
    }
  });

  it("cancels the order and returns the stock when the payment provider cannot be reached (503)", async () => {
    stub(async () => {
      throw new Error("connect ECONNREFUSED");
    });
    try {
      const b = await browserWithCart(shop, [{ productId: ids.cap, color: "Black", quantity: 2 }]);
      const stock = await stockOf(shop.db, ids.cap);
      const res = await b.post("/api/orders", checkoutBody({ paymentMethod: "card" }));
      expect(res.status).toBe(503);
      expect((await errorOf(res)).message).toBe("Card payments are unavailable right now. Please try again or choose cash on delivery.");
      expect(await stockOf(shop.db, ids.cap)).toEqual(stock);
      // The cart is back as it was, ready for another try or cash on delivery.
      expect((await cartOf(await b.get("/api/cart"))).lines).toMatchObject([{ productId: ids.cap, selectedColor: "Black", quantity: 2 }]);
      const last = await shop.db.kysely.selectFrom("orders").select(["status", "payment_method"]).orderBy("created_at", "desc").executeTakeFirstOrThrow();
      expect(last).toEqual({ status: "cancelled", payment_method: "card" });
    } finally {
      restore();
    }
  });
});
