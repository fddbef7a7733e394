import type { TaxLineView } from "#modules/tax";
import type { Market } from "#common/currency";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { Shopper } from "../../lib/shopper";
import type { GiftCardPayment, MinorTotals, PricingSettings, PromotionsFor, TaxFor } from "./cart.pricing";
import type { ShippingAddress, ZoneCoverage } from "#common/cart/shipping";
import type { Language } from "#common/i18n/languages";
import type { Refusal } from "#common/promotions/promotions.compute";
import type { MessageKey } from "#common/i18n/catalogs";

/** A database handle or an open transaction (Kysely's Transaction is a Kysely). */
export type Executor = Kysely<Database>;

/** A cart line with its product, category and variant as they are now (minor units). */
export interface CartLineRow {
  id: string;
  cart_id: string;
  product_id: string;
  variant_id: string;
  quantity: number;
  name: string;
  slug: string;
  price: number;
  discount: number;
  shipping_cost: number;
  /** The picture of the line's colour (or the product's first), at the cart's width. */
  image: string | null;
  status: string;
  sku: string | null;
  product_stock: number;
  category_name: string;
  /** The variant's id while it exists (null when the line's variant is gone or none was chosen). */
  v_id: string | null;
  color: string | null;
  size: string | null;
  additional_price: number | null;
  variant_stock: number | null;
  variant_sku: string | null;
  /** The product's tax class (the catalogue's), or null for the shop's default class. */
  tax_class: string | null;
  /** Buying it buys a gift card of its price: untaxed, not discounted by promotions, not paid with gift cards. */
  gift_card: boolean;
  /** The slugs of its category and sub-category (what promotions name). */
  category_slugs: string[];
}

/** A cart line priced now, in minor units, with what an order line needs. */
export interface PricedLine {
  row: CartLineRow;
  label: string;
  image: string | null;
  additionalPrice: number;
  price: number;
  finalPrice: number;
  quantity: number;
  lineTotal: number;
  stock: number;
  /** The line cannot be bought as it is (no longer sold, sold out, fewer left). */
  problem: string | null;
}

/** A whole cart priced now: its lines, minor totals for one shipping zone, and the JSON view. */
export interface PricedCart {
  cartId: string | null;
  lines: PricedLine[];
  totals: MinorTotals;
  view: CartView;
  /** What the promotions were priced with (the codes typed among it); none where the cart was priced without them. */
  promotions?: PromotionsFor;
  /** What the cart's gift cards pay of `totals.total` (each card's share) and what is left to pay. */
  giftCards: GiftCardPayment;
  /** The lines that cannot be bought as they are, with why. */
  problems: CartProblem[];
}

/** A cart left alone: its owner key, its last change (ISO) and its lines. */
export interface IdleCart {
  cartId: string;
  owner: string;
  activityAt: string;
  items: CartItem[];
}

/** Units of a product (and variant: '' for none) to put in a cart. */
export interface CartItem {
  productId: string;
  variantId: string;
  quantity: number;
}

/** A line the shopper must fix before checking out (sold out, fewer left, no longer sold, over the cap). */
export interface CartProblem {
  lineId: string;
  name: string;
  message: string;
}

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
  /** The line buys gift cards (one per unit): the checkout asks whom they go to. */
  giftCard: boolean;
}

export interface CartTotals {
  /** Number of units in the cart (the navbar counter). */
  itemCount: number;
  /** Σ price × quantity, at list prices before discounts. */
  subtotal: number;
  /** Σ (price − finalPrice) × quantity: what the discounts took off; already out of the lines and of `itemsSubtotal`. */
  discount: number;
  /** Σ lineTotal (= subtotal − discount): the lines as printed, which the pages show as "Subtotal". */
  itemsSubtotal: number;
  /**
   * Shipping for the chosen shipping method; without one (the address is not known yet), the lowest
   * of the shop's zones. 0 above the free-shipping threshold.
   */
  shipping: number;
  /** The highest shipping of the zones the address may fall in; equal to `shipping` once a method is chosen. */
  shippingMax: number;
  /** itemsSubtotal + shipping (= subtotal − discount + shipping) */
  total: number;
  /** From the settings; 0 = no free shipping. */
  freeShippingThreshold: number;
  /** What is left to spend for free shipping (0 when reached or not offered). */
  amountToFreeShipping: number;
  currency: string;
  /** The tax of the lines and shipping for the address (the shop's own region before one is known); 0 without a tax setup. */
  taxTotal: number;
  /** The prices include the tax (EU style): it is in the lines and `total`, not added to them. */
  pricesIncludeTax: boolean;
  /** What the promotions take off the lines and the shipping (`discounts`), already out of `total`. */
  discountTotal: number;
  /** What the gift cards on the cart pay (`giftCards`), already out of `total`: a payment, after tax and promotions. */
  giftCardTotal: number;
  /** What the order comes to before the gift cards pay: `total` + `giftCardTotal`. */
  orderTotal: number;
}

