/**
 * The promotion form, both ways: what it posts as the promotions service takes it (the route's
 * action), and the same fields as a rule of the promotions engine with a sample cart (the live
 * example beside the form, computed in the browser with the checkout's own quotePromotions).
 */
import { toMinor } from "#common/money";
import { type PromotionCart, type PromotionQuote, type PromotionRule, quotePromotions } from "#common/promotions/promotions.compute";
import { newPromotionValues, type PromotionValues, promotionCreateSchema, promotionProblems } from "#common/promotions/promotions.schema";
import { zonedToInstant } from "../banners/zoned-time";

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v.trim() : "";
};

/** A number field: null when blank, the number typed, or what was typed for the schema to refuse in words. */
function number(form: FormData, name: string): number | string | null {
  const raw = text(form, name).replace(/\s/g, "");
  if (raw === "") return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : raw;
}

const strings = (values: FormDataEntryValue[]) => values.filter((v): v is string => typeof v === "string" && v.trim() !== "");

/**
 * The form's fields as POST and PATCH /api/admin/promotions take them: blank is null (PATCH clears
 * it), the figures of a kind other than the one chosen are left out (the form shows them only for
 * their kind), and the times are read in the shop's time zone `zone`.
 */
export function promotionBody(form: FormData, zone: string) {
  const kind = text(form, "kind");
  const takesValue = kind === "percentage" || kind === "fixed_amount";
  const buyGet = kind === "buy_x_get_y";
  const instant = (name: string) => {
    const v = text(form, name);
    return v ? zonedToInstant(v, zone) : null;
  };
  return {
    name: text(form, "name"),
    code: text(form, "code") || null,
    kind,
    value: takesValue ? number(form, "value") : null,
    buyQuantity: buyGet ? number(form, "buyQuantity") : null,
    getQuantity: buyGet ? number(form, "getQuantity") : null,
    getPercent: buyGet ? number(form, "getPercent") : null,
    productIds: strings(form.getAll("productIds")),
    categorySlugs: strings(form.getAll("categorySlugs")),
    minSubtotal: number(form, "minSubtotal"),
    startsAt: instant("startsAt"),
    endsAt: instant("endsAt"),
    usageLimit: number(form, "usageLimit"),
    usageLimitPerCustomer: number(form, "usageLimitPerCustomer"),
    firstOrderOnly: form.get("firstOrderOnly") === "on",
    combinable: form.get("combinable") === "on",
    active: form.get("active") === "on",
  };
}

export type PromotionBody = ReturnType<typeof promotionBody>;

/** The promotion as the engine reads it: money in minor units, percents in percent. */
export function ruleOf(id: string, v: PromotionValues): PromotionRule {
  return {
    id,
    name: v.name,
    code: v.code,
    kind: v.kind,
    value: v.kind === "fixed_amount" && v.value !== null ? toMinor(v.value) : v.value,
    buyQuantity: v.buyQuantity,
    getQuantity: v.getQuantity,
    getPercent: v.getPercent,
    productIds: v.productIds,
    categorySlugs: v.categorySlugs,
    minSubtotal: v.minSubtotal === null ? null : toMinor(v.minSubtotal),
    startsAt: v.startsAt,
    endsAt: v.endsAt,
    usageLimit: v.usageLimit,
    usageLimitPerCustomer: v.usageLimitPerCustomer,
    firstOrderOnly: v.firstOrderOnly,
    combinable: v.combinable,
    active: v.active,
  };
}

/**
 * The form's promotion as a rule for the example, or the first thing to fix before there is one
 * (the service's own message). The name and code do not change what a cart gets: a blank name or
 * an unfinished code does not hold the example back.
 */
export function exampleRule(body: PromotionBody, id: string): { rule: PromotionRule } | { problem: string } {
  const parsed = promotionCreateSchema.safeParse({ ...body, name: body.name || "Example", code: null });
  if (!parsed.success) return { problem: parsed.error.issues[0]!.message };
  const values = newPromotionValues(parsed.data);
  const problem = Object.values(promotionProblems(values))[0];
  return problem ? { problem } : { rule: ruleOf(id, values) };
}

/** One line of the sample cart as the admin types it: unit price (major unit), quantity, and whether it is an item the promotion concerns. */
export interface SampleLine {
  price: string;
  quantity: string;
  covered: boolean;
}

export interface SampleCart {
  lines: SampleLine[];
  shipping: string;
  /** Whether the sample customer has ordered before (for first-order-only promotions). */
  firstOrder: boolean;
}

/** A sample to start from: two items and a delivery, a first order. */
export const DEFAULT_SAMPLE: SampleCart = {
  lines: [
    { price: "40.00", quantity: "2", covered: true },
    { price: "15.00", quantity: "1", covered: true },
  ],
  shipping: "5.00",
  firstOrder: true,
};

/** An amount typed in the sample, in minor units (0 for anything that is not an amount). */
const minorOf = (typed: string) => {
  const n = Number(typed.replace(",", ".").trim());
  return Number.isFinite(n) && n > 0 ? toMinor(n) : 0;
};
const quantityOf = (typed: string) => {
  const n = Math.floor(Number(typed.trim()));
  return Number.isFinite(n) && n > 0 ? Math.min(n, 999) : 0;
};

/** The sample as the engine's cart: an item the promotion concerns is one of its products (or in one of its categories); another item is neither. */
export function sampleCartOf(sample: SampleCart, rule: Pick<PromotionRule, "productIds" | "categorySlugs" | "code">): PromotionCart {
  return {
    lines: sample.lines
      .map((line, i) => ({
        key: `line-${i}`,
        productId: line.covered ? (rule.productIds[0] ?? `sample-${i}`) : `sample-other-${i}`,
        categorySlugs: line.covered && rule.productIds.length === 0 ? rule.categorySlugs.slice(0, 1) : [],
        unitPrice: minorOf(line.price),
        quantity: quantityOf(line.quantity),
      }))
      .filter((line) => line.quantity > 0),
    shipping: minorOf(sample.shipping),
    codes: rule.code ? [rule.code] : [],
  };
}

export interface ExampleResult {
  quote: PromotionQuote;
  /** The items' subtotal and the shipping before the promotion, minor units. */
  subtotal: number;
  shipping: number;
}

/**
 * What the sample cart gets from the promotion now: the engine's quote for this one promotion,
 * typed as a code so that a refusal says why (an automatic promotion applies on the same terms).
 * `uses` is how often it has been used so far (its limit counts them).
 */
export function exampleQuote(rule: PromotionRule, sample: SampleCart, options: { uses: number; now: Date }): ExampleResult {
  const typed = { ...rule, code: rule.code ?? "EXAMPLE" };
  const cart = sampleCartOf(sample, typed);
  const quote = quotePromotions([typed], cart, {
    now: options.now,
    uses: new Map([[rule.id, options.uses]]),
    customerUses: new Map(),
    firstOrder: sample.firstOrder,
    convert: (minor) => minor,
  });
  return { quote, subtotal: cart.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0), shipping: cart.shipping };
}
