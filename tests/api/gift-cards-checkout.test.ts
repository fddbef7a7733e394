import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Order } from "../../server/modules/orders/orders.types";
import type { AuthTables } from "../../server/db/auth-tables";
import { type TestBrowser, browser, createAccount, signedIn } from "../support/auth-browser";
import { type FakeStripe, startFakeStripe } from "../support/fake-stripe";
import { type ShoppingCatalog, browserWithCart, checkoutBody, insertShoppingCatalog, send, setStock } from "../support/shop-fixture";
import { type TestSmtpServer, startSmtpServer } from "../support/smtp";
import { type TestShop, createTestShop } from "../support/test-shop";

// Gift cards at checkout: a shopper applies cards to the cart, their balances pay part or all of
// the order in its transaction (two orders never spend the same balance), and a cancel or refund
// gives the money back to them. A mug is 10.00; the zone ships it for 5.00 + 4.99 a unit.

let fake: FakeStripe;
let shop: TestShop;
let ids: ShoppingCatalog;
let admin: TestBrowser;
let smtp: TestSmtpServer;

beforeAll(async () => {
  fake = await startFakeStripe();
  smtp = await startSmtpServer();
  shop = await createTestShop({ ...fake.env, SMTP_URL: smtp.url });
  ids = await insertShoppingCatalog(shop.db);
  await shop.services.content.saveSettings({
    ...(await shop.services.content.getSettings()),
    currencies: [{ code: "EUR", rate: 0.9, rounding: "none", cashOnDelivery: true }],
  });
  fake.setWebhook({
    deliver: (payload, signature) =>
      shop.request("/api/payments/stripe/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: payload,
      }),
  });
  await createAccount(shop, { email: "owner@example.com", password: "owner-password-1", role: "admin" });
  admin = await signedIn(shop, "owner@example.com", "owner-password-1");
});
afterAll(async () => {
  await shop?.services.orders.idle();
  await shop?.services.mailer.idle();
  await shop?.close();
  await fake?.close();
  await smtp?.close();
});
beforeEach(async () => {
  await setStock(shop.db, ids.mug, 500);
  // Guesses are counted per client address: every test starts with none.
  await shop.db.kysely.withTables<AuthTables>().deleteFrom("rate_limits").execute();
});

type Totals = { total: number; giftCardTotal: number; orderTotal: number; currency: string };
type Cart = { totals: Totals; giftCards: Array<{ last4: string; amount: number; problem: string | null }> };
type Failure = { error: { code: string; message: string } };
type Placed = { order: Order; guestToken: string; payment: { clientSecret: string } | null };

/** A card issued through the admin API (amount in the major unit), with its code shown once. */
async function issue(amount: number, body: Record<string, unknown> = {}): Promise<{ id: string; code: string; last4: string }> {
  const res = await send(admin, "POST", "/api/admin/gift-cards", { amount, ...body });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { data: { id: string; code: string; last4: string } }).data;
}

const balanceOf = async (id: string) =>
  (await shop.db.kysely.selectFrom("gift_cards").select("balance").where("id", "=", id).executeTakeFirstOrThrow()).balance;
const cartOf = async (b: TestBrowser, query = "") => ((await (await b.get(`/api/cart${query}`)).json()) as { data: Cart }).data;
const mugs = (quantity: number) => browserWithCart(shop, [{ productId: ids.mug, quantity }]);

async function apply(b: TestBrowser, code: string, status = 200): Promise<Cart & Failure> {
  const res = await b.post("/api/cart/gift-cards", { code });
  expect(res.status, await res.clone().text()).toBe(status);
  const body = (await res.json()) as { data: Cart } & Failure;
  return { ...body.data, error: body.error };
}

async function place(b: TestBrowser, body: Record<string, unknown> = {}, status = 201) {
  const res = await b.post("/api/orders", checkoutBody(body));
  expect(res.status, await res.clone().text()).toBe(status);
  return res;
}
const placed = async (res: Response) => ((await res.json()) as { data: Placed }).data;

