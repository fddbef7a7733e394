import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as checkoutAction } from "../../app/routes/checkout";
import { action as registerAction } from "../../app/routes/register";
import { formatMoney } from "#common/money";
import type { AuthTables } from "../../server/db/auth-tables";
import type { Order } from "../../server/modules/orders/orders.types";
import { browser, createAccount, signedIn } from "../support/auth-browser";
import { type ShoppingCatalog, browserWithCart, checkoutBody, insertShoppingCatalog, orderRowCounts, setStock } from "../support/shop-fixture";
import { type TestSmtpServer, linksOf, startSmtpServer } from "../support/smtp";
import { type TestShop, createTestShop } from "../support/test-shop";

let shop: TestShop;
let smtp: TestSmtpServer;
let ids: ShoppingCatalog;

beforeAll(async () => {
  smtp = await startSmtpServer();
  shop = await createTestShop({ SMTP_URL: smtp.url, AUTH_EMAIL_RATE_LIMIT: "50" });
  ids = await insertShoppingCatalog(shop.db);
  await setStock(shop.db, ids.mug, 100);
  await shop.services.content.saveSettings({
    ...(await shop.services.content.getSettings()),
    siteName: "Corner Store",
    currency: "EUR",
    locale: "en-US",
    contactEmail: "owner@corner.test",
    notifyNewOrders: true,
  });
});
afterAll(async () => {
  await shop?.services.orders.idle();
  await shop?.services.auth.idle();
  await shop?.close();
  await smtp?.close();
});

type Placed = { order: Order; guestToken: string; payment: unknown };
const placedOf = async (res: Response) => ((await res.json()) as { data: Placed }).data;
const orderLanguage = async (id: string) =>
  (await shop.db.kysely.selectFrom("orders").select("language").where("id", "=", id).executeTakeFirstOrThrow()).language;
const accountLanguage = async (email: string) =>
  (await shop.db.kysely.withTables<AuthTables>().selectFrom("users").select("language").where("email", "=", email).executeTakeFirstOrThrow()).language;
const mailTo = (to: string, subject: RegExp) => smtp.waitFor((m) => m.to.includes(to) && subject.test(m.subject), 10_000);
/** An amount as a German page writes it ("14,99 €", with its no-break space). */
const euros = (minor: number) => formatMoney(minor / 100, "EUR", "de-DE");
const pageContext = (): AppLoadContext => ({ services: shop.services, clientIp: "203.0.113.7", requestId: "test", user: null, cspNonce: () => "n" }) as never;

