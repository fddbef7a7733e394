import { describe, expect, it } from "vitest";
import { MAX_LINE_QUANTITY, addToCartSchema, anyQuantitySchema, cartFormInput, updateQuantitySchema } from "./cart.schema";

// One schema for the cart's input: the JSON API and the product page's form get the same limits and
// messages (they were 999 on the API and 9999 on the page); the form's text is made JSON-shaped first.
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return cartFormInput(f);
};

describe("cart input", () => {
  it("reads the same add-to-cart from JSON and from a form", () => {
    const json = addToCartSchema.parse({ productId: " p1 ", quantity: 3, color: "Red", size: null });
    expect(addToCartSchema.parse(form({ productId: "p1", quantity: "3", color: " Red ", size: "" }))).toEqual(json);
    expect(addToCartSchema.parse(form({ productId: "p1", quantity: "" })).quantity).toBeUndefined();
  });

  it(`takes at most ${MAX_LINE_QUANTITY} of a line, whoever sends it`, () => {
    for (const input of [{ productId: "p1", quantity: MAX_LINE_QUANTITY + 1 }, form({ productId: "p1", quantity: String(MAX_LINE_QUANTITY + 1) })]) {
      const result = addToCartSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe(`Quantity can be at most ${MAX_LINE_QUANTITY}`);
    }
    expect(updateQuantitySchema.parse(form({ quantity: String(MAX_LINE_QUANTITY) })).quantity).toBe(MAX_LINE_QUANTITY);
  });

  it("refuses fractions, words, text on the API and zero; the cart page may send 0 and have it ignored", () => {
    for (const quantity of [1.5, "2", 0]) expect(updateQuantitySchema.safeParse({ quantity }).success).toBe(false);
    expect(updateQuantitySchema.safeParse(form({ quantity: "two" })).success).toBe(false);
    expect(anyQuantitySchema.parse(form({ quantity: "0" }).quantity)).toBe(0);
  });
});
