import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSIONS } from "#common/auth/permissions";
import { createServices } from "../../server/wiring/services";
import { type TestBrowser, browser, createAccount, signedIn } from "../support/auth-browser";
import { checkoutBody, send } from "../support/shop-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

// Cart reminders: a signed-in customer's cart, or a guest's who ticked consent, left alone for the
// settings' delay gets one mail with its lines and a link that rebuilds the cart in another
// browser; a second only when the settings ask; none after an order, an unsubscribe or a withdrawn
// consent; one per cart however many rounds run at once; and the report counts the reminders,
// the carts restored and the orders that followed.

let shop: TestShop;
let staff: TestBrowser;
let accounts = 0;
const ACTOR = { id: "test-setup", email: "test-setup@example.com", requestId: null };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

beforeAll(async () => {
  shop = await createTestShop();
  await createAccount(shop, { email: "reports@example.com", password: "staff-password", role: "staff", permissions: ["reports"] });
  staff = await signedIn(shop, "reports@example.com", "staff-password");
});
afterAll(async () => {
  await shop?.services.auth.idle();
  await shop?.close();
});

async function setRules(rules: { enabled: boolean; delayMinutes: number; second: boolean }) {
  await shop.services.content.saveSettings({ ...(await shop.services.content.getSettings()), cartReminders: rules });
}

/** A fresh active product without variants, 50 in stock, at 20. */
async function product(name: string) {
  const category = await shop.services.categoriesAdmin.createCategory(ACTOR, { name: `Reminders ${name} ${Date.now().toString(36)}` });
  return shop.services.catalogAdmin.createProduct(ACTOR, {
    name: `${name} ${Date.now().toString(36)}`,
    categorySlug: category.slug,
    price: 20,
    image: [],
    stock: 50,
  });
}

async function add(b: TestBrowser, productId: string, quantity = 1) {
  const res = await b.post("/api/cart/items", { productId, quantity });
  expect(res.status, await res.clone().text()).toBe(201);
}

/** A signed-in customer with this product in their cart. */
async function customerWithCart(productId: string, quantity = 1) {
  accounts += 1;
  const email = `reminded-${accounts}@example.com`;
  const user = await createAccount(shop, { email, password: "customer-password", name: "Rita Reminded" });
  const b = await signedIn(shop, email, "customer-password");
  await add(b, productId, quantity);
  return { user, email, b };
}

/** A guest with this product in their cart, who gave `email` at checkout with or without consent. */
async function guestWithCart(productId: string, consent: boolean, lang = "en") {
  accounts += 1;
  const email = `guest-${accounts}@example.com`;
  const b = browser(shop);
  await add(b, productId, 2);
  const res = await send(b, "PUT", `/api/cart/reminder?lang=${lang}`, { email, consent });
  expect(res.status, await res.clone().text()).toBe(200);
  return { email, b };
}

/** One round of the job at `now` (the carts' clock is the real one), then the mails it queued delivered. */
async function round(now: Date) {
  const result = await shop.services.reminders.runScan(now);
  await shop.services.reminders.idle();
  return result;
}
const later = (ms: number) => new Date(Date.now() + ms);
/** The cart reminders mailed to this address (not its order mails). */
const mailsTo = (email: string) => shop.services.mailer.outbox.filter((m) => m.to === email && m.text.includes("/cart/restore/"));
const linkIn = (text: string, path: string) => text.match(new RegExp(`http://shop\\.test(?:/[a-z]{2})?${path}/[^\\s]+`))?.[0] ?? null;
const tokenOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

