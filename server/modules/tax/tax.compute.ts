import { type TaxRegion, type TaxSettings, taxRegionKey } from "#common/tax/tax.schema";
import { isReverseCharge } from "#common/tax/vat-number";
import { allocate, toMajor } from "#common/money";

/** Where goods go, as far as tax cares: a country and, where it has them, a state or province. */
export interface TaxAddress {
  country: string;
  region?: string | null;
}

/** A line of a cart or order as tax sees it: what it costs in all (after discounts), in minor units of the order's currency. */
export interface TaxableLine {
  key: string;
  /** The product's class; null: the shop's default class. */
  taxClass: string | null;
  amount: number;
  /** A gift card sold: a voucher, outside the tax (taxed when it is spent), so it gets no rate and no tax line. */
  voucher?: boolean;
}

/** The tax of one line (or of shipping, keyed "shipping"): its class, rate, taxable base and tax, minor units. */
export interface LineTax {
  key: string;
  taxClass: string;
  /** Thousandths of a percent (19 % = 19000), so rates such as 8.875 % stay exact. */
  rateMilli: number;
  base: number;
  amount: number;
}

/** One line of the receipt's tax summary: all lines at one rate. */
export interface TaxLine {
  /** "VAT 19%", "Tax 8.875%", "Reverse charge". */
  label: string;
  /** What the region calls its tax (the owner's word), or null for the plain "Tax". */
  name: string | null;
  /** Percent. */
  rate: number;
  base: number;
  amount: number;
  reverseCharge: boolean;
}

/** A receipt line as the JSON views give it: the same words, money in the major unit. */
export type TaxLineView = TaxLine;

/** Receipt lines as the JSON views give them: money in the major unit, the rate in percent. */
export function taxLinesView(lines: readonly TaxLine[]): TaxLineView[] {
  return lines.map((l) => ({ label: l.label, name: l.name, reverseCharge: l.reverseCharge, rate: l.rate, base: toMajor(l.base), amount: toMajor(l.amount) }));
}

export interface TaxQuote {
  pricesIncludeTax: boolean;
  reverseCharge: boolean;
  /** The region the rates came from, or null when none of the shop's regions covers the address. */
  region: { country: string; region: string | null } | null;
  lines: LineTax[];
  taxLines: TaxLine[];
  taxTotal: number;
  /**
   * What tax changes in the total the shopper pays, minor units: the tax itself where prices
   * exclude it, nothing where they include it, and minus the tax the prices included for a
   * reverse-charge buyer of a tax-inclusive shop (who pays the prices without it).
   */
  added: number;
}

export interface TaxInput {
  lines: TaxableLine[];
  /** The order's shipping charge, minor units; 0 when free or not chosen yet. */
  shipping: number;
  /** The delivery address; null before the shopper gives one: the shop's own region then. */
  address: TaxAddress | null;
  vatNumber?: string | null;
}

export interface TaxShop {
  country: string;
  taxes: TaxSettings;
}

export const SHIPPING_KEY = "shipping";

/** The region of the shop's settings covering an address: its state or province first, else its whole country; null: untaxed. */
export function taxRegionFor(taxes: TaxSettings, address: TaxAddress): TaxRegion | null {
  const key = taxRegionKey(address.country, address.region);
  let country: TaxRegion | null = null;
  for (const region of taxes.regions) {
    if (region.country !== address.country) continue;
    if (!region.region) country ??= region;
    else if (key && taxRegionKey(region.country, region.region) === key) return region;
  }
  return country;
}

/** A percent to thousandths ("8.875" stays 8875 milli-percent) and back. */
export const toMilli = (percent: number) => Math.round(percent * 1000);
export const fromMilli = (milli: number) => milli / 1000;

/** "19", "8.875": a rate as receipts print it. */
export function formatRate(percent: number): string {
  return String(Number(percent.toFixed(3)));
}

/** The receipt's words for the lines at one rate: "VAT 19%", "Tax 8.875%" (the region's name for its tax, else Tax), or "Reverse charge". */
export function taxLineLabel(name: string | null, rate: number, reverseCharge: boolean): string {
  return reverseCharge ? "Reverse charge" : `${name ?? "Tax"} ${formatRate(rate)}%`;
}

/**
 * The receipt's tax lines from the tax of each line as charged (an order's stored lines): their
 * bases and amounts summed per rate, the highest rate first; a reverse-charge order's in one line.
 * Summing what quoteTax shared out gives back its own receipt, so a placed order reads as quoted.
 */