describe("a gift card in the cart", () => {
  it("pays what it holds after tax and promotions, keeps the card (not its code) on the cart, and comes off by its last four", async () => {
    const card = await issue(15);
    const b = await mugs(1);
    const before = await cartOf(b);
    expect(before.totals).toMatchObject({ total: 19.99, giftCardTotal: 0, orderTotal: 19.99 });

    const cart = await apply(b, card.code.toLowerCase());
    expect(cart.giftCards).toEqual([{ last4: card.last4, amount: 15, problem: null, refusal: null }]);
    expect(cart.totals).toMatchObject({ total: 4.99, giftCardTotal: 15, orderTotal: 19.99 });
    const stored = await shop.db.kysely.selectFrom("carts").select("gift_cards").where("gift_cards", "!=", "[]").execute();
    expect(stored.some((c) => c.gift_cards.includes(card.id))).toBe(true);
    expect(stored.some((c) => c.gift_cards.includes(card.code.replace(/-/g, "")) || c.gift_cards.includes(card.code))).toBe(false);
    // Applied twice, it is on the cart once.
    expect((await apply(b, card.code)).giftCards).toHaveLength(1);

    const removed = (await (await send(b, "DELETE", `/api/cart/gift-cards/${card.last4.toLowerCase()}`)).json()) as { data: Cart };
    expect(removed.data.giftCards).toEqual([]);
    expect(removed.data.totals.total).toBe(19.99);
    expect((await send(b, "DELETE", `/api/cart/gift-cards/${card.last4}`)).status).toBe(404);
  });

  it("pays with several cards in the order applied, each at most its balance and what is left", async () => {
    const small = await issue(5);
    const big = await issue(50);
    const b = await mugs(1);
    await apply(b, small.code);
    const cart = await apply(b, big.code);
    expect(cart.giftCards.map((c) => [c.last4, c.amount])).toEqual([
      [small.last4, 5],
      [big.last4, 14.99],
    ]);
    expect(cart.totals).toMatchObject({ total: 0, giftCardTotal: 19.99 });
  });

  it("is refused with the shopper's reason: unknown, disabled, expired, used up, in another currency", async () => {
    const b = await mugs(1);
    expect((await apply(b, "AAAA-BBBB-CCCC-DDDD", 400)).error).toEqual({
      code: "invalid_input",
      message: "We do not know this gift card code. Please check it and try again.",
      fields: { code: "We do not know this gift card code. Please check it and try again." },
    });
    const off = await issue(10);
    await send(admin, "PATCH", `/api/admin/gift-cards/${off.id}`, { active: false });
    expect((await apply(b, off.code, 400)).error.message).toBe("This gift card can no longer be used.");
    const old = await issue(10);
    await shop.db.kysely.updateTable("gift_cards").set({ expires_at: "2026-01-01T00:00:00.000Z" }).where("id", "=", old.id).execute();
    expect((await apply(b, old.code, 400)).error.message).toBe("This gift card has expired.");
    const spent = await issue(10);
    await shop.db.kysely.updateTable("gift_cards").set({ balance: 0 }).where("id", "=", spent.id).execute();
    expect((await apply(b, spent.code, 409)).error).toMatchObject({ code: "conflict", message: "This gift card has no balance left." });
    const euro = await issue(10, { currency: "EUR" });
    expect((await apply(b, euro.code, 400)).error.message).toBe("This gift card is in EUR: it can pay only for orders in EUR.");
    // Nothing refused is kept; an empty code and an empty cart are 400s, not 500s.
    expect((await cartOf(b)).giftCards).toEqual([]);
    expect((await apply(b, "  ", 400)).error.message).toBe("Please enter a gift card code");
    expect((await browser(shop).post("/api/cart/gift-cards", { code: (await issue(5)).code })).status).toBe(400);
    expect((await b.post("/api/cart/gift-cards", { code: 12 })).status).toBe(400);
  });

  it("limits guessing per client address on its own count (429), the discount codes' window", async () => {
    const card = await issue(10);
    const b = await mugs(1);
    for (let i = 0; i < 10; i++) await apply(b, `GUESS-GUESS-GUESS-${i}00${i}`, 400);
    const res = await b.post("/api/cart/gift-cards", { code: card.code });
    expect(res.status).toBe(429);
    expect(((await res.json()) as Failure).error.message).toMatch(/^Too many codes tried\. Please try again in \d+ minutes\.$/);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    // The discount codes' guesses are counted apart.
    expect((await b.post("/api/cart/discount-codes", { code: "NOPE" })).status).toBe(400);
  });

  it("stays on the cart when the shopper signs in", async () => {
    const card = await issue(15);
    await createAccount(shop, { email: "carded@example.com", password: "carded-password-1" });
    const b = await mugs(1);
    await apply(b, card.code);
    expect((await b.post("/api/auth/sign-in/email", { email: "carded@example.com", password: "carded-password-1" })).status).toBe(200);
    const cart = await cartOf(b);
    expect(cart.giftCards).toMatchObject([{ last4: card.last4, amount: 15 }]);
    expect(cart.totals.total).toBe(4.99);
  });

  it("shows with a problem and pays nothing once the shopper switches to another currency", async () => {
    const card = await issue(15);
    const b = await mugs(1);
    await apply(b, card.code);
    const euro = await cartOf(b, "?currency=EUR");
    expect(euro.totals.giftCardTotal).toBe(0);
    expect(euro.totals.total).toBe(euro.totals.orderTotal);
    expect(euro.giftCards).toMatchObject([{ last4: card.last4, amount: 0, problem: "This gift card is in USD: it can pay only for orders in USD." }]);
    // An order in euros is refused rather than charged without the card.
    const res = await b.request("/api/orders?currency=EUR", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(checkoutBody()),
    });
    expect(res.status).toBe(400);
    expect(await balanceOf(card.id)).toBe(1500);
    expect((await cartOf(b)).totals.giftCardTotal).toBe(15);
  });
});

