import type { Shopper } from "../../lib/shopper";

/** One cart line as pages and `GET /api/cart` show it; money in the major unit, computed by the server. */
export interface CartLine {
  /** The line id used by `PATCH/DELETE /api/cart/items/{lineId}`. */
  id: string;
  productId: string;
  slug: string;
  name: string;
  /** The product's first picture (smallest size), or null. */
  image: string | null;
  category: string;
  selectedColor: string | null;
  selectedSize: string | null;
  selectedAditionalPrice: number;
  /** Unit price: product price plus the variant's additional price. */
  price: number;
  /** Percent. */
  discount: number;
  /** Unit price after the discount. */
  finalPrice: number;
  /** Per-unit shipping cost of the product. */
  shippingCost: number;
  quantity: number;
  /** finalPrice × quantity */
  lineTotal: number;
  /** Units that can be bought now (variant stock, else product stock). */
  stock: number;
  /** Why this line cannot be checked out as it is (sold out, fewer left, no longer sold), else null. */
  problem: string | null;
}

export interface CartTotals {
  /** Number of units in the cart (the navbar counter). */
  itemCount: number;
  /** Σ price × quantity, before discounts. */
  subtotal: number;
  /** Σ (price − finalPrice) × quantity. */
  discount: number;
  /**
   * Shipping for the chosen shipping method; without one (the address is not known yet), the lowest
   * of the shop's zones. 0 above the free-shipping threshold.
   */
  shipping: number;
  /** The highest shipping of the zones the address may fall in; equal to `shipping` once a method is chosen. */
  shippingMax: number;
  /** subtotal − discount + shipping */
  total: number;
  /** From the settings; 0 = no free shipping. */
  freeShippingThreshold: number;
  /** What is left to spend for free shipping (0 when reached or not offered). */
  amountToFreeShipping: number;
  currency: string;
}

export interface CartView {
  lines: CartLine[];
  totals: CartTotals;
}

export interface AddToCartInput {
  productId: string;
  /** Default 1; must be ≥ 1. */
  quantity?: number;
  color?: string | null;
  size?: string | null;
}

/**
 * The cart service (server/modules/cart/cart.service.ts). Failures throw AppError with a message a
 * shopper can read: not_found (no such product/line), invalid_input (bad quantity, a colour/size the
 * product does not have or that must be chosen), conflict (more than the stock: "Only 3 left of …").
 */
export interface CartService {
  /** The shopper's cart, re-priced now; an empty view when there is none. */
  getCart(shopper: Shopper, options?: { shippingMethod?: string }): Promise<CartView>;
  /** Adds a product (with its colour/size) or raises an existing line's quantity by `quantity`. The shopper must have a user or visitor id. */
  addItem(shopper: Shopper, input: AddToCartInput): Promise<CartView>;
  /** Sets a line's quantity (≥ 1, ≤ stock). */
  updateQuantity(shopper: Shopper, lineId: string, quantity: number): Promise<CartView>;
  removeLine(shopper: Shopper, lineId: string): Promise<CartView>;
  /** Units in the cart, for the navbar counter (one cheap query). */
  countItems(shopper: Shopper): Promise<number>;
  /**
   * Deletes up to `limit` anonymous visitors' carts (lines cascade) untouched since `idleSince`:
   * neither the cart nor any of its lines changed since then. Signed-in users' carts are never
   * removed. Returns how many carts went (the retention round repeats until fewer than `limit`).
   */
  removeIdleVisitorCarts(idleSince: Date, limit: number): Promise<number>;
}
