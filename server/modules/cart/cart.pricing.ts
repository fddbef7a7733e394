import { type ShippingSettings, shippingEstimate } from "#common/cart/shipping";
import type { TaxSettings } from "#common/tax/tax.schema";
import { type TaxAddress, type TaxQuote, quoteTax } from "#modules/tax";
import type { GiftCardBalance } from "./cart.types";
import { type PromotionContext, type PromotionQuote, type PromotionRule, quotePromotions } from "#common/promotions/promotions.compute";

/** The settings that price a cart (money in the major unit, as stored in the site settings). */
export interface PricingSettings extends ShippingSettings {
  currency: string;
  /** The most units of one product a cart or order takes (site settings); unset means no cap. */
  maxQuantityPerOrder?: number;
  /** The shop's country: where tax is reckoned before the shopper gives an address. */
  country?: string;
  /** How the shop charges tax; unset: none. */
  taxes?: TaxSettings;
  /** How the shop words dates (a refused code's "expired on 3 March"): its locale and time zone. */
  locale?: string;
  timeZone?: string;
}

/** What the totals need of a line, in minor units. */
export interface PricedQuantity {
  price: number;
  finalPrice: number;
  /** Per unit. */
  shippingCost: number;
  quantity: number;
  /** Names the line in the tax quote's lines (its index when unset). */
  key?: string;
  /** The product's tax class; null or unset: the shop's default class. */
  taxClass?: string | null;
  /** The line buys gift cards: a voucher, so neither taxed nor discounted by promotions (decision 0062). */
  giftCard?: boolean;
  /** What promotions see of the line: its product and the slugs of its category and sub-category. */
  productId?: string;
  categorySlugs?: readonly string[];
}

/** What prices a cart's promotions: the live ones, the codes the shopper typed, and what the engine is told of the world. */
export interface PromotionsFor {
  rules: readonly PromotionRule[];
  codes: readonly string[];
  context: PromotionContext;
}

const NO_PROMOTIONS: PromotionQuote = { applied: [], refused: [], lineDiscounts: new Map(), itemsDiscount: 0, shippingDiscount: 0 };

/** Whom and where the tax of a cart or order is for: the delivery address (null before one is known) and a business buyer's VAT number. */
export interface TaxFor {
  address: TaxAddress | null;
  vatNumber?: string | null;
}

/** Totals of a cart or order in minor units. */
export interface MinorTotals {
  itemCount: number;
  /** Σ price × qty: the lines at their list prices (the sales report's gross sales). */
  subtotal: number;
  /** Σ (price − finalPrice) × qty: what the discounts took off the list prices. */
  discount: number;
  /** Σ finalPrice × qty = subtotal − discount: the lines as printed, the subtotal every screen and mail shows. */
  itemsSubtotal: number;
  /** For the chosen zone; without one, the lowest of all zones (the address decides). */
  shipping: number;
  /** The highest shipping the address may bring; equal to `shipping` once a zone is chosen. */
  shippingMax: number;
  /** itemsSubtotal + shipping − promotionDiscount + what tax adds to it (nothing where prices include tax). */
  total: number;
  /** What the promotions took off the lines and the shipping together, and of it off the shipping. */
  promotionDiscount: number;
  shippingDiscount: number;
  /** The promotions applied (each with its share of every line) and the typed codes refused, with why. */
  promotions: PromotionQuote;
  /** The tax of the lines and shipping (included in them where prices include tax). */
  taxTotal: number;
  pricesIncludeTax: boolean;
  /** The tax quote the totals were made with: per line and shipping, and per rate (server/modules/tax). */
  tax: TaxQuote;
  /** Minor units; 0 when free shipping is not offered. */
  freeShippingThreshold: number;
  amountToFreeShipping: number;
  /** The shipping zone the shipping was computed for, or null for the estimate over every zone. */
  shippingMethod: { id: string; name: string } | null;
  /** Shipping was waived by the free-shipping threshold. */
  freeShipping: boolean;
}

/** No tax: what a cart or order is quoted without a tax setup, or without asking for tax. */
const noTax = (settings: PricingSettings): TaxQuote => ({
  pricesIncludeTax: settings.taxes?.pricesIncludeTax ?? false,
  reverseCharge: false,
  region: null,
  lines: [],
  taxLines: [],
  taxTotal: 0,
  added: 0,
});

/**
 * Subtotal (Σ price × qty), discount (Σ (price − finalPrice) × qty), the items' subtotal after the
 * discounts (Σ finalPrice × qty, what the lines add up to as printed), shipping by the one shipping
 * rule (common/cart/shipping.ts) for the chosen zone, or from the cheapest to the dearest
 * zone while none is chosen (an unknown id counts as none), the tax of the lines and that shipping
 * by the one tax computation (server/modules/tax) for `taxFor` (none without it), the promotions
 * by the one promotions computation (common/promotions) on the lines as printed and that shipping,
 * the tax reckoned on what is left of them, and the total with the lowest shipping, less the
 * promotions, with the tax where prices exclude it, all in minor units.
 */