/** A gift card a cart keeps, as the gift cards module reads it now (balance in minor units); `refusal` when it cannot pay for the cart now. */
export interface GiftCardBalance {
  id: string;
  last4: string;
  currency: string;
  balance: number;
  refusal: { reason: string; message: MessageKey; currency?: string } | null;
  /** The balance it had when the shopper applied it, where the cart keeps it. */
  seen?: number;
}

/** A gift card on the cart: what it pays now (0 with a problem: switched off, spent, expired, in another currency than the cart's). */
export interface CartGiftCard {
  last4: string;
  amount: number;
  /** Why it pays nothing now, in English (the API's words); pages word `refusal` in their language. */
  problem: string | null;
  refusal: GiftCardBalance["refusal"];
}

/** A promotion the cart gets: its name, the code typed for it (none: automatic) and what it takes off. */
export interface CartDiscount {
  code?: string;
  label: string;
  amount: number;
}

/** A code the shopper typed, kept on the cart: applied, or why it gives nothing now ("Add $12.00 more to use this code"). */
export interface CartCode {
  code: string;
  applied: boolean;
  /** The reason in English (the API's words); pages word `refusal` in their language. */
  problem: string | null;
  refusal: Refusal | null;
}

export interface CartView {
  lines: CartLine[];
  totals: CartTotals;
  /** The tax per rate (empty where none is due, and without a tax setup). */
  taxLines: TaxLineView[];
  /** Each promotion applied, with what it takes off (in `totals.discountTotal`). */
  discounts: CartDiscount[];
  /** The discount codes typed, applied or not. */
  codes: CartCode[];
  /** The gift cards applied, in that order, each with what it pays now (in `totals.giftCardTotal`). */
  giftCards: CartGiftCard[];
  /** Messages for the shopper given once with `GET /api/cart` ("“X” is no longer available and was removed from your cart."; cart service `takeNotices`). */
  notices?: string[];
}

/** A shipping zone priced for the shopper's cart, with the addresses it covers. */
export interface ShippingOption extends ZoneCoverage {
  id: string;
  name: string;
  /** What this option costs for the current cart (zone rate + per-product shipping; 0 when free). */
  cost: number;
  free: boolean;
  /** The order's tax with this option for the quoted address (its shipping may be taxed). */
  taxTotal: number;
  /** What the order comes to with this option, tax included. */
  total: number;
  taxLines: TaxLineView[];
}

/** The cart priced for a delivery address: what the checkout shows before the order is placed. */
export interface CartQuote {
  /** The cart with its totals for `shippingMethod` (while no zone delivers to the address, shipping from the cheapest zone). */
  cart: CartView;
  /** Every zone of the shop, priced for this cart: the checkout offers those `zonesFor` picks for the address as typed. */
  shippingOptions: ShippingOption[];
  /** Ids of the zones that deliver to the quoted address, the most specific first (every zone when no address was given). */
  offered: string[];
  /** The zone the totals are for: the one asked for when it is offered, else the first offered; null when none is. */
  shippingMethod: string | null;
  /** "We don't ship to France yet." when no zone delivers to the quoted address. */
  unavailable: string | null;
  /** Lines to fix before the order can be placed (empty when ready). */
  problems: CartProblem[];
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
  /**
   * The shopper's cart, re-priced now; an empty view when there is none. `language`: the lines'
   * product names in it where translated. `address`: taxed for it, and shipped by the zone the
   * checkout would pick for it (`shippingMethod` when that zone delivers there); without one, taxed
   * for the shop's own region.
   */
  getCart(shopper: Shopper, options?: { shippingMethod?: string; market?: Market | null; language?: Language; address?: ShippingAddress }): Promise<CartView>;
  /**
   * Adds a product (with its colour/size) or raises an existing line's quantity by `quantity`. The
   * shopper must have a user or visitor id; `newOwner`: that id was made for this request, so there
   * is no cart yet (on PostgreSQL the cart and its line are then written in one statement).
   */
  addItem(shopper: Shopper, input: AddToCartInput, options?: { newOwner?: boolean }): Promise<CartView>;
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
  /** The cart priced for a delivery address and shipping zone, with every zone's price and the lines to fix: the checkout's quote. */
  getQuote(
    shopper: Shopper,
    options?: { shippingMethod?: string | null; address?: ShippingAddress; market?: Market | null; vatNumber?: string | null; email?: string | null },
  ): Promise<CartQuote>;
  /**
   * Puts a discount code on the shopper's cart when it gives something now; otherwise refuses it
   * with why (CodeRefused: 400, or 409 for used up, used already, beaten by another promotion). Unknown
   * codes count against the client address's guesses (429 past them). Answers the cart.
   */
  applyCode(shopper: Shopper, code: unknown, options?: { market?: Market | null; clientIp?: string | null }): Promise<CartView>;
  /** Takes a code off the cart (404 when it is not on it) and answers the cart. */
  removeCode(shopper: Shopper, code: unknown): Promise<CartView>;
  /**
   * Puts a gift card on the shopper's cart (its id, never the code) when it can pay for the cart
   * now; otherwise refuses it with why (GiftCardRefused: 400, or 409 for one used up). Unknown
   * codes count against the client address's guesses (429 past them). Answers the cart.
   */
  applyGiftCard(shopper: Shopper, code: unknown, options?: { market?: Market | null; clientIp?: string | null }): Promise<CartView>;
  /** Takes the card ending in `last4` off the cart (404 when none is on it) and answers the cart. */
  removeGiftCard(shopper: Shopper, last4: unknown, options?: { market?: Market | null }): Promise<CartView>;