describe("an order placed in a language", () => {
  it("through POST /api/orders with language de records de and mails its confirmation in German, with /de links and de-DE money", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug, quantity: 2 }]);
    const res = await b.post(
      "/api/orders",
      checkoutBody({ contact: { name: "Grete Weber", email: "grete@example.com", phone: "+49 30 1234" }, language: "de" }),
    );
    expect(res.status).toBe(201);
    const { order } = await placedOf(res);
    expect(await orderLanguage(order.id)).toBe("de");

    const mail = await mailTo("grete@example.com", new RegExp(`Bestellung ${order.number}`));
    expect(mail.subject).toBe(`Deine Bestellung ${order.number} bei Corner Store`);
    expect(mail.text).toContain("Hallo Grete,");
    expect(mail.text).toContain("Wir haben deine Bestellung erhalten");
    expect(mail.text).toContain(`Zwischensumme: ${euros(2000)}`);
    expect(mail.text).toContain("Zahlung: Nachnahme");
    expect(mail.text).toContain("Vereinigte Staaten");
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain("Bestellung ansehen");
    const link = linksOf(mail).find((l) => l.includes("order-confirmation"))!;
    expect(link.startsWith(`http://shop.test/de/order-confirmation?order=${order.id}&token=`)).toBe(true);

    // The shop's own note of the order stays English, its money as the shop's locale writes it.
    const shopMail = await mailTo("owner@corner.test", new RegExp(`New order ${order.number}`));
    expect(shopMail.text).toContain(`Grete Weber placed order ${order.number} at Corner Store.`);
    expect(shopMail.text).toContain(`Subtotal: ${formatMoney(20, "EUR", "en-US")}`);
  });

  it("names its products as the shopper read them, in the order's language, while the shop's screens and mail keep the shop's names", async () => {
    await shop.db.kysely
      .insertInto("product_translations")
      .values({ product_id: ids.mug, language: "de", name: "Becher", description: null, specifications: null })
      .execute();
    shop.services.catalog.invalidate();
    try {
      const b = await browserWithCart(shop, [{ productId: ids.mug }]);
      const res = await b.post(
        "/api/orders",
        checkoutBody({ contact: { name: "Jonas Berg", email: "jonas@example.com", phone: "+49 30 5678" }, language: "de" }),
      );
      expect(res.status).toBe(201);
      const { order, guestToken } = await placedOf(res);
      expect(order.lines.map((l) => l.name)).toEqual(["Becher"]);
      const mail = await mailTo("jonas@example.com", new RegExp(`Bestellung ${order.number}`));
      expect(mail.text).toContain("Becher");
      // The customer's later reads say the same.
      const again = await b.get(`/api/orders/${order.id}?token=${guestToken}`);
      expect(((await again.json()) as { data: Order }).data.lines[0]!.name).toBe("Becher");
      // The shop's note and its order desk keep the catalogue's name.
      const shopMail = await mailTo("owner@corner.test", new RegExp(`New order ${order.number}`));
      expect(shopMail.text).toContain("Mug");
      expect(shopMail.text).not.toContain("Becher");
      expect((await shop.services.ordersAdmin.getOrder(order.id)).lines[0]!.name).toBe("Mug");
    } finally {
      await shop.db.kysely.deleteFrom("product_translations").where("product_id", "=", ids.mug).execute();
      shop.services.catalog.invalidate();
    }
  });

  it("through the /de/checkout page's action records de and mails in German", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug }]);
    const form = new URLSearchParams({
      intent: "place",
      idempotencyKey: "page-de",
      name: "Hans Müller",
      email: "hans@example.com",
      phone: "+49 30 5678",
      line1: "1 Harbour Street",
      city: "Arlington",
      region: "VA",
      postalCode: "22201",
      country: "US",
      shippingMethod: "inside-city",
      paymentMethod: "cod",
    });
    const request = new Request("http://shop.test/de/checkout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: b.jar.header() },
      body: form,
    });
    const answer = (await checkoutAction({ request, context: pageContext(), params: {} } as never)) as Response;
    expect(answer.status).toBe(302);
    const orderId = new URL(answer.headers.get("location")!, "http://shop.test").searchParams.get("order")!;
    expect(await orderLanguage(orderId)).toBe("de");

    const mail = await mailTo("hans@example.com", /Bestellung/);
    expect(mail.text).toContain("Hallo Hans,");
    const { total } = await shop.db.kysely.selectFrom("orders").select("total").where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(mail.text).toContain(`Gesamt: ${euros(total)}`);
    expect(linksOf(mail).some((l) => l.startsWith("http://shop.test/de/order-confirmation?order="))).toBe(true);
  });

  it("without language answers exactly as before, and the order and its mail are English", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug }]);
    const res = await b.post("/api/orders", checkoutBody({ contact: { name: "Grace Hopper", email: "grace.en@example.com", phone: "+1 555 0100" } }));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { success: boolean; data: Placed };
    expect(Object.keys(body)).toEqual(["success", "data"]);
    expect(Object.keys(body.data)).toEqual(["order", "guestToken", "payment"]);
    expect(Object.keys(body.data.order).sort()).toEqual(
      [
        "id",
        "number",
        "status",
        "createdAt",
        "updatedAt",
        "contact",
        "address",
        "shippingMethod",
        "paymentMethod",
        "paymentStatus",
        "paymentIntentId",
        "notes",
        "trackingNumber",
        "tracking",
        "messages",
        "lines",
        "totals",
        // Tax (with nothing set up: none, and no business buyer).
        "taxLines",
        "company",
        "vatNumber",
        "reverseCharge",
        "refunds",
        // Promotions and gift cards (none here).
        "discounts",
        "giftCards",
        "history",
        "allowedTransitions",
        "guest",
      ].sort(),
    );
    expect(await orderLanguage(body.data.order.id)).toBe("en");
    const mail = await mailTo("grace.en@example.com", /order/);
    expect(mail.subject).toBe(`Your Corner Store order ${body.data.order.number}`);
    expect(mail.text).toContain("Hello Grace,");
    expect(linksOf(mail).some((l) => l.startsWith("http://shop.test/order-confirmation?order="))).toBe(true);
  });

  it("refuses an unknown language with a 400 that names the field, and stores nothing", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug }]);
    const before = await orderRowCounts(shop.db);
    for (const language of ["xx", "DE", "", 7]) {
      const res = await b.post("/api/orders", checkoutBody({ language }));
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as { error: { code: string; fields?: Record<string, string> } };
      expect(error.code).toBe("invalid_input");
      expect(error.fields?.language).toBe("Unknown language: please use one of en, de, fr, es");
    }
    expect(await orderRowCounts(shop.db)).toEqual(before);
  });

  it("mails a later status change in the order's language", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug }]);
    const { order } = await placedOf(
      await b.post("/api/orders", checkoutBody({ contact: { name: "Élodie Martin", email: "elodie@example.com", phone: "+33 1 2345" }, language: "fr" })),
    );
    await mailTo("elodie@example.com", /commande/);
    await shop.services.orderMoves.transition(order.id, "processing", "shop");
    const moved = await mailTo("elodie@example.com", /En préparation/);
    expect(moved.subject).toBe(`Votre commande ${order.number} chez Corner Store : En préparation`);
    expect(moved.html).toContain("Nous préparons votre commande");
    expect(moved.text).toContain("Le statut de votre commande");
    expect(linksOf(moved).some((l) => l.startsWith("http://shop.test/fr/order-confirmation?order="))).toBe(true);
  });

  it("keeps a signed-in customer's order language as their account's", async () => {
    const lucia = await createAccount(shop, { email: "lucia@example.com", password: "a-long-password", name: "Lucía Gómez" });
    expect(await shop.services.users.getLanguage(lucia.id)).toBe("en");
    const b = await signedIn(shop, "lucia@example.com", "a-long-password");
    expect((await b.post("/api/cart/items", { productId: ids.mug })).status).toBe(201);
    const res = await b.post(
      "/api/orders",
      checkoutBody({ contact: { name: "Lucía Gómez", email: "lucia@example.com", phone: "+34 91 123" }, language: "es" }),
    );
    expect(res.status).toBe(201);
    expect(await shop.services.users.getLanguage(lucia.id)).toBe("es");

    // The account's next mail (a sign-in link) speaks Spanish.
    await browser(shop).post("/api/auth/sign-in/magic-link", { email: "lucia@example.com" });
    const link = await mailTo("lucia@example.com", /enlace/);
    expect(link.subject).toBe("Tu enlace de acceso a Corner Store");
    expect(link.text).toContain("Aquí tienes el enlace que has pedido.");
  });

  it("is the one the customer sets in their profile (better-auth's update-user takes one of the shop's)", async () => {
    await createAccount(shop, { email: "jonas@example.com", password: "a-long-password", name: "Jonas" });
    const b = await signedIn(shop, "jonas@example.com", "a-long-password");
    expect((await b.post("/api/auth/update-user", { language: "de" })).status).toBe(200);
    expect(await accountLanguage("jonas@example.com")).toBe("de");
    const bad = await b.post("/api/auth/update-user", { language: "klingon" });
    expect(bad.status).toBe(400);
    expect(await accountLanguage("jonas@example.com")).toBe("de");

    await browser(shop).post("/api/auth/request-password-reset", { email: "jonas@example.com", redirectTo: "/reset-password" });
    const reset = await mailTo("jonas@example.com", /Passwort/);
    expect(reset.subject).toBe("Setze dein Passwort für Corner Store zurück");
    const link = new URL(linksOf(reset).find((l) => l.includes("/api/auth/reset-password/"))!);
    expect(link.searchParams.get("callbackURL")).toBe("/de/reset-password");
  });
});

