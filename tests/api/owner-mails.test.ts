import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../server/lib/logger";
import { createLowStockAlert } from "../../server/modules/inventory/low-stock-alert";
import type { Order } from "../../server/modules/orders/orders.types";
import { FAKE_STRIPE_KEYS, type FakeStripe, startFakeStripe } from "../support/fake-stripe";
import { type ShoppingCatalog, browserWithCart, checkoutBody, insertShoppingCatalog, setStock } from "../support/shop-fixture";
import { type TestSmtpServer, linksOf, startSmtpServer } from "../support/smtp";
import { type TestShop, createTestShop } from "../support/test-shop";

// The shop's own mails: every new order (cash on delivery when placed, a card order when paid) and,
// once a day at most, the products that orders brought to the low-stock threshold.
const OWNER = "owner@corner.test";

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

interface Placed {
  order: Order;
  payment: { clientSecret: string } | null;
}

/** A guest buys these items; answers the placed order (fails the test unless it was placed). */
async function placeOrder(
  shop: TestShop,
  items: Array<{ productId: string; quantity?: number; color?: string; size?: string }>,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const b = await browserWithCart(shop, items);
  const send = () =>
    b.request("/api/orders", { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(checkoutBody(extra)) });
  const res = await send();
  expect(res.status, await res.clone().text()).toBe(201);
  return { placed: ((await res.json()) as { data: Placed }).data, again: send };
}

/** Waits for every mail the shop queued, then answers those the owner got. */
async function ownerMails(shop: TestShop) {
  await shop.services.orders.idle();
  await shop.services.lowStock.idle();
  return smtp.to(OWNER);
}

const aboutOrder = (number: string) => (m: { subject: string }) => m.subject.startsWith(`New order ${number}:`);
const lowStockMails = async (shop: TestShop) => (await ownerMails(shop)).filter((m) => m.subject.startsWith("Low stock at Corner Store"));