describe("an order paid with gift cards", () => {
  it("takes the cards' share in its transaction, keeps the full total for the reports and collects only the rest on delivery", async () => {
    const card = await issue(15);
    const b = await mugs(1);
    await apply(b, card.code);
    const { order } = await placed(await place(b));
    expect(order.giftCards).toEqual([{ last4: card.last4, amount: 15 }]);
    expect(order.totals).toMatchObject({ total: 4.99, giftCardTotal: 15, orderTotal: 19.99 });
    expect(order).toMatchObject({ paymentMethod: "cod", paymentStatus: "unpaid" });
    expect(await balanceOf(card.id)).toBe(0);
    const row = await shop.db.kysely.selectFrom("orders").select(["total", "gift_card_total"]).where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ total: 1999, gift_card_total: 1500 });
    // "My orders" lists it at its full total, with what the card paid.
    const list = ((await (await b.get("/api/orders")).json()) as { data: Array<{ id: string; total: number; giftCardTotal: number }> }).data;
    expect(list.find((o) => o.id === order.id)).toMatchObject({ total: 19.99, giftCardTotal: 15 });
    // The cart's cards went with the order.
    expect((await cartOf(b)).giftCards).toEqual([]);
    // The confirmation prints the card's row after the total, and what is left to pay.
    const mail = await smtp.waitFor((m) => m.subject.includes(order.number));
    expect(mail.text).toContain(`Total: $19.99\r\nGift card ••••${card.last4}: −$15.00\r\nTo pay: $4.99`);
  });

  it("charges the card only the rest, and needs no card payment at all when the cards pay everything", async () => {
    const part = await issue(10);
    const b = await mugs(1);
    await apply(b, part.code);
    const partly = await placed(await place(b, { paymentMethod: "card" }));
    const intent = [...fake.intents.values()].find((i) => i.client_secret === partly.payment!.clientSecret)!;
    expect(intent.amount).toBe(999);
    expect(partly.order.totals.total).toBe(9.99);

    const whole = await issue(50);
    const c = await mugs(1);
    await apply(c, whole.code);
    const intents = fake.intents.size;
    const paid = await placed(await place(c, { paymentMethod: "card" }));
    expect(paid.payment).toBeNull();
    expect(fake.intents.size).toBe(intents);
    expect(paid.order).toMatchObject({ paymentStatus: "paid", totals: { total: 0, giftCardTotal: 19.99 } });
    expect(await balanceOf(whole.id)).toBe(5000 - 1999);
  });

  it("refuses a card payment of less than a card can take, and takes cash on delivery instead", async () => {
    const card = await issue(19.7);
    const b = await mugs(1);
    await apply(b, card.code);
    const res = await place(b, { paymentMethod: "card" }, 400);
    expect(((await res.json()) as Failure).error.message).toBe(
      "Only $0.29 is left to pay, less than a card payment can take. Please choose cash on delivery, or take a gift card off.",
    );
    expect(await balanceOf(card.id)).toBe(1970);
    const { order } = await placed(await place(b));
    expect(order.totals).toMatchObject({ total: 0.29, giftCardTotal: 19.7 });
  });

  it("of two orders spending one card's balance at once, exactly one is placed; the other is told and can confirm the new total", async () => {
    const card = await issue(25);
    const one = await mugs(1);
    const two = await mugs(1);
    await apply(one, card.code);
    await apply(two, card.code);
    const answers = await Promise.all([one, two].map((b) => b.post("/api/orders", checkoutBody())));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(((await refused.json()) as Failure).error.message).toBe(`The balance of gift card …${card.last4} changed meanwhile. Please check your order again.`);
    expect(await balanceOf(card.id)).toBe(2500 - 1999);
    // The refused shopper sees what the card pays now, and placing again charges that.
    const loser = answers[0]!.status === 409 ? one : two;
    const now = await cartOf(loser);
    expect(now.giftCards).toMatchObject([{ last4: card.last4, amount: 5.01 }]);
    const again = await placed(await place(loser));
    expect(again.order.totals).toMatchObject({ total: 14.98, giftCardTotal: 5.01 });
    expect(await balanceOf(card.id)).toBe(0);
  });

  it("when the card payment cannot start, gives the card its money back and puts it back on the cart with the lines", async () => {
    const down = await createTestShop({ ...fake.env, STRIPE_API_PORT: "1" });
    try {
      const catalog = await insertShoppingCatalog(down.db);
      const { card, code } = await down.services.giftCards.issue(null, {
        amount: 500,
        currency: "USD",
        expiresAt: null,
        recipientEmail: null,
        note: null,
        sourceOrderId: null,
        actor: null,
      });
      const b = await browserWithCart(down, [{ productId: catalog.mug }]);
      expect((await b.post("/api/cart/gift-cards", { code })).status).toBe(200);
      const res = await b.post("/api/orders", checkoutBody({ paymentMethod: "card" }));
      expect(res.status).toBe(503);
      const balance = await down.db.kysely.selectFrom("gift_cards").select("balance").where("id", "=", card.id).executeTakeFirstOrThrow();
      expect(balance.balance).toBe(500);
      const cart = ((await (await b.get("/api/cart")).json()) as { data: Cart & { lines: unknown[] } }).data;
      expect(cart.lines).toHaveLength(1);
      expect(cart.giftCards).toMatchObject([{ last4: card.last4, amount: 5 }]);
      expect(cart.totals.total).toBe(14.99);
    } finally {
      await down.close();
    }
  });

  it("gives everything back to the cards when cancelled, once", async () => {
    const card = await issue(15);
    const b = await mugs(1);
    await apply(b, card.code);
    const { order } = await placed(await place(b));
    expect(await balanceOf(card.id)).toBe(0);
    expect((await b.post(`/api/orders/${order.id}/cancel`)).status).toBe(200);
    expect(await balanceOf(card.id)).toBe(1500);
    expect((await b.post(`/api/orders/${order.id}/cancel`)).status).toBe(409);
    expect(await balanceOf(card.id)).toBe(1500);
    const refund = await send(admin, "POST", `/api/admin/orders/${order.id}/refunds`, { amount: 1, reason: "Again" });
    expect(refund.status).toBe(409);
    expect(await balanceOf(card.id)).toBe(1500);
  });

  it("refunds the card payment first up to what it took, and the rest to the gift card, never more", async () => {
    const card = await issue(10);
    const b = await mugs(1);
    await apply(b, card.code);
    const { order, payment } = await placed(await place(b, { paymentMethod: "card" }));
    const intent = [...fake.intents.values()].find((i) => i.client_secret === payment!.clientSecret)!;
    await fake.client().paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });

    const first = await send(admin, "POST", `/api/admin/orders/${order.id}/refunds`, { amount: 15, reason: "Damaged" });
    expect(first.status, await first.clone().text()).toBe(201);
    expect(((await first.json()) as { data: { amount: number; giftCardAmount: number } }).data).toMatchObject({ amount: 15, giftCardAmount: 5.01 });
    const toCard = [...fake.refunds.values()].filter((r) => r.payment_intent === intent.id);
    expect(toCard.map((r) => r.amount)).toEqual([999]);
    expect(await balanceOf(card.id)).toBe(501);

    const rest = await send(admin, "POST", `/api/admin/orders/${order.id}/refunds`, { amount: 4.99, reason: "All of it" });
    expect(rest.status, await rest.clone().text()).toBe(201);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === intent.id)).toHaveLength(1);
    expect(await balanceOf(card.id)).toBe(1000);
    expect((await send(admin, "POST", `/api/admin/orders/${order.id}/refunds`, { amount: 0.01, reason: "More" })).status).toBe(409);
    const mail = await smtp.waitFor((m) => m.subject.endsWith("refund") && m.text.includes("$5.01"));
    expect(mail.text).toContain("$5.01 has gone back to the gift card you paid with");
    expect(mail.text).toContain("We have refunded $9.99 of your order");
    const row = await shop.db.kysely.selectFrom("orders").select(["payment_status", "gift_card_refunded"]).where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ payment_status: "refunded", gift_card_refunded: 1000 });
  });
});
