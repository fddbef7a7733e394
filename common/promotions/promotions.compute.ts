import { allocate } from "#common/money";

/*
 * Which promotions a cart gets and what each takes off, money in minor units of the shopper's
 * currency. Pure: the caller reads the promotions, their uses and the shopper's history, and
 * writes nothing here. The one rule for every cart, checkout and order.
 *
 * - A promotion applies when it is active, its time has come and not passed, its uses (in all and
 *   by this customer) are below its limits, the order is the customer's first where it asks for
 *   that, some line is one it concerns (every line when it names no product or category), and the
 *   items' subtotal reaches its minimum. An automatic one (no code) applies by itself; a code only
 *   when the shopper typed it.
 * - Of the promotions that apply, the shopper gets the best of: every combinable one together, or
 *   one that does not combine on its own. A typed code left out of that is refused, saying which
 *   promotion gives more.
 * - Combined, they take off one after the other from what is left of each line: buy X get Y first,
 *   then percentages, then fixed amounts; free shipping takes the shipping. A discount never takes
 *   a line below zero.
 * - Each discount is shared out over the lines it concerns in proportion to what is left of them
 *   (the cents left to the largest remainders), so a line's refund can give back what was paid for
 *   it, and the tax is reckoned on the lines after it.
 */

export type PromotionKind = "percentage" | "fixed_amount" | "free_shipping" | "buy_x_get_y";

/** A promotion as the engine reads it: money in minor units of the shop's base currency. */
export interface PromotionRule {
  id: string;
  name: string;
  /** Upper case; null: automatic. */
  code: string | null;
  kind: PromotionKind;
  /** Percent off (percentage), or minor units off the order (fixed_amount). */
  value: number | null;
  /** Buy X get Y: units bought at full price, units then discounted, and by how much (100: free). */
  buyQuantity: number | null;
  getQuantity: number | null;
  getPercent: number | null;
  /** What it concerns; both empty: the whole order. */
  productIds: readonly string[];
  categorySlugs: readonly string[];
  minSubtotal: number | null;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  usageLimitPerCustomer: number | null;
  firstOrderOnly: boolean;
  combinable: boolean;
  active: boolean;
}

/** A cart line as promotions see it: its unit price after the catalogue's discount, in the shopper's currency. */
export interface PromotionLine {
  key: string;
  productId: string;
  /** The slugs of its category and sub-category. */
  categorySlugs: readonly string[];
  unitPrice: number;
  quantity: number;
}

export interface PromotionCart {
  lines: readonly PromotionLine[];
  shipping: number;
  /** Codes the shopper typed, as typed. */
  codes: readonly string[];
}

/** What the engine is told of the world: the time, uses so far, the customer's history and the shopper's currency. */
export interface PromotionContext {
  now: Date;
  /** Orders placed with each promotion, in all and by this customer (account, or contact e-mail for a guest). */
  uses: ReadonlyMap<string, number>;
  customerUses: ReadonlyMap<string, number>;
  /** Whether this customer has placed no order before. */
  firstOrder: boolean;
  /** Base-currency minor units to the shopper's currency (identity when they are the same). */
  convert: (baseMinor: number) => number;
}

/** Why a typed code gives nothing. `missing` in the shopper's currency. */
export type Refusal =
  | { reason: "unknown" }
  | { reason: "inactive" }
  | { reason: "not_started"; at: string }
  | { reason: "expired"; at: string }
  | { reason: "used_up" }
  | { reason: "used_by_customer" }
  | { reason: "first_order_only" }
  | { reason: "no_eligible_items" }
  | { reason: "min_subtotal"; missing: number }
  | { reason: "not_combinable"; with: string };

export interface AppliedPromotion {
  promotionId: string;
  code: string | null;
  /** The promotion's name, as receipts print it. */
  label: string;
  kind: PromotionKind;
  /** Off the lines and the shipping, in all. */
  amount: number;
  /** Off each line, by its key (lines it leaves alone absent). */
  lines: ReadonlyMap<string, number>;
  shipping: number;
}

export interface PromotionQuote {
  applied: AppliedPromotion[];
  refused: Array<{ code: string; refusal: Refusal }>;
  /** Off the lines in all, by line key. */
  lineDiscounts: ReadonlyMap<string, number>;
  itemsDiscount: number;
  shippingDiscount: number;
}

/** A code as the shop stores and compares it: trimmed, upper case, inner spaces removed. */
export function normaliseCode(code: string): string {
  return code.trim().replace(/\s+/g, "").toUpperCase();
}

