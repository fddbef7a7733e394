import { z } from "zod";
import { moneyAmount } from "#common/money.schema";

// The one schema of a promotion as the admin writes it (POST and PATCH /api/admin/promotions).
// Money in the shop's base currency, major unit; a percentage in percent.

export const PROMOTION_KINDS = ["percentage", "fixed_amount", "free_shipping", "buy_x_get_y"] as const;
export type PromotionKindValue = (typeof PROMOTION_KINDS)[number];

/** Where a promotion is in its life, as the admin list says it. */
export const PROMOTION_STATUSES = ["scheduled", "active", "expired", "used up", "inactive"] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

export const MAX_PROMOTION_NAME = 100;
/** Letters, digits, dashes and underscores, 3 to 40: what a shopper can read out and type. */
export const CODE_PATTERN = /^[A-Z0-9_-]{3,40}$/;
const MAX_TARGETS = 500;

const name = z
  .string({ error: "Name the promotion" })
  .trim()
  .min(1, "Name the promotion")
  .max(MAX_PROMOTION_NAME, `The name is too long (${MAX_PROMOTION_NAME} characters at most)`);

/** A code as shoppers type it, stored upper case without spaces; blank or null: automatic. */
const code = z
  .string({ error: "The code must be text" })
  .nullish()
  .transform((v) => (v ? v.trim().replace(/\s+/g, "").toUpperCase() : null))
  .refine((v) => v === null || CODE_PATTERN.test(v), "A code has 3 to 40 letters, digits, dashes or underscores");

