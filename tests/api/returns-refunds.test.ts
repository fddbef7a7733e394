import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toMinor } from "#common/money";
import type { Order } from "../../server/modules/orders/orders.types";
import { type TestBrowser, browser, createAccount, signedIn } from "../support/auth-browser";
import { type FakeStripe, startFakeStripe } from "../support/fake-stripe";
import { markDelivered, placeOrder } from "../support/returns-fixture";
import { type ShoppingCatalog, browserWithCart, insertShoppingCatalog, setStock, stockOf } from "../support/shop-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

let fake: FakeStripe;
let shop: TestShop;
let ids: ShoppingCatalog;
let operator: TestBrowser;

beforeAll(async () => {
  fake = await startFakeStripe();
  shop = await createTestShop(fake.env);
  ids = await insertShoppingCatalog(shop.db);
  await setStock(shop.db, ids.mug, 1000);
  await shop.db.kysely.updateTable("product_variants").set({ stock: 100 }).where("product_id", "=", ids.shirt).where("size", "=", "L").execute();
  await shop.db.kysely.updateTable("products").set({ stock: 103 }).where("id", "=", ids.shirt).execute();
  fake.setWebhook({
    deliver: (payload, signature) =>
      shop.request("/api/payments/stripe/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: payload,
      }),
  });
  await createAccount(shop, { email: "desk@example.com", password: "desk-password-1", role: "staff", permissions: ["orders"] });
  operator = await signedIn(shop, "desk@example.com", "desk-password-1");
});
afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

/** A guest's card order of two mugs (20.00 + shipping 5.00 + 2 × 4.99 = 34.98), paid through the fake Stripe's webhook. */
async function paidCardOrder(): Promise<Order> {
  const b = await browserWithCart(shop, [{ productId: ids.mug, quantity: 2 }]);
  const placed = await placeOrder(b, { paymentMethod: "card" });
  const intent = [...fake.intents.values()].find((i) => i.client_secret === placed.payment!.clientSecret)!;
  await fake.client().paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
  expect(await paymentOf(placed.order.id)).toEqual({ status: "paid", refunded: 0 });
  return placed.order;
}

function refund(orderId: string, body: unknown, key?: string) {
  return operator.request(`/api/admin/orders/${orderId}/refunds`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(key ? { "idempotency-key": key } : {}) },
    body: JSON.stringify(body),
  });
}

const stripeRefundsOf = (order: Order) => {
  const intentId = shop.db.kysely.selectFrom("orders").select("payment_intent_id").where("id", "=", order.id).executeTakeFirstOrThrow();
  return intentId.then((r) => [...fake.refunds.values()].filter((x) => x.payment_intent === r.payment_intent_id));
};

async function paymentOf(orderId: string) {
  const o = await shop.db.kysely.selectFrom("orders").select(["payment_status", "refunded_total"]).where("id", "=", orderId).executeTakeFirstOrThrow();
  return { status: o.payment_status, refunded: o.refunded_total };
}

