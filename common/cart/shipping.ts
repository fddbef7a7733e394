import type { Translate } from "../i18n/translate";
import { toMinor } from "../money";
import { freeShippingCondition } from "./shipping-words";

// The one shipping rule of the shop, pure so that the product page, the cart panel and page, the
// checkout (server and browser) and the order all compute and word shipping the same way. Which
// zones deliver to an address is in shipping-zones.ts (it needs the country lists; this does not).

/** A delivery zone of the site settings: a flat rate (major unit) for the addresses it covers. */
export interface ShippingZone {
  id: string;
  name: string;
  rate: number;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** Regions it covers (codes for a country with a list of regions); empty: every region of the country. */
  regions: string[];
  /** City names it covers; empty: every city (of its regions). */
  cities: string[];
}

/** What a zone covers: the part of it the matching looks at. */
export type ZoneCoverage = Pick<ShippingZone, "country" | "regions" | "cities">;

/** The part of an address the zones look at (codes as the order input normalises them). */
export interface ShippingAddress {
  country: string;
  region?: string | null;
  city?: string | null;
}

/** What the shipping rule needs of the shop's settings. */
export interface ShippingSettings {
  freeShippingThreshold: number;
  shippingZones: ShippingZone[];
}

/** What shipping needs of a line, in minor units. */
export interface ShippingLine {
  finalPrice: number;
  /** Per unit. */
  shippingCost: number;
  quantity: number;
}

/** What shipping comes to, in minor units. */
export interface ShippingEstimate {
  /** The lowest shipping over the zones considered (0 when free or nothing to ship). */
  from: number;
  /** The highest. Equal to `from` for one zone, or when the threshold waives it. */
  to: number;
  /** Waived by the free-shipping threshold. */
  free: boolean;
  /** The threshold in minor units; 0 when free shipping is not offered. */
  threshold: number;
  /** What is left to spend for free shipping (0 when reached or not offered). */
  amountToFree: number;
}

/**
 * Shipping of some lines over some zones (the chosen one at checkout, every one while the address
 * is unknown): each zone's rate plus every line's per-unit shipping cost × quantity, nothing once
 * the lines' price after discounts reaches the free-shipping threshold, nothing for no lines.
 */
export function shippingEstimate(
  lines: readonly ShippingLine[],
  settings: { freeShippingThreshold: number },
  zones: ReadonlyArray<{ rate: number }>,
): ShippingEstimate {
  let units = 0;
  let merchandise = 0;
  let perProduct = 0;
  for (const line of lines) {
    units += line.quantity;
    merchandise += line.finalPrice * line.quantity;
    perProduct += line.shippingCost * line.quantity;
  }
  const threshold = settings.freeShippingThreshold > 0 ? toMinor(settings.freeShippingThreshold) : 0;
  const free = threshold > 0 && units > 0 && merchandise >= threshold;
  const amountToFree = threshold > 0 ? Math.max(0, threshold - merchandise) : 0;
  if (units === 0 || free || zones.length === 0) return { from: 0, to: 0, free, threshold, amountToFree };
  const costs = zones.map((z) => toMinor(z.rate) + perProduct);
  return { from: Math.min(...costs), to: Math.max(...costs), free, threshold, amountToFree };
}

/** One unit of a product as the shipping rule sees it (money in the major unit, as the product page has it). */
export function productShippingEstimate(product: { finalPrice: number; shippingCost: number }, settings: ShippingSettings): ShippingEstimate {
  return shippingEstimate(
    [{ finalPrice: toMinor(product.finalPrice), shippingCost: toMinor(product.shippingCost), quantity: 1 }],
    settings,
    settings.shippingZones,
  );
}

/** Formats an amount as money, in the unit of the amounts it is given (minor, or major in the JSON views). */
export type Money = (amount: number) => string;

export { freeShippingCondition };

/**
 * The shipping amount as a summary line shows it: "Free", "$4.99", or "from $4.99" while the address
 * decides. With a page's `t` in its language; without, in English.
 */
export function shippingAmountText(estimate: Pick<ShippingEstimate, "from" | "to">, money: Money, t?: Translate): string {
  if (estimate.to === 0) return t ? t("cart.shipping.free") : "Free";
  if (estimate.from === estimate.to) return money(estimate.from);
  return t ? t("cart.shipping.from", { amount: money(estimate.from) }) : `from ${money(estimate.from)}`;
}

/**
 * What a product page tells the shopper about shipping one unit: "Free shipping" only when the
 * checkout will charge nothing for it whatever the address, else what it costs at least and the
 * threshold from which it is free ("Shipping from $4.99, free on orders of $75.00 or more"). With a
 * page's `t` in its language; without, in English.
 */
export function shippingNoteText(estimate: Pick<ShippingEstimate, "from" | "to" | "threshold">, money: Money, t?: Translate): string {
  if (estimate.to === 0) return t ? t("cart.shipping.freeShipping") : "Free shipping";
  const cost = t
    ? estimate.from === 0
      ? t("cart.shipping.freeToSome", { amount: money(estimate.to) })
      : t(estimate.from === estimate.to ? "cart.shipping.cost" : "cart.shipping.costFrom", { amount: money(estimate.from) })
    : estimate.from === 0
      ? `Shipping free to some addresses, up to ${money(estimate.to)}`
      : `Shipping ${estimate.from === estimate.to ? "" : "from "}${money(estimate.from)}`;
  if (estimate.threshold <= 0) return cost;
  const condition = freeShippingCondition(money(estimate.threshold), t);
  return t ? t("cart.shipping.withFree", { cost, condition }) : `${cost}, free ${condition}`;
}
