import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { action as checkoutAction } from "../../app/routes/checkout";
import type { CartView } from "../../server/modules/cart/cart.types";
import type { Order } from "../../server/modules/orders/orders.types";
import { type TestBrowser, browser, createAccount, signedIn, uniqueIp } from "../support/auth-browser";
import { type ShoppingCatalog, browserWithCart, checkoutBody, insertShoppingCatalog, orderRowCounts, send, setStock, stockOf } from "../support/shop-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

// The limits a real shop runs with are tested here; the other test files run with generous ones.
let limited: TestShop; // low order rate limits
let capped: TestShop; // generous rate limits; the settings caps and the mail limit
let ids: ShoppingCatalog;
let capIds: ShoppingCatalog;

beforeAll(async () => {
  limited = await createTestShop({ ORDER_LIMIT_PER_IP: "4/10m", ORDER_LIMIT_PER_SHOPPER: "3/1h", ORDER_LIMIT_PER_CONTACT: "2/1h" });
  ids = await insertShoppingCatalog(limited.db);
  await setStock(limited.db, ids.mug, 1000);
  capped = await createTestShop({ MAIL_LIMIT_PER_RECIPIENT: "2/1h" });
  capIds = await insertShoppingCatalog(capped.db);
  await setStock(capped.db, capIds.mug, 1000);
  // The shop's own defaults (the test shop raises the open-order cap for the other files).
  await capped.services.content.saveSettings({ ...(await capped.services.content.getSettings()), maxOpenOrdersPerContact: 3 });
  await createAccount(capped, { email: "ada@example.com", password: "ada-password", name: "Ada Lovelace" });
});
afterAll(async () => {
  for (const shop of [limited, capped]) {
    await shop?.services.orders.idle();
    await shop?.services.auth.idle();
    await shop?.close();
  }
});

type Placed = { order: Order; guestToken: string };
type ApiError = { code: string; message: string; retryAfter?: number };
const placedOf = async (res: Response) => ((await res.json()) as { data: Placed }).data;
const errorOf = async (res: Response) => ((await res.json()) as { error: ApiError }).error;
const cartOf = async (res: Response) => ((await res.json()) as { data: CartView }).data;

let contactCounter = 0;
/** A contact no other order of this file uses (a fresh e-mail and phone). */
function freshContact(overrides: { email?: string; phone?: string } = {}) {
  contactCounter += 1;
  return { name: "Grace Hopper", email: `buyer${contactCounter}@example.com`, phone: `+1 555 ${String(1000 + contactCounter).padStart(4, "0")}`, ...overrides };
}

function placeOrder(b: TestBrowser, contact: Record<string, string>, headers: Record<string, string> = {}) {
  return b.request("/api/orders", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(checkoutBody({ contact })),
  });
}

/** Asserts a refused order: 429, a Retry-After within the window, the message, and nothing stored (orders, stock, the cart). */
async function expectRefused(shop: TestShop, ids: ShoppingCatalog, b: TestBrowser, attempt: () => Promise<Response>, message: RegExp, windowSeconds: number) {
  const rows = await orderRowCounts(shop.db);
  const stock = await stockOf(shop.db, ids.mug);
  const res = await attempt();
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= windowSeconds, `Retry-After ${res.headers.get("retry-after")}`).toBe(true);
  const error = await errorOf(res);
  expect(error).toMatchObject({ code: "rate_limited", retryAfter });
  expect(error.message).toMatch(message);
  expect(error.message).toMatch(/Please try again in \d+ (seconds?|minutes?|hours?)\./);
  expect(await orderRowCounts(shop.db)).toEqual(rows);
  expect(await stockOf(shop.db, ids.mug)).toEqual(stock);
  expect((await cartOf(await b.get("/api/cart"))).lines).toHaveLength(1);
}

