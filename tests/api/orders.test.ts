import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthTables } from "../../server/db/auth-tables";
import type { CartView } from "../../server/modules/cart/cart.types";
import type { Order, OrderSummary } from "../../server/modules/orders/orders.types";
import { browser, createAccount, signedIn } from "../support/auth-browser";
import { type ShoppingCatalog, browserWithCart, checkoutBody, insertShoppingCatalog, setStock, stockOf } from "../support/shop-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

let shop: TestShop;
let ids: ShoppingCatalog;

beforeAll(async () => {
  shop = await createTestShop();
  ids = await insertShoppingCatalog(shop.db);
  await setStock(shop.db, ids.mug, 100);
  await createAccount(shop, { email: "ada@example.com", password: "ada-password", name: "Ada Lovelace" });
  await createAccount(shop, { email: "bob@example.com", password: "bob-password", name: "Bob" });
  await createAccount(shop, { email: "admin@example.com", password: "admin-password", name: "Admin", role: "admin" });
});
afterAll(async () => {
  await shop?.services.orders.idle();
  await shop?.services.auth.idle();
  await shop?.close();
});

type Placed = { order: Order; guestToken: string; payment: unknown };
const placedOf = async (res: Response) => ((await res.json()) as { data: Placed }).data;
const orderOf = async (res: Response) => ((await res.json()) as { data: Order }).data;
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
const cartOf = async (res: Response) => ((await res.json()) as { data: CartView }).data;
const mailsTo = (to: string) => shop.services.mailer.outbox.filter((m) => m.to === to);

