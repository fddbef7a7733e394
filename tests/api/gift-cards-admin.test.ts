import { formatMoney } from "#common/money";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestBrowser, createAccount, signedIn } from "../support/auth-browser";
import { send } from "../support/shop-fixture";
import { type TestSmtpServer, linksOf, startSmtpServer } from "../support/smtp";
import { type TestShop, createTestShop } from "../support/test-shop";

// The gift cards admin API: a card issued with its code shown once and kept only as a hash, the
// recipient mailed the code in their language through the real SMTP test server, the list and a
// card's ledger, switching a card off and on (audited), refusals naming their field, and only
// staff with the orders permission.

let shop: TestShop;
let smtp: TestSmtpServer;
let admin: TestBrowser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  shop = await createTestShop({ SMTP_URL: smtp.url });
  await shop.services.content.saveSettings({
    ...(await shop.services.content.getSettings()),
    siteName: "Corner Store",
    currency: "USD",
    locale: "en-US",
    timeZone: "Europe/Berlin",
    currencies: [{ code: "EUR", rate: 0.9, rounding: "none", cashOnDelivery: true }],
    languages: [{ code: "en" }, { code: "de" }],
  });
  await createAccount(shop, { email: "owner@example.com", password: "owner-password-1", role: "admin" });
  admin = await signedIn(shop, "owner@example.com", "owner-password-1");
});
afterAll(async () => {
  await shop?.services.auth.idle();
  await shop?.services.mailer.idle();
  await shop?.close();
  await smtp?.close();
});

type Card = Record<string, unknown> & { id: string; last4: string; balance: number; status: string; code?: string };
type Ledger = Array<{ kind: string; amount: number; balanceAfter: number; orderId: string | null; actor: string | null }>;
type Failure = { error: { code: string; message: string; fields?: Record<string, string> } };

const api = (method: string, path: string, body?: unknown, as = admin) => send(as, method, `/api/admin${path}`, body);

async function issue(body: Record<string, unknown>): Promise<Card & { code: string }> {
  const res = await api("POST", "/gift-cards", body);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { data: Card & { code: string } }).data;
}

async function refused(method: string, path: string, body: unknown, status = 400): Promise<Failure["error"]> {
  const res = await api(method, path, body);
  expect(res.status, await res.clone().text()).toBe(status);
  return ((await res.json()) as Failure).error;
}

const getCard = async (id: string) => ((await (await api("GET", `/gift-cards/${id}`)).json()) as { data: Card & { ledger: Ledger } }).data;
const listCards = async () => ((await (await api("GET", "/gift-cards")).json()) as { data: Card[] }).data;

