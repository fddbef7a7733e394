import { z } from "zod";
import { REVIEW_MESSAGES as M, REVIEW_SORTS } from "./review-rules";

export { MAX_REVIEW_PHOTOS, REVIEW_SORTS, REVIEWS_PER_PAGE, type ReviewSort } from "./review-rules";

/** What a review's status may be: waiting for a moderator, on the product page, or taken off it. */
export const REVIEW_STATUSES = ["pending", "published", "hidden"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** A buyer's review as they write it (the product page's form and POST /api/products/{slug}/reviews). */
export const reviewInputSchema = z.object({
  rating: z.number({ error: M.rating }).int(M.ratingWhole).min(1, M.rating).max(5, M.rating),
  title: z.string({ error: M.titleMissing }).trim().min(1, M.titleMissing).max(120, M.titleTooLong),
  text: z.string({ error: M.textMissing }).trim().min(1, M.textMissing).max(5000, M.textTooLong),
});

export type ReviewInput = z.output<typeof reviewInputSchema>;

/** The product page's list: sort, star filter, page. */
export const reviewListQuerySchema = z.object({
  sort: z.enum(REVIEW_SORTS, { error: `Sort by ${REVIEW_SORTS.join(", ")}` }).default("newest"),
  rating: z.coerce.number().int("A rating is 1 to 5").min(1, "A rating is 1 to 5").max(5, "A rating is 1 to 5").optional(),
  page: z.coerce.number().int("A page is a whole number").min(1, "Pages start at 1").max(10_000).default(1),
});

export type ReviewListQuery = z.output<typeof reviewListQuerySchema>;

/** The moderation queue's filter (GET /api/admin/reviews). */
export const adminReviewQuerySchema = z.object({
  status: z.enum(REVIEW_STATUSES, { error: `A status is one of ${REVIEW_STATUSES.join(", ")}` }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** A moderator's decision on a review: publish or hide it, and the shop's public reply (empty or null removes it). */
export const adminReviewPatchSchema = z
  .object({
    status: z.enum(["published", "hidden"], { error: "A review is published or hidden" }).optional(),
    reply: z.string({ error: "A reply is text" }).trim().max(2000, "Keep the reply to 2,000 characters").nullable().optional(),
  })
  .refine((v) => v.status !== undefined || v.reply !== undefined, { message: "Give a status or a reply", path: ["status"] });

export type AdminReviewPatch = z.output<typeof adminReviewPatchSchema>;