const concerns = (rule: PromotionRule, line: PromotionLine) =>
  (rule.productIds.length === 0 && rule.categorySlugs.length === 0) ||
  rule.productIds.includes(line.productId) ||
  line.categorySlugs.some((slug) => rule.categorySlugs.includes(slug));

/** Whether the promotion may apply to this cart now, or why not. */
function eligibility(rule: PromotionRule, cart: PromotionCart, ctx: PromotionContext): Refusal | null {
  if (!rule.active) return { reason: "inactive" };
  const now = ctx.now.getTime();
  if (rule.startsAt && Date.parse(rule.startsAt) > now) return { reason: "not_started", at: rule.startsAt };
  if (rule.endsAt && Date.parse(rule.endsAt) <= now) return { reason: "expired", at: rule.endsAt };
  if (rule.usageLimit !== null && (ctx.uses.get(rule.id) ?? 0) >= rule.usageLimit) return { reason: "used_up" };
  if (rule.usageLimitPerCustomer !== null && (ctx.customerUses.get(rule.id) ?? 0) >= rule.usageLimitPerCustomer) return { reason: "used_by_customer" };
  if (rule.firstOrderOnly && !ctx.firstOrder) return { reason: "first_order_only" };
  if (!cart.lines.some((line) => concerns(rule, line))) return { reason: "no_eligible_items" };
  if (rule.minSubtotal !== null) {
    const subtotal = cart.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
    const min = ctx.convert(rule.minSubtotal);
    if (subtotal < min) return { reason: "min_subtotal", missing: min - subtotal };
  }
  return null;
}

/** What one promotion takes off each line (by index) and off the shipping, given what is left of them. */
function discountOf(rule: PromotionRule, lines: readonly PromotionLine[], left: readonly number[], shipping: number, ctx: PromotionContext) {
  const eligible = lines.map((line, i) => (concerns(rule, line) ? left[i]! : 0));
  const base = eligible.reduce((a, b) => a + b, 0);
  const none = { lines: lines.map(() => 0), shipping: 0 };
  switch (rule.kind) {
    case "free_shipping":
      return { ...none, shipping };
    case "percentage": {
      const off = Math.round((base * Math.min(100, Math.max(0, rule.value ?? 0))) / 100);
      return { lines: allocate(off, eligible), shipping: 0 };
    }
    case "fixed_amount": {
      const off = Math.min(base, ctx.convert(rule.value ?? 0));
      return { lines: allocate(off, eligible), shipping: 0 };
    }
    case "buy_x_get_y": {
      const buy = rule.buyQuantity ?? 0;
      const get = rule.getQuantity ?? 0;
      if (buy < 1 || get < 1) return none;
      // Every unit it concerns at what is left of its price, dearest first; in each group of buy + get
      // units the last (cheapest) get units are discounted, so the shopper never pays less for more.
      const units = lines.flatMap((line, i) =>
        eligible[i]! > 0
          ? allocate(
              eligible[i]!,
              Array.from({ length: line.quantity }, () => 1),
            ).map((price) => ({ i, price }))
          : [],
      );
      units.sort((a, b) => b.price - a.price || a.i - b.i);
      const off = lines.map(() => 0);
      const percent = Math.min(100, Math.max(0, rule.getPercent ?? 100));
      for (let start = 0; start + buy + get <= units.length; start += buy + get) {
        for (const unit of units.slice(start + buy, start + buy + get)) off[unit.i]! += Math.round((unit.price * percent) / 100);
      }
      return { lines: off, shipping: 0 };
    }
  }
}

const KIND_ORDER: Record<PromotionKind, number> = { buy_x_get_y: 0, percentage: 1, fixed_amount: 2, free_shipping: 3 };

/** The promotions taken together, one after the other on what is left (see the top of this file). */
function combine(rules: readonly PromotionRule[], cart: PromotionCart, ctx: PromotionContext): AppliedPromotion[] {
  const left = cart.lines.map((line) => line.unitPrice * line.quantity);
  let shippingLeft = cart.shipping;
  const applied: AppliedPromotion[] = [];
  for (const rule of [...rules].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.id.localeCompare(b.id))) {
    const off = discountOf(rule, cart.lines, left, shippingLeft, ctx);
    const byLine = new Map<string, number>();
    off.lines.forEach((amount, i) => {
      const taken = Math.min(amount, left[i]!);
      if (taken <= 0) return;
      left[i]! -= taken;
      byLine.set(cart.lines[i]!.key, taken);
    });
    const shipping = Math.min(off.shipping, shippingLeft);
    shippingLeft -= shipping;
    const amount = [...byLine.values()].reduce((a, b) => a + b, 0) + shipping;
    applied.push({ promotionId: rule.id, code: rule.code, label: rule.name, kind: rule.kind, amount, lines: byLine, shipping });
  }
  return applied;
}

