import { describe, expect, it } from "vitest";
import { normalEmail, phoneDigits } from "./order-limits";

describe("order limit keys", () => {
  it("compare an e-mail address trimmed and lower-case", () => {
    expect(normalEmail("  Grace.Hopper@Example.COM ")).toBe("grace.hopper@example.com");
  });

  it("compare a phone number by its digits, however it is written", () => {
    for (const phone of ["+1 (555) 010-0142", "1 555 010 0142", "1.555.010.0142", "1/555/0100142"]) expect(phoneDigits(phone)).toBe("15550100142");
  });
});