describe("issuing a gift card", () => {
  it("answers its whole code once, grouped in fours from the unambiguous alphabet, and never again", async () => {
    const card = await issue({ amount: 50 });
    expect(card.code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
    expect(card).toMatchObject({ balance: 50, initialAmount: 50, currency: "USD", status: "active", expiresAt: null, recipientEmail: null, note: null });
    expect(card.last4).toBe(card.code.slice(-4));

    const read = await getCard(card.id);
    expect(read).not.toHaveProperty("code");
    expect(JSON.stringify(read)).not.toContain(card.code.replace(/-/g, "").slice(0, 12));
    const listed = (await listCards()).find((c) => c.id === card.id)!;
    expect(listed).not.toHaveProperty("code");
    expect(listed).toMatchObject({ last4: card.last4, balance: 50, initialAmount: 50, currency: "USD", status: "active" });
  });

  it("keeps only the code's hash: the code is in no column of the cards, their ledger or the audit log", async () => {
    const card = await issue({ amount: 20, note: "Thank you" });
    const bare = card.code.replace(/-/g, "");
    const stored = JSON.stringify([
      await shop.db.kysely.selectFrom("gift_cards").selectAll().execute(),
      await shop.db.kysely.selectFrom("gift_card_ledger").selectAll().execute(),
      await shop.db.kysely.selectFrom("audit_log").selectAll().execute(),
    ]);
    expect(stored).not.toContain(bare);
    expect(stored).not.toContain(card.code);
    expect(stored).not.toContain(bare.toLowerCase());
    // A typed code, however spaced or cased, finds the card through its hash.
    const typed = ` ${card.code.toLowerCase().replace(/-/g, " ")} `;
    expect(await shop.services.giftCards.lookup(typed, "USD")).toEqual({ ok: true, card: { id: card.id, last4: card.last4, currency: "USD", balance: 2000 } });
  });

  it("mails the recipient the code, amount in the card's currency, last day and note, in the language chosen, with a link to the shop", async () => {
    const card = await issue({
      amount: 25.5,
      currency: "eur",
      expiresAt: "2099-12-31",
      recipientEmail: "Grete@Example.com",
      note: "Alles Gute!",
      language: "de",
    });
    expect(card).toMatchObject({ currency: "EUR", balance: 25.5, recipientEmail: "Grete@Example.com" });
    // The day is spendable through its end in the shop's time zone (Berlin, UTC+1 in winter).
    expect(card.expiresAt).toBe("2099-12-31T23:00:00.000Z");
    const mail = await smtp.waitFor((m) => m.to.some((to) => to.toLowerCase() === "grete@example.com"), 10_000);
    expect(mail.subject).toBe("Ein Gutschein von Corner Store für dich");
    expect(mail.text).toContain(`Gutscheincode: ${card.code}`);
    expect(mail.text).toContain(`Wert: ${formatMoney(25.5, "EUR", "de-DE")}`);
    expect(mail.text).toContain("Gültig bis: 31. Dezember 2099");
    expect(mail.text).toContain("Alles Gute!");
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain(card.code);
    expect(linksOf(mail)).toContain("http://shop.test/de");
  });

  it("mails in English when no language is chosen, saying the card never expires", async () => {
    const card = await issue({ amount: 10, recipientEmail: "sam@example.com" });
    const mail = await smtp.waitFor((m) => m.to.includes("sam@example.com"), 10_000);
    expect(mail.subject).toBe("A gift card from Corner Store for you");
    expect(mail.text).toContain(`Code: ${card.code}`);
    expect(mail.text).toContain("Value: $10.00");
    expect(mail.text).toContain("Valid until: No expiry date");
    expect(linksOf(mail)).toContain("http://shop.test/");
  });

  it("refuses bad input naming each field, and stores nothing", async () => {
    const before = (await listCards()).length;
    expect((await refused("POST", "/gift-cards", {})).fields).toMatchObject({ amount: "The amount must be a number" });
    expect((await refused("POST", "/gift-cards", { amount: 0 })).fields).toEqual({ amount: "The amount must be more than 0" });
    expect((await refused("POST", "/gift-cards", { amount: -5 })).fields).toMatchObject({ amount: "The amount cannot be negative" });
    expect((await refused("POST", "/gift-cards", { amount: 10.555 })).fields).toEqual({ amount: "The amount can have at most two decimals" });
    expect((await refused("POST", "/gift-cards", { amount: "ten" })).fields).toEqual({ amount: "The amount must be a number" });
    expect((await refused("POST", "/gift-cards", { amount: 10, recipientEmail: "not-an-address" })).fields).toEqual({
      recipientEmail: "Enter a valid e-mail address, or leave it empty",
    });
    expect((await refused("POST", "/gift-cards", { amount: 10, expiresAt: "soon" })).fields).toEqual({
      expiresAt: "The expiry must be a date such as 2027-12-31",
    });
    expect((await refused("POST", "/gift-cards", { amount: 10, expiresAt: "2020-01-01" })).fields).toEqual({ expiresAt: "The expiry must be in the future" });
    expect((await refused("POST", "/gift-cards", { amount: 10, currency: "GBP" })).fields).toEqual({
      currency: "The shop does not take GBP: choose one of USD, EUR",
    });
    expect((await refused("POST", "/gift-cards", { amount: 10, language: "fr" })).fields).toEqual({
      language: "The shop does not offer fr: choose one of en, de",
    });
    expect((await refused("POST", "/gift-cards", { amount: 10, note: "x".repeat(501) })).fields).toEqual({
      note: "The note is too long (500 characters at most)",
    });
    expect((await refused("POST", "/gift-cards", "not json")).code).toBe("invalid_input");
    expect((await listCards()).length).toBe(before);
    expect(await shop.db.kysely.selectFrom("gift_card_ledger").select("id").execute()).toHaveLength(
      (await shop.db.kysely.selectFrom("gift_cards").select("id").execute()).length,
    );
  });
});

describe("a card's life", () => {
  it("switches off and on, each a ledger row and an audit entry; the same state again changes nothing", async () => {
    const card = await issue({ amount: 30 });
    const off = await api("PATCH", `/gift-cards/${card.id}`, { active: false });
    expect(off.status, await off.clone().text()).toBe(200);
    expect(((await off.json()) as { data: Card }).data).toMatchObject({ status: "disabled", active: false, balance: 30 });
    expect(await shop.services.giftCards.lookup(card.code, "USD")).toMatchObject({ ok: false, refusal: { reason: "disabled" } });
    expect((await api("PATCH", `/gift-cards/${card.id}`, { active: false })).status).toBe(200);
    expect((await api("PATCH", `/gift-cards/${card.id}`, { active: true })).status).toBe(200);

    const read = await getCard(card.id);
    expect(read.status).toBe("active");
    expect(read.ledger).toMatchObject([
      { kind: "issue", amount: 30, balanceAfter: 30, orderId: null, actor: "owner@example.com" },
      { kind: "disable", amount: 0, balanceAfter: 30, actor: "owner@example.com" },
      { kind: "enable", amount: 0, balanceAfter: 30, actor: "owner@example.com" },
    ]);
    const audit = await shop.db.kysely.selectFrom("audit_log").select(["action"]).where("entity_id", "=", card.id).orderBy("at").execute();
    expect(audit.map((a) => a.action)).toEqual(["gift_card.issue", "gift_card.disable", "gift_card.enable"]);

    expect((await refused("PATCH", `/gift-cards/${card.id}`, { active: "no" })).fields).toEqual({ active: "active is true or false" });
    expect((await refused("PATCH", `/gift-cards/${card.id}`, {})).fields).toEqual({ active: "active is true or false" });
    expect((await api("PATCH", "/gift-cards/nope", { active: false })).status).toBe(404);
    expect((await api("GET", "/gift-cards/nope")).status).toBe(404);
  });

  it("the list says which cards are used up and which expired, newest first", async () => {
    const spent = await issue({ amount: 5 });
    expect(
      await shop.db.kysely.transaction().execute((trx) => shop.services.giftCards.redeem(trx, { cardId: spent.id, amount: 500, orderId: "order-1" })),
    ).toBe(true);
    const { card: old } = await shop.services.giftCards.issue(null, {
      amount: 700,
      currency: "USD",
      expiresAt: "2020-06-30T22:00:00.000Z",
      recipientEmail: null,
      note: null,
      sourceOrderId: null,
      actor: null,
    });
    const list = await listCards();
    expect(list[0]!.id).toBe(old.id);
    expect(list.find((c) => c.id === spent.id)).toMatchObject({ status: "used up", balance: 0, initialAmount: 5 });
    expect(list.find((c) => c.id === old.id)).toMatchObject({ status: "expired", balance: 7, expiresAt: "2020-06-30T22:00:00.000Z" });
  });

  it("is for staff with the orders permission", async () => {
    await createAccount(shop, { email: "catalogue@example.com", password: "staff-password-1", role: "staff", permissions: ["catalog", "customers"] });
    await createAccount(shop, { email: "desk@example.com", password: "staff-password-1", role: "staff", permissions: ["orders"] });
    const catalogue = await signedIn(shop, "catalogue@example.com", "staff-password-1");
    const desk = await signedIn(shop, "desk@example.com", "staff-password-1");
    const card = await issue({ amount: 15 });
    expect((await api("GET", "/gift-cards", undefined, catalogue)).status).toBe(403);
    expect((await api("POST", "/gift-cards", { amount: 10 }, catalogue)).status).toBe(403);
    expect((await api("GET", `/gift-cards/${card.id}`, undefined, catalogue)).status).toBe(403);
    expect((await api("PATCH", `/gift-cards/${card.id}`, { active: false }, catalogue)).status).toBe(403);
    expect((await getCard(card.id)).status).toBe("active");
    expect((await api("GET", "/gift-cards", undefined, desk)).status).toBe(200);
    expect((await api("POST", "/gift-cards", { amount: 10 }, desk)).status).toBe(201);
  });
});