describe("who gets a reminder, and when", () => {
  it("mails a signed-in customer's idle cart once after the delay, with its lines priced, and not before", async () => {
    await setRules({ enabled: true, delayMinutes: 5, second: false });
    const mug = await product("Mug");
    const rita = await customerWithCart(mug.id, 3);
    await round(later(2 * MINUTE));
    expect(mailsTo(rita.email)).toHaveLength(0);
    await round(later(6 * MINUTE));
    const mails = mailsTo(rita.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Your cart at Shop is waiting for you");
    expect(mails[0]!.text).toContain(`${mug.name}: 3 × $20.00`);
    expect(mails[0]!.text).toContain("Subtotal: $60.00");
    expect(mails[0]!.html).toContain(mug.name);
    expect(linkIn(mails[0]!.text, "/cart/restore")).not.toBeNull();
    expect(linkIn(mails[0]!.text, "/cart/reminders/stop")).not.toBeNull();
    // Later rounds send nothing more for the same cart (no second asked for).
    await round(later(30 * MINUTE));
    await round(later(26 * HOUR));
    expect(mailsTo(rita.email)).toHaveLength(1);
  });

  it("sends nothing while reminders are off", async () => {
    await setRules({ enabled: false, delayMinutes: 1, second: false });
    const mug = await product("Mug");
    const off = await customerWithCart(mug.id);
    await round(later(10 * MINUTE));
    expect(mailsTo(off.email)).toHaveLength(0);
  });

  it("reminds a guest only after they ticked consent, in the language of their pages", async () => {
    await setRules({ enabled: true, delayMinutes: 1, second: false });
    const mug = await product("Mug");
    const without = await guestWithCart(mug.id, false);
    const withConsent = await guestWithCart(mug.id, true, "de");
    await round(later(2 * MINUTE));
    expect(mailsTo(without.email)).toHaveLength(0);
    const mails = mailsTo(withConsent.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Dein Warenkorb bei Shop wartet auf dich");
    expect(linkIn(mails[0]!.text, "/cart/restore")).toMatch(/^http:\/\/shop\.test\/de\/cart\/restore\//);
    // Nothing is stored of a guest who did not agree.
    const stored = await shop.db.kysely.selectFrom("cart_reminder_contacts").select("email").where("email", "=", without.email).execute();
    expect(stored).toEqual([]);
  });

  it("refuses a consent without a valid address (400 naming the field)", async () => {
    const res = await send(browser(shop), "PUT", "/api/cart/reminder", { email: "not an address", consent: true });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toHaveProperty("email");
  });

  it("sends a second reminder a day after the first only when the settings ask", async () => {
    await setRules({ enabled: true, delayMinutes: 1, second: false });
    const mug = await product("Mug");
    const once = await customerWithCart(mug.id);
    const twice = await customerWithCart(mug.id);
    await round(later(2 * MINUTE));
    expect(mailsTo(once.email)).toHaveLength(1);
    expect(mailsTo(twice.email)).toHaveLength(1);
    await round(later(25 * HOUR));
    expect(mailsTo(once.email)).toHaveLength(1);
    await setRules({ enabled: true, delayMinutes: 1, second: true });
    // Not before a day has passed since the first.
    await round(later(12 * HOUR));
    expect(mailsTo(twice.email)).toHaveLength(1);
    await round(later(25 * HOUR));
    expect(mailsTo(twice.email).map((m) => m.subject)).toEqual(["Your cart at Shop is waiting for you", "Still thinking it over? Your cart at Shop is saved"]);
    // Never a third.
    await round(later(50 * HOUR));
    expect(mailsTo(twice.email)).toHaveLength(2);
    await setRules({ enabled: true, delayMinutes: 1, second: false });
  });

  it("sends none after the customer ordered", async () => {
    await setRules({ enabled: true, delayMinutes: 1, second: true });
    const mug = await product("Mug");
    const buyer = await customerWithCart(mug.id);
    const placed = await buyer.b.post("/api/orders", checkoutBody({ contact: { name: "Rita Reminded", email: buyer.email, phone: "+1 555 0100" } }));
    expect(placed.status, await placed.clone().text()).toBe(201);
    await round(later(2 * MINUTE));
    expect(mailsTo(buyer.email)).toHaveLength(0);
    // Reminded, then ordered: no second.
    const other = await customerWithCart(mug.id);
    await round(later(2 * MINUTE));
    expect(mailsTo(other.email)).toHaveLength(1);
    await add(other.b, mug.id);
    const ordered = await other.b.post("/api/orders", checkoutBody({ contact: { name: "Rita Reminded", email: other.email, phone: "+1 555 0100" } }));
    expect(ordered.status).toBe(201);
    await round(later(26 * HOUR));
    expect(mailsTo(other.email)).toHaveLength(1);
    await setRules({ enabled: true, delayMinutes: 1, second: false });
  });

  it("sends none after the unsubscribe link, nor to a customer who withdrew consent", async () => {
    await setRules({ enabled: true, delayMinutes: 1, second: true });
    const mug = await product("Mug");
    const guest = await guestWithCart(mug.id, true);
    await round(later(2 * MINUTE));
    const stop = linkIn(mailsTo(guest.email)[0]!.text, "/cart/reminders/stop")!;
    expect((await send(browser(shop), "DELETE", `/api/cart-reminders/${tokenOf(stop)}`)).status).toBe(200);
    expect((await send(browser(shop), "DELETE", "/api/cart-reminders/forged.token")).status).toBe(404);
    await round(later(26 * HOUR));
    expect(mailsTo(guest.email)).toHaveLength(1);

    const rita = await customerWithCart(mug.id);
    expect((await send(browser(shop), "PATCH", "/api/account/preferences", { cartReminders: false })).status).toBe(401);
    expect((await send(rita.b, "PATCH", "/api/account/preferences", { cartReminders: "no" })).status).toBe(400);
    const withdrawn = await send(rita.b, "PATCH", "/api/account/preferences", { cartReminders: false });
    expect(withdrawn.status).toBe(200);
    expect((await withdrawn.json()).data).toEqual({ priceDropAlerts: false, cartReminders: false });
    await round(later(2 * MINUTE));
    expect(mailsTo(rita.email)).toHaveLength(0);
    // Back on: reminded again.
    expect((await send(rita.b, "PATCH", "/api/account/preferences", { cartReminders: true })).status).toBe(200);
    await round(later(3 * MINUTE));
    expect(mailsTo(rita.email)).toHaveLength(1);
    await setRules({ enabled: true, delayMinutes: 1, second: false });
  });

  it("sends one reminder however many rounds run at once, on one instance or two", async () => {
    await setRules({ enabled: true, delayMinutes: 1, second: false });
    const mug = await product("Mug");
    const rita = await customerWithCart(mug.id);
    const other = createServices(shop.db, shop.env);
    const now = later(2 * MINUTE);
    const results = await Promise.all([shop.services.reminders.runScan(now), shop.services.reminders.runScan(now), other.reminders.runScan(now)]);
    await shop.services.reminders.idle();
    expect(mailsTo(rita.email)).toHaveLength(1);
    expect(results.reduce((n, r) => n + r.queued, 0)).toBeGreaterThanOrEqual(1);
    await other.jobs.close();
  });
});

describe("the restore link and the report", () => {
  it("rebuilds the cart in a fresh browser, and the report counts the restore and the order that followed", async () => {
    await setRules({ enabled: true, delayMinutes: 1, second: false });
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 24 * HOUR).toISOString().slice(0, 10);
    const figures = async () => {
      const res = await staff.get(`/api/admin/reports/cart-reminders?from=${today}&to=${tomorrow}`);
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()).data as { sent: number; restored: number; orders: number; revenue: number };
    };
    const before = await figures();
    const mug = await product("Mug");
    const lamp = await product("Lamp");
    const guest = await guestWithCart(mug.id, true);
    await add(guest.b, lamp.id, 1);
    await round(later(2 * MINUTE));
    const restore = linkIn(mailsTo(guest.email)[0]!.text, "/cart/restore")!;

    // Another device: a new browser with something of its own in the cart.
    const phone = browser(shop);
    await add(phone, lamp.id, 3);
    const restored = await phone.post("/api/cart/restore", { token: tokenOf(restore) });
    expect(restored.status, await restored.clone().text()).toBe(200);
    const cart = (await restored.json()).data as { lines: Array<{ productId: string; quantity: number }> };
    expect(cart.lines.map((l) => [l.productId, l.quantity]).sort()).toEqual(
      [
        [lamp.id, 3],
        [mug.id, 2],
      ].sort(),
    );
    // Opened twice, nothing doubles.
    await phone.post("/api/cart/restore", { token: tokenOf(restore) });
    const again = (await (await phone.get("/api/cart")).json()).data as { lines: Array<{ productId: string; quantity: number }> };
    expect(again.lines.find((l) => l.productId === mug.id)?.quantity).toBe(2);
    expect((await phone.post("/api/cart/restore", { token: "nope.nope" })).status).toBe(404);

    const order = await phone.post("/api/orders", checkoutBody({ contact: { name: "Gus Guest", email: "someone-else@example.com", phone: "+1 555 0100" } }));
    expect(order.status, await order.clone().text()).toBe(201);
    const total = (await order.json()).data.order.totals.total as number;
    const after = await figures();
    expect(after.sent - before.sent).toBe(1);
    expect(after.restored - before.restored).toBe(1);
    expect(after.orders - before.orders).toBe(1);
    expect(Math.round((after.revenue - before.revenue) * 100)).toBe(Math.round(total * 100));
  });

  it("asks for the reports permission and a valid period", async () => {
    await createAccount(shop, {
      email: "no-reports@example.com",
      password: "staff-password",
      role: "staff",
      permissions: PERMISSIONS.filter((p) => p !== "reports"),
    });
    const noReports = await signedIn(shop, "no-reports@example.com", "staff-password");
    expect((await noReports.get("/api/admin/reports/cart-reminders?from=2026-01-01&to=2026-01-31")).status).toBe(403);
    const bad = await staff.get("/api/admin/reports/cart-reminders?from=2026-02-30&to=2026-01-31");
    expect(bad.status).toBe(400);
  });

  it("takes the settings over PUT /api/admin/settings, a delay of one minute included, and refuses a delay of zero", async () => {
    const settings = await shop.services.content.getSettings();
    expect(settings.cartReminders).toMatchObject({ delayMinutes: expect.any(Number) });
    await expect(
      shop.services.settingsAdmin.update(ACTOR, { ...settings, cartReminders: { enabled: true, delayMinutes: 0, second: false } }),
    ).rejects.toMatchObject({
      fields: { "cartReminders.delayMinutes": "The delay is at least 1 minute" },
    });
  });
});