export function receiptOf(lines: ReadonlyArray<Pick<LineTax, "rateMilli" | "base" | "amount">>, name: string | null, reverseCharge: boolean): TaxLine[] {
  const byRate = new Map<number, { base: number; amount: number }>();
  for (const line of lines) {
    const rateMilli = reverseCharge ? 0 : line.rateMilli;
    const sum = byRate.get(rateMilli) ?? { base: 0, amount: 0 };
    sum.base += line.base;
    sum.amount += line.amount;
    byRate.set(rateMilli, sum);
  }
  return [...byRate]
    .sort((a, b) => b[0] - a[0])
    .map(([rateMilli, sum]) => {
      const rate = fromMilli(rateMilli);
      return { label: taxLineLabel(name, rate, reverseCharge), name, rate, base: sum.base, amount: sum.amount, reverseCharge };
    });
}

/** The rounding rule of every tax amount: to the nearest minor unit, halves away from zero. */
export function roundHalfUp(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value) + 1e-9);
}

/**
 * The tax of a cart or order: the rate of each line's class in the region of the address (the
 * shop's own before one is known), taxed once per rate on the sum of its lines (where prices
 * include tax, the tax is extracted from that sum: sum × rate / (100 + rate)), rounded half up to
 * the minor unit, and shared out over the lines in proportion to their amounts so that lines and
 * receipt agree to the cent. A business buyer with a VAT number of another EU country pays none
 * (reverse charge). Decision 0054 records the rule.
 */
export function quoteTax(input: TaxInput, shop: TaxShop): TaxQuote {
  const { taxes } = shop;
  const address = input.address ?? { country: shop.country, region: taxes.region ?? null };
  const region = taxRegionFor(taxes, address);
  const reverseCharge = isReverseCharge(input.vatNumber, shop.country);
  const inclusive = taxes.pricesIncludeTax;
  const taxable: Array<{ key: string; taxClass: string; amount: number }> = input.lines
    .filter((line) => !line.voucher)
    .map((line) => ({
      key: line.key,
      taxClass: line.taxClass && taxes.classes.includes(line.taxClass) ? line.taxClass : taxes.defaultClass,
      amount: line.amount,
    }));
  if (taxes.shippingTaxed && input.shipping > 0) taxable.push({ key: SHIPPING_KEY, taxClass: taxes.shippingTaxClass, amount: input.shipping });

  const empty: TaxQuote = { pricesIncludeTax: inclusive, reverseCharge, region: null, lines: [], taxLines: [], taxTotal: 0, added: 0 };
  if (!region) return empty;

  const name = region.name || null;
  const byRate = new Map<number, number[]>();
  taxable.forEach((line, i) => {
    const rate = toMilli(region.rates[line.taxClass] ?? 0);
    const group = byRate.get(rate) ?? [];
    group.push(i);
    byRate.set(rate, group);
  });
  const lines: LineTax[] = taxable.map((line) => ({ key: line.key, taxClass: line.taxClass, rateMilli: 0, base: line.amount, amount: 0 }));
  const taxLines: TaxLine[] = [];
  let taxTotal = 0;
  let extracted = 0;
  for (const [rateMilli, members] of [...byRate].sort((a, b) => b[0] - a[0])) {
    const amounts = members.map((i) => taxable[i]!.amount);
    const sum = amounts.reduce((a, b) => a + b, 0);
    const tax = roundHalfUp(inclusive ? (sum * rateMilli) / (100_000 + rateMilli) : (sum * rateMilli) / 100_000);
    const shares = allocate(tax, amounts);
    members.forEach((i, k) => {
      const line = lines[i]!;
      line.rateMilli = reverseCharge ? 0 : rateMilli;
      line.base = inclusive ? taxable[i]!.amount - shares[k]! : taxable[i]!.amount;
      line.amount = reverseCharge ? 0 : shares[k]!;
    });
    const base = inclusive ? sum - tax : sum;
    if (reverseCharge) {
      extracted += inclusive ? tax : 0;
      continue;
    }
    taxTotal += tax;
    const rate = fromMilli(rateMilli);
    taxLines.push({ label: taxLineLabel(name, rate, false), name, rate, base, amount: tax, reverseCharge: false });
  }
  if (reverseCharge) {
    const base = lines.reduce((a, l) => a + l.base, 0);
    taxLines.push({ label: taxLineLabel(name, 0, true), name, rate: 0, base, amount: 0, reverseCharge: true });
  }
  return {
    pricesIncludeTax: inclusive,
    reverseCharge,
    region: { country: region.country, region: region.region ? taxRegionKey(region.country, region.region) : null },
    lines,
    taxLines,
    taxTotal,
    added: inclusive ? 0 - extracted : taxTotal,
  };
}

