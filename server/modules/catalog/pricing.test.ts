import { describe, expect, it } from "vitest";
import { discountedPrice, toMajor, toMinor, variantPrice } from "./pricing";

describe("price rules", () => {
  it("takes the discount percent off the price, rounded to the cent", () => {
    expect(discountedPrice(10000, 20)).toBe(8000);
    expect(discountedPrice(999, 15)).toBe(849); // 149.85 rounds to 150 off
  });

  it("treats a missing discount as none", () => {
    expect(discountedPrice(2500, undefined)).toBe(2500);
    expect(discountedPrice(2500, null)).toBe(2500);
    expect(discountedPrice(2500, 0)).toBe(2500);
  });

  it("adds a variant's additional price before the discount", () => {
    expect(variantPrice(10000, 500, 10)).toEqual({ price: 10500, finalPrice: 9450 });
  });

  it("converts between minor units and the JSON contract's major unit", () => {
    expect(toMajor(1250)).toBe(12.5);
    expect(toMinor(12.5)).toBe(1250);
    expect(toMinor(0.1 + 0.2)).toBe(30);
  });
});