describe("placing an order as a guest", () => {
  it("creates the order from the server's prices, takes the stock, empties the cart and mails a working link", async () => {
    const b = await browserWithCart(shop, [
      { productId: ids.shirt, color: "Blue", size: "M", quantity: 2 },
      { productId: ids.mug, quantity: 1 },
    ]);
    const quoted = (await cartOf(await b.get("/api/cart"))).totals;
    const before = { shirt: await stockOf(shop.db, ids.shirt), mug: await stockOf(shop.db, ids.mug) };

    const res = await b.post("/api/orders", checkoutBody({ contact: { name: "Grace Hopper", email: "grace@example.com", phone: "+1 555 0100" } }));
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const { order, guestToken, payment } = await placedOf(res);
    expect(payment).toBeNull();
    expect(order.number).toMatch(/^[A-Z]{2,3}-[2-9A-Z]{7}$/);
    expect(order).toMatchObject({
      status: "pending",
      guest: true,
      paymentMethod: "cod",
      paymentStatus: "unpaid",
      contact: { name: "Grace Hopper", email: "grace@example.com", phone: "+1 555 0100" },
      address: { line1: "1 Harbour Street", line2: null, city: "Arlington", region: "VA", postalCode: "22201", country: "US" },
      shippingMethod: { id: "inside-city", name: "Inside the city" },
      notes: "Leave it at the door",
      trackingNumber: null,
      allowedTransitions: ["cancelled"],
    });
    expect(order.lines.map((l) => [l.name, l.selectedColor, l.selectedSize, l.quantity, l.price, l.finalPrice, l.lineTotal])).toEqual([
      ["Linen Shirt", "Blue", "M", 2, 45, 40.5, 81],
      ["Mug", null, null, 1, 10, 10, 10],
    ]);
    // The totals are the server's: the same the cart showed. 100 − 9 + 5 + 3 × 4.99
    expect(order.totals).toEqual({
      subtotal: 100,
      discount: 9,
      itemsSubtotal: 91,
      shipping: 19.97,
      total: 110.97,
      taxTotal: 0,
      pricesIncludeTax: false,
      refunded: 0,
      net: 110.97,
      taxRefunded: 0,
      currency: "USD",
      discountTotal: 0,
      giftCardTotal: 0,
      orderTotal: 110.97,
    });
    expect(order.totals).toMatchObject({
      subtotal: quoted.subtotal,
      discount: quoted.discount,
      itemsSubtotal: quoted.itemsSubtotal,
      shipping: quoted.shipping,
      total: quoted.total,
    });
    expect(order.history).toMatchObject([{ status: "pending", actor: "customer" }]);

    expect(await stockOf(shop.db, ids.shirt)).toEqual({
      product: before.shirt.product - 2,
      variants: { ...before.shirt.variants, "Blue/M": before.shirt.variants["Blue/M"]! - 2 },
    });
    expect((await stockOf(shop.db, ids.mug)).product).toBe(before.mug.product - 1);
    expect((await cartOf(await b.get("/api/cart"))).lines).toEqual([]);

    // The mail has the number, lines, totals, address, payment and a link that works without cookies.
    await shop.services.orders.idle();
    const mail = mailsTo("grace@example.com").at(-1)!;
    expect(mail.subject).toContain(order.number);
    for (const text of [
      "2 × Linen Shirt (Blue, M): $81.00",
      "1 × Mug: $10.00",
      "Subtotal: $91.00",
      "You saved $9.00 on list prices",
      "Shipping (Inside the city): $19.97",
      "Total: $110.97",
      "1 Harbour Street",
      "Cash on delivery",
    ]) {
      expect(mail.text).toContain(text);
    }
    expect(mail.text).not.toContain("Discount:");
    const link = new URL(mail.text.match(/http:\/\/shop\.test\/order-confirmation\?\S+/)![0]);
    expect(link.searchParams.get("order")).toBe(order.id);
    expect(link.searchParams.get("token")).toBe(guestToken);
    const stranger = browser(shop);
    const viaLink = await stranger.get(`/api/orders/${order.id}?token=${link.searchParams.get("token")}`);
    expect(viaLink.status).toBe(200);
    expect((await orderOf(viaLink)).number).toBe(order.number);

    // The browser that placed it lists it with its link.
    const list = ((await (await b.get("/api/orders")).json()) as { data: OrderSummary[] }).data;
    expect(list).toMatchObject([
      { id: order.id, number: order.number, guest: true, itemCount: 3, total: 110.97, guestLink: `/order-confirmation?order=${order.id}&token=${guestToken}` },
    ]);
  });

  it("ignores any price, total or discount the client sends", async () => {
    const honest = await browserWithCart(shop, [{ productId: ids.cap, color: "Black", quantity: 1 }]);
    const tamperer = await browserWithCart(shop, [{ productId: ids.cap, color: "Black", quantity: 1 }]);
    const a = await placedOf(await honest.post("/api/orders", checkoutBody()));
    const tampered = checkoutBody({
      total: 0.01,
      subtotal: 0.01,
      discount: 99,
      shipping: 0,
      totals: { total: 0.01 },
      lines: [{ productId: ids.cap, price: 0.01, finalPrice: 0.01, quantity: 1 }],
      price: 0.01,
      finalPrice: 0.01,
      paymentStatus: "paid",
      status: "completed",
    });
    const res = await tamperer.post("/api/orders", tampered);
    expect(res.status).toBe(201);
    const b = await placedOf(res);
    expect(b.order.totals).toEqual(a.order.totals);
    expect(b.order.totals.total).toBe(24.99);
    expect(b.order.lines[0]).toMatchObject({ price: 15, finalPrice: 15, lineTotal: 15 });
    expect(b.order).toMatchObject({ status: "pending", paymentStatus: "unpaid" });
    const stored = await shop.db.kysely
      .selectFrom("orders")
      .select(["total", "subtotal", "status", "payment_status"])
      .where("id", "=", b.order.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ total: 2499, subtotal: 1500, status: "pending", payment_status: "unpaid" });
  });
});