const count = (what: string, min: number) =>
  z
    .number({ error: `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .min(min, `${what} must be at least ${min}`)
    .max(1_000_000, `${what} can be at most 1,000,000`);

const percent = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .gt(0, `${what} must be more than 0 %`)
    .max(100, `${what} can be at most 100 %`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, `${what} can have at most two decimals`);

const instant = (what: string) =>
  z
    .string({ error: `${what} must be a date and time` })
    .refine((v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(v), `${what} must be a date and time such as 2027-03-01T09:00:00+01:00`)
    .transform((v) => new Date(v).toISOString())
    .nullish();

const ids = z
  .array(z.string().trim().min(1).max(100), { error: "productIds is a list of product ids" })
  .max(MAX_TARGETS, `At most ${MAX_TARGETS} products`)
  .transform((list) => [...new Set(list)]);
const slugs = z
  .array(z.string().trim().min(1).max(100), { error: "categorySlugs is a list of category slugs" })
  .max(MAX_TARGETS, `At most ${MAX_TARGETS} categories`)
  .transform((list) => [...new Set(list)]);

/** Every field a promotion has, each optional: PATCH takes any of them, POST the ones it requires (below). */
const fields = {
  name,
  code,
  kind: z.enum(PROMOTION_KINDS, { error: `The kind is one of ${PROMOTION_KINDS.join(", ")}` }),
  /** Percent off (percentage) or the amount off (fixed_amount). */
  value: z.number({ error: "The value must be a number" }).nullish(),
  buyQuantity: count("Buy quantity", 1).nullish(),
  getQuantity: count("Get quantity", 1).nullish(),
  getPercent: percent("The discount on the items got").nullish(),
  productIds: ids.optional(),
  categorySlugs: slugs.optional(),
  minSubtotal: moneyAmount("The minimum subtotal").nullish(),
  startsAt: instant("The start"),
  endsAt: instant("The end"),
  usageLimit: count("The usage limit", 1).nullish(),
  usageLimitPerCustomer: count("The limit per customer", 1).nullish(),
  firstOrderOnly: z.boolean({ error: "firstOrderOnly is true or false" }).optional(),
  combinable: z.boolean({ error: "combinable is true or false" }).optional(),
  active: z.boolean({ error: "active is true or false" }).optional(),
};

/** A promotion once its fields are known: what every write stores. */
export interface PromotionValues {
  name: string;
  code: string | null;
  kind: PromotionKindValue;
  value: number | null;
  buyQuantity: number | null;
  getQuantity: number | null;
  getPercent: number | null;
  productIds: string[];
  categorySlugs: string[];
  minSubtotal: number | null;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  usageLimitPerCustomer: number | null;
  firstOrderOnly: boolean;
  combinable: boolean;
  active: boolean;
}

/**
 * The rules that tie a promotion's fields together, for a whole promotion (a new one, or a stored
 * one with a change): each problem under its field, as the API's 400 names it.
 */
export function promotionProblems(p: PromotionValues): Record<string, string> {
  const problems: Record<string, string> = {};
  if (p.kind === "percentage") {
    const check = percent("The percentage").safeParse(p.value);
    if (!check.success) problems.value = p.value == null ? "Give the percentage off, such as 20" : check.error.issues[0]!.message;
  } else if (p.kind === "fixed_amount") {
    const check = moneyAmount("The amount off").safeParse(p.value);
    if (!check.success || p.value === 0)
      problems.value =
        p.value == null || p.value === 0 ? "Give the amount off, such as 10" : (check.error?.issues[0]?.message ?? "Give the amount off, such as 10");
  } else if (p.value !== null) {
    problems.value = `A ${p.kind === "free_shipping" ? "free-shipping" : "buy X get Y"} promotion takes no value`;
  }
  if (p.kind === "buy_x_get_y") {
    if (p.buyQuantity === null) problems.buyQuantity = "Say how many items are bought, such as 2";
    if (p.getQuantity === null) problems.getQuantity = "Say how many items are then discounted, such as 1";
  } else {
    for (const field of ["buyQuantity", "getQuantity", "getPercent"] as const) {
      if (p[field] !== null) problems[field] = "Only a buy X get Y promotion takes this";
    }
  }
  if (p.startsAt && p.endsAt && p.endsAt <= p.startsAt) problems.endsAt = "The end must come after the start";
  if (p.usageLimit !== null && p.usageLimitPerCustomer !== null && p.usageLimitPerCustomer > p.usageLimit) {
    problems.usageLimitPerCustomer = "The limit per customer cannot be above the usage limit";
  }
  return problems;
}

/** POST /api/admin/promotions: a new promotion (automatic without a code; active and combinable unless said otherwise). */
export const promotionCreateSchema = z.object({ ...fields, kind: fields.kind });
export type PromotionCreateInput = z.input<typeof promotionCreateSchema>;

/** PATCH /api/admin/promotions/{id}: any of its fields (null clears an optional one). */
export const promotionPatchSchema = z.object({ ...fields, kind: fields.kind.optional(), name: name.optional() });
export type PromotionPatchInput = z.input<typeof promotionPatchSchema>;

/** A new promotion's fields with their defaults. */
export function newPromotionValues(input: z.output<typeof promotionCreateSchema>): PromotionValues {
  return {
    name: input.name,
    code: input.code ?? null,
    kind: input.kind,
    value: input.value ?? null,
    buyQuantity: input.buyQuantity ?? null,
    getQuantity: input.getQuantity ?? null,
    getPercent: input.kind === "buy_x_get_y" ? (input.getPercent ?? 100) : (input.getPercent ?? null),
    productIds: input.productIds ?? [],
    categorySlugs: input.categorySlugs ?? [],
    minSubtotal: input.minSubtotal ?? null,
    startsAt: input.startsAt ?? null,
    endsAt: input.endsAt ?? null,
    usageLimit: input.usageLimit ?? null,
    usageLimitPerCustomer: input.usageLimitPerCustomer ?? null,
    firstOrderOnly: input.firstOrderOnly ?? false,
    combinable: input.combinable ?? true,
    active: input.active ?? true,
  };
}

/** A stored promotion with a PATCH over it: given fields win, null clears, absent keeps. */
export function patchedPromotionValues(stored: PromotionValues, patch: z.output<typeof promotionPatchSchema>): PromotionValues {
  const next = { ...stored } as Record<string, unknown>;
  // Another kind drops the figures of the old one that the change does not give again.
  if (patch.kind && patch.kind !== stored.kind) for (const key of ["value", "buyQuantity", "getQuantity", "getPercent"]) next[key] = null;
  for (const [key, value] of Object.entries(patch)) if (value !== undefined) next[key] = value;
  const merged = next as unknown as PromotionValues;
  // Moving to buy X get Y without a percent makes the items got free.
  if (merged.kind === "buy_x_get_y" && merged.getPercent === null) merged.getPercent = 100;
  return merged;
}
