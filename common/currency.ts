import type { Language } from "./i18n/languages";

/** How a converted price is rounded: up to the next .99, .95 or whole unit, or to the cent. */
export const ROUNDINGS = ["none", "0.99", "0.95", "0.00"] as const;
export type Rounding = (typeof ROUNDINGS)[number];

/** A presentment currency as the settings keep it. */
export interface OfferedCurrency {
  code: string;
  /** Units of this currency per one unit of the shop's base currency. */
  rate: number;
  rounding: Rounding;
  /** When the owner set this rate (the server stamps it). */
  rateSetAt?: string;
  /** Whether an order in this currency may be paid in cash on delivery. */
  cashOnDelivery: boolean;
}

/** The currency a shopper sees prices in: the base one (rate 1) or one the owner offers. */
export interface Market {
  currency: string;
  rate: number;
  rounding: Rounding;
  /** The shop's own currency: amounts are as stored. */
  base: boolean;
  cashOnDelivery: boolean;
}

/** The settings a market is read from. */
export interface MarketSettings {
  currency: string;
  cashOnDelivery: boolean;
  currencies: readonly OfferedCurrency[];
  languages: ReadonlyArray<{ code: Language; currency?: string }>;
}

/** The country whose currency a language's shoppers most likely use. */
const LANGUAGE_CURRENCY: Partial<Record<Language, string>> = { de: "EUR", fr: "EUR", es: "EUR" };

/** The base currency's market. */
export function baseMarket(settings: Pick<MarketSettings, "currency" | "cashOnDelivery">): Market {
  return { currency: settings.currency, rate: 1, rounding: "none", base: true, cashOnDelivery: settings.cashOnDelivery };
}

/** The market of a currency code the shop offers (the base one or a presentment one); null for any other. */
export function marketOf(settings: MarketSettings, code: string | null | undefined): Market | null {
  const wanted = code?.trim().toUpperCase();
  if (!wanted || wanted === settings.currency) return wanted ? baseMarket(settings) : null;
  const offered = settings.currencies.find((c) => c.code === wanted);
  if (!offered) return null;
  return {
    currency: offered.code,
    rate: offered.rate,
    rounding: offered.rounding,
    base: false,
    cashOnDelivery: settings.cashOnDelivery && offered.cashOnDelivery,
  };
}

/**
 * The currency a language's pages open in: the one the owner set for it, else its country's when
 * the shop offers it (German, French, Spanish: EUR), else the base currency.
 */
export function currencyForLanguage(settings: MarketSettings, language: Language): string {
  const set = settings.languages.find((l) => l.code === language)?.currency;
  if (set && marketOf(settings, set)) return set;
  const usual = LANGUAGE_CURRENCY[language];
  return usual && marketOf(settings, usual) ? usual : settings.currency;
}

/** An amount of the base currency (minor units) in a market's currency, to the cent: shipping, thresholds, surcharges. */
export function convertAmount(minor: number, market: Market): number {
  return market.base ? minor : Math.round(minor * market.rate);
}

/** A base price (minor units) in a market's currency, rounded by the market's rule (up to .99, .95 or a whole unit). */
export function convertPrice(minor: number, market: Market): number {
  const cents = convertAmount(minor, market);
  if (market.base || cents <= 0) return cents;
  switch (market.rounding) {
    case "0.99":
      return Math.ceil((cents - 99) / 100) * 100 + 99;
    case "0.95":
      return Math.ceil((cents - 95) / 100) * 100 + 95;
    case "0.00":
      return Math.ceil(cents / 100) * 100;
    default:
      return cents;
  }
}

/**
 * The one price rule in a currency: a product's price fixed for that currency (its price list)
 * wins, a variant's extra converted to the cent on top; else the base price with the variant's
 * extra, converted and rounded. Minor units.
 */
export function priceInMarket(basePrice: number, additional: number, fixed: number | null | undefined, market: Market): number {
  if (market.base) return basePrice + additional;
  return fixed != null ? fixed + convertAmount(additional, market) : convertPrice(basePrice + additional, market);
}

/**
 * The shop's shipping settings in a market's currency: its currency, zone rates and free-shipping
 * threshold (major units, as the settings keep them) converted to the cent. What the cart prices
 * with, and what pages say about shipping.
 */
export function shippingInMarket<S extends { currency: string; freeShippingThreshold: number; shippingZones: ReadonlyArray<{ rate: number }> }>(
  settings: S,
  market: Market,
): S {
  if (market.base) return settings;
  const major = (amount: number) => Math.round(convertAmount(Math.round(amount * 100), market)) / 100;
  return {
    ...settings,
    currency: market.currency,
    freeShippingThreshold: major(settings.freeShippingThreshold),
    shippingZones: settings.shippingZones.map((zone) => ({ ...zone, rate: major(zone.rate) })),
  };
}

/** An amount of an order in its currency (minor units) back in the base currency, at the rate the order recorded. */
export function toBaseAmount(minor: number, rate: number): number {
  return rate === 1 ? minor : Math.round(minor / rate);
}
