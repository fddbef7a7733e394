// The reviews module's public face: what the rest of the server may use of it. Every other file of
// this folder is private to the module (server/modules/boundaries.test.ts holds the rule).
// Product reviews by buyers, their moderation and helpful votes.
export { authorName, createReviews } from "./reviews.service";
export type { AdminReview, OwnReview, PublicReview, ReviewPage, ReviewPhoto, ReviewSummary, ReviewsDeps, ReviewsService } from "./reviews.service";
