import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppError } from "#common/errors";
import type { IssueInput } from "#modules/giftcards";
import { type TestShop, createTestShop } from "../support/test-shop";

// What the checkout calls in an order's transaction (services.giftCards): looking a typed code up,
// spending part of a balance so that two orders never spend the same money, giving an order's
// spending back on cancel or refund, and issuing a card an order bought. Service level, on both
// databases; the orders themselves are the checkout's (ids here stand for them).

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
  await shop.services.content.saveSettings({
    ...(await shop.services.content.getSettings()),
    siteName: "Corner Store",
    currency: "USD",
    currencies: [{ code: "EUR", rate: 0.9, rounding: "none", cashOnDelivery: true }],
  });
});
afterAll(async () => {
  await shop?.services.mailer.idle();
  await shop?.close();
});

const cards = () => shop.services.giftCards;
const k = () => shop.db.kysely;
let orders = 0;
const nextOrder = () => `order-${(orders += 1)}`;

/** A fresh card of `amount` minor units, and its code. */
async function card(amount: number, over: Partial<IssueInput> = {}) {
  const { card, code } = await cards().issue(null, {
    amount,
    currency: "USD",
    expiresAt: null,
    recipientEmail: null,
    note: null,
    sourceOrderId: null,
    actor: null,
    ...over,
  });
  return { id: card.id, code, last4: card.last4 };
}

const balanceOf = async (id: string) => (await k().selectFrom("gift_cards").select("balance").where("id", "=", id).executeTakeFirstOrThrow()).balance;
const ledgerOf = async (id: string) =>
  (await k().selectFrom("gift_card_ledger").select(["kind", "amount", "order_id", "balance_after"]).where("card_id", "=", id).execute()).sort(
    (a, b) => ["issue", "redeem", "refund"].indexOf(a.kind) - ["issue", "redeem", "refund"].indexOf(b.kind),
  );
const redeem = (cardId: string, amount: number, orderId = nextOrder(), at?: Date) =>
  k()
    .transaction()
    .execute((trx) => cards().redeem(trx, { cardId, amount, orderId, at }));

describe("looking a code up", () => {
  it("finds a spendable card however the code is typed, with its balance in minor units", async () => {
    const c = await card(5000);
    expect(await cards().lookup(c.code.toLowerCase().replace(/-/g, " "), "usd")).toEqual({
      ok: true,
      card: { id: c.id, last4: c.last4, currency: "USD", balance: 5000 },
    });
  });

  it("says why a code cannot pay, in words the shopper's catalogs hold", async () => {
    expect(await cards().lookup("AAAA-BBBB-CCCC-DDDD", "USD")).toEqual({ ok: false, refusal: { reason: "unknown", message: "cart.giftCard.unknown" } });
    expect(await cards().lookup("short", "USD")).toMatchObject({ ok: false, refusal: { reason: "unknown" } });
    expect(await cards().lookup("", "USD")).toMatchObject({ ok: false, refusal: { reason: "unknown" } });

    const euro = await card(1000, { currency: "EUR" });
    expect(await cards().lookup(euro.code, "USD")).toEqual({
      ok: false,
      refusal: { reason: "other_currency", message: "cart.giftCard.otherCurrency", currency: "EUR" },
    });

    const off = await card(1000);
    await cards().update({ id: "staff", email: "staff@example.com", requestId: null }, off.id, { active: false });
    expect(await cards().lookup(off.code, "USD")).toMatchObject({ ok: false, refusal: { reason: "disabled", message: "cart.giftCard.disabled" } });

    const lapsing = await card(1000, { expiresAt: "2031-01-01T00:00:00.000Z" });
    expect(await cards().lookup(lapsing.code, "USD", new Date("2030-12-31T23:59:59Z"))).toMatchObject({ ok: true });
    expect(await cards().lookup(lapsing.code, "USD", new Date("2031-01-01T00:00:00Z"))).toMatchObject({
      ok: false,
      refusal: { reason: "expired", message: "cart.giftCard.expired" },
    });

    const spent = await card(300);
    expect(await redeem(spent.id, 300)).toBe(true);
    expect(await cards().lookup(spent.code, "USD")).toMatchObject({ ok: false, refusal: { reason: "used_up", message: "cart.giftCard.usedUp" } });
  });
});

