import { parse, stringify } from "csv/sync";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ImportReport } from "#modules/catalog";
import type { Order } from "../../server/modules/orders/orders.types";
import { type TestBrowser, createAccount, signedIn } from "../support/auth-browser";
import { type FakeStripe, startFakeStripe } from "../support/fake-stripe";
import { type ShoppingCatalog, browserWithCart, checkoutBody, insertShoppingCatalog, send, setStock } from "../support/shop-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

// A gift-card product sold in the storefront: the admin marks a product as a gift card, the
// checkout asks whom it goes to, and once the order is paid (cash on delivery: delivered) one card
// per unit is issued at the price paid and mailed to the recipient, exactly once. The line is a
// voucher: untaxed, not discounted by promotions, not paid with gift cards. The Mug (10.00) is the
// product made a gift card here; the Cap (15.00) stays an ordinary product.

let fake: FakeStripe;
let shop: TestShop;
let ids: ShoppingCatalog;
let admin: TestBrowser;

const SHIP = { courier: "dhl", trackingNumber: "JD0000000001" };
const RECIPIENT = { email: "ada@example.com", name: "Ada", message: "Happy birthday!" };

beforeAll(async () => {
  fake = await startFakeStripe();
  shop = await createTestShop(fake.env);
  ids = await insertShoppingCatalog(shop.db);
  const settings = await shop.services.content.getSettings();
  await shop.services.content.saveSettings({
    ...settings,
    siteName: "Corner Store",
    country: "US",
    taxes: {
      ...settings.taxes,
      pricesIncludeTax: false,
      shippingTaxed: false,
      regions: [{ country: "US", region: "VA", name: "Sales tax", rates: { standard: 10 } }],
    },
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
});
beforeEach(async () => {
  await setStock(shop.db, ids.mug, 500);
});

type Placed = { order: Order; payment: { clientSecret: string } | null };

async function markGiftCard(productId: string, giftCard: boolean) {
  const current = (await (await admin.get(`/api/admin/products/${productId}`)).json()) as { data: { version: number } };
  const res = await send(admin, "PATCH", `/api/admin/products/${productId}`, { giftCard, version: current.data.version });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: { giftCard: boolean } }).data;
}

async function place(b: TestBrowser, body: Record<string, unknown> = {}, status = 201) {
  const res = await b.post("/api/orders", checkoutBody(body));
  expect(res.status, await res.clone().text()).toBe(status);
  return res;
}
const placed = async (res: Response) => ((await res.json()) as { data: Placed }).data;

async function move(orderId: string, ...statuses: string[]) {
  for (const status of statuses) {
    const res = await send(admin, "POST", `/api/admin/orders/${orderId}/transition`, { status, ...(status === "shipped" ? SHIP : {}) });
    expect(res.status, await res.clone().text()).toBe(200);
  }
}

const cardsOf = (orderId: string) =>
  shop.db.kysely
    .selectFrom("gift_cards")
    .select(["id", "currency", "initial_amount", "balance", "recipient_email", "note", "last4"])
    .where("source_order_id", "=", orderId)
    .execute();

async function mailsTo(to: string) {
  await shop.services.mailer.idle();
  return shop.services.mailer.outbox.filter((m) => m.to === to);
}