describe("placing an order signed in", () => {
  it("belongs to the account, keeps the address when asked, and lists the account's orders newest first", async () => {
    const b = await signedIn(shop, "ada@example.com", "ada-password");
    await b.post("/api/cart/items", { productId: ids.mug, quantity: 1 });
    const first = await placedOf(await b.post("/api/orders", checkoutBody({ saveAddress: true, shippingMethod: "outside-city" })));
    expect(first.order).toMatchObject({ guest: false, shippingMethod: { id: "outside-city", name: "Outside the city" } });
    expect(first.order.totals).toMatchObject({ subtotal: 10, shipping: 16.99, total: 26.99 });
    await new Promise((r) => setTimeout(r, 5));
    await b.post("/api/cart/items", { productId: ids.mug, quantity: 1 });
    const second = await placedOf(await b.post("/api/orders", checkoutBody({ saveAddress: true })));

    const user = await shop.db.kysely
      .withTables<AuthTables>()
      .selectFrom("users")
      .select("id")
      .where("email", "=", "ada@example.com")
      .executeTakeFirstOrThrow();
    const addresses = await shop.services.orders.listAddresses(user.id);
    expect(addresses).toEqual([
      expect.objectContaining({ name: "Grace Hopper", line1: "1 Harbour Street", city: "Arlington", postalCode: "22201", country: "US", isDefault: true }),
    ]);
    const list = ((await (await b.get("/api/orders")).json()) as { data: OrderSummary[] }).data;
    expect(list.map((o) => o.id)).toEqual([second.order.id, first.order.id]);
    expect(list.every((o) => !o.guest && o.guestLink === null)).toBe(true);
    // Another account sees none of them.
    const bob = await signedIn(shop, "bob@example.com", "bob-password");
    expect(((await (await bob.get("/api/orders")).json()) as { data: OrderSummary[] }).data).toEqual([]);
  });
});

