import { describe, expect, it } from "vitest";
import type { ProductVariant } from "#modules/catalog";
import { chooseColor, colorOptions, findVariant, initialSelection, nextQuantity, sizeOptions } from "./variants";

const v = (color: string | null, size: string | null, stock: number, additionalPrice = 0): ProductVariant => ({
  id: `${color}-${size}`,
  color,
  colorHex: null,
  size,
  additionalPrice,
  price: 20 + additionalPrice,
  finalPrice: 18 + additionalPrice,
  stock,
  sku: null,
});

const tee = {
  colors: [
    { name: "Red", hex: "#f00" },
    { name: "Blue", hex: "#00f" },
    { name: "Green", hex: "#0f0" },
  ],
  sizes: ["S", "M", "XL"],
  variants: [v("Red", "S", 0), v("Red", "M", 3), v("Red", "XL", 2, 2), v("Blue", "S", 5), v("Green", "S", 0)],
};

describe("variant selection", () => {
  it("finds the variant of the chosen colour and size", () => {
    expect(findVariant(tee, { color: "Red", size: "XL" })?.additionalPrice).toBe(2);
    expect(findVariant(tee, { color: "Blue", size: "XL" })).toBeUndefined();
    expect(findVariant(tee, { color: "Red", size: null })).toBeUndefined();
  });

  it("matches on colour alone when the product has no sizes", () => {
    const mug = { colors: [{ name: "White", hex: null }], sizes: [], variants: [v("White", null, 4)] };
    expect(findVariant(mug, { color: "White", size: null })?.id).toBe("White-null");
  });

  it("opens on the first variant in stock", () => {
    expect(initialSelection(tee)).toEqual({ color: "Red", size: "M" });
    expect(initialSelection({ colors: [], sizes: [], variants: [] })).toEqual({ color: null, size: null });
  });

  it("opens on the variant the listed price names, so the page shows the price the card showed", () => {
    expect(initialSelection({ ...tee, listedVariantId: "Blue-S" })).toEqual({ color: "Blue", size: "S" });
  });

  it("marks colours with nothing in stock and sizes that cannot be bought in the chosen colour", () => {
    expect(colorOptions(tee).map((c) => [c.name, c.available])).toEqual([
      ["Red", true],
      ["Blue", true],
      ["Green", false],
    ]);
    expect(sizeOptions(tee, "Red").map((s) => [s.size, s.available])).toEqual([
      ["S", false],
      ["M", true],
      ["XL", true],
    ]);
    expect(sizeOptions(tee, "Blue").map((s) => [s.size, !!s.variant, s.available])).toEqual([
      ["S", true, true],
      ["M", false, false],
      ["XL", false, false],
    ]);
  });

  it("keeps the size on a colour change when it can be bought, else moves to one that can", () => {
    expect(chooseColor(tee, { color: "Blue", size: "S" }, "Red")).toEqual({ color: "Red", size: "M" });
    expect(chooseColor(tee, { color: "Red", size: "XL" }, "Blue")).toEqual({ color: "Blue", size: "S" });
    expect(chooseColor(tee, { color: "Red", size: "M" }, "Red")).toEqual({ color: "Red", size: "M" });
  });
});

describe("quantity", () => {
  it("ignores values below 1 and anything that is not a number", () => {
    expect(nextQuantity("0", 2)).toBe(2);
    expect(nextQuantity("-3", 2)).toBe(2);
    expect(nextQuantity("", 2)).toBe(2);
    expect(nextQuantity("abc", 2)).toBe(2);
  });

  it("takes whole numbers up to the stock", () => {
    expect(nextQuantity("4", 1)).toBe(4);
    expect(nextQuantity("2.7", 1)).toBe(2);
    expect(nextQuantity("9", 1, 5)).toBe(5);
    expect(nextQuantity(3, 1, 0)).toBe(3);
  });
});