const total = (applied: readonly AppliedPromotion[]) => applied.reduce((sum, p) => sum + p.amount, 0);

/**
 * The promotions a cart gets (see the top of this file): the automatic ones that apply and the
 * codes typed, the best combination for the shopper, each discount shared over its lines; and
 * each typed code that gives nothing, with why.
 */
export function quotePromotions(promotions: readonly PromotionRule[], cart: PromotionCart, ctx: PromotionContext): PromotionQuote {
  const typed = [...new Set(cart.codes.map(normaliseCode).filter(Boolean))];
  const refused: PromotionQuote["refused"] = [];
  const candidates: PromotionRule[] = [];
  for (const rule of promotions) {
    if (rule.code !== null) continue;
    if (eligibility(rule, cart, ctx) === null) candidates.push(rule);
  }
  for (const code of typed) {
    const rule = promotions.find((p) => p.code !== null && normaliseCode(p.code) === code);
    const refusal = rule ? eligibility(rule, cart, ctx) : { reason: "unknown" as const };
    if (refusal) refused.push({ code, refusal });
    else if (rule) candidates.push(rule);
  }

  // The options: every combinable promotion together, or one that does not combine, on its own.
  const together = candidates.filter((p) => p.combinable);
  const options: PromotionRule[][] = [together, ...candidates.filter((p) => !p.combinable).map((p) => [p])].filter((o) => o.length > 0);
  let best: AppliedPromotion[] = [];
  let bestRules: PromotionRule[] = [];
  for (const option of options) {
    const applied = combine(option, cart, ctx);
    // A tie goes to the option with the shopper's codes, then to the earlier one.
    const codes = (rules: PromotionRule[]) => rules.filter((r) => r.code !== null).length;
    if (total(applied) > total(best) || (total(applied) === total(best) && codes(option) > codes(bestRules))) {
      best = applied;
      bestRules = option;
    }
  }
  // A typed code stays applied even where it takes nothing off now (free shipping on a free delivery).
  const kept = best.filter((p) => p.amount > 0 || p.code !== null);
  const winner = kept.find((p) => p.amount > 0)?.label ?? kept[0]?.label ?? "";
  for (const rule of candidates) {
    if (rule.code === null || bestRules.includes(rule)) continue;
    refused.push({ code: normaliseCode(rule.code), refusal: { reason: "not_combinable", with: winner } });
  }

  const lineDiscounts = new Map<string, number>();
  for (const p of kept) for (const [key, amount] of p.lines) lineDiscounts.set(key, (lineDiscounts.get(key) ?? 0) + amount);
  return {
    applied: kept,
    refused,
    lineDiscounts,
    itemsDiscount: kept.reduce((sum, p) => sum + p.amount - p.shipping, 0),
    shippingDiscount: kept.reduce((sum, p) => sum + p.shipping, 0),
  };
}

/** A product as a page shows it: what decides whether a promotion concerns it. */
export interface PromotedProduct {
  productId: string;
  categorySlugs: readonly string[];
}

/**
 * The automatic promotions a product page names: switched on, begun and not ended, under their
 * usage limit, and concerning this product (or the whole order). Codes are the shop's to hand out,
 * never shown.
 */
export function automaticPromotionsFor(
  promotions: readonly PromotionRule[],
  product: PromotedProduct,
  uses: ReadonlyMap<string, number>,
  now: Date,
): PromotionRule[] {
  const line: PromotionLine = { key: "", productId: product.productId, categorySlugs: product.categorySlugs, unitPrice: 0, quantity: 1 };
  const at = now.getTime();
  return promotions.filter(
    (rule) =>
      rule.code === null &&
      rule.active &&
      (!rule.startsAt || Date.parse(rule.startsAt) <= at) &&
      (!rule.endsAt || Date.parse(rule.endsAt) > at) &&
      (rule.usageLimit === null || (uses.get(rule.id) ?? 0) < rule.usageLimit) &&
      concerns(rule, line),
  );
}
