import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Stripe from "stripe";
import type { AppLoadContext } from "react-router";
import { loadPaymentPage } from "../../app/components/payment/payment-page.server";
import { loadEnv } from "../../server/lib/env";
import { pageContentSecurityPolicy } from "../../server/http/security";
import { toMinor } from "#common/money";
import type { Order } from "../../server/modules/orders/orders.types";
import { type TestBrowser, browser } from "../support/auth-browser";
import { FAKE_STRIPE_KEYS, type FakeStripe, startFakeStripe } from "../support/fake-stripe";
import { type ShoppingCatalog, browserWithCart, checkoutBody, insertShoppingCatalog, orderRowCounts, setStock, stockOf } from "../support/shop-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

const WEBHOOK = "/api/payments/stripe/webhook";

let fake: FakeStripe;
let shop: TestShop;
let ids: ShoppingCatalog;

beforeAll(async () => {
  fake = await startFakeStripe();
  shop = await createTestShop(fake.env);
  ids = await insertShoppingCatalog(shop.db);
  await setStock(shop.db, ids.mug, 1000); // every test here buys a mug
  // The fake posts its signed events to the shop in-process, as Stripe would over the network.
  fake.setWebhook({ deliver: (payload, signature) => postWebhook(payload, signature) });
});
afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

function postWebhook(payload: string, signature?: string, target: TestShop = shop) {
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8", "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" };
  if (signature !== undefined) headers["stripe-signature"] = signature;
  return target.request(WEBHOOK, { method: "POST", headers, body: payload });
}

interface Placed {
  order: Order;
  guestToken: string;
  payment: { clientSecret: string; publishableKey: string } | null;
}

