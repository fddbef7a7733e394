import { describe, expect, it } from "vitest";
import { DEFAULT_SAMPLE, exampleQuote, exampleRule, promotionBody } from "./promotion-form-values";

// The promotion form as it posts (what the service takes) and as the live example reads it (the
// checkout's own computation on a sample cart).

const form = (fields: Record<string, string | string[]>) => {
  const f = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) f.append(name, v);
  return f;
};

const base = { name: "Spring sale", code: "", kind: "percentage", value: "20", active: "on", combinable: "on" };

describe("promotionBody", () => {
  it("posts numbers as numbers, blanks as null, ticks as true, and times in the shop's time zone", () => {
    const body = promotionBody(
      form({
        ...base,
        code: " spring-20 ",
        minSubtotal: "50",
        usageLimit: "100",
        usageLimitPerCustomer: "",
        startsAt: "2027-03-01T09:00",
        endsAt: "",
        productIds: ["p1", "p2"],
        categorySlugs: ["shoes"],
      }),
      "Europe/Berlin",
    );
    expect(body).toEqual({
      name: "Spring sale",
      code: "spring-20",
      kind: "percentage",
      value: 20,
      buyQuantity: null,
      getQuantity: null,
      getPercent: null,
      productIds: ["p1", "p2"],
      categorySlugs: ["shoes"],
      minSubtotal: 50,
      startsAt: "2027-03-01T08:00:00.000Z",
      endsAt: null,
      usageLimit: 100,
      usageLimitPerCustomer: null,
      firstOrderOnly: false,
      combinable: true,
      active: true,
    });
  });

  it("leaves out the figures of the kinds not chosen, and hands text that is no number to the schema to refuse", () => {
    const buyGet = promotionBody(form({ ...base, kind: "buy_x_get_y", value: "20", buyQuantity: "2", getQuantity: "1", getPercent: "100" }), "UTC");
    expect(buyGet).toMatchObject({ value: null, buyQuantity: 2, getQuantity: 1, getPercent: 100 });
    const percent = promotionBody(form({ ...base, value: "twenty", buyQuantity: "2" }), "UTC");
    expect(percent).toMatchObject({ value: "twenty", buyQuantity: null });
    expect(exampleRule(percent, "x")).toEqual({ problem: "The value must be a number" });
  });
});

describe("the live example", () => {
  const quote = (fields: Record<string, string | string[]>, sample = DEFAULT_SAMPLE, uses = 0) => {
    const built = exampleRule(promotionBody(form({ ...base, ...fields }), "UTC"), "p1");
    if ("problem" in built) throw new Error(built.problem);
    return exampleQuote(built.rule, sample, { uses, now: new Date("2027-03-10T12:00:00Z") });
  };

  it("takes the promotion off the default sample cart: 2 × $40 + 1 × $15, $5 shipping", () => {
    const r = quote({});
    expect(r.subtotal).toBe(9500);
    expect(r.shipping).toBe(500);
    expect(r.quote.applied[0]!.amount).toBe(1900);
    expect(quote({ kind: "fixed_amount", value: "5" }).quote.applied[0]!.amount).toBe(500);
    expect(quote({ kind: "free_shipping", value: "" }).quote.shippingDiscount).toBe(500);
    // Buy 2 get 1: of the three units, the cheapest ($15) is free.
    expect(quote({ kind: "buy_x_get_y", buyQuantity: "2", getQuantity: "1" }).quote.itemsDiscount).toBe(1500);
  });

  it("says why the cart gets nothing", () => {
    expect(quote({ minSubtotal: "120" }).quote.refused[0]!.refusal).toEqual({ reason: "min_subtotal", missing: 2500 });
    expect(quote({ firstOrderOnly: "on" }, { ...DEFAULT_SAMPLE, firstOrder: false }).quote.refused[0]!.refusal).toEqual({ reason: "first_order_only" });
    expect(quote({ startsAt: "2027-04-01T00:00" }).quote.refused[0]!.refusal.reason).toBe("not_started");
    expect(quote({ usageLimit: "10" }, DEFAULT_SAMPLE, 10).quote.refused[0]!.refusal).toEqual({ reason: "used_up" });
    expect(quote({ active: "" }).quote.refused[0]!.refusal).toEqual({ reason: "inactive" });
  });

  it("discounts only the sample's items marked as the promotion's products or categories", () => {
    const sample = { ...DEFAULT_SAMPLE, lines: [DEFAULT_SAMPLE.lines[0]!, { ...DEFAULT_SAMPLE.lines[1]!, covered: false }] };
    const r = quote({ productIds: ["shirt"] }, sample);
    expect([...r.quote.applied[0]!.lines]).toEqual([["line-0", 1600]]);
    const none = quote({ categorySlugs: ["shoes"] }, { ...sample, lines: sample.lines.map((l) => ({ ...l, covered: false })) });
    expect(none.quote.refused[0]!.refusal).toEqual({ reason: "no_eligible_items" });
  });

  it("does not wait for a name or a finished code, but names the first figure to fix", () => {
    expect("rule" in exampleRule(promotionBody(form({ ...base, name: "", code: "a" }), "UTC"), "x")).toBe(true);
    expect(exampleRule(promotionBody(form({ ...base, value: "" }), "UTC"), "x")).toEqual({ problem: "Give the percentage off, such as 20" });
  });
});