describe("the shop's mail about a new order", () => {
  let fake: FakeStripe;
  let shop: TestShop;
  let ids: ShoppingCatalog;
  beforeAll(async () => {
    fake = await startFakeStripe();
    shop = await createTestShop({ ...fake.env, SMTP_URL: smtp.url });
    ids = await insertShoppingCatalog(shop.db);
    await setStock(shop.db, ids.mug, 1000); // far above the low-stock threshold: no low-stock mail here
    await shop.services.content.saveSettings({ ...(await shop.services.content.getSettings()), siteName: "Corner Store", contactEmail: OWNER });
    fake.setWebhook({
      deliver: (payload, signature) =>
        shop.request("/api/payments/stripe/webhook", {
          method: "POST",
          headers: { "content-type": "application/json", "stripe-signature": signature ?? "" },
          body: payload,
        }),
    });
  });
  afterAll(async () => {
    await shop?.close();
    await fake?.close();
  });

  it("goes to the contact address within seconds of a cash-on-delivery order, naming its number, once however often the order is replayed", async () => {
    const { placed, again } = await placeOrder(shop, [{ productId: ids.mug, quantity: 2 }], {}, { "idempotency-key": "owner-cod-1" });
    const mail = await smtp.waitFor(aboutOrder(placed.order.number), 5_000);
    expect(mail.to).toEqual([OWNER]);
    expect(mail.subject).toBe(`New order ${placed.order.number}: $34.98 from Grace Hopper`);
    expect(mail.text).toContain("2 × Mug: $20.00");
    // The rows add up as printed: the lines, then the shipping, to the total.
    expect(mail.text).toContain("Subtotal: $20.00");
    expect(mail.text).toContain("Shipping: $14.98");
    expect(mail.text).toContain("Total: $34.98");
    expect(mail.text).toContain("Payment: Cash on delivery");
    expect(mail.text).toContain("grace@example.com");
    expect(linksOf(mail)[0]).toBe(`http://shop.test/admin-dashboard/orders/${encodeURIComponent(placed.order.id)}`);

    // The same idempotency key answers the same order: no second mail.
    const replay = await again();
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { data: Placed }).data.order.id).toBe(placed.order.id);
    expect((await ownerMails(shop)).filter(aboutOrder(placed.order.number))).toHaveLength(1);
  });

  it("is not sent while the setting is off", async () => {
    const settings = await shop.services.content.getSettings();
    expect(settings.notifyNewOrders).toBe(true);
    await shop.services.content.saveSettings({ ...settings, notifyNewOrders: false });
    try {
      const { placed } = await placeOrder(shop, [{ productId: ids.mug }]);
      // The customer's confirmation left; the shop's mail did not.
      await smtp.waitFor((m) => m.to.includes("grace@example.com") && m.subject.includes(placed.order.number));
      expect((await ownerMails(shop)).filter(aboutOrder(placed.order.number))).toEqual([]);
    } finally {
      await shop.services.content.saveSettings({ ...(await shop.services.content.getSettings()), notifyNewOrders: true });
    }
  });

  it("goes for a card order when its payment arrives through the webhook, once for redelivered and repeated events", async () => {
    const { placed } = await placeOrder(shop, [{ productId: ids.mug }], { paymentMethod: "card" });
    expect((await ownerMails(shop)).filter(aboutOrder(placed.order.number))).toEqual([]);

    const delivered = fake.deliveries.length;
    const stripeJs = new Stripe(FAKE_STRIPE_KEYS.publishableKey, { host: "127.0.0.1", port: fake.port, protocol: "http", maxNetworkRetries: 0 });
    const intentId = [...fake.intents.values()].find((i) => i.client_secret === placed.payment!.clientSecret)!.id;
    await stripeJs.paymentIntents.confirm(intentId, {
      payment_method: "pm_card_visa",
      client_secret: placed.payment!.clientSecret,
    } as Stripe.PaymentIntentConfirmParams);
    const mail = await smtp.waitFor(aboutOrder(placed.order.number), 5_000);
    expect(mail.text).toContain("Payment: Card (paid)");

    // Stripe's retry of the same event, and another event saying the same payment succeeded.
    const [delivery] = fake.deliveries.slice(delivered);
    expect(await fake.redeliver(delivery!.eventId)).toMatchObject({ status: 200 });
    const other = JSON.stringify({ ...JSON.parse(delivery!.body), id: `${delivery!.eventId}_again` });
    const res = await shop.request("/api/payments/stripe/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": fake.sign(other) },
      body: other,
    });
    expect(res.status).toBe(200);
    expect((await ownerMails(shop)).filter(aboutOrder(placed.order.number))).toHaveLength(1);
  });
});

