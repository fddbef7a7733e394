import { z } from "zod";

/** The most units of one line a cart takes (a typo guard; stock limits first in practice). */
export const MAX_LINE_QUANTITY = 999;

const WHOLE = "Quantity must be a whole number of at least 1";

/** A whole quantity up to MAX_LINE_QUANTITY; no lower bound (the cart page ignores values below 1, spec section 5). */
export const anyQuantitySchema = z.number({ error: WHOLE }).int(WHOLE).max(MAX_LINE_QUANTITY, `Quantity can be at most ${MAX_LINE_QUANTITY}`);

/** A line's quantity: a whole number from 1 to MAX_LINE_QUANTITY (a JSON number; forms go through `cartFormInput`). */
export const quantitySchema = anyQuantitySchema.min(1, WHOLE);

/** A colour or size: trimmed, blank counts as none. */
const option = z.preprocess((v) => (typeof v === "string" ? v.trim() || null : v), z.string().max(60).nullish());

/** Add to cart, from the JSON API and from the product page's form alike; quantity defaults to 1. */
export const addToCartSchema = z.object({
  productId: z.string({ error: "Please name a product" }).trim().min(1, "Please name a product").max(100),
  quantity: quantitySchema.optional(),
  color: option,
  size: option,
});

/** A new quantity for a line (JSON API). */
export const updateQuantitySchema = z.object({ quantity: quantitySchema });

/**
 * A cart form's fields in the JSON API's shape, so the page and the API check one schema: the
 * quantity's text becomes a number (blank: not given; words: NaN, refused by the schema).
 */
export function cartFormInput(form: FormData): Record<string, unknown> {
  const fields: Record<string, unknown> = Object.fromEntries(form);
  const quantity = form.get("quantity");
  if (typeof quantity === "string") fields.quantity = quantity.trim() === "" ? undefined : Number(quantity);
  return fields;
}

/** A discount code as typed (`POST /api/cart/discount-codes`, the cart's code field): the cart says whether it applies. */
export const discountCodeSchema = z.object({ code: z.string().max(100) });

/** A gift card code as typed (`POST /api/cart/gift-cards`, the cart's gift card field): the cart says whether the card can pay. */
export const giftCardCodeSchema = z.object({ code: z.string().max(100) });
