import { describe, expect, it } from "vitest";
import { normalEmail, phoneDigits, waitText } from "./order-limits";

describe("order limit keys", () => {
  it("compare an e-mail address trimmed and lower-case", () => {
    expect(normalEmail("  Grace.Hopper@Example.COM ")).toBe("grace.hopper@example.com");
  });

  it("compare a phone number by its digits, however it is written", () => {
    for (const phone of ["+1 (555) 010-0142", "1 555 010 0142", "1.555.010.0142", "1/555/0100142"]) expect(phoneDigits(phone)).toBe("15550100142");
  });
});

describe("waitText", () => {
  it("says how long to wait, rounded up to the unit a shopper reads", () => {
    expect(waitText(1)).toBe("1 second");
    expect(waitText(45)).toBe("45 seconds");
    expect(waitText(60)).toBe("1 minute");
    expect(waitText(61)).toBe("2 minutes");
    expect(waitText(599)).toBe("10 minutes");
    expect(waitText(3600)).toBe("1 hour");
    expect(waitText(3601)).toBe("2 hours");
  });
});
