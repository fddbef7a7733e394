import { z } from "zod";

export const SORTS = ["newest", "price-asc", "price-desc", "discount", "rating"] as const;
export type Sort = (typeof SORTS)[number];

const optionalText = z
  .string()
  .trim()
  .max(120)
  .optional()
  .transform((v) => (v ? v : undefined));

/** The highest price a filter accepts, in the major unit (keeps minor units inside a 32-bit column). */
export const MAX_PRICE = 10_000_000;

const optionalMoney = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === "") return undefined;
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0) {
      ctx.addIssue({ code: "custom", message: "Must be a positive number" });
      return z.NEVER;
    }
    if (n > MAX_PRICE) {
      ctx.addIssue({ code: "custom", message: `Must be at most ${MAX_PRICE.toLocaleString("en-US")}` });
      return z.NEVER;
    }
    return n;
  });

/** Listing filters as they arrive in a query string (prices in the major unit). */
export const listingQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(24),
    category: optionalText,
    subCategory: optionalText,
    minPrice: optionalMoney,
    maxPrice: optionalMoney,
    sort: z.enum(SORTS).default("newest"),
    q: optionalText,
    /** Only products rated at least this many stars on average (the listing offers 4). */
    minRating: z.coerce.number().int("A rating is a whole number of stars").min(1, "A rating is 1 to 5 stars").max(5, "A rating is 1 to 5 stars").optional(),
  })
  .refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, {
    message: "Minimum price must not exceed maximum price",
    path: ["minPrice"],
  });

export type ListingQuery = z.infer<typeof listingQuerySchema>;

export const limitOffsetSchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(100),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