describe("spending a balance", () => {
  it("takes part of the balance for an order, as a ledger row with the order and the balance after", async () => {
    const c = await card(5000);
    expect(await redeem(c.id, 1250, "order-a")).toBe(true);
    expect(await balanceOf(c.id)).toBe(3750);
    expect(await ledgerOf(c.id)).toEqual([
      { kind: "issue", amount: 5000, order_id: null, balance_after: 5000 },
      { kind: "redeem", amount: -1250, order_id: "order-a", balance_after: 3750 },
    ]);
  });

  it("takes nothing when the balance is short, the card is off or it has expired", async () => {
    const c = await card(1000);
    expect(await redeem(c.id, 1001)).toBe(false);
    expect(await redeem(c.id, 500, nextOrder(), new Date("2999-01-01T00:00:00Z"))).toBe(true);
    const lapsing = await card(1000, { expiresAt: "2031-01-01T00:00:00.000Z" });
    expect(await redeem(lapsing.id, 100, nextOrder(), new Date("2031-01-01T00:00:01Z"))).toBe(false);
    await cards().update({ id: "staff", email: "staff@example.com", requestId: null }, c.id, { active: false });
    expect(await redeem(c.id, 100)).toBe(false);
    expect(await balanceOf(c.id)).toBe(500);
    expect(await balanceOf(lapsing.id)).toBe(1000);
    await expect(redeem(lapsing.id, 0)).rejects.toMatchObject({ code: "invalid_input" } satisfies Partial<AppError>);
    await expect(redeem(lapsing.id, 1.5)).rejects.toMatchObject({ code: "invalid_input" });
  });

  it("moves with the order's transaction: an order that fails after spending leaves the balance as it was", async () => {
    const c = await card(2000);
    await expect(
      k()
        .transaction()
        .execute(async (trx) => {
          expect(await cards().redeem(trx, { cardId: c.id, amount: 2000, orderId: "order-failed" })).toBe(true);
          throw new Error("the order's stock ran out");
        }),
    ).rejects.toThrow("stock ran out");
    expect(await balanceOf(c.id)).toBe(2000);
    expect((await ledgerOf(c.id)).map((r) => r.kind)).toEqual(["issue"]);
  });

  it("of two orders spending the same balance at once, only one gets it", async () => {
    const c = await card(4000);
    const both = await Promise.all([redeem(c.id, 4000, "order-left"), redeem(c.id, 4000, "order-right")]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(await balanceOf(c.id)).toBe(0);
    expect((await ledgerOf(c.id)).filter((r) => r.kind === "redeem")).toHaveLength(1);
  });

  it("of ten orders taking 30.00 each from 100.00 at once, three get it and 10.00 is left", async () => {
    const c = await card(10_000);
    const taken = await Promise.all(Array.from({ length: 10 }, () => redeem(c.id, 3000)));
    expect(taken.filter(Boolean)).toHaveLength(3);
    expect(await balanceOf(c.id)).toBe(1000);
    const rows = (await ledgerOf(c.id)).filter((r) => r.kind === "redeem");
    expect(rows.map((r) => r.balance_after).sort((a, b) => a - b)).toEqual([1000, 4000, 7000]);
  });
});

describe("giving an order's spending back", () => {
  it("returns a refund's amount to the card that stays spendable longest first, then the rest on cancel, and nothing twice", async () => {
    const lasting = await card(3000);
    const lapsing = await card(2000, { expiresAt: "2099-01-01T00:00:00.000Z" });
    const order = nextOrder();
    await k()
      .transaction()
      .execute(async (trx) => {
        expect(await cards().redeem(trx, { cardId: lapsing.id, amount: 1500, orderId: order })).toBe(true);
        expect(await cards().redeem(trx, { cardId: lasting.id, amount: 3000, orderId: order })).toBe(true);
      });
    expect(await cards().listForOrder(order)).toEqual(
      expect.arrayContaining([
        { cardId: lasting.id, last4: lasting.last4, currency: "USD", spent: 3000, returned: 0 },
        { cardId: lapsing.id, last4: lapsing.last4, currency: "USD", spent: 1500, returned: 0 },
      ]),
    );

    const refund = await k()
      .transaction()
      .execute((trx) => cards().giveBack(trx, { orderId: order, amount: 3500 }));
    expect(refund).toEqual([
      { cardId: lasting.id, amount: 3000 },
      { cardId: lapsing.id, amount: 500 },
    ]);
    expect(await balanceOf(lasting.id)).toBe(3000);
    expect(await balanceOf(lapsing.id)).toBe(1000);

    const cancel = await k()
      .transaction()
      .execute((trx) => cards().giveBack(trx, { orderId: order }));
    expect(cancel).toEqual([{ cardId: lapsing.id, amount: 1000 }]);
    expect(await balanceOf(lapsing.id)).toBe(2000);
    expect(
      await k()
        .transaction()
        .execute((trx) => cards().giveBack(trx, { orderId: order })),
    ).toEqual([]);
    expect(await ledgerOf(lapsing.id)).toEqual([
      { kind: "issue", amount: 2000, order_id: null, balance_after: 2000 },
      { kind: "redeem", amount: -1500, order_id: order, balance_after: 500 },
      { kind: "refund", amount: 500, order_id: order, balance_after: 1000 },
      { kind: "refund", amount: 1000, order_id: order, balance_after: 2000 },
    ]);
    expect((await cards().listForOrder(order)).find((m) => m.cardId === lapsing.id)).toMatchObject({ spent: 1500, returned: 1500 });
  });

  it("gives back to one card when told which, and to a card since switched off", async () => {
    const a = await card(1000);
    const b = await card(1000);
    const order = nextOrder();
    await k()
      .transaction()
      .execute(async (trx) => {
        await cards().redeem(trx, { cardId: a.id, amount: 400, orderId: order });
        await cards().redeem(trx, { cardId: b.id, amount: 600, orderId: order });
      });
    await cards().update({ id: "staff", email: "staff@example.com", requestId: null }, a.id, { active: false });
    expect(
      await k()
        .transaction()
        .execute((trx) => cards().giveBack(trx, { orderId: order, cardId: a.id })),
    ).toEqual([{ cardId: a.id, amount: 400 }]);
    expect(await balanceOf(a.id)).toBe(1000);
    expect(await balanceOf(b.id)).toBe(400);
    expect(
      await k()
        .transaction()
        .execute((trx) => cards().giveBack(trx, { orderId: "never-paid-with-a-card" })),
    ).toEqual([]);
  });

  it("two give-backs of one order at once return its spending once", async () => {
    const c = await card(5000);
    const order = nextOrder();
    expect(await redeem(c.id, 5000, order)).toBe(true);
    const both = await Promise.all([
      k()
        .transaction()
        .execute((trx) => cards().giveBack(trx, { orderId: order })),
      k()
        .transaction()
        .execute((trx) => cards().giveBack(trx, { orderId: order })),
    ]);
    expect(both.flat()).toEqual([{ cardId: c.id, amount: 5000 }]);
    expect(await balanceOf(c.id)).toBe(5000);
  });
});

describe("a card an order bought", () => {
  it("is issued in the order's transaction with its source order, and its mail goes only if the order commits", async () => {
    const order = nextOrder();
    const settings = await shop.services.content.getSettings();
    const issued = await k()
      .transaction()
      .execute((trx) =>
        cards().issue(trx, {
          amount: 2500,
          currency: "EUR",
          expiresAt: null,
          recipientEmail: "friend@example.com",
          recipientName: "Robin Friend",
          fromName: "Alex",
          note: "Happy birthday!",
          language: "fr",
          sourceOrderId: order,
          actor: null,
          settings,
        }),
      );
    expect(issued.card).toMatchObject({ sourceOrderId: order, currency: "EUR", balance: 25, status: "active" });
    expect(await ledgerOf(issued.card.id)).toEqual([{ kind: "issue", amount: 2500, order_id: order, balance_after: 2500 }]);
    await shop.services.mailer.idle();
    const mail = shop.services.mailer.outbox.find((m) => m.to === "friend@example.com")!;
    expect(mail.subject).toBe("Alex vous offre une carte cadeau Corner Store");
    expect(mail.text).toContain("Bonjour Robin,");
    expect(mail.text).toContain(issued.code);
    expect(mail.text).toContain("Happy birthday!");
    expect(mail.text).toContain("http://shop.test/fr");

    await expect(
      k()
        .transaction()
        .execute(async (trx) => {
          await cards().issue(trx, { ...baseIssue, recipientEmail: "nobody@example.com", sourceOrderId: "order-rolled-back", settings });
          throw new Error("payment failed");
        }),
    ).rejects.toThrow("payment failed");
    expect(await k().selectFrom("gift_cards").select("id").where("source_order_id", "=", "order-rolled-back").execute()).toEqual([]);
    await shop.services.mailer.idle();
    expect(shop.services.mailer.outbox.some((m) => m.to === "nobody@example.com")).toBe(false);
  });

  it("refuses an amount that is no whole number of minor units, or a currency the shop does not take", async () => {
    await expect(cards().issue(null, { ...baseIssue, amount: 0 })).rejects.toMatchObject({ code: "invalid_input" });
    await expect(cards().issue(null, { ...baseIssue, amount: 10.5 })).rejects.toMatchObject({ code: "invalid_input" });
    await expect(cards().issue(null, { ...baseIssue, currency: "GBP" })).rejects.toMatchObject({ code: "invalid_input" });
  });
});

const baseIssue: IssueInput = { amount: 1000, currency: "USD", expiresAt: null, recipientEmail: null, note: null, sourceOrderId: null, actor: null };
