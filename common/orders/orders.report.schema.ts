import { z } from "zod";
import { daysBetween } from "../calendar";

/** The longest range the sales report answers: five years (and a day for a leap year). */
export const MAX_REPORT_DAYS = 5 * 366;
export const REPORT_GROUPS = ["day", "week", "month"] as const;

/** Whether "YYYY-MM-DD" is a day of the calendar (not 2026-02-30). */
const realDate = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

const isoDate = (what: string) =>
  z
    .string({ error: `Give the ${what} date` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `The ${what} date is YYYY-MM-DD`)
    .refine(realDate, `The ${what} date does not exist`);

/** A report's range: `to` not before `from`, five years at most. */
function checkRange(q: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (!realDate(q.from) || !realDate(q.to)) return;
  const days = daysBetween(q.from, q.to);
  if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: "The end date cannot be before the start date" });
  else if (days > MAX_REPORT_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: "The report covers five years at most" });
}

/**
 * GET /api/admin/reports/sales (and .csv): `from` and `to`, dates in the shop's time zone, both
 * included; `to` not before `from`, five years at most; `groupBy` day (default), week or month.
 */
export const salesReportQuerySchema = z
  .object({
    from: isoDate("start"),
    to: isoDate("end"),
    groupBy: z.enum(REPORT_GROUPS, { error: "Group by day, week or month" }).default("day"),
  })
  .superRefine(checkRange);
export type SalesReportQuery = z.input<typeof salesReportQuerySchema>;

/** GET /api/admin/reports/taxes (and .csv): `from` and `to` as the sales report's, no grouping. */
export const taxReportQuerySchema = z.object({ from: isoDate("start"), to: isoDate("end") }).superRefine(checkRange);
export type TaxReportQuery = z.input<typeof taxReportQuerySchema>;
