import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placeOrderSchema } from "#common/orders/orders.schema";
import { ALERT_ACTOR, csvRoundTrip, jacket, setBlueStock, settled, simpleProduct } from "../support/alerts-fixture";
import { browser, createAccount, signedIn } from "../support/auth-browser";
import { type TestSmtpServer, linksOf, startSmtpServer } from "../support/smtp";
import { type TestShop, createTestShop } from "../support/test-shop";

// Back-in-stock alerts over the API, with the mails through a real SMTP server: a guest confirms
// first (in their language), a signed-in shopper's own address waits at once, only a sold-out item
// takes alerts and one address makes one alert; when the stock comes back (the admin's count or a
// cancelled order), every subscriber is mailed once, earliest first, and an unsubscribed one is not.

let shop: TestShop;
let smtp: TestSmtpServer;
let accounts = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  shop = await createTestShop({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await shop?.close();
  await smtp?.close();
});

const subscribe = (b: ReturnType<typeof browser>, body: unknown, query = "") => b.post(`/api/stock-alerts${query}`, body);

async function customer() {
  accounts += 1;
  const email = `shopper-${accounts}@example.com`;
  await createAccount(shop, { email, password: "customer-password", name: `Shopper ${accounts}` });
  return { email, b: await signedIn(shop, email, "customer-password") };
}

