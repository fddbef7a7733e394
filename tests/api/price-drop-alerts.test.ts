import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvRoundTrip, setPrice, settled, simpleProduct } from "../support/alerts-fixture";
import { type TestBrowser, browser, createAccount, signedIn } from "../support/auth-browser";
import { type TestSmtpServer, linksOf, startSmtpServer } from "../support/smtp";
import { type TestShop, createTestShop } from "../support/test-shop";

// Price-drop mails over the API, through a real SMTP server: a customer who switched them on is
// mailed once when a wished product's listed price falls by the settings' percent, not again within
// a week, never for a smaller fall or with the switch off; the mail's link switches it off.

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

async function customer(language?: string) {
  accounts += 1;
  const email = `wisher-${accounts}@example.com`;
  const user = await createAccount(shop, { email, password: "customer-password", name: `Wendy Wisher${accounts}` });
  if (language) await shop.services.users.setLanguage(user.id, language);
  return { email, user, b: await signedIn(shop, email, "customer-password") };
}

const preferences = (b: TestBrowser, body: unknown) =>
  b.request("/api/account/preferences", { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const wish = async (b: TestBrowser, productId: string) => expect((await b.post("/api/wishlist/toggle", { productId })).status).toBe(200);
const drops = (email: string, name: string) => smtp.to(email).filter((m) => m.subject.includes(name));

describe("the account's mail switches", () => {
  it("start with price-drop mails off and cart reminders on, change one at a time, refuse bad values and visitors", async () => {
    const { b } = await customer();
    expect(await (await b.get("/api/account/preferences")).json()).toEqual({ success: true, data: { priceDropAlerts: false, cartReminders: true } });
    const on = await preferences(b, { priceDropAlerts: true });
    expect(on.status).toBe(200);
    expect((await on.json()).data).toEqual({ priceDropAlerts: true, cartReminders: true });
    expect((await (await preferences(b, { cartReminders: false })).json()).data).toEqual({ priceDropAlerts: true, cartReminders: false });
    const bad = await preferences(b, { priceDropAlerts: "yes" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toEqual({ priceDropAlerts: "priceDropAlerts is true or false" });
    expect((await preferences(b, {})).status).toBe(400);
    expect((await preferences(b, { priceDropAlerts: false, newsletter: true })).status).toBe(400);
    expect((await (await b.get("/api/account/preferences")).json()).data).toEqual({ priceDropAlerts: true, cartReminders: false });
    expect((await preferences(browser(shop), { priceDropAlerts: true })).status).toBe(401);
  });
});

describe("when a wished product's price falls", () => {
  it("mails once for a fall of the settings' percent, in the customer's language, not again within a week, again after it", async () => {
    const p = await simpleProduct(shop, "Lamp", 10, 100);
    const { email, b, user } = await customer("de");
    await wish(b, p.id);
    await preferences(b, { priceDropAlerts: true });

    await setPrice(shop, p.id, 80);
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes(p.name));
    expect(mail.subject).toMatch(new RegExp(`^Preis gesenkt: ${p.name} jetzt für 80,00\\s\\$$`, "u"));
    expect(mail.text).toMatch(/kostet jetzt 80,00\s\$ statt 100,00\s\$\./u);
    expect(linksOf(mail)).toContain(`http://shop.test/de/products/${p.slug}`);

    // Within the week: no second mail, however far it falls.
    await setPrice(shop, p.id, 50);
    await settled(shop);
    expect(drops(email, p.name)).toHaveLength(1);

    // A week later, the next fall mails again.
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60_000).toISOString();
    await shop.db.kysely.updateTable("price_drop_mails").set({ sent_at: eightDaysAgo }).where("user_id", "=", user.id).execute();
    await setPrice(shop, p.id, 40);
    await settled(shop);
    expect(drops(email, p.name)).toHaveLength(2);
  });

  it("mails when a CSV import lowers the price", async () => {
    const p = await simpleProduct(shop, "Stool", 10, 100);
    const { email, b } = await customer();
    await wish(b, p.id);
    await preferences(b, { priceDropAlerts: true });
    await csvRoundTrip(shop, p, "Price", "70.00");
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes(p.name));
    expect(mail.subject).toBe(`Price drop: ${p.name} now $70.00`);
    expect(mail.text).toContain(`${p.name} from your wishlist now costs $70.00 instead of $100.00.`);
  });

  it("mails nobody for a fall under the percent, a rise, or a customer with the switch off", async () => {
    const p = await simpleProduct(shop, "Vase", 10, 100);
    const on = await customer();
    const off = await customer();
    for (const who of [on, off]) await wish(who.b, p.id);
    await preferences(on.b, { priceDropAlerts: true });
    await shop.services.content.saveSettings({ ...(await shop.services.content.getSettings()), alerts: { priceDropPercent: 25 } });
    try {
      await setPrice(shop, p.id, 80);
      await setPrice(shop, p.id, 120);
      await settled(shop);
      expect(drops(on.email, p.name)).toHaveLength(0);
      // 120 → 90: a quarter off.
      await setPrice(shop, p.id, 90);
      await smtp.waitFor((m) => m.to.includes(on.email) && m.subject.includes(p.name));
      await settled(shop);
      expect(drops(off.email, p.name)).toHaveLength(0);
    } finally {
      await shop.services.content.saveSettings({ ...(await shop.services.content.getSettings()), alerts: { priceDropPercent: 10 } });
    }
  });

  it("switches the mails off from the mail's link (one-click), and a forged link changes nothing", async () => {
    const p = await simpleProduct(shop, "Rug", 10, 200);
    const { email, b } = await customer();
    await wish(b, p.id);
    await preferences(b, { priceDropAlerts: true });
    await setPrice(shop, p.id, 150);
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes(p.name));
    const oneClick = /List-Unsubscribe: <([^>]+)>/.exec(mail.raw.replace(/\r?\n[ \t]+/g, " "))![1]!;
    const page = linksOf(mail).find((l) => l.includes("/price-drop-alerts/"))!;
    expect(page).toBe(oneClick.replace("/api/price-drop-alerts/", "/price-drop-alerts/").replace(/\/unsubscribe$/, ""));
    const forged = oneClick.replace(/\.[\w-]+\/unsubscribe$/, ".forged/unsubscribe");
    expect((await browser(shop).request(forged, { method: "POST" })).status).toBe(404);
    expect((await (await b.get("/api/account/preferences")).json()).data.priceDropAlerts).toBe(true);
    const res = await browser(shop).request(oneClick, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await (await b.get("/api/account/preferences")).json()).data.priceDropAlerts).toBe(false);
  });

  it("takes the percent from the settings, 1 to 90, and refuses others naming the field", async () => {
    await createAccount(shop, { email: "owner@example.com", password: "owner-password", role: "admin" });
    const admin = await signedIn(shop, "owner@example.com", "owner-password");
    const current = (await (await admin.get("/api/admin/settings")).json()).data;
    const put = (alerts: unknown) =>
      admin.request("/api/admin/settings", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...current, alerts }) });
    const refused = await put({ priceDropPercent: 95 });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.fields).toEqual({ "alerts.priceDropPercent": "The price drop is 90 percent or less" });
    expect((await put({ priceDropPercent: 15 })).status).toBe(200);
    expect((await shop.services.content.getSettings()).alerts).toEqual({ priceDropPercent: 15 });
  });
});