describe("order rate limits", () => {
  it("per IP: refuses the next order from an address that used up its limit, whoever places it", async () => {
    const ip = uniqueIp();
    let first: { b: TestBrowser; placed: Placed } | null = null;
    for (let i = 0; i < 4; i++) {
      const b = await browserWithCart(limited, [{ productId: ids.mug }]);
      const res = await placeOrder(b, freshContact(), { "x-forwarded-for": ip, "idempotency-key": `ip-${i}` });
      expect(res.status).toBe(201);
      first ??= { b, placed: await placedOf(res) };
    }
    const b = await browserWithCart(limited, [{ productId: ids.mug }]);
    await expectRefused(limited, ids, b, () => placeOrder(b, freshContact(), { "x-forwarded-for": ip }), /Too many orders from your network/, 600);

    // A retry of the first order (same Idempotency-Key) still answers it, and is not refused.
    const again = await placeOrder(first!.b, freshContact(), { "x-forwarded-for": ip, "idempotency-key": "ip-0" });
    expect(again.status).toBe(200);
    expect((await placedOf(again)).order.id).toBe(first!.placed.order.id);
    // Another address is not affected.
    expect((await placeOrder(b, freshContact(), { "x-forwarded-for": uniqueIp() })).status).toBe(201);
  });

  it("per shopper: refuses a browser that placed its limit, from any address", async () => {
    const b = browser(limited);
    for (let i = 0; i < 3; i++) {
      expect((await b.post("/api/cart/items", { productId: ids.mug })).status).toBe(201);
      expect((await placeOrder(b, freshContact(), { "x-forwarded-for": uniqueIp() })).status).toBe(201);
    }
    expect((await b.post("/api/cart/items", { productId: ids.mug })).status).toBe(201);
    await expectRefused(
      limited,
      ids,
      b,
      () => placeOrder(b, freshContact(), { "x-forwarded-for": uniqueIp() }),
      /You have placed several orders in a short time/,
      3600,
    );
  });

  it("per contact e-mail: refuses the address however it is written", async () => {
    for (const email of ["Lin@Example.com", "lin@example.com"]) {
      const b = await browserWithCart(limited, [{ productId: ids.mug }]);
      expect((await placeOrder(b, freshContact({ email }))).status).toBe(201);
    }
    const b = await browserWithCart(limited, [{ productId: ids.mug }]);
    await expectRefused(limited, ids, b, () => placeOrder(b, freshContact({ email: " LIN@example.COM " })), /Too many orders for this e-mail address/, 3600);
  });

  it("per contact phone: compares the digits only", async () => {
    for (const phone of ["+1 (555) 010-0199", "1 555 010 0199"]) {
      const b = await browserWithCart(limited, [{ productId: ids.mug }]);
      expect((await placeOrder(b, freshContact({ phone }))).status).toBe(201);
    }
    const b = await browserWithCart(limited, [{ productId: ids.mug }]);
    await expectRefused(limited, ids, b, () => placeOrder(b, freshContact({ phone: "1.555.010.0199" })), /Too many orders for this phone number/, 3600);
  });

  it("does not count invalid forms, nor retries of an order already placed", async () => {
    const b = await browserWithCart(limited, [{ productId: ids.mug }]);
    const contact = freshContact();
    for (let i = 0; i < 5; i++) {
      const res = await b.post("/api/orders", checkoutBody({ contact: { ...contact, email: "not-an-address" } }));
      expect(res.status).toBe(400);
    }
    const first = await placeOrder(b, contact, { "idempotency-key": "same-order" });
    expect(first.status).toBe(201);
    const { order } = await placedOf(first);
    for (let i = 0; i < 3; i++) {
      const again = await placeOrder(b, contact, { "idempotency-key": "same-order" });
      expect(again.status).toBe(200);
      expect((await placedOf(again)).order.id).toBe(order.id);
    }
    // The contact has used 1 of its 2: one more order goes through.
    expect((await b.post("/api/cart/items", { productId: ids.mug })).status).toBe(201);
    expect((await placeOrder(b, contact)).status).toBe(201);
  });

  it("the checkout page answers 429 with Retry-After and shows the message beside the form", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 4; i++) {
      const b = await browserWithCart(limited, [{ productId: ids.mug }]);
      expect((await placeOrder(b, freshContact(), { "x-forwarded-for": ip })).status).toBe(201);
    }
    const b = await browserWithCart(limited, [{ productId: ids.mug }]);
    const rows = await orderRowCounts(limited.db);
    const c = freshContact();
    const form = new URLSearchParams({
      intent: "place",
      idempotencyKey: "page-1",
      name: c.name,
      email: c.email,
      phone: c.phone,
      line1: "1 Harbour Street",
      city: "Arlington",
      region: "VA",
      country: "US",
      shippingMethod: "inside-city",
      paymentMethod: "cod",
    });
    const request = new Request("http://shop.test/checkout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: b.jar.header() },
      body: form,
    });
    const context: AppLoadContext = { services: limited.services, clientIp: ip, requestId: "test", user: null, cspNonce: () => "n" };
    const answer = (await checkoutAction({ request, context, params: {} } as never)) as unknown as {
      data: { message: string; values: { email: string } };
      init: { status: number; headers: HeadersInit };
    };
    expect(answer.init.status).toBe(429);
    expect(Number(new Headers(answer.init.headers).get("retry-after"))).toBeGreaterThan(0);
    expect(answer.data.message).toMatch(/^Too many orders from your network in a short time\. Please try again in \d+ minutes?\.$/);
    expect(answer.data.values.email).toBe(c.email); // the form keeps what was typed
    expect(await orderRowCounts(limited.db)).toEqual(rows);
  });
});

