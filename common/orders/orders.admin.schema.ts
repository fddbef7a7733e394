import { z } from "zod";
import { PAYMENT_METHODS } from "../payments/payment-methods";
import { ORDER_STATUSES } from "./order-status";

/** The order list's sorts: newest first by default; a leading - sorts descending. */
export const ADMIN_ORDER_SORTS = ["created", "-created", "total", "-total", "number", "-number"] as const;

const queryText = (max: number) => z.preprocess((v) => (typeof v === "string" ? v.trim() || undefined : v), z.string().max(max).optional());
const blankless = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "A date is YYYY-MM-DD");

/**
 * The admin order list's query (the API's query string and the screen's URL): status tab, search by
 * order number, e-mail, phone or name, payment method, a date range (days, inclusive, UTC), sort, page.
 */
export const adminOrderQuerySchema = z
  .object({
    status: blankless(z.enum(ORDER_STATUSES, { error: `The status is one of ${ORDER_STATUSES.join(", ")}` })),
    q: queryText(200),
    payment: blankless(z.enum(PAYMENT_METHODS, { error: "The payment method is cod or card" })),
    from: blankless(day),
    to: blankless(day),
    sort: blankless(z.enum(ADMIN_ORDER_SORTS, { error: `Sort by one of ${ADMIN_ORDER_SORTS.join(", ")}` })),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ["to"], message: "The end date is before the start date" });
export type AdminOrderQuery = z.input<typeof adminOrderQuerySchema>;

const optionalText = (max: number, message: string) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() || undefined : (v ?? undefined)), z.string().max(max, message).optional());

/** A status move by the shop: the new status, a note for the timeline, and for shipping the courier and tracking number. */
export const transitionSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `The status is one of ${ORDER_STATUSES.join(", ")}` }),
  note: optionalText(1000, "The note is too long (1,000 characters at most)"),
  courier: optionalText(40, "Choose one of the shop's couriers"),
  trackingNumber: optionalText(100, "The tracking number is too long (100 characters at most)"),
});
export type TransitionInput = z.output<typeof transitionSchema>;

/** The same move on many orders (orders/management). */
export const bulkTransitionSchema = z.object({
  ids: z
    .array(z.string().trim().min(1).max(100), { error: "Select orders (a list of ids)" })
    .min(1, "Select at least one order")
    .max(1000, "At most 1,000 orders at once"),
  status: z.enum(ORDER_STATUSES, { error: `The status is one of ${ORDER_STATUSES.join(", ")}` }),
  note: optionalText(1000, "The note is too long (1,000 characters at most)"),
});
export type BulkTransitionInput = z.output<typeof bulkTransitionSchema>;

/** A staff note on an order: internal, or sent to the customer by mail and shown on their order. */
export const orderNoteSchema = z.object({
  text: z.string({ error: "Write the note" }).trim().min(1, "Write the note").max(2000, "The note is too long (2,000 characters at most)"),
  visibleToCustomer: z.preprocess((v) => v === true || v === "true" || v === "on" || v === "1", z.boolean()).default(false),
});
export type OrderNoteInput = z.output<typeof orderNoteSchema>;
