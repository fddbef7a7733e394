import { z } from "zod";

// The inputs of returns and refunds, shared by the API, the customer's return form and the
// admin's refund dialog (one schema per input). Money is in the major unit, as the API gives it.

const lineId = z.string().trim().min(1).max(100);
const reason = (what: string) =>
  z
    .string({ error: `Say why ${what}.` })
    .trim()
    .min(1, `Say why ${what}.`)
    .max(1000, "Keep the reason under 1,000 characters.");

/** A customer's return request: the lines (and how many of each) to send back, and why. */
export const returnRequestSchema = z.object({
  lines: z
    .array(z.object({ lineId, quantity: z.coerce.number().int("Choose a whole number.").min(0).max(10_000) }))
    .max(200)
    .transform((lines) => lines.filter((l) => l.quantity > 0))
    .refine((lines) => lines.length > 0, "Choose at least one item to return.")
    .refine((lines) => new Set(lines.map((l) => l.lineId)).size === lines.length, "Each item once, please."),
  reason: reason("you are returning these items"),
});
export type ValidReturnRequest = z.output<typeof returnRequestSchema>;

/** An operator's refusal of a return: the reason the customer is told. */
export const returnRefusalSchema = z.object({ reason: reason("the return is refused") });

const money = z.coerce.number({ error: "Enter an amount." }).finite().min(0, "An amount cannot be negative.").max(10_000_000);

/**
 * A refund: lines (each with how many units), the shipping part, and a free amount on top, all
 * optional but not all empty; what they add up to is what is given back.
 */
export const refundSchema = z.object({
  lines: z
    .array(z.object({ lineId, quantity: z.coerce.number().int("Choose a whole number.").min(0).max(10_000) }))
    .max(200)
    .optional()
    .transform((lines) => (lines ?? []).filter((l) => l.quantity > 0))
    .refine((lines) => new Set(lines.map((l) => l.lineId)).size === lines.length, "Each line once, please."),
  shipping: money.optional(),
  amount: money.optional(),
  reason: reason("you refund"),
});
export type RefundRequest = z.input<typeof refundSchema>;
export type ValidRefundRequest = z.output<typeof refundSchema>;