export function computeTotals(
  lines: PricedQuantity[],
  settings: PricingSettings,
  shippingMethod?: string | null,
  taxFor?: TaxFor,
  promotionsFor?: PromotionsFor,
): MinorTotals {
  let itemCount = 0;
  let subtotal = 0;
  let discount = 0;
  for (const line of lines) {
    itemCount += line.quantity;
    subtotal += line.price * line.quantity;
    discount += (line.price - line.finalPrice) * line.quantity;
  }
  const zone = settings.shippingZones.find((z) => z.id === shippingMethod) ?? null;
  const estimate = shippingEstimate(lines, settings, zone ? [zone] : settings.shippingZones);
  const itemsSubtotal = subtotal - discount;
  const keyOf = (line: PricedQuantity, i: number) => line.key ?? String(i);
  const promotions = promotionsFor
    ? quotePromotions(
        promotionsFor.rules,
        {
          lines: lines.flatMap((line, i) =>
            line.giftCard
              ? []
              : [
                  {
                    key: keyOf(line, i),
                    productId: line.productId ?? "",
                    categorySlugs: line.categorySlugs ?? [],
                    unitPrice: line.finalPrice,
                    quantity: line.quantity,
                  },
                ],
          ),
          shipping: estimate.from,
          codes: promotionsFor.codes,
        },
        promotionsFor.context,
      )
    : NO_PROMOTIONS;
  const promotionDiscount = promotions.itemsDiscount + promotions.shippingDiscount;
  const tax =
    taxFor && settings.taxes
      ? quoteTax(
          {
            lines: lines.map((line, i) => ({
              key: keyOf(line, i),
              taxClass: line.taxClass ?? null,
              voucher: line.giftCard ?? false,
              amount: line.finalPrice * line.quantity - (promotions.lineDiscounts.get(keyOf(line, i)) ?? 0),
            })),
            shipping: estimate.from - promotions.shippingDiscount,
            address: taxFor.address,
            vatNumber: taxFor.vatNumber,
          },
          { country: settings.country ?? "", taxes: settings.taxes },
        )
      : noTax(settings);
  return {
    itemCount,
    subtotal,
    discount,
    itemsSubtotal,
    shipping: estimate.from,
    shippingMax: estimate.to,
    total: itemsSubtotal + estimate.from - promotionDiscount + tax.added,
    promotionDiscount,
    shippingDiscount: promotions.shippingDiscount,
    promotions,
    taxTotal: tax.taxTotal,
    pricesIncludeTax: tax.pricesIncludeTax,
    tax,
    freeShippingThreshold: estimate.threshold,
    amountToFreeShipping: estimate.amountToFree,
    shippingMethod: zone ? { id: zone.id, name: zone.name } : null,
    freeShipping: estimate.free,
  };
}

/** What a cart's gift cards pay of its total, in minor units: each card's share (0 for one that cannot pay), in all, and what is left to pay. */
export interface GiftCardPayment {
  /** `moved`: the card's balance is not the one it had when the shopper applied it (another order spent from it, or got some back). */
  shares: Array<{ cardId: string; last4: string; amount: number; balance: number; moved: boolean; refusal: GiftCardBalance["refusal"] }>;
  paid: number;
  due: number;
}

/**
 * What gift cards pay of a total (after tax and promotions: a card is a payment, not a discount):
 * in the order they were applied, each at most its balance and at most what is left; a card that
 * cannot pay now (switched off, spent, expired, another currency) pays 0 and keeps its refusal.
 */
export function payWithGiftCards(total: number, cards: readonly GiftCardBalance[], unpayable = 0): GiftCardPayment {
  // `unpayable`: the part of the total the cards may not pay (gift cards bought with this order), left to pay another way.
  const reserved = Math.min(Math.max(0, total), Math.max(0, unpayable));
  let left = Math.max(0, total) - reserved;
  const shares = cards.map((card) => {
    const amount = card.refusal ? 0 : Math.min(Math.max(0, card.balance), left);
    left -= amount;
    return {
      cardId: card.id,
      last4: card.last4,
      amount,
      balance: card.balance,
      moved: card.seen !== undefined && card.seen !== card.balance,
      refusal: card.refusal,
    };
  });
  return { shares, paid: Math.max(0, total) - reserved - left, due: left + reserved };
}

/** Why a quantity cannot be had: "Linen Shirt is sold out" or "Only 2 left of Linen Shirt", or null when it can. */
export function stockProblem(label: string, quantity: number, stock: number): string | null {
  if (stock <= 0) return `${label} is sold out`;
  if (quantity > stock) return `Only ${stock} left of ${label}`;
  return null;
}

/**
 * Why a quantity of one product (all its colours and sizes together) is more than one order takes,
 * or null when it is within the shop's cap: the one rule the cart and the order both apply.
 */
export function quantityCapProblem(productName: string, quantity: number, max: number | undefined): string | null {
  if (max === undefined || quantity <= max) return null;
  return `You can order at most ${max} of ${productName} in one order`;
}