describe("an account's language", () => {
  it("is the page's at a registration from /fr: the confirmation mail is French and lands on the French page", async () => {
    const form = new URLSearchParams({ intent: "register", name: "Amélie Poulain", email: "amelie@example.com", password: "montmartre-cafe" });
    const request = new Request("http://shop.test/fr/register", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://shop.test", "x-forwarded-for": "203.0.113.40" },
      body: form,
    });
    const answer = (await registerAction({ request, context: pageContext(), params: {} } as never)) as { ok?: boolean; verify?: boolean };
    expect(answer).toMatchObject({ ok: true, verify: true });
    expect(await accountLanguage("amelie@example.com")).toBe("fr");

    const mail = await mailTo("amelie@example.com", /Confirmez/);
    expect(mail.subject).toBe("Confirmez votre adresse e-mail pour Corner Store");
    expect(mail.text).toContain("Bonjour Amélie,");
    expect(mail.html).toContain("Confirmer mon adresse e-mail");
    const link = new URL(linksOf(mail).find((l) => l.includes("/api/auth/verify-email"))!);
    expect(link.searchParams.get("callbackURL")).toMatch(/^\/fr\/verify-email/);
  });

  it("is the one a sign-up over the API names, and the page's Referer otherwise; an unknown one is refused", async () => {
    const es = await browser(shop).post("/api/auth/sign-up/email", { email: "pablo@example.com", password: "a-long-password", name: "Pablo", language: "es" });
    expect(es.status).toBe(200);
    expect(await es.json()).not.toHaveProperty("user.language");
    expect(await accountLanguage("pablo@example.com")).toBe("es");
    expect((await mailTo("pablo@example.com", /Confirma/)).subject).toBe("Confirma tu dirección de correo para Corner Store");

    const fromPage = await browser(shop).request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "content-type": "application/json", referer: "http://shop.test/de/register" },
      body: JSON.stringify({ email: "klara@example.com", password: "a-long-password", name: "Klara" }),
    });
    expect(fromPage.status).toBe(200);
    expect(await accountLanguage("klara@example.com")).toBe("de");
    expect((await mailTo("klara@example.com", /Bestätige/)).text).toContain("Hallo Klara,");

    const plain = await browser(shop).post("/api/auth/sign-up/email", { email: "plain@example.com", password: "a-long-password", name: "Plain" });
    expect(plain.status).toBe(200);
    expect(await accountLanguage("plain@example.com")).toBe("en");

    const bad = await browser(shop).post("/api/auth/sign-up/email", {
      email: "bad-language@example.com",
      password: "a-long-password",
      name: "Bad",
      language: "xx",
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("Unknown language: please use one of en, de, fr, es");
  });

  it("writes the reply to a contact message in the language it was sent in", async () => {
    const { _id } = await shop.services.messages.createMessage(
      { name: "Chloé Bernard", email: "chloe@example.com", subject: "Livraison", message: "Livrez-vous en Belgique ?" },
      "203.0.113.50",
      "fr",
    );
    const admin = await createAccount(shop, { email: "boss@example.com", password: "a-long-password", role: "admin" });
    const { mailed } = await shop.services.messages.reply({ id: admin.id, email: admin.email, requestId: null }, _id, { text: "Oui, bien sûr." });
    expect(mailed).toBe(true);
    const mail = await mailTo("chloe@example.com", /Livraison/);
    expect(mail.subject).toBe("Re : Livraison");
    expect(mail.text).toContain(`Vous avez écrit le ${new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: "UTC" }).format(new Date())} :`);
    expect(linksOf(mail)).toContain("http://shop.test/fr/contact-us");
  });
});