/** A guest with one Mug in the cart places a card order; answers the browser and the placed order. */
async function placeCardOrder(extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const b = await browserWithCart(shop, [{ productId: ids.mug }]);
  const res = await b.request("/api/orders", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(checkoutBody({ paymentMethod: "card", ...extra })),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const placed = ((await res.json()) as { data: Placed }).data;
  return { b, placed, res };
}

async function orderAsSeen(b: TestBrowser, placed: Placed): Promise<Order> {
  const res = await b.get(`/api/orders/${placed.order.id}?token=${encodeURIComponent(placed.guestToken)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Order }).data;
}

/** The intent the fake made for a client secret. */
const intentOf = (clientSecret: string) => [...fake.intents.values()].find((i) => i.client_secret === clientSecret)!;

/** Confirms as Stripe.js does in the browser: with the publishable key and the intent's client secret only. */
function confirmInBrowser(clientSecret: string, paymentMethod: "pm_card_visa" | "pm_card_chargeDeclined") {
  const stripeJs = new Stripe(FAKE_STRIPE_KEYS.publishableKey, { host: "127.0.0.1", port: fake.port, protocol: "http", maxNetworkRetries: 0 });
  const params = { payment_method: paymentMethod, client_secret: clientSecret } as Stripe.PaymentIntentConfirmParams;
  return stripeJs.paymentIntents.confirm(intentOf(clientSecret).id, params);
}

describe("card orders through Stripe", () => {
  it("placing a card order creates one PaymentIntent for the server's total, whatever prices the client sends", async () => {
    const before = fake.requests.length;
    const { placed } = await placeCardOrder({ total: 0.01, subtotal: 0.01, price: 0.01, lines: [{ productId: ids.mug, price: 0.01, quantity: 1 }] });
    expect(placed.order).toMatchObject({ paymentMethod: "card", paymentStatus: "pending", status: "pending" });
    // Mug 10.00 + zone 5.00 + 4.99 per unit
    expect(placed.order.totals).toMatchObject({ subtotal: 10, shipping: 9.99, total: 19.99, currency: "USD" });
    expect(placed.payment).toEqual({ clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/), publishableKey: FAKE_STRIPE_KEYS.publishableKey });

    const creates = fake.requests.slice(before).filter((r) => r.method === "POST" && r.path === "/v1/payment_intents");
    expect(creates).toHaveLength(1);
    expect(creates[0]!.headers["idempotency-key"]).toBe(`order-${placed.order.id}`);
    expect(creates[0]!.headers.authorization).toBe(`Bearer ${FAKE_STRIPE_KEYS.secretKey}`);
    expect(creates[0]!.body).toMatchObject({
      amount: String(toMinor(placed.order.totals.total)),
      currency: "usd",
      automatic_payment_methods: { enabled: "true" },
      metadata: { orderId: placed.order.id, orderNumber: placed.order.number },
      receipt_email: "grace@example.com",
    });
    expect(intentOf(placed.payment!.clientSecret)).toMatchObject({ amount: 1999, currency: "usd", status: "requires_payment_method" });
  });

  it("a repeated Idempotency-Key gives the same order and the same PaymentIntent, never a second one", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug }]);
    const send = () =>
      b.request("/api/orders", {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": "card-twice-1" },
        body: JSON.stringify(checkoutBody({ paymentMethod: "card" })),
      });
    const first = ((await (await send()).json()) as { data: Placed }).data;
    const again = ((await (await send()).json()) as { data: Placed }).data;
    expect(again.order.id).toBe(first.order.id);
    expect(again.payment?.clientSecret).toBe(first.payment?.clientSecret);
    expect([...fake.intents.values()].filter((i) => i.metadata.orderId === first.order.id)).toHaveLength(1);
  });

  it("a confirmed payment reaches the order through the signed webhook, once", async () => {
    const { b, placed } = await placeCardOrder();
    const delivered = fake.deliveries.length;
    const intent = await confirmInBrowser(placed.payment!.clientSecret, "pm_card_visa");
    expect(intent.status).toBe("succeeded");

    const [delivery] = fake.deliveries.slice(delivered);
    expect(delivery).toMatchObject({ type: "payment_intent.succeeded", status: 200 });
    expect(JSON.parse(delivery!.body)).toEqual({ received: true });
    const paid = await orderAsSeen(b, placed);
    expect(paid).toMatchObject({ paymentStatus: "paid", status: "pending" });

    // Stripe delivers an event again when it is unsure it arrived: nothing more changes.
    const again = await fake.redeliver(delivery!.eventId);
    expect(again).toMatchObject({ status: 200 });
    expect(await orderAsSeen(b, placed)).toEqual(paid);
    expect(await shop.db.kysely.selectFrom("payment_events").select("id").where("id", "=", delivery!.eventId).execute()).toHaveLength(1);
  });

  it("releases the stock of card orders left unpaid past the settings' time, but never of one Stripe says is paid", async () => {
    const unpaid = await placeCardOrder();
    const paidLate = await placeCardOrder();
    // Paid at Stripe, but the webhook never arrived.
    fake.setWebhook({ deliver: async () => new Response(null, { status: 500 }) });
    await confirmInBrowser(paidLate.placed.payment!.clientSecret, "pm_card_visa");
    fake.setWebhook({ deliver: (payload, signature) => postWebhook(payload, signature) });
    const stock = (await stockOf(shop.db, ids.mug)).product;
    const { unpaidCardReleaseMinutes } = await shop.services.content.getSettings();
    expect(unpaidCardReleaseMinutes).toBe(60);

    // Not yet: 59 minutes on.
    const soon = await shop.services.orderMoves.releaseUnpaidCardOrders(new Date(Date.now() + 59 * 60_000));
    expect(soon.released).not.toContain(unpaid.placed.order.id);
    const later = await shop.services.orderMoves.releaseUnpaidCardOrders(new Date(Date.now() + 61 * 60_000));
    expect(later.released).toContain(unpaid.placed.order.id);
    expect(later.released).not.toContain(paidLate.placed.order.id);
    const released = await orderAsSeen(unpaid.b, unpaid.placed);
    expect(released.status).toBe("cancelled");
    expect(released.history.at(-1)).toMatchObject({
      status: "cancelled",
      actor: "system",
      note: "The card payment did not arrive within 60 minutes: the items are back on sale.",
    });
    // Every released order (this one and older unpaid ones of the tests above) held one mug.
    expect((await stockOf(shop.db, ids.mug)).product).toBe(stock + later.released.length);
    expect((await orderAsSeen(paidLate.b, paidLate.placed)).status).toBe("pending");
    // A second round finds nothing more to release.
    expect((await shop.services.orderMoves.releaseUnpaidCardOrders(new Date(Date.now() + 61 * 60_000))).released).not.toContain(unpaid.placed.order.id);
  });

  it("a declined card marks the payment failed; paying again with another card settles it", async () => {
    const { b, placed } = await placeCardOrder();
    await expect(confirmInBrowser(placed.payment!.clientSecret, "pm_card_chargeDeclined")).rejects.toMatchObject({
      type: "StripeCardError",
      code: "card_declined",
    });
    expect(fake.deliveries.at(-1)).toMatchObject({ type: "payment_intent.payment_failed", status: 200 });
    const failed = await orderAsSeen(b, placed);
    expect(failed).toMatchObject({ paymentStatus: "failed", status: "pending" });

    // The same intent (the same client secret) takes the next attempt.
    await confirmInBrowser(placed.payment!.clientSecret, "pm_card_visa");
    expect(await orderAsSeen(b, placed)).toMatchObject({ paymentStatus: "paid" });
  });

  it("a failure reported late (after the payment succeeded) does not undo the payment", async () => {
    const { b, placed } = await placeCardOrder();
    // The decline's event is lost on the way at first…
    fake.setWebhook({});
    await expect(confirmInBrowser(placed.payment!.clientSecret, "pm_card_chargeDeclined")).rejects.toMatchObject({ code: "card_declined" });
    const lateFailure = fake.events.at(-1)!;
    fake.setWebhook({ deliver: (payload, signature) => postWebhook(payload, signature) });
    await confirmInBrowser(placed.payment!.clientSecret, "pm_card_visa");
    expect(await orderAsSeen(b, placed)).toMatchObject({ paymentStatus: "paid" });
    // …and arrives when Stripe retries, after the success.
    expect(await fake.redeliver(lateFailure.event.id)).toMatchObject({ status: 200 });
    expect(await orderAsSeen(b, placed)).toMatchObject({ paymentStatus: "paid" });
  });

  it("refuses forged, unsigned and altered webhooks (400) and changes nothing", async () => {
    const { b, placed } = await placeCardOrder();
    const intentId = intentOf(placed.payment!.clientSecret).id;
    const before = await orderAsSeen(b, placed);
    const forged = JSON.stringify({
      id: "evt_forged_1",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { id: intentId, object: "payment_intent", status: "succeeded" } },
    });
    const refused = { error: { code: "invalid_input", message: "Invalid webhook signature" } };

    for (const signature of [undefined, "", "t=1700000000,v1=deadbeef", fake.sign(forged, "whsec_not_the_shops_secret")]) {
      const res = await postWebhook(forged, signature);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(refused);
    }
    // A real signature over another body.
    const signature = fake.sign(forged);
    const altered = await postWebhook(forged.replace("evt_forged_1", "evt_forged_2"), signature);
    expect(altered.status).toBe(400);

    expect(await orderAsSeen(b, placed)).toEqual(before);
    expect(await shop.db.kysely.selectFrom("payment_events").select("id").where("id", "in", ["evt_forged_1", "evt_forged_2"]).execute()).toEqual([]);
  });

  it("acknowledges events it does not act on, and intents of no order here", async () => {
    const other = JSON.stringify({ id: "evt_other_1", object: "event", type: "charge.refund.updated", data: { object: { id: "re_1", object: "refund" } } });
    const res = await postWebhook(other, fake.sign(other));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    const stranger = JSON.stringify({
      id: "evt_stranger_1",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { id: "pi_of_another_app", object: "payment_intent" } },
    });
    expect((await postWebhook(stranger, fake.sign(stranger))).status).toBe(200);
  });

  it("when Stripe cannot be reached, the card order is not kept and its stock comes back", async () => {
    const down = await createTestShop({ ...fake.env, STRIPE_API_PORT: "1" });
    try {
      const catalog = await insertShoppingCatalog(down.db);
      const b = await browserWithCart(down, [{ productId: catalog.mug, quantity: 2 }]);
      const res = await b.post("/api/orders", checkoutBody({ paymentMethod: "card" }));
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        "Card payments are unavailable right now. Please try again or choose cash on delivery.",
      );
      expect((await stockOf(down.db, catalog.mug)).product).toBe(5);
    } finally {
      await down.close();
    }
  });
});

describe("without Stripe keys", () => {
  let plain: TestShop;
  let catalog: ShoppingCatalog;
  beforeAll(async () => {
    plain = await createTestShop();
    catalog = await insertShoppingCatalog(plain.db);
  });
  afterAll(() => plain?.close());

  it("refuses a card order with the message to choose cash on delivery, and stores nothing", async () => {
    const b = await browserWithCart(plain, [{ productId: catalog.mug }]);
    const res = await b.post("/api/orders", checkoutBody({ paymentMethod: "card" }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe("Card payments are not available. Please choose cash on delivery.");
    expect(await orderRowCounts(plain.db)).toEqual({ orders: 0, lines: 0, events: 0 });
    expect((await stockOf(plain.db, catalog.mug)).product).toBe(5);
  });

  it("has no webhook (404), signed or not", async () => {
    const payload = JSON.stringify({
      id: "evt_1",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { id: "pi_1", object: "payment_intent" } },
    });
    const res = await postWebhook(payload, fake.sign(payload), plain);
    expect(res.status).toBe(404);
  });
});

describe("the payment page's data (/checkout/payment)", () => {
  const contextFor = (target: TestShop): AppLoadContext => ({
    services: target.services,
    clientIp: "127.0.0.1",
    requestId: "test",
    user: null,
    cspNonce: () => "n",
  });
  const pageRequest = (b: TestBrowser, query: Record<string, string>) =>
    new Request(`http://shop.test/checkout/payment?${new URLSearchParams(query)}`, { headers: { cookie: b.jar.header() } });
  const outcome = async (promise: Promise<unknown>) => {
    try {
      return { data: await promise };
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
      if (thrown && typeof thrown === "object" && "init" in thrown) return { status: (thrown as { init: { status: number } }).init.status };
      throw thrown;
    }
  };

  it("gives the card form the order's own PaymentIntent (no second one) and a return to its confirmation", async () => {
    const { b, placed } = await placeCardOrder();
    const intents = fake.intents.size;
    const query = { order: placed.order.id, token: placed.guestToken };
    const page = await loadPaymentPage(pageRequest(browser(shop), query), contextFor(shop));
    expect(page).toMatchObject({
      state: "ready",
      order: { id: placed.order.id, number: placed.order.number, total: 19.99, currency: "USD" },
      publishableKey: FAKE_STRIPE_KEYS.publishableKey,
      clientSecret: placed.payment!.clientSecret,
      returnUrl: `http://shop.test/order-confirmation?${new URLSearchParams(query)}`,
      lastError: null,
    });
    expect(fake.intents.size).toBe(intents);
    // The browser that placed it sees it without the token too.
    expect(await loadPaymentPage(pageRequest(b, { order: placed.order.id }), contextFor(shop))).toMatchObject({
      state: "ready",
      clientSecret: placed.payment!.clientSecret,
    });
  });

  it("without a stored intent id, finds the checkout's intent again by its idempotency key instead of making a second", async () => {
    const { placed } = await placeCardOrder();
    await shop.db.kysely.updateTable("orders").set({ payment_intent_id: null }).where("id", "=", placed.order.id).execute();
    const intents = fake.intents.size;
    const page = await loadPaymentPage(pageRequest(browser(shop), { order: placed.order.id, token: placed.guestToken }), contextFor(shop));
    expect(page).toMatchObject({ state: "ready", clientSecret: placed.payment!.clientSecret });
    expect(fake.intents.size).toBe(intents);
  });

  it("says card payments are unavailable when Stripe cannot be reached, and keeps the order", async () => {
    const { placed } = await placeCardOrder();
    const down = {
      ...contextFor(shop),
      services: { ...shop.services, payments: { ...shop.services.payments, getIntent: () => Promise.reject(new Error("connect ECONNREFUSED")) } },
    } as AppLoadContext;
    const query = { order: placed.order.id, token: placed.guestToken };
    expect(await loadPaymentPage(pageRequest(browser(shop), query), down)).toMatchObject({
      state: "unavailable",
      order: { id: placed.order.id },
      retryPath: `/checkout/payment?${new URLSearchParams(query)}`,
      confirmationPath: `/order-confirmation?${new URLSearchParams(query)}`,
    });
  });

  it("is a 404 for a wrong token or someone else's order", async () => {
    const { placed } = await placeCardOrder();
    expect(await outcome(loadPaymentPage(pageRequest(browser(shop), { order: placed.order.id, token: "not-the-token" }), contextFor(shop)))).toMatchObject({
      status: 404,
    });
    expect(await outcome(loadPaymentPage(pageRequest(browser(shop), { order: placed.order.id }), contextFor(shop)))).toMatchObject({ status: 404 });
    expect(await outcome(loadPaymentPage(pageRequest(browser(shop), {}), contextFor(shop)))).toMatchObject({ status: 404 });
  });

  it("sends a paid order, and a cash-on-delivery one, to the order confirmation", async () => {
    const { placed } = await placeCardOrder();
    await confirmInBrowser(placed.payment!.clientSecret, "pm_card_visa");
    const query = { order: placed.order.id, token: placed.guestToken };
    expect(await outcome(loadPaymentPage(pageRequest(browser(shop), query), contextFor(shop)))).toEqual({
      status: 302,
      location: `/order-confirmation?${new URLSearchParams(query)}`,
    });

    const cod = await browserWithCart(shop, [{ productId: ids.mug }]);
    const codOrder = ((await (await cod.post("/api/orders", checkoutBody())).json()) as { data: Placed }).data;
    const codQuery = { order: codOrder.order.id, token: codOrder.guestToken };
    expect(await outcome(loadPaymentPage(pageRequest(browser(shop), codQuery), contextFor(shop)))).toEqual({
      status: 302,
      location: `/order-confirmation?${new URLSearchParams(codQuery)}`,
    });
  });

  it("after a declined card, shows why and offers the same intent again", async () => {
    const { placed } = await placeCardOrder();
    await confirmInBrowser(placed.payment!.clientSecret, "pm_card_chargeDeclined").catch(() => null);
    const page = await loadPaymentPage(pageRequest(browser(shop), { order: placed.order.id, token: placed.guestToken }), contextFor(shop));
    expect(page).toMatchObject({
      state: "ready",
      clientSecret: placed.payment!.clientSecret,
      lastError: "Your card was declined.",
      order: { paymentStatus: "failed" },
    });
  });
});

describe("the page Content-Security-Policy", () => {
  const directive = (policy: string, name: string) => policy.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";

  it("lets Stripe.js load only when card payments are configured", () => {
    const off = pageContentSecurityPolicy(loadEnv({ NODE_ENV: "production" }), { nonce: "abc" });
    expect(off).not.toContain("stripe.com");
    expect(directive(off, "frame-src")).toBe("frame-src 'none'");

    const on = pageContentSecurityPolicy(loadEnv({ NODE_ENV: "production", ...fake.env }), { nonce: "abc" });
    expect(directive(on, "script-src")).toBe("script-src 'self' 'nonce-abc' https://js.stripe.com https://*.js.stripe.com");
    expect(directive(on, "connect-src")).toContain("https://api.stripe.com");
    expect(directive(on, "frame-src")).toBe("frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com");
    // Everything else stays as it was.
    const rest = (policy: string) => policy.split("; ").filter((d) => !/^(script|connect|frame)-src /.test(d));
    expect(rest(on)).toEqual(rest(off));
  });
});
