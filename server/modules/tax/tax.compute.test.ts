import { describe, expect, it } from "vitest";
import { taxSettingsSchema } from "#common/tax/tax.schema";
import { allocate } from "#common/money";
import { quoteTax, receiptOf, refundTax } from "./tax.compute";

const us = {
  country: "US",
  taxes: taxSettingsSchema.parse({
    region: "NY",
    regions: [
      { country: "US", region: "NY", name: "Sales tax", rates: { standard: 8.875, reduced: 4, zero: 0 } },
      { country: "US", region: "Oregon", rates: { standard: 0 } },
      { country: "US", rates: { standard: 6 } },
    ],
  }),
};
const eu = {
  country: "DE",
  taxes: taxSettingsSchema.parse({
    pricesIncludeTax: true,
    shippingTaxed: true,
    regions: [
      { country: "DE", name: "VAT", rates: { standard: 19, reduced: 7 } },
      { country: "FR", name: "VAT", rates: { standard: 20, reduced: 5.5 } },
    ],
  }),
};

describe("the tax of a cart or order", () => {
  it("adds tax per rate where prices exclude it, from the state's rate, else the country's, else none", () => {
    const lines = [
      { key: "a", taxClass: null, amount: 10_000 },
      { key: "b", taxClass: "reduced", amount: 2_550 },
    ];
    const ny = quoteTax({ lines, shipping: 500, address: { country: "US", region: "New York" } }, us);
    expect(ny.taxLines).toEqual([
      { label: "Sales tax 8.875%", name: "Sales tax", rate: 8.875, base: 10_000, amount: 888, reverseCharge: false },
      { label: "Sales tax 4%", name: "Sales tax", rate: 4, base: 2_550, amount: 102, reverseCharge: false },
    ]);
    expect(ny.taxTotal).toBe(990);
    expect(ny.added).toBe(990);
    // Shipping untaxed by default; Texas falls back to the country's row (no reduced rate there: 0 %); Oregon has its own 0 %.
    expect(quoteTax({ lines, shipping: 500, address: { country: "US", region: "TX" } }, us).taxTotal).toBe(600);
    expect(quoteTax({ lines, shipping: 500, address: { country: "US", region: "OR" } }, us).taxTotal).toBe(0);
    const canada = quoteTax({ lines, shipping: 500, address: { country: "CA", region: "QC" } }, us);
    expect(canada).toMatchObject({ taxTotal: 0, taxLines: [], region: null });
  });

  it("leaves a gift card sold (a voucher) out of the tax, whether prices include tax or not", () => {
    const lines = [
      { key: "shirt", taxClass: null, amount: 10_000 },
      { key: "card", taxClass: null, amount: 5_000, voucher: true },
    ];
    const ny = quoteTax({ lines, shipping: 0, address: { country: "US", region: "NY" } }, us);
    expect(ny.taxTotal).toBe(888);
    expect(ny.lines.map((l) => l.key)).toEqual(["shirt"]);
    expect(ny.taxLines).toEqual([{ label: "Sales tax 8.875%", name: "Sales tax", rate: 8.875, base: 10_000, amount: 888, reverseCharge: false }]);
    const de = quoteTax({ lines, shipping: 0, address: { country: "DE" } }, eu);
    expect(de.taxTotal).toBe(1_597);
    expect(de.lines.map((l) => l.key)).toEqual(["shirt"]);
  });

  it("reckons in the shop's own region before an address is known", () => {
    const quote = quoteTax({ lines: [{ key: "a", taxClass: "standard", amount: 1_000 }], shipping: 0, address: null }, us);
    expect(quote.region).toEqual({ country: "US", region: "NY" });
    expect(quote.taxTotal).toBe(89);
  });

  it("extracts tax from prices that include it, shipping at its class, and keeps the total", () => {
    const quote = quoteTax(
      {
        lines: [
          { key: "shirt", taxClass: "standard", amount: 11_900 },
          { key: "book", taxClass: "reduced", amount: 1_070 },
        ],
        shipping: 595,
        address: { country: "DE" },
      },
      eu,
    );
    expect(quote.taxLines.map((l) => [l.rate, l.base, l.amount])).toEqual([
      [19, 10_500, 1_995],
      [7, 1_000, 70],
    ]);
    expect(quote.added).toBe(0);
    const shipping = quote.lines.find((l) => l.key === "shipping")!;
    expect(shipping).toMatchObject({ taxClass: "standard", rateMilli: 19_000, base: 500, amount: 95 });
    // The same gross price in France carries French VAT.
    const fr = quoteTax({ lines: [{ key: "shirt", taxClass: "standard", amount: 11_900 }], shipping: 0, address: { country: "FR" } }, eu);
    expect(fr.taxLines[0]).toMatchObject({ rate: 20, amount: 1_983, base: 9_917 });
  });

  it("rounds once per rate, so many small lines do not add up rounding errors, and the lines add up to the receipt", () => {
    const lines = Array.from({ length: 30 }, (_, i) => ({ key: `l${i}`, taxClass: null, amount: 5 }));
    const quote = quoteTax({ lines, shipping: 0, address: { country: "US", region: "NY" } }, us);
    // 30 × 5 = 150 cents at 8.875 % = 13.3125 → 13 cents (rounding each line would give 30 × 0 = 0).
    expect(quote.taxTotal).toBe(13);
    expect(quote.lines.reduce((a, l) => a + l.amount, 0)).toBe(13);
    expect(quote.lines.reduce((a, l) => a + l.base, 0)).toBe(150);
    // Half a cent rounds up.
    const half = quoteTax({ lines: [{ key: "a", taxClass: null, amount: 25 }], shipping: 0, address: { country: "US", region: "TX" } }, us);
    expect(half.taxTotal).toBe(2); // 1.5 → 2
  });

  it("charges a business of another EU country no VAT (reverse charge), and the prices without it where they include it", () => {
    const input = { lines: [{ key: "shirt", taxClass: "standard", amount: 11_900 }], shipping: 0, address: { country: "FR" } };
    const b2b = quoteTax({ ...input, vatNumber: "FR12345678901" }, eu);
    expect(b2b.reverseCharge).toBe(true);
    expect(b2b.taxTotal).toBe(0);
    expect(b2b.taxLines).toEqual([{ label: "Reverse charge", name: "VAT", rate: 0, base: 9_917, amount: 0, reverseCharge: true }]);
    expect(b2b.added).toBe(-1_983);
    // A German business buying from a German shop pays German VAT as anyone does.
    expect(quoteTax({ ...input, address: { country: "DE" }, vatNumber: "DE123456789" }, eu).taxTotal).toBe(1_900);
    // Prices without tax: nothing added, nothing taken off.
    const exclusive = { country: "DE", taxes: { ...eu.taxes, pricesIncludeTax: false } };
    expect(quoteTax({ ...input, vatNumber: "FR12345678901" }, exclusive)).toMatchObject({ taxTotal: 0, added: 0 });
  });
});

