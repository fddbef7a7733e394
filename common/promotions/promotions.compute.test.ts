import { describe, expect, it } from "vitest";
import {
  type PromotionCart,
  type PromotionContext,
  type PromotionLine,
  type PromotionRule,
  automaticPromotionsFor,
  normaliseCode,
  quotePromotions,
} from "./promotions.compute";

// Money in cents. A shirt at 40.00 × 2 (clothing), a mug at 10.00 (kitchen), shipping 5.00.

const NOW = new Date("2027-03-10T12:00:00Z");

function rule(id: string, change: Partial<PromotionRule>): PromotionRule {
  return {
    id,
    name: id,
    code: null,
    kind: "percentage",
    value: 10,
    buyQuantity: null,
    getQuantity: null,
    getPercent: null,
    productIds: [],
    categorySlugs: [],
    minSubtotal: null,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    usageLimitPerCustomer: null,
    firstOrderOnly: false,
    combinable: true,
    active: true,
    ...change,
  };
}

const shirt: PromotionLine = { key: "shirt", productId: "p-shirt", categorySlugs: ["fashion", "shirts"], unitPrice: 4000, quantity: 2 };
const mug: PromotionLine = { key: "mug", productId: "p-mug", categorySlugs: ["home", "mugs"], unitPrice: 1000, quantity: 1 };
const cart = (codes: string[] = [], lines: PromotionLine[] = [shirt, mug], shipping = 500): PromotionCart => ({ lines, shipping, codes });
const ctx = (change: Partial<PromotionContext> = {}): PromotionContext => ({
  now: NOW,
  uses: new Map(),
  customerUses: new Map(),
  firstOrder: true,
  convert: (n) => n,
  ...change,
});

describe("what a promotion takes off", () => {
  it("a percentage off the whole order is taken once on the sum and shared over the lines", () => {
    const q = quotePromotions([rule("ten", { value: 10 })], cart(), ctx());
    expect(q.itemsDiscount).toBe(900);
    expect(Object.fromEntries(q.lineDiscounts)).toEqual({ shirt: 800, mug: 100 });
    expect(q.applied).toMatchObject([{ promotionId: "ten", amount: 900, shipping: 0 }]);
  });

  it("a promotion of chosen products or categories leaves the other lines alone", () => {
    const byCategory = quotePromotions([rule("mugs", { value: 50, categorySlugs: ["mugs"] })], cart(), ctx());
    expect(Object.fromEntries(byCategory.lineDiscounts)).toEqual({ mug: 500 });
    const byProduct = quotePromotions([rule("shirt", { kind: "fixed_amount", value: 1500, productIds: ["p-shirt"] })], cart(), ctx());
    expect(Object.fromEntries(byProduct.lineDiscounts)).toEqual({ shirt: 1500 });
  });

  it("a fixed amount never takes more than the lines it concerns, and is converted to the shopper's currency", () => {
    const q = quotePromotions([rule("big", { kind: "fixed_amount", value: 5000, productIds: ["p-mug"] })], cart(), ctx());
    expect(q.itemsDiscount).toBe(1000);
    const eur = quotePromotions([rule("five", { kind: "fixed_amount", value: 500 })], cart(), ctx({ convert: (n) => Math.round(n * 0.92) }));
    expect(eur.itemsDiscount).toBe(460);
  });

  it("free shipping takes the shipping, and nothing off the lines", () => {
    const q = quotePromotions([rule("ship", { kind: "free_shipping" })], cart(), ctx());
    expect(q).toMatchObject({ itemsDiscount: 0, shippingDiscount: 500 });
  });

  it("buy 2 get the cheapest third free: in each group of three units, dearest first, the last is free", () => {
    const tees: PromotionLine[] = [
      { key: "a", productId: "a", categorySlugs: ["tees"], unitPrice: 3000, quantity: 2 },
      { key: "b", productId: "b", categorySlugs: ["tees"], unitPrice: 2000, quantity: 2 },
      { key: "c", productId: "c", categorySlugs: ["tees"], unitPrice: 1000, quantity: 2 },
    ];
    const q = quotePromotions([rule("b2g1", { kind: "buy_x_get_y", buyQuantity: 2, getQuantity: 1, getPercent: 100 })], cart([], tees), ctx());
    // Units 30 30 20 | 20 10 10: the third of each group, 20.00 and 10.00, free.
    expect(Object.fromEntries(q.lineDiscounts)).toEqual({ b: 2000, c: 1000 });
    const half = quotePromotions([rule("b2g1", { kind: "buy_x_get_y", buyQuantity: 2, getQuantity: 1, getPercent: 50 })], cart([], tees), ctx());
    expect(half.itemsDiscount).toBe(1500);
    // Two units are no group of three.
    expect(quotePromotions([rule("b2g1", { kind: "buy_x_get_y", buyQuantity: 2, getQuantity: 1 })], cart([], [tees[0]!]), ctx()).applied).toEqual([]);
  });

  it("combined promotions take off one after the other from what is left, never below zero", () => {
    const q = quotePromotions(
      [rule("half", { value: 50 }), rule("off", { kind: "fixed_amount", value: 10_000 }), rule("ship", { kind: "free_shipping" })],
      cart(),
      ctx(),
    );
    // 90.00 − 45.00 = 45.00 left, the fixed 100.00 takes the 45.00; the shipping goes too.
    expect(q.applied.map((p) => [p.promotionId, p.amount])).toEqual([
      ["half", 4500],
      ["off", 4500],
      ["ship", 500],
    ]);
    expect(q.itemsDiscount).toBe(9000);
  });
});