  // For the flows, in the caller's transaction (`k`): the cart's side of placing an order and of signing in.

  /** The shopper's cart re-read and priced now for a shipping zone (and taxed for `taxFor`), with each line's problem. */
  getPricedCart(
    k: Executor,
    shopper: Shopper,
    settings: PricingSettings,
    shippingMethod?: string | null,
    market?: Market | null,
    taxFor?: TaxFor,
    email?: string | null,
  ): Promise<PricedCart>;
  /**
   * Takes every line out of the shopper's cart, priced now for a shipping zone and taxed for
   * `taxFor` (the delivery address and VAT number), with each line's problem: the order takes them
   * (rolling the transaction back puts them back). A concurrent checkout of the same cart waits for
   * this one and then finds it empty.
   */
  takePricedCart(
    k: Executor,
    shopper: Shopper,
    settings: PricingSettings,
    shippingMethod?: string | null,
    market?: Market | null,
    taxFor?: TaxFor,
    /** A guest's contact e-mail: their uses of the promotions and first order are counted by it. */
    email?: string | null,
  ): Promise<PricedCart>;
  /** In the order's transaction: the cart's codes are spent (the order took them). */
  clearCodes(k: Executor, shopper: Shopper): Promise<void>;
  /** In the order's transaction: the cart's gift cards paid for the order (the order took them). */
  clearGiftCards(k: Executor, shopper: Shopper): Promise<void>;
  /** Puts gift cards back on the shopper's cart (a withdrawn order's, whose cancel gave their money back), with their balances of now. */
  restoreGiftCards(shopper: Shopper, cardIds: readonly string[], options?: { market?: Market | null }): Promise<void>;
  /** After an order refused because a card's balance moved: the cart keeps its cards' balances of now, which the shopper sees before confirming again. */
  refreshGiftCards(shopper: Shopper, options?: { market?: Market | null }): Promise<void>;
  /** Puts units back into the shopper's cart, adding to lines already there (a withdrawn order's lines). */
  restoreCart(k: Executor, shopper: Shopper, items: CartItem[]): Promise<void>;
  /**
   * Carts with lines last changed in [from, to) (their row or a line), most recent first, at most
   * `limit`, with their owner, that time and their lines: what the cart reminders look at.
   */
  listIdleCarts(from: Date, to: Date, limit: number): Promise<IdleCart[]>;
  /**
   * Puts these items into the shopper's cart (a cart brought back from a reminder): a line already
   * there keeps the larger quantity, capped at the stock; items no longer sold are skipped. Returns
   * how many lines came back.
   */
  bringBack(shopper: Shopper, items: CartItem[]): Promise<number>;
  /** Whether this shopper has a cart at all (one indexed read). */
  hasCart(shopper: Shopper): Promise<boolean>;
  /**
   * Moves one shopper's cart into another's and removes it: quantities add up per (product,
   * variant) line, capped at the stock and never lowering what `to` had; a sold-out line stays
   * with 1 unit so its problem shows; its gift cards join `to`'s. Returns whether there was a cart to move.
   */
  moveCart(k: Executor, from: Shopper, to: Shopper): Promise<boolean>;
  /** In the caller's transaction (an account deleted): removes the account's cart, its lines and its notices. */
  forgetUser(k: Executor, userId: string): Promise<void>;
  /**
   * In the caller's transaction (a catalogue write): removes every line of these products, which
   * were withdrawn from sale (archived or deleted), and leaves each cart's owner a notice (`takeNotices`).
   */
  withdrawProducts(k: Executor, products: Array<{ id: string; name: string }>): Promise<void>;
  /** This shopper's messages ("“X” is no longer available and was removed from your cart."), each returned once: the cart page and `GET /api/cart` show them. */
  takeNotices(shopper: Shopper): Promise<string[]>;
}

export type { TaxLineView };