describe("the receipt of a placed order", () => {
  it("sums its stored line taxes per rate back into the quote's own receipt, reverse charge included", () => {
    const lines = [
      { key: "shirt", taxClass: "standard", amount: 11_900 },
      { key: "book", taxClass: "reduced", amount: 1_070 },
      { key: "pen", taxClass: "zero", amount: 333 },
    ];
    for (const [input, shop] of [
      [{ lines, shipping: 595, address: { country: "DE" } }, eu],
      [{ lines, shipping: 595, address: { country: "FR" }, vatNumber: "FR12345678901" }, eu],
      [{ lines, shipping: 500, address: { country: "US", region: "NY" } }, us],
      [{ lines: Array.from({ length: 30 }, (_, i) => ({ key: `l${i}`, taxClass: null, amount: 5 })), shipping: 0, address: null }, us],
    ] as const) {
      const quote = quoteTax(input, shop);
      expect(receiptOf(quote.lines, quote.taxLines[0]?.name ?? null, quote.reverseCharge)).toEqual(quote.taxLines);
    }
  });
});

describe("sharing an amount out over lines", () => {
  it("adds up exactly and gives the leftover units to the largest remainders", () => {
    expect(allocate(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(allocate(13, [5, 5, 5, 5])).toEqual([4, 3, 3, 3]);
    expect(allocate(0, [1, 2])).toEqual([0, 0]);
    expect(allocate(7, [0, 0])).toEqual([0, 0]);
    expect(allocate(100, [1, 2, 3, 4]).reduce((a, b) => a + b, 0)).toBe(100);
  });
});

describe("refundTax", () => {
  // Thirty 5-cent lines at 8.875 % added on top: 1.50 owes 0.13 (13 cents), shared 1 cent to 13 of the lines.
  const parts = Array.from({ length: 30 }, (_, i) => ({
    key: `l${i}`,
    rateMilli: 8875,
    charged: 5 + (i < 13 ? 1 : 0),
    tax: i < 13 ? 1 : 0,
    refundedGross: 0,
    refundedTax: 0,
  }));
  const base = { parts, freeRefundedTax: new Map<number, number>(), amount: 0, paid: 163, refundedBefore: 0, reverseCharge: false };

  it("gives back a line's own tax, and the last refund what rounding left at each rate", () => {
    expect(refundTax({ ...base, refund: [{ key: "l0", gross: 6 }] })).toEqual([{ key: "l0", rateMilli: 8875, base: 5, amount: 1 }]);
    // A free amount of 1.00 of 1.63 paid: 1.00 × 13/163 = 0.08 of tax.
    expect(refundTax({ ...base, refund: [], amount: 100 })).toEqual([{ key: null, rateMilli: 8875, base: 92, amount: 8 }]);
    // Everything at once: exactly the 13 cents charged, never more.
    const all = refundTax({ ...base, refund: parts.map((p) => ({ key: p.key, gross: p.charged })) });
    expect(all.reduce((s, l) => s + l.amount, 0)).toBe(13);
    // After free amounts took 12 cents, the last refund takes the cent left, whatever its share says.
    const last = refundTax({ ...base, freeRefundedTax: new Map([[8875, 12]]), refundedBefore: 150, refund: [], amount: 13 });
    expect(last.reduce((s, l) => s + l.amount, 0)).toBe(1);
  });

  it("gives back no tax on a reverse-charge order", () => {
    expect(refundTax({ ...base, reverseCharge: true, refund: [{ key: "l0", gross: 6 }], amount: 50 }).every((l) => l.amount === 0)).toBe(true);
  });
});