describe("who may see and cancel an order", () => {
  it("answers the owner, the link's token, admins and staff with the orders permission, and 404 to everyone else", async () => {
    const guest = await browserWithCart(shop, [{ productId: ids.mug }]);
    const { order, guestToken } = await placedOf(await guest.post("/api/orders", checkoutBody()));
    const bob = await signedIn(shop, "bob@example.com", "bob-password");
    const admin = await signedIn(shop, "admin@example.com", "admin-password");

    expect((await guest.get(`/api/orders/${order.id}`)).status).toBe(200);
    expect((await browser(shop).get(`/api/orders/${order.id}?token=${guestToken}`)).status).toBe(200);
    const adminView = await orderOf(await admin.get(`/api/orders/${order.id}`));
    expect(adminView.allowedTransitions).toEqual(["processing", "cancelled"]);
    // Staff act for the shop with the orders permission, and only with it.
    await createAccount(shop, { email: "packer@example.com", password: "packer-password", role: "staff", permissions: ["orders"] });
    await createAccount(shop, { email: "writer@example.com", password: "writer-password", role: "staff", permissions: ["catalog"] });
    const packer = await signedIn(shop, "packer@example.com", "packer-password");
    expect((await orderOf(await packer.get(`/api/orders/${order.id}`))).allowedTransitions).toEqual(["processing", "cancelled"]);
    expect((await (await signedIn(shop, "writer@example.com", "writer-password")).get(`/api/orders/${order.id}`)).status).toBe(404);
    for (const path of [
      `/api/orders/${order.id}`,
      `/api/orders/${order.id}?token=wrong`,
      `/api/orders/${order.id}?token=${guestToken.slice(0, -2)}xx`,
      "/api/orders/nope",
    ]) {
      for (const who of [bob, browser(shop)]) {
        const res = await who.get(path);
        expect(res.status, path).toBe(404);
        expect((await errorOf(res)).message).toBe("There is no such order.");
      }
    }
    const cancelled = await bob.post(`/api/orders/${order.id}/cancel`);
    expect(cancelled.status).toBe(404);
    expect((await orderOf(await guest.get(`/api/orders/${order.id}`))).status).toBe("pending");

    // A signed-in order is not the browser's: only the account (or its link) sees it.
    const ada = await signedIn(shop, "ada@example.com", "ada-password");
    await ada.post("/api/cart/items", { productId: ids.mug });
    const adas = await placedOf(await ada.post("/api/orders", checkoutBody()));
    expect((await bob.get(`/api/orders/${adas.order.id}`)).status).toBe(404);
    expect((await ada.get(`/api/orders/${adas.order.id}`)).status).toBe(200);
    expect((await browser(shop).get(`/api/orders/${adas.order.id}?token=${adas.guestToken}`)).status).toBe(200);
  });

  it("cancels a pending order, returns the stock and mails the customer; refuses once processing", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.shirt, color: "Blue", size: "L", quantity: 2 }]);
    const before = await stockOf(shop.db, ids.shirt);
    const { order, guestToken } = await placedOf(
      await b.post("/api/orders", checkoutBody({ contact: { name: "Cat", email: "cat@example.com", phone: "555 0199" } })),
    );
    expect((await stockOf(shop.db, ids.shirt)).variants["Blue/L"]).toBe(before.variants["Blue/L"]! - 2);

    const res = await browser(shop).post(`/api/orders/${order.id}/cancel?token=${guestToken}`);
    expect(res.status).toBe(200);
    const cancelled = await orderOf(res);
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.allowedTransitions).toEqual([]);
    expect(cancelled.history.map((e) => [e.status, e.actor])).toEqual([
      ["pending", "customer"],
      ["cancelled", "customer"],
    ]);
    expect(await stockOf(shop.db, ids.shirt)).toEqual(before);
    await shop.services.orders.idle();
    expect(mailsTo("cat@example.com").map((m) => m.subject)).toEqual([expect.stringContaining(order.number), expect.stringMatching(/Cancelled$/)]);

    const again = await b.post(`/api/orders/${order.id}/cancel`);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe("This order is already cancelled.");
    expect(await stockOf(shop.db, ids.shirt)).toEqual(before);

    // Once the shop is preparing it, the customer can no longer cancel; the shop still can.
    const b2 = await browserWithCart(shop, [{ productId: ids.mug }]);
    const second = await placedOf(await b2.post("/api/orders", checkoutBody({ contact: { name: "Cat", email: "cat@example.com", phone: "555 0199" } })));
    const processing = await shop.services.orderMoves.transition(second.order.id, "processing", "shop");
    expect(processing.status).toBe("processing");
    const refused = await b2.post(`/api/orders/${second.order.id}/cancel`);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toMatch(/already being prepared and can no longer be cancelled/);
    expect((await orderOf(await b2.get(`/api/orders/${second.order.id}`))).allowedTransitions).toEqual([]);
    const admin = await signedIn(shop, "admin@example.com", "admin-password");
    const byShop = await admin.post(`/api/orders/${second.order.id}/cancel`);
    expect(byShop.status).toBe(200);
    expect((await orderOf(byShop)).history.at(-1)).toMatchObject({ status: "cancelled", actor: "shop" });
  });

  it("moves along the table with a tracking number and mails each change", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug }]);
    const { order } = await placedOf(await b.post("/api/orders", checkoutBody({ contact: { name: "Dan", email: "dan@example.com", phone: "555 0123" } })));
    await shop.services.orderMoves.transition(order.id, "processing", "shop");
    await expect(shop.services.orderMoves.transition(order.id, "delivered", "shop")).rejects.toMatchObject({ code: "conflict" });
    await expect(shop.services.orderMoves.transition(order.id, "shipped", "customer")).rejects.toMatchObject({ code: "conflict" });
    // The shop names the courier and the tracking number when it ships.
    await expect(shop.services.orderMoves.transition(order.id, "shipped", "shop", { trackingNumber: "TRACK-123" })).rejects.toMatchObject({
      code: "invalid_input",
      fields: { courier: expect.any(String) },
    });
    const shipped = await shop.services.orderMoves.transition(order.id, "shipped", "shop", { courier: "dhl", trackingNumber: "TRACK-123" });
    expect(shipped).toMatchObject({
      status: "shipped",
      trackingNumber: "TRACK-123",
      tracking: { courier: "DHL", number: "TRACK-123", url: "https://www.dhl.com/global-en/home/tracking.html?tracking-id=TRACK-123" },
    });
    await shop.services.orders.idle();
    const mails = mailsTo("dan@example.com");
    expect(mails.map((m) => m.subject.replace(/.*: /, ""))).toEqual([expect.stringContaining(order.number), "Processing", "Shipped"]);
    expect(mails.at(-1)!.text).toContain("has shipped with DHL. Tracking number: TRACK-123.");
    expect(mails.at(-1)!.text).toContain("Track your parcel: https://www.dhl.com/global-en/home/tracking.html?tracking-id=TRACK-123");
    expect(mails.at(-1)!.text).toContain(`/order-confirmation?order=${order.id}&token=`);
  });
});
