/**
 * The reviews' rules both sides read without the schema library: sorts, page size, photos per
 * review, and the English messages of the review's checks (the API's words; the product page's
 * form shows each in the shopper's language through the `reviews` catalog).
 */

export const REVIEW_SORTS = ["newest", "helpful", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** Reviews a page of the product page's list shows. */
export const REVIEWS_PER_PAGE = 10;

/** Photos a review may carry (multipart field `photos`). */
export const MAX_REVIEW_PHOTOS = 4;

/** The messages of a review's checks, as the API answers them. */
export const REVIEW_MESSAGES = {
  rating: "Give a rating from 1 to 5 stars",
  ratingWhole: "Give a whole number of stars, from 1 to 5",
  titleMissing: "Give your review a title",
  titleTooLong: "Keep the title to 120 characters",
  textMissing: "Write a few words about the product",
  textTooLong: "Keep the review to 5,000 characters",
  notBuyer: "Only customers who bought this product and received it can review it.",
  photosTooMany: `Add ${MAX_REVIEW_PHOTOS} photos at most`,
  photoInvalid: "Each photo must be a JPEG, PNG, WebP, AVIF or GIF picture",
  photoTooLarge: "Each photo can be 5 MB at most",
} as const;