describe("the per-order quantity cap (site settings, default 10)", () => {
  it("refuses a cart add or update over it with a message naming the product, counting all its colours and sizes", async () => {
    const b = browser(capped);
    const over = await b.post("/api/cart/items", { productId: capIds.mug, quantity: 11 });
    expect(over.status).toBe(400);
    expect((await errorOf(over)).message).toBe("You can order at most 10 of Mug in one order");
    expect((await b.post("/api/cart/items", { productId: capIds.mug, quantity: 6 })).status).toBe(201);
    const more = await b.post("/api/cart/items", { productId: capIds.mug, quantity: 5 });
    expect(more.status).toBe(400);
    expect((await errorOf(more)).message).toBe("You can order at most 10 of Mug in one order (you have 6 in your cart)");
    const line = (await cartOf(await b.get("/api/cart"))).lines[0]!;
    const patched = await send(b, "PATCH", `/api/cart/items/${line.id}`, { quantity: 11 });
    expect(patched.status).toBe(400);
    expect((await errorOf(patched)).message).toBe("You can order at most 10 of Mug in one order");
    expect((await send(b, "PATCH", `/api/cart/items/${line.id}`, { quantity: 10 })).status).toBe(200);
    expect((await cartOf(await b.get("/api/cart"))).lines[0]!.quantity).toBe(10);

    // A lower cap counts every variant of a product together.
    const settings = await capped.services.content.getSettings();
    await capped.services.content.saveSettings({ ...settings, maxQuantityPerOrder: 4 });
    try {
      const s = browser(capped);
      expect((await s.post("/api/cart/items", { productId: capIds.shirt, color: "Blue", size: "M", quantity: 2 })).status).toBe(201);
      const other = await s.post("/api/cart/items", { productId: capIds.shirt, color: "Blue", size: "L", quantity: 3 });
      expect(other.status).toBe(400);
      expect((await errorOf(other)).message).toBe("You can order at most 4 of Linen Shirt in one order (you have 2 in your cart)");
      expect((await s.post("/api/cart/items", { productId: capIds.shirt, color: "Blue", size: "L", quantity: 2 })).status).toBe(201);
    } finally {
      await capped.services.content.saveSettings(settings);
    }
  });

  it("refuses an order whose cart went over it (the cap was lowered) and stores nothing", async () => {
    const b = await browserWithCart(capped, [{ productId: capIds.mug, quantity: 6 }]);
    const settings = await capped.services.content.getSettings();
    await capped.services.content.saveSettings({ ...settings, maxQuantityPerOrder: 5 });
    try {
      const cart = await cartOf(await b.get("/api/cart"));
      expect(cart.lines[0]!.problem).toBe("You can order at most 5 of Mug in one order");
      const rows = await orderRowCounts(capped.db);
      const stock = await stockOf(capped.db, capIds.mug);
      const res = await placeOrder(b, freshContact());
      expect(res.status).toBe(409);
      expect((await errorOf(res)).message).toContain("You can order at most 5 of Mug in one order");
      expect(await orderRowCounts(capped.db)).toEqual(rows);
      expect(await stockOf(capped.db, capIds.mug)).toEqual(stock);
    } finally {
      await capped.services.content.saveSettings(settings);
    }
    expect((await placeOrder(b, freshContact())).status).toBe(201);
  });
});

describe("open orders per contact (site settings, default 3)", () => {
  it("refuses another order while the contact has 3 waiting, by e-mail or by phone; a cancel frees a slot", async () => {
    const ada = await signedIn(capped, "ada@example.com", "ada-password");
    const contact = freshContact({ email: "ada@example.com" });
    const placed: Placed[] = [];
    for (let i = 0; i < 3; i++) {
      expect((await ada.post("/api/cart/items", { productId: capIds.mug })).status).toBe(201);
      const res = await placeOrder(ada, contact);
      expect(res.status).toBe(201);
      placed.push(await placedOf(res));
    }
    expect((await ada.post("/api/cart/items", { productId: capIds.mug })).status).toBe(201);
    const rows = await orderRowCounts(capped.db);
    const stock = await stockOf(capped.db, capIds.mug);
    const refused = await placeOrder(ada, contact);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toMatch(/^You already have 3 orders waiting for this e-mail address or phone number\./);
    // A guest with another address but the same phone (written differently) is refused too.
    const guest = await browserWithCart(capped, [{ productId: capIds.mug }]);
    const byPhone = await placeOrder(guest, freshContact({ phone: contact.phone.replace(/ /g, "-") }));
    expect(byPhone.status).toBe(409);
    expect(await orderRowCounts(capped.db)).toEqual(rows);
    expect(await stockOf(capped.db, capIds.mug)).toEqual(stock);

    // The customer cancels one: the next order goes through.
    expect((await ada.post(`/api/orders/${placed[0]!.order.id}/cancel`)).status).toBe(200);
    expect((await placeOrder(ada, contact)).status).toBe(201);
  });
});