describe("the shop's low-stock mail", () => {
  let shop: TestShop;
  let ids: ShoppingCatalog;
  beforeAll(async () => {
    shop = await createTestShop({ SMTP_URL: smtp.url });
    ids = await insertShoppingCatalog(shop.db);
    await shop.services.content.saveSettings({
      ...(await shop.services.content.getSettings()),
      siteName: "Corner Store",
      contactEmail: OWNER,
      notifyNewOrders: false,
    });
  });
  afterAll(async () => {
    await shop?.close();
  });

  /** Moves the last low-stock mail back in time, as if it had gone `hours` ago. */
  const lastSentHoursAgo = (hours: number) =>
    shop.db.kysely
      .updateTable("stock_alerts")
      .set({ last_sent_at: new Date(Date.now() - hours * 3_600_000).toISOString() })
      .where("kind", "=", "low-stock")
      .execute();

  it("lists what is at or under the threshold when an order brings a product there, and no more than once in 24 hours", async () => {
    expect((await shop.services.content.getSettings()).lowStockThreshold).toBe(5);
    await setStock(shop.db, ids.mug, 30);
    // Above the threshold afterwards: no mail.
    await placeOrder(shop, [{ productId: ids.mug, quantity: 2 }]);
    expect(await lowStockMails(shop)).toEqual([]);

    // 28 → 5: crossed.
    await setStock(shop.db, ids.mug, 8);
    await placeOrder(shop, [{ productId: ids.mug, quantity: 3 }]);
    const [digest, ...more] = await lowStockMails(shop);
    expect(more).toEqual([]);
    expect(digest!.to).toEqual([OWNER]);
    expect(digest!.subject).toBe("Low stock at Corner Store: 6 products at 5 or fewer");
    // The fewest first: sold out, then by units left.
    const rows = [
      "Linen Shirt (Red, M): Sold out",
      "Cap (White): 2 left",
      "Linen Shirt (Blue, M): 3 left",
      "Cap (Black): 4 left",
      "Linen Shirt (Blue, L): 5 left",
      "Mug: 5 left",
    ];
    expect(digest!.text.replace(/\r\n/g, "\n")).toContain(rows.join("\n"));
    expect(linksOf(digest!)[0]).toBe("http://shop.test/admin-dashboard/all-products?sort=stock");

    // More crossings within the day: no second mail.
    await setStock(shop.db, ids.mug, 6);
    await placeOrder(shop, [{ productId: ids.mug }]);
    await lastSentHoursAgo(23);
    await setStock(shop.db, ids.mug, 7);
    await placeOrder(shop, [{ productId: ids.mug, quantity: 3 }]);
    expect(await lowStockMails(shop)).toHaveLength(1);

    // A day after the last one, the next crossing mails again.
    await lastSentHoursAgo(25);
    await placeOrder(shop, [{ productId: ids.shirt, color: "Blue", size: "L" }]); // a variant: 5 → 4 is not a crossing
    expect(await lowStockMails(shop)).toHaveLength(1);
    await setStock(shop.db, ids.mug, 6);
    await placeOrder(shop, [{ productId: ids.mug }]);
    const after = await lowStockMails(shop);
    expect(after).toHaveLength(2);
    expect(after[1]!.text).toContain("Mug: 5 left");
    expect(after[1]!.text).toContain("Linen Shirt (Blue, L): 4 left");
  });

  it("two shops on one database send one mail between them", async () => {
    await lastSentHoursAgo(25);
    const before = (await lowStockMails(shop)).length;
    // A second instance's alert on the same database, racing the first.
    const other = createLowStockAlert({
      db: shop.db,
      mailer: shop.services.mailer,
      settings: () => shop.services.content.getSettings(),
      logger: createLogger("silent"),
      publicUrl: "http://shop.test",
    });
    const sent = await Promise.all([other.sendIfDue(), shop.services.lowStock.sendIfDue(), other.sendIfDue()]);
    expect(sent.filter(Boolean)).toHaveLength(1);
    expect(await lowStockMails(shop)).toHaveLength(before + 1);
  });
});

describe("a shop whose mail server is down", () => {
  let shop: TestShop;
  let ids: ShoppingCatalog;
  beforeAll(async () => {
    // Nothing listens on port 9 here: every mail fails.
    shop = await createTestShop({ SMTP_URL: "smtp://127.0.0.1:9" });
    ids = await insertShoppingCatalog(shop.db);
    await shop.services.content.saveSettings({ ...(await shop.services.content.getSettings()), contactEmail: OWNER });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("still places the order; its mails wait in the job queue, tried again until the mail server answers", async () => {
    await setStock(shop.db, ids.mug, 6);
    const { placed } = await placeOrder(shop, [{ productId: ids.mug }]);
    expect(placed.order.status).toBe("pending");
    await shop.services.orders.idle();
    await shop.services.lowStock.idle();
    // The customer's confirmation, the shop's new-order mail and its low-stock mail are stored: each
    // failed its first try and waits for the next.
    const waiting = (await shop.services.jobs.list("queued")).filter((j) => j.name === "mail.deliver");
    const subjects = waiting.map((j) => (j.payload as { subject: string }).subject);
    expect(subjects).toHaveLength(3);
    expect(subjects).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Your Shop order /), expect.stringMatching(/^New order /), expect.stringMatching(/low/i)]),
    );
    for (const job of waiting) {
      expect(job).toMatchObject({ state: "queued", attempts: 1 });
      expect(job.lastError).toBeTruthy();
      expect(new Date(job.runAt).getTime()).toBeGreaterThan(Date.now());
    }
    // The day's low-stock turn is taken: the mail is on its way.
    const row = await shop.db.kysely.selectFrom("stock_alerts").select("last_sent_at").where("kind", "=", "low-stock").executeTakeFirstOrThrow();
    expect(new Date(row.last_sent_at).getTime()).toBeGreaterThan(0);
  });
});