/** A taxed part of a placed order (a line, or the shipping) as a refund sees it, minor units. */
export interface RefundablePart {
  /** The order line's id, or SHIPPING_KEY. */
  key: string;
  rateMilli: number;
  /** What the buyer paid for the part, tax included (its base and its tax). */
  charged: number;
  /** Its tax as charged. */
  tax: number;
  /** What refunds gave back of it so far: money (tax included) and tax. */
  refundedGross: number;
  refundedTax: number;
}

/** One row of a refund's tax: the part it gives back (a line, the shipping, or null for a free amount), rate, base and tax, minor units. */
export interface RefundTaxLine {
  key: string | null;
  rateMilli: number;
  base: number;
  amount: number;
}

export interface RefundTaxInput {
  /** The order's taxed parts, with what was refunded of each. */
  parts: RefundablePart[];
  /** Tax already given back per rate by free amounts (they belong to no part). */
  freeRefundedTax: ReadonlyMap<number, number>;
  /** Money refunded now per part (tax included): units of a line, part of the shipping. */
  refund: Array<{ key: string; gross: number }>;
  /** A free amount refunded now (tax included). */
  amount: number;
  /** What the buyer paid in all, and what was refunded before this refund. */
  paid: number;
  refundedBefore: number;
  reverseCharge: boolean;
}

/**
 * The tax a refund gives back, from the order's tax as charged (never today's rates), by the rule
 * of decision 0054 (halves away from zero): a part's tax in proportion to the money refunded of it
 * (the part's last money takes exactly the tax it has left); a free amount spread over the
 * order's rates in proportion to what the buyer paid at each, its tax then extracted at the tax
 * the order charged on it. Never more than the order's tax at a rate, and the refund that brings
 * the order's refunds to what was paid takes all the tax left. A reverse-charge order gives back none.
 */
export function refundTax(input: RefundTaxInput): RefundTaxLine[] {
  const out: RefundTaxLine[] = [];
  const left = new Map<number, number>();
  for (const p of input.parts) left.set(p.rateMilli, (left.get(p.rateMilli) ?? 0) + p.tax - p.refundedTax);
  for (const [rate, tax] of input.freeRefundedTax) left.set(rate, (left.get(rate) ?? 0) - tax);
  const take = (rate: number, wanted: number) => {
    const got = Math.max(0, Math.min(wanted, left.get(rate) ?? 0));
    left.set(rate, (left.get(rate) ?? 0) - got);
    return got;
  };
  const zeroTax = input.reverseCharge;
  for (const r of input.refund) {
    const part = input.parts.find((p) => p.key === r.key);
    if (!part || r.gross <= 0) continue;
    const grossLeft = part.charged - part.refundedGross;
    const wanted = zeroTax ? 0 : r.gross >= grossLeft ? part.tax - part.refundedTax : roundHalfUp((part.tax * r.gross) / (part.charged || 1));
    const amount = take(part.rateMilli, Math.min(wanted, part.tax - part.refundedTax));
    out.push({ key: r.key, rateMilli: part.rateMilli, base: r.gross - amount, amount });
  }
  if (input.amount > 0) {
    const rates = [...new Set(input.parts.map((p) => p.rateMilli))].sort((a, b) => b - a);
    const charged = rates.map((rate) => input.parts.filter((p) => p.rateMilli === rate).reduce((s, p) => s + p.charged, 0));
    const taxed = rates.map((rate) => input.parts.filter((p) => p.rateMilli === rate).reduce((s, p) => s + p.tax, 0));
    const untaxed = Math.max(0, input.paid - charged.reduce((a, b) => a + b, 0));
    const shares = allocate(input.amount, [...charged, untaxed]);
    rates.forEach((rate, i) => {
      const gross = shares[i]!;
      if (gross <= 0) return;
      const amount = zeroTax ? 0 : take(rate, roundHalfUp((taxed[i]! * gross) / (charged[i] || 1)));
      out.push({ key: null, rateMilli: rate, base: gross - amount, amount });
    });
  }
  const total = input.refund.reduce((s, r) => s + r.gross, 0) + input.amount;
  if (!zeroTax && input.refundedBefore + total >= input.paid) {
    // The last refund: whatever tax rounding left at a rate goes back with it.
    for (const [rate, rest] of left) {
      if (rest <= 0) continue;
      const row = out.find((l) => l.rateMilli === rate) ?? out[out.push({ key: null, rateMilli: rate, base: 0, amount: 0 }) - 1]!;
      row.amount += rest;
      row.base -= rest;
      left.set(rate, 0);
    }
  }
  return out;
}