describe("refunds of card orders through Stripe", () => {
  it("refunds per line and for the shipping, never above what was paid, and says so", async () => {
    const order = await paidCardOrder();
    const line = order.lines[0]!;

    const one = await refund(order.id, { lines: [{ lineId: line.id, quantity: 1 }], reason: "Chipped" });
    expect(one.status, await one.clone().text()).toBe(201);
    expect(((await one.json()) as { data: unknown }).data).toMatchObject({
      amount: 10,
      method: "stripe",
      status: "succeeded",
      providerRefundId: expect.stringMatching(/^re_/),
    });
    expect((await stripeRefundsOf(order)).map((r) => r.amount)).toEqual([1000]);
    expect(await paymentOf(order.id)).toEqual({ status: "partially_refunded", refunded: 1000 });

    // Two units of a line with one left: refused, nothing asked of Stripe.
    const tooMany = await refund(order.id, { lines: [{ lineId: line.id, quantity: 2 }], reason: "Both" });
    expect(tooMany.status).toBe(409);
    expect(((await tooMany.json()) as { error: { message: string } }).error.message).toMatch(/Only 1 × Mug can still be refunded/);

    const shipping = await refund(order.id, { shipping: 14.98, reason: "Late delivery" });
    expect(shipping.status).toBe(201);
    const moreShipping = await refund(order.id, { shipping: 0.01, reason: "Again" });
    expect(moreShipping.status).toBe(409);

    // 10.00 is left; 10.01 is one cent too many.
    const over = await refund(order.id, { amount: 10.01, reason: "Goodwill" });
    expect(over.status).toBe(409);
    expect(((await over.json()) as { error: { message: string } }).error.message).toMatch(
      /cannot exceed what was paid minus what was refunded: at most \$10\.00 is left, this refund is \$10\.01/,
    );
    expect(await paymentOf(order.id)).toEqual({ status: "partially_refunded", refunded: 2498 });

    const rest = await refund(order.id, { lines: [{ lineId: line.id, quantity: 1 }], reason: "Chipped too" });
    expect(rest.status).toBe(201);
    expect(await paymentOf(order.id)).toEqual({ status: "refunded", refunded: 3498 });
    expect((await stripeRefundsOf(order)).reduce((sum, r) => sum + r.amount, 0)).toBe(3498);

    const nothingLeft = await refund(order.id, { amount: 1, reason: "More" });
    expect(nothingLeft.status).toBe(409);
    const empty = await refund(order.id, { reason: "Nothing chosen" });
    expect(empty.status).toBe(400);

    // The customer sees it, and every refund is in the timeline, the audit log and the mail.
    const seen = await shop.services.orders.getOrder(order.id, { shopper: { userId: null, visitorId: null }, forShop: true });
    expect(seen.paymentStatus).toBe("refunded");
    expect(seen.history.filter((e) => e.note?.startsWith("Refund of"))).toHaveLength(3);
    const audit = await shop.db.kysely
      .selectFrom("audit_log")
      .select(["action", "actor_email"])
      .where("entity_id", "=", order.id)
      .where("action", "=", "order.refund")
      .execute();
    expect(audit).toEqual([0, 1, 2].map(() => ({ action: "order.refund", actor_email: "desk@example.com" })));
    await shop.services.orders.idle();
    const mails = shop.services.mailer.outbox.filter((m) => m.to === "grace@example.com" && m.text.includes(order.number) && m.subject.endsWith("refund"));
    expect(mails).toHaveLength(3);
    expect(mails[0]!.text).toContain("We have refunded $10.00");
  });

  it("the same Idempotency-Key answers the same refund, also sent twice at once: one Stripe refund", async () => {
    const order = await paidCardOrder();
    const body = { amount: 5, reason: "Goodwill" };
    const [a, b] = await Promise.all([refund(order.id, body, "refund-key-1"), refund(order.id, body, "refund-key-1")]);
    const again = await refund(order.id, body, "refund-key-1");
    // One rule for every Idempotency-Key: the first answer is 201, a replay 200 with the same refund.
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(again.status).toBe(200);
    const idsSeen = await Promise.all([a, b, again].map(async (r) => ((await r.json()) as { data: { id: string } }).data.id));
    expect(new Set(idsSeen).size).toBe(1);
    expect((await stripeRefundsOf(order)).map((r) => r.amount)).toEqual([500]);
    expect(await paymentOf(order.id)).toEqual({ status: "partially_refunded", refunded: 500 });
  });

  it("two refunds of everything at once: one is made, the other refused; Stripe never gives back more than was paid", async () => {
    const order = await paidCardOrder();
    const answers = await Promise.all([refund(order.id, { amount: 34.98, reason: "A" }), refund(order.id, { amount: 34.98, reason: "B" })]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await stripeRefundsOf(order)).map((r) => r.amount)).toEqual([3498]);
  });

  it("a refund Stripe refuses is taken back: nothing recorded, the amount refundable again", async () => {
    const order = await paidCardOrder();
    // Refunded in Stripe's dashboard meanwhile: Stripe refuses more than the charge has left.
    const intentId = (await shop.db.kysely.selectFrom("orders").select("payment_intent_id").where("id", "=", order.id).executeTakeFirstOrThrow())
      .payment_intent_id!;
    await fake.client().refunds.create({ payment_intent: intentId, amount: 3000 });
    const res = await refund(order.id, { amount: 10, reason: "Goodwill" });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /could not be refunded: Refund amount \(1000\) is greater than unrefunded amount/,
    );
    expect(await paymentOf(order.id)).toEqual({ status: "paid", refunded: 0 });
    expect(await shop.services.orderRefunds.listForOrder(order.id)).toEqual([]);
    expect((await refund(order.id, { amount: 4.98, reason: "What is left" })).status).toBe(201);
  });

  it("an unpaid card order has nothing to refund", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug }]);
    const { order } = await placeOrder(b, { paymentMethod: "card" });
    const res = await refund(order.id, { amount: 1, reason: "Nothing" });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/Nothing has been paid/);
    expect(await stripeRefundsOf(order)).toEqual([]);
  });
});