const tokenOf = (url: string) => decodeURIComponent(url.split("/stock-alerts/")[1]!.split(/[/?#]/)[0]!);

/** The alerts stored for a product, earliest first, as the admin sees them. */
const subscribers = (productId: string) => shop.services.alerts.listSubscribers(productId);

describe("asking for an alert", () => {
  it("mails a guest a confirmation in their language and waits for it; nothing is mailed on restock before they confirm", async () => {
    const p = await jacket(shop);
    const res = await subscribe(browser(shop), { productId: p.id, color: "Blue", size: "M", email: "Guest.One@Example.com" }, "?lang=de");
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await res.json()).data).toEqual({ status: "pending" });
    const mail = await smtp.waitFor((m) => m.to.includes("guest.one@example.com"));
    expect(mail.subject).toBe(`Bestätige deine Benachrichtigung für ${p.name} (Blue, M)`);
    const link = linksOf(mail).find((l) => l.includes("/stock-alerts/"))!;
    expect(link).toMatch(/^http:\/\/shop\.test\/de\/stock-alerts\/[\w-]+$/);

    await setBlueStock(shop, p.id, 2);
    await settled(shop);
    expect(smtp.to("guest.one@example.com")).toHaveLength(1);
    expect((await subscribers(p.id)).map((s) => s.status)).toEqual(["pending"]);

    // Sold out again, the guest confirms: from now on they wait.
    await setBlueStock(shop, p.id, 0);
    expect((await browser(shop).post(`/api/stock-alerts/${tokenOf(link)}/confirm`)).status).toBe(200);
    expect((await subscribers(p.id)).map((s) => s.status)).toEqual(["waiting"]);
  });

  it("lets a signed-in shopper's own address wait at once, without a mail; another address of theirs is confirmed by mail", async () => {
    const p = await jacket(shop);
    const { email, b } = await customer();
    const own = await subscribe(b, { productId: p.id, color: "blue", size: "m", email: email.toUpperCase() });
    expect(own.status).toBe(201);
    expect((await own.json()).data).toEqual({ status: "waiting" });
    const other = await subscribe(b, { productId: p.id, color: "Blue", size: "M", email: "partner@example.com" });
    expect((await other.json()).data).toEqual({ status: "pending" });
    await smtp.waitFor((m) => m.to.includes("partner@example.com"));
    await settled(shop);
    expect(smtp.to(email)).toHaveLength(0);
    expect((await subscribers(p.id)).map((s) => [s.email, s.status, s.signedIn])).toEqual([
      [email, "waiting", true],
      ["partner@example.com", "pending", false],
    ]);
  });

  it("refuses an item in stock (409), a missing or unknown choice and a bad address (400 naming the field), an unknown product (404), and stores nothing", async () => {
    const p = await jacket(shop);
    const b = browser(shop);
    const inStock = await subscribe(b, { productId: p.id, color: "Red", size: "M", email: "a@example.com" });
    expect(inStock.status).toBe(409);
    expect((await inStock.json()).error.message).toBe(`${p.name} (Red, M) is in stock: you can order it now.`);
    const noColour = await subscribe(b, { productId: p.id, size: "M", email: "a@example.com" });
    expect(noColour.status).toBe(400);
    expect((await noColour.json()).error.fields).toEqual({ color: "Please choose a colour" });
    const badMail = await subscribe(b, { productId: p.id, color: "Blue", size: "M", email: "not-an-address" });
    expect(badMail.status).toBe(400);
    expect((await badMail.json()).error.fields).toEqual({ email: "Give a valid e-mail address" });
    expect((await subscribe(b, { productId: "no-such-product", email: "a@example.com" })).status).toBe(404);
    expect((await b.request("/api/stock-alerts", { method: "POST", headers: { "content-type": "application/json" }, body: "{" })).status).toBe(400);
    expect(await subscribers(p.id)).toEqual([]);
  });

  it("makes one alert of the same address asked twice (200 the second time)", async () => {
    const p = await jacket(shop);
    const { email, b } = await customer();
    expect((await subscribe(b, { productId: p.id, color: "Blue", size: "M", email })).status).toBe(201);
    const again = await subscribe(b, { productId: p.id, color: "Blue", size: "M", email });
    expect(again.status).toBe(200);
    expect((await again.json()).data).toEqual({ status: "waiting" });
    expect(await subscribers(p.id)).toHaveLength(1);
  });
});

describe("when the stock comes back", () => {
  it("mails every subscriber once, earliest first, even with fewer units than subscribers, with a way out; an unsubscribed one gets nothing", async () => {
    const p = await jacket(shop);
    // French shoppers see euros when the shop offers them: their mails say euros too.
    await shop.services.content.saveSettings({
      ...(await shop.services.content.getSettings()),
      currencies: [{ code: "EUR", rate: 0.5, rounding: "none", cashOnDelivery: true }],
    });
    const first = await customer();
    const second = await customer();
    const leaving = await customer();
    for (const who of [first, second, leaving])
      expect((await subscribe(who.b, { productId: p.id, color: "Blue", size: "M", email: who.email }, "?lang=fr")).status).toBe(201);
    // A guest, confirmed last.
    await subscribe(browser(shop), { productId: p.id, color: "Blue", size: "M", email: "late.guest@example.com" });
    const confirm = linksOf(await smtp.waitFor((m) => m.to.includes("late.guest@example.com"))).find((l) => l.includes("/stock-alerts/"))!;
    expect((await browser(shop).post(`/api/stock-alerts/${tokenOf(confirm)}/confirm`)).status).toBe(200);

    const leavingToken = (await shop.db.kysely.selectFrom("back_in_stock_alerts").select("token").where("email", "=", leaving.email).executeTakeFirstOrThrow())
      .token;
    expect((await browser(shop).request(`/api/stock-alerts/${leavingToken}`, { method: "DELETE" })).status).toBe(200);
    expect((await browser(shop).request(`/api/stock-alerts/${leavingToken}`, { method: "DELETE" })).status).toBe(404);

    await setBlueStock(shop, p.id, 1);
    const mail = await smtp.waitFor((m) => m.to.includes(first.email));
    await settled(shop);
    expect(mail.subject).toBe(`${p.name} (Blue, M) est de retour en stock`);
    expect(mail.text).toMatch(/disponible à 40,00\s€\./u);
    expect(linksOf(mail)).toContain(`http://shop.test/fr/products/${p.slug}`);
    const headers = mail.raw.replace(/\r?\n[ \t]+/g, " ");
    expect(headers).toMatch(/List-Unsubscribe: <http:\/\/shop\.test\/api\/stock-alerts\/[\w-]+\/unsubscribe>/);
    expect(headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const backMails = (to: string) => smtp.to(to).filter((m) => m.subject.includes(p.name) && /de retour|back in stock/.test(m.subject));
    for (const who of [first.email, second.email, "late.guest@example.com"]) expect(backMails(who)).toHaveLength(1);
    expect(smtp.to(leaving.email)).toHaveLength(0);

    const list = await subscribers(p.id);
    expect(list.map((s) => s.email)).toEqual([first.email, second.email, "late.guest@example.com"]);
    expect(list.every((s) => s.status === "notified")).toBe(true);
    // Earliest first: each was mailed no earlier than the one who asked before them.
    const times = list.map((s) => Date.parse(s.notifiedAt!));
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    // Another count and a retried job mail nobody twice.
    await setBlueStock(shop, p.id, 4);
    const blue = (await shop.services.catalogAdmin.getProduct(p.id))!.variants.find((v) => v.color === "Blue")!;
    expect(await shop.services.alerts.mailBackInStock(p.id, blue.id)).toBe(0);
    await settled(shop);
    expect(backMails(first.email)).toHaveLength(1);
  }, 60_000);

  it("mails when a CSV import counts units of a sold-out product again", async () => {
    const p = await simpleProduct(shop, "Stool", 0);
    const { email, b } = await customer();
    expect((await subscribe(b, { productId: p.id, email })).status).toBe(201);
    await csvRoundTrip(shop, p, "Inventory Qty", "3");
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes(p.name));
    expect(mail.subject).toBe(`${p.name} is back in stock`);
  });

  it("mails when a cancelled order gives back the last units of a product without variants", async () => {
    const p = await simpleProduct(shop, "Kettle", 1);
    const buyer = await customer();
    await shop.services.cart.addItem({ userId: null, visitorId: "alerts-buyer" }, { productId: p.id, quantity: 1 });
    const placed = await shop.services.checkout.placeOrder(
      { userId: null, visitorId: "alerts-buyer" },
      placeOrderSchema.parse({
        contact: { name: "Kettle Buyer", email: "kettle.buyer@example.com", phone: "+1 555 0100" },
        address: { line1: "1 Harbour Street", city: "Arlington", region: "VA", postalCode: "22201", country: "US" },
        shippingMethod: "inside-city",
        paymentMethod: "cod",
      }),
    );
    if (!placed.ok) throw new Error("the order was refused");
    expect((await subscribe(buyer.b, { productId: p.id, email: buyer.email })).status).toBe(201);
    await shop.services.orderMoves.transition(placed.order.id, "cancelled", "shop", { staff: ALERT_ACTOR });
    const mail = await smtp.waitFor((m) => m.to.includes(buyer.email) && m.subject.includes(p.name));
    expect(mail.subject).toBe(`${p.name} is back in stock`);
    expect(mail.text).toContain("$50.00");
  });
});