describe("when a promotion applies", () => {
  it("a code applies only when typed, whatever its case and spacing", () => {
    const spring = rule("spring", { code: "SPRING20", value: 20 });
    expect(quotePromotions([spring], cart(), ctx()).applied).toEqual([]);
    expect(quotePromotions([spring], cart([" spring 20 "]), ctx()).itemsDiscount).toBe(1800);
    expect(normaliseCode(" spring 20 ")).toBe("SPRING20");
  });

  it("a typed code that gives nothing says why", () => {
    const reasons = (rules: PromotionRule[], c: PromotionCart, x = ctx()) => quotePromotions(rules, c, x).refused.map((r) => r.refusal);
    expect(reasons([], cart(["NOPE"]))).toEqual([{ reason: "unknown" }]);
    expect(reasons([rule("r", { code: "X", endsAt: "2027-03-03T00:00:00Z" })], cart(["x"]))).toEqual([{ reason: "expired", at: "2027-03-03T00:00:00Z" }]);
    expect(reasons([rule("r", { code: "X", startsAt: "2027-04-01T00:00:00Z" })], cart(["x"]))).toEqual([{ reason: "not_started", at: "2027-04-01T00:00:00Z" }]);
    expect(reasons([rule("r", { code: "X", active: false })], cart(["x"]))).toEqual([{ reason: "inactive" }]);
    expect(reasons([rule("r", { code: "X", usageLimit: 10 })], cart(["x"]), ctx({ uses: new Map([["r", 10]]) }))).toEqual([{ reason: "used_up" }]);
    expect(reasons([rule("r", { code: "X", usageLimitPerCustomer: 1 })], cart(["x"]), ctx({ customerUses: new Map([["r", 1]]) }))).toEqual([
      { reason: "used_by_customer" },
    ]);
    expect(reasons([rule("r", { code: "X", firstOrderOnly: true })], cart(["x"]), ctx({ firstOrder: false }))).toEqual([{ reason: "first_order_only" }]);
    expect(reasons([rule("r", { code: "X", categorySlugs: ["toys"] })], cart(["x"]))).toEqual([{ reason: "no_eligible_items" }]);
    // 90.00 of a 102.00 minimum: 12.00 more, in the shopper's currency.
    expect(reasons([rule("r", { code: "X", minSubtotal: 10_200 })], cart(["x"]))).toEqual([{ reason: "min_subtotal", missing: 1200 }]);
  });

  it("the end of a promotion is the first instant it no longer applies", () => {
    const ends = rule("r", { code: "X", endsAt: NOW.toISOString() });
    expect(quotePromotions([ends], cart(["x"]), ctx()).applied).toEqual([]);
    const starts = rule("r", { code: "X", startsAt: NOW.toISOString() });
    expect(quotePromotions([starts], cart(["x"]), ctx()).itemsDiscount).toBe(900);
  });

  it("of promotions that do not combine, the shopper gets the best, and a typed code left out names the one that gives more", () => {
    const auto = rule("auto", { name: "Spring sale", value: 10, combinable: false });
    const code = rule("code", { code: "BIG", value: 30, combinable: false });
    const q = quotePromotions([auto, code], cart(["big"]), ctx());
    expect(q.applied.map((p) => p.promotionId)).toEqual(["code"]);
    const weak = rule("weak", { code: "WEAK", value: 5, combinable: false });
    const q2 = quotePromotions([auto, weak], cart(["weak"]), ctx());
    expect(q2.applied.map((p) => p.promotionId)).toEqual(["auto"]);
    expect(q2.refused).toEqual([{ code: "WEAK", refusal: { reason: "not_combinable", with: "Spring sale" } }]);
  });

  it("combinable promotions stack, unless one that does not combine gives more on its own", () => {
    const a = rule("a", { value: 10 });
    const b = rule("b", { kind: "free_shipping" });
    const alone = rule("alone", { value: 15, combinable: false });
    // 9.00 + 5.00 together beat 13.50 alone.
    expect(quotePromotions([a, b, alone], cart(), ctx()).applied.map((p) => p.promotionId)).toEqual(["a", "b"]);
    const bigger = rule("alone", { value: 20, combinable: false });
    expect(quotePromotions([a, b, bigger], cart(), ctx()).applied.map((p) => p.promotionId)).toEqual(["alone"]);
  });

  it("the lines' discounts add up to each promotion's amount, over many small lines", () => {
    const lines = Array.from({ length: 30 }, (_, i) => ({ key: `l${i}`, productId: `p${i}`, categorySlugs: [], unitPrice: 333, quantity: 1 }));
    const q = quotePromotions([rule("p", { value: 7 }), rule("f", { kind: "fixed_amount", value: 101 })], cart([], lines), ctx());
    for (const p of q.applied) expect([...p.lines.values()].reduce((a, b) => a + b, 0) + p.shipping).toBe(p.amount);
    // 7 % of 99.90 = 6.993 → 6.99; then 1.01.
    expect(q.applied.map((p) => p.amount)).toEqual([699, 101]);
    expect([...q.lineDiscounts.values()].reduce((a, b) => a + b, 0)).toBe(800);
  });
});

describe("the automatic promotions a product page names", () => {
  const shirt = { productId: "shirt", categorySlugs: ["clothing", "shirts"] };
  it("are the running automatic ones that concern the product or the whole order, never a code", () => {
    const promotions = [
      rule("whole-order", {}),
      rule("shirts", { categorySlugs: ["shirts"] }),
      rule("this-shirt", { productIds: ["shirt"] }),
      rule("kitchen", { categorySlugs: ["kitchen"] }),
      rule("a-code", { code: "SECRET" }),
      rule("switched-off", { active: false }),
      rule("not-yet", { startsAt: "2027-03-11T00:00:00Z" }),
      rule("ended", { endsAt: "2027-03-10T12:00:00Z" }),
      rule("used-up", { usageLimit: 3 }),
    ];
    const names = automaticPromotionsFor(promotions, shirt, new Map([["used-up", 3]]), NOW).map((r) => r.id);
    expect(names).toEqual(["whole-order", "shirts", "this-shirt"]);
  });
});