describe("cancelling a paid card order", () => {
  it("refunds all of it through Stripe, by the shop or by the customer, once", async () => {
    const byShop = await paidCardOrder();
    const res = await operator.post(`/api/admin/orders/${byShop.id}/transition`, { status: "cancelled", note: "Out of stock" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await stripeRefundsOf(byShop)).map((r) => r.amount)).toEqual([3498]);
    expect(await paymentOf(byShop.id)).toEqual({ status: "refunded", refunded: 3498 });

    const b = await browserWithCart(shop, [{ productId: ids.mug }]);
    const placed = await placeOrder(b, { paymentMethod: "card" });
    const intent = [...fake.intents.values()].find((i) => i.client_secret === placed.payment!.clientSecret)!;
    await fake.client().paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
    expect((await b.post(`/api/orders/${placed.order.id}/cancel`)).status).toBe(200);
    expect(await paymentOf(placed.order.id)).toEqual({ status: "refunded", refunded: toMinor(placed.order.totals.total) });
    expect((await stripeRefundsOf(placed.order)).map((r) => r.amount)).toEqual([toMinor(placed.order.totals.total)]);
    await shop.services.orders.idle();
    const cancelled = shop.services.mailer.outbox.find((m) => m.text.includes(placed.order.number) && m.subject.endsWith("Cancelled"));
    expect(cancelled?.text).toContain("Your card payment has been refunded");
  });
});

describe("manual refunds of cash-on-delivery orders", () => {
  it("are recorded without Stripe once the order is delivered (paid), not before", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug }]);
    const { order } = await placeOrder(b);
    expect((await refund(order.id, { amount: 1, reason: "Early" })).status).toBe(409);
    await markDelivered(shop, order.id);
    const before = fake.requests.length;
    const res = await refund(order.id, { lines: [{ lineId: order.lines[0]!.id, quantity: 1 }], shipping: 1, reason: "Broken" });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { data: unknown }).data).toMatchObject({
      amount: 11,
      shipping: 1,
      method: "manual",
      providerRefundId: null,
      lines: [{ lineId: order.lines[0]!.id, quantity: 1, amount: 10 }],
    });
    expect(fake.requests.length).toBe(before);
    expect(await paymentOf(order.id)).toEqual({ status: "partially_refunded", refunded: 1100 });
  });

  it("a refund of an unknown order is a 404 and a bad body a 400 naming the field", async () => {
    expect((await refund("no-such-order", { amount: 1, reason: "x" })).status).toBe(404);
    const bad = await refund("no-such-order", { amount: -1 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields).toMatchObject({
      amount: expect.any(String),
      reason: expect.any(String),
    });
  });
});