describe("a product marked as a gift card", () => {
  beforeAll(async () => {
    await markGiftCard(ids.mug, true);
  });

  it("is marked through the admin API, audited, and exported in the CSV's Gift card column", async () => {
    const product = (await (await admin.get(`/api/admin/products/${ids.mug}`)).json()) as { data: { giftCard: boolean } };
    expect(product.data.giftCard).toBe(true);
    const cap = (await (await admin.get(`/api/admin/products/${ids.cap}`)).json()) as { data: { giftCard: boolean } };
    expect(cap.data.giftCard).toBe(false);
    const audit = await shop.db.kysely
      .selectFrom("audit_log")
      .select(["changes"])
      .where("entity_id", "=", ids.mug)
      .where("action", "=", "product.update")
      .execute();
    expect(audit.some((a) => String(a.changes).includes("giftCard"))).toBe(true);
    const bad = await send(admin, "PATCH", `/api/admin/products/${ids.mug}`, { giftCard: "maybe", version: 1 });
    expect(bad.status).toBe(400);
  });

  it("goes out and comes back through the CSV's Gift card column (yes, blank; anything else a row error)", async () => {
    const exportRows = async () => parse((await (await admin.get("/api/admin/products/export.csv")).text()).replace(/^\ufeff/, "")) as string[][];
    const importCsv = async (rows: string[][]) => {
      const res = await admin.request("/api/admin/products/import", { method: "POST", headers: { "content-type": "text/csv" }, body: stringify(rows) });
      return ((await res.json()) as { data: ImportReport }).data;
    };
    const giftCardOf = async (id: string) => ((await (await admin.get(`/api/admin/products/${id}`)).json()) as { data: { giftCard: boolean } }).data.giftCard;
    const rows = await exportRows();
    const at = rows[0]!.indexOf("Gift card");
    const mugRow = rows.findIndex((r) => r[0] === "mug");
    const capRow = rows.findIndex((r) => r[0] === "cap");
    expect([rows[mugRow]![at], rows[capRow]![at]]).toEqual(["yes", ""]);
    expect(await importCsv(rows)).toMatchObject({ created: 0, updated: 0, errors: [] });

    const changed = rows.map((r) => [...r]);
    changed[capRow]![at] = "Yes";
    expect(await importCsv(changed)).toMatchObject({ updated: 1, errors: [] });
    expect(await giftCardOf(ids.cap)).toBe(true);
    changed[capRow]![at] = "maybe";
    expect((await importCsv(changed)).errors).toEqual([{ line: capRow + 1, message: expect.stringMatching(/^Gift card: /) }]);
    changed[capRow]![at] = "";
    expect(await importCsv(changed)).toMatchObject({ updated: 1, errors: [] });
    expect(await giftCardOf(ids.cap)).toBe(false);
    expect(await giftCardOf(ids.mug)).toBe(true);
  });

  it("needs a recipient at checkout: 400 naming the field, nothing stored", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug, quantity: 1 }]);
    const cart = ((await (await b.get("/api/cart")).json()) as { data: { lines: Array<{ giftCard: boolean }> } }).data;
    expect(cart.lines[0]!.giftCard).toBe(true);
    const before = await shop.db.kysely.selectFrom("orders").select("id").execute();
    const missing = await (await place(b, {}, 400)).json();
    expect(missing.error.fields).toEqual({ "giftCardRecipient.email": "Please enter the e-mail address of the gift card's recipient" });
    const malformed = await (await place(b, { giftCardRecipient: { email: "not-an-address" } }, 400)).json();
    expect(Object.keys(malformed.error.fields)).toEqual(["giftCardRecipient.email"]);
    expect(await shop.db.kysely.selectFrom("orders").select("id").execute()).toHaveLength(before.length);
    // An ordinary cart needs none.
    const caps = await browserWithCart(shop, [{ productId: ids.cap, quantity: 1, color: "Black" }]);
    const { order } = await placed(await place(caps));
    expect(order.giftCardPurchase).toBeUndefined();
  });

  it("is untaxed and not paid with a gift card, while the rest of the order is taxed", async () => {
    const b = await browserWithCart(shop, [
      { productId: ids.mug, quantity: 1 },
      { productId: ids.cap, quantity: 1, color: "Black" },
    ]);
    const { order } = await placed(await place(b, { giftCardRecipient: RECIPIENT }));
    // The cap's 15.00 at 10 %: 1.50; the mug, a gift card, none.
    expect(order.totals.taxTotal).toBe(1.5);
    const taxRows = await shop.db.kysely.selectFrom("order_tax_lines").select(["order_line_id"]).where("order_id", "=", order.id).execute();
    const mugLine = order.lines.find((l) => l.productId === ids.mug)!;
    expect(mugLine.giftCard).toBe(true);
    expect(taxRows.some((r) => r.order_line_id === mugLine.id)).toBe(false);

    // A gift card pays for the cap, never for the gift card bought.
    const { code } = await shop.services.giftCards.issue(null, {
      amount: 100_00,
      currency: "USD",
      expiresAt: null,
      recipientEmail: null,
      note: null,
      sourceOrderId: null,
      actor: null,
    });
    const c = await browserWithCart(shop, [
      { productId: ids.mug, quantity: 1 },
      { productId: ids.cap, quantity: 1, color: "White" },
    ]);
    const applied = await c.post("/api/cart/gift-cards", { code });
    const cart = ((await applied.json()) as { data: { totals: { total: number; giftCardTotal: number; orderTotal: number } } }).data;
    expect(cart.totals.orderTotal - cart.totals.giftCardTotal).toBeCloseTo(10, 2);
    expect(cart.totals.total).toBe(10);
  });

  it("issues one card per unit once a cash-on-delivery order is delivered, mailed to the recipient, and never again", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug, quantity: 2 }]);
    const { order } = await placed(await place(b, { giftCardRecipient: RECIPIENT, language: "de" }));
    expect(order.giftCardPurchase).toEqual({ recipient: { email: "ada@example.com", name: "Ada", message: "Happy birthday!" }, sent: null });
    await move(order.id, "processing", "shipped");
    expect(await cardsOf(order.id)).toEqual([]);

    await move(order.id, "delivered");
    const cards = await cardsOf(order.id);
    expect(cards).toHaveLength(2);
    for (const card of cards)
      expect(card).toMatchObject({ currency: "USD", initial_amount: 1000, balance: 1000, recipient_email: "ada@example.com", note: "Happy birthday!" });
    const mails = await mailsTo("ada@example.com");
    const mine = mails.filter((m) => cards.some((c) => m.text.includes(c.last4)));
    expect(mine).toHaveLength(2);
    // In the order's language, from the buyer.
    expect(mine[0]!.subject).toContain("Grace Hopper");
    expect(mine[0]!.html).toContain('<html lang="de">');

    // The buyer sees that they went, by their last four characters only.
    const seen = ((await (await b.get(`/api/orders/${order.id}`)).json()) as { data: Order }).data;
    expect(seen.giftCardPurchase!.sent).toEqual(expect.arrayContaining(cards.map((c) => ({ last4: c.last4, amount: 10 }))));
    expect(JSON.stringify(seen)).not.toMatch(/[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/);

    // A later move, and the issue run again directly (a repeated transition), issue nothing more.
    await move(order.id, "completed");
    const issueAgain = () =>
      shop.db.kysely.transaction().execute(async (trx) => {
        expect(await shop.services.orders.claimGiftCardIssue(trx, order.id)).toBe(false);
      });
    await issueAgain();
    expect(await cardsOf(order.id)).toHaveLength(2);
  });

  it("issues a card order's cards once its payment is confirmed, once however often the event comes", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug, quantity: 1 }]);
    const { order, payment } = await placed(await place(b, { paymentMethod: "card", giftCardRecipient: { email: "bob@example.com" } }));
    expect(await cardsOf(order.id)).toEqual([]);
    const intent = [...fake.intents.values()].find((i) => i.client_secret === payment!.clientSecret)!;
    await fake.client().paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
    const cards = await cardsOf(order.id);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ initial_amount: 1000, recipient_email: "bob@example.com", note: null });
    expect((await mailsTo("bob@example.com")).filter((m) => m.text.includes(cards[0]!.last4))).toHaveLength(1);

    // The event delivered again, and moves racing: still one card.
    const event = fake.events.find((e) => e.event.type === "payment_intent.succeeded" && JSON.stringify(e.event).includes(intent.id))!;
    await fake.redeliver(event.event.id);
    await Promise.allSettled([move(order.id, "processing"), move(order.id, "processing")]);
    expect(await cardsOf(order.id)).toHaveLength(1);
  });

  it("issues once when two moves of a cash order race to deliver it", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug, quantity: 3 }]);
    const { order } = await placed(await place(b, { giftCardRecipient: { email: "carol@example.com", name: "Carol" } }));
    await move(order.id, "processing", "shipped");
    const deliver = () =>
      shop.services.orderMoves.transition(order.id, "delivered", "shop", { staff: { id: "s", email: "owner@example.com", requestId: null } }).catch(() => null);
    await Promise.all([deliver(), deliver(), deliver()]);
    expect(await cardsOf(order.id)).toHaveLength(3);
    const row = await shop.db.kysely.selectFrom("orders").select("gift_cards_issued").where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.gift_cards_issued!)).toHaveLength(3);
  });

  it("issues nothing for a cancelled order, and a code it mailed pays in a cart", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug, quantity: 1 }]);
    const { order } = await placed(await place(b, { giftCardRecipient: { email: "dan@example.com" } }));
    await move(order.id, "cancelled");
    expect(await cardsOf(order.id)).toEqual([]);

    const c = await browserWithCart(shop, [{ productId: ids.mug, quantity: 1 }]);
    const { order: bought } = await placed(await place(c, { giftCardRecipient: { email: "erin@example.com" } }));
    await move(bought.id, "processing", "shipped", "delivered");
    const mail = (await mailsTo("erin@example.com"))[0]!;
    const code = /[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/.exec(mail.text)![0];
    const shopper = await browserWithCart(shop, [{ productId: ids.cap, quantity: 1, color: "Black" }]);
    const res = await shopper.post("/api/cart/gift-cards", { code });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { data: { totals: { giftCardTotal: number } } }).data.totals.giftCardTotal).toBe(10);
  });
});
