import { describe, expect, it } from "vitest";
import { adminTranslate } from "#tests/support/page-language";
import { momentText, periodText, refusalText, targetText, usesText } from "./promotion-words";

// A promotion in the admin's words, through the admin catalog (English).
const t = adminTranslate();
const money = (n: number) => `$${n.toFixed(2)}`;

describe("periodText", () => {
  it("says when it runs in the shop's time zone, not the server's", () => {
    const p = { startsAt: "2027-03-01T08:00:00.000Z", endsAt: "2027-04-01T07:00:00.000Z" };
    expect(periodText(p, "Europe/Berlin", t)).toBe("Mar 1, 2027, 9:00 AM – Apr 1, 2027, 9:00 AM");
    expect(periodText(p, "America/New_York", t)).toBe("Mar 1, 2027, 3:00 AM – Apr 1, 2027, 3:00 AM");
    expect(periodText({ startsAt: p.startsAt, endsAt: null }, "UTC", t)).toBe("From Mar 1, 2027, 8:00 AM");
    expect(periodText({ startsAt: null, endsAt: p.endsAt }, "UTC", t)).toBe("Until Apr 1, 2027, 7:00 AM");
    expect(periodText({ startsAt: null, endsAt: null }, "UTC", t)).toBe("No time limit");
  });
});

describe("usesText and targetText", () => {
  it("count uses against the limit, and name what it concerns", () => {
    expect(usesText({ uses: 3, usageLimit: 100 })).toBe("3 / 100");
    expect(usesText({ uses: 1200, usageLimit: null })).toBe("1,200");
    expect(targetText({ productIds: [], categorySlugs: [] }, t)).toBe("Whole order");
    expect(targetText({ productIds: ["a", "b"], categorySlugs: ["shoes"] }, t)).toBe("2 products, 1 category");
  });
});

describe("refusalText", () => {
  it("says why a cart gets nothing", () => {
    const cents = (n: number) => money(n / 100);
    expect(refusalText({ reason: "min_subtotal", missing: 1250 }, t, cents, "UTC")).toBe("The items are $12.50 short of its minimum subtotal.");
    expect(refusalText({ reason: "not_started", at: "2027-03-01T08:00:00.000Z" }, t, cents, "Europe/Berlin")).toBe(
      `It starts on ${momentText("2027-03-01T08:00:00.000Z", "Europe/Berlin")}.`,
    );
    expect(refusalText({ reason: "first_order_only" }, t, cents, "UTC")).toBe("It is for a customer’s first order only.");
    expect(refusalText({ reason: "no_eligible_items" }, t, cents, "UTC")).toMatch(/None of the items/);
  });
});