describe("returns", () => {
  /** A guest's delivered cash-on-delivery order of 2 Linen Shirts Blue/L. */
  async function deliveredShirts(daysAgo = 0) {
    const b = await browserWithCart(shop, [{ productId: ids.shirt, quantity: 2, color: "Blue", size: "L" }]);
    const { order } = await placeOrder(b);
    return { b, order, deliver: () => markDelivered(shop, order.id, daysAgo) };
  }
  const ask = (b: TestBrowser, order: Order, quantity: number, reason = "Too small") =>
    b.post(`/api/orders/${order.id}/returns`, { lines: [{ lineId: order.lines[0]!.id, quantity }], reason });
  const step = (id: string, what: "approve" | "refuse" | "receive", body?: unknown) => operator.post(`/api/admin/returns/${id}/${what}`, body);

  it("a customer asks for delivered lines within the window, never more than bought minus already asked; others get 404", async () => {
    const { b, order, deliver } = await deliveredShirts();
    const early = await ask(b, order, 1);
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { message: string } }).error.message).toMatch(/once the order has been delivered/);
    await deliver();

    expect((await ask(browser(shop), order, 1)).status).toBe(404);
    expect((await ask(b, order, 3)).status).toBe(409);
    expect((await ask(b, order, 1, "")).status).toBe(400);

    const first = await ask(b, order, 1);
    expect(first.status).toBe(201);
    const ret = ((await first.json()) as { data: { id: string; status: string; lines: unknown[] } }).data;
    expect(ret).toMatchObject({ status: "requested", lines: [{ lineId: order.lines[0]!.id, quantity: 1, label: "Linen Shirt (Blue, L)" }] });
    const more = await ask(b, order, 2);
    expect(more.status).toBe(409);
    expect(((await more.json()) as { error: { message: string } }).error.message).toMatch(/at most 1 × Linen Shirt/);

    // A refused return gives its units back to ask for.
    expect((await step(ret.id, "refuse", { reason: "Worn" })).status).toBe(200);
    expect((await step(ret.id, "approve")).status).toBe(409);
    expect((await ask(b, order, 2)).status).toBe(201);

    const listed = await operator.get("/api/admin/returns?status=refused");
    expect(((await listed.json()) as { data: Array<{ id: string; refusalReason: string }> }).data).toContainEqual(
      expect.objectContaining({ id: ret.id, refusalReason: "Worn" }),
    );
    await shop.services.orders.idle();
    expect(shop.services.mailer.outbox.filter((m) => m.text.includes(order.number)).map((m) => m.subject.split(": ").pop())).toEqual(
      expect.arrayContaining(["return requested", "return refused"]),
    );
  });

  it("the window closes returnWindowDays after delivery", async () => {
    const { b, order, deliver } = await deliveredShirts(15);
    await deliver();
    const res = await ask(b, order, 1);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/return window of 14 days after delivery closed/);
  });

  it("receiving an approved return puts its units back once, also when two operators click at once", async () => {
    const { b, order, deliver } = await deliveredShirts();
    await deliver();
    const ret = ((await (await ask(b, order, 2)).json()) as { data: { id: string } }).data;
    expect((await step(ret.id, "receive")).status).toBe(409); // not approved yet
    expect((await step(ret.id, "approve")).status).toBe(200);
    const before = await stockOf(shop.db, ids.shirt);

    const answers = await Promise.all([step(ret.id, "receive"), step(ret.id, "receive")]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const after = await stockOf(shop.db, ids.shirt);
    expect(after.variants["Blue/L"]).toBe(before.variants["Blue/L"]! + 2);
    expect(after.product).toBe(before.product + 2);
    expect((await step(ret.id, "receive")).status).toBe(409);
    expect((await stockOf(shop.db, ids.shirt)).variants["Blue/L"]).toBe(before.variants["Blue/L"]! + 2);

    const got = ((await (await operator.get(`/api/admin/returns/${ret.id}`)).json()) as { data: unknown }).data;
    expect(got).toMatchObject({ status: "received", receivedBy: "desk@example.com", decidedBy: "desk@example.com", orderNumber: order.number });
    const history = (await shop.services.orders.getOrder(order.id, { shopper: { userId: null, visitorId: null }, forShop: true })).history.map((e) => e.note);
    expect(history).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Return requested: 2 × Linen Shirt/),
        expect.stringMatching(/^Return approved/),
        expect.stringMatching(/^Return received/),
      ]),
    );
    const audit = await shop.db.kysely.selectFrom("audit_log").select("action").where("entity_id", "=", order.id).orderBy("at").execute();
    expect(audit.map((a) => a.action)).toEqual(["return.request", "return.approve", "return.receive"]);
  });
});