describe("mails to unverified addresses", () => {
  const mailsTo = (to: string) => capped.services.mailer.outbox.filter((m) => m.to === to);

  it("stop after the per-recipient limit while the orders still go through", async () => {
    const to = "someone-else@example.com";
    for (let i = 0; i < 3; i++) {
      const b = await browserWithCart(capped, [{ productId: capIds.mug }]);
      expect((await placeOrder(b, freshContact({ email: to }))).status).toBe(201);
    }
    await capped.services.orders.idle();
    expect(mailsTo(to)).toHaveLength(2);
    const orders = await capped.db.kysely.selectFrom("orders").select("id").where("contact_email", "=", to).execute();
    expect(orders).toHaveLength(3);
  });

  it("count an order's confirmation when the order is let through, and nothing for an attempt refused or replayed", async () => {
    const to = "counted-once@example.com";
    const first = await browserWithCart(capped, [{ productId: capIds.mug }]);
    expect((await placeOrder(first, freshContact({ email: to }), { "idempotency-key": "counted-once-1" })).status).toBe(201);
    // Refused: the phone already has 3 orders waiting (open-order cap).
    const phone = freshContact().phone;
    for (let i = 0; i < 3; i++) {
      const b = await browserWithCart(capped, [{ productId: capIds.mug }]);
      expect((await placeOrder(b, freshContact({ phone }))).status).toBe(201);
    }
    const refused = await browserWithCart(capped, [{ productId: capIds.mug }]);
    expect((await placeOrder(refused, freshContact({ email: to, phone }))).status).toBe(409);
    // Replayed: the same key answers the same order.
    expect((await placeOrder(first, freshContact({ email: to }), { "idempotency-key": "counted-once-1" })).status).toBe(200);
    // So the second order is the address's second mail, within its limit of 2, and the third is one too many.
    for (let i = 0; i < 2; i++) {
      const b = await browserWithCart(capped, [{ productId: capIds.mug }]);
      expect((await placeOrder(b, freshContact({ email: to }))).status).toBe(201);
    }
    await capped.services.orders.idle();
    expect(mailsTo(to)).toHaveLength(2);
  });

  it("are not limited for a signed-in customer's own confirmed address", async () => {
    await createAccount(capped, { email: "verified@example.com", password: "verified-password" });
    const me = await signedIn(capped, "verified@example.com", "verified-password");
    for (let i = 0; i < 3; i++) {
      expect((await me.post("/api/cart/items", { productId: capIds.mug })).status).toBe(201);
      // A fresh phone each time: the open-order cap counts by phone too.
      expect((await placeOrder(me, freshContact({ email: "Verified@example.com" }))).status).toBe(201);
      const [latest] = await capped.db.kysely
        .selectFrom("orders")
        .select("id")
        .where("contact_email", "=", "Verified@example.com")
        .orderBy("created_at", "desc")
        .limit(1)
        .execute();
      await capped.services.orderMoves.transition(latest!.id, "cancelled", "shop");
    }
    await capped.services.orders.idle();
    // Three confirmations and three cancellations.
    expect(mailsTo("Verified@example.com")).toHaveLength(6);
    // Ordering to another address from the same account is limited like a guest's.
    expect((await me.post("/api/cart/items", { productId: capIds.mug })).status).toBe(201);
    expect((await placeOrder(me, freshContact({ email: "friend@example.com" }))).status).toBe(201);
    await capped.services.orders.idle();
    expect(mailsTo("friend@example.com")).toHaveLength(1);
  });

  it("leave a confirmed address's limit unused by its owner's own orders, so a guest's mail to it still goes", async () => {
    await createAccount(capped, { email: "own-orders@example.com", password: "own-orders-password" });
    const me = await signedIn(capped, "own-orders@example.com", "own-orders-password");
    // More of the owner's orders than the address's limit of 2 mails to unverified recipients.
    for (let i = 0; i < 3; i++) {
      expect((await me.post("/api/cart/items", { productId: capIds.mug })).status).toBe(201);
      expect((await placeOrder(me, freshContact({ email: "own-orders@example.com" }))).status).toBe(201);
    }
    // Delivered, so the open-order cap per contact lets another order through (delivering mails no one).
    await capped.db.kysely.updateTable("orders").set({ status: "delivered" }).where("contact_email", "=", "own-orders@example.com").execute();
    await capped.services.orders.idle();
    const guest = await browserWithCart(capped, [{ productId: capIds.mug }]);
    expect((await placeOrder(guest, freshContact({ email: "own-orders@example.com" }))).status).toBe(201);
    await capped.services.orders.idle();
    expect(mailsTo("own-orders@example.com")).toHaveLength(4);
  });
});
