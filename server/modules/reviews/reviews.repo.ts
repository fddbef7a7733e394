import type { Insertable, Kysely, Selectable, Transaction, Updateable } from "kysely";
import type { ReviewSort } from "#common/reviews/reviews.schema";
import type { Database, ReviewTable } from "../../db/schema";

export type Executor = Kysely<Database> | Transaction<Database>;
export type ReviewRow = Selectable<ReviewTable>;

/** Published reviews of a product per star: `[{rating, n}]`. */
export function countPublishedByRating(k: Executor, productId: string) {
  return k
    .selectFrom("reviews")
    .select(["rating", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("product_id", "=", productId)
    .where("status", "=", "published")
    .groupBy("rating")
    .execute();
}

/** One page of a product's published reviews, in the order asked, only those of `rating` stars when given. */
export function listPublished(k: Executor, productId: string, options: { sort: ReviewSort; rating?: number; limit: number; offset: number }) {
  let q = k.selectFrom("reviews").selectAll().where("product_id", "=", productId).where("status", "=", "published");
  if (options.rating !== undefined) q = q.where("rating", "=", options.rating);
  if (options.sort === "helpful") q = q.orderBy("helpful_count", "desc");
  else if (options.sort === "highest") q = q.orderBy("rating", "desc");
  else if (options.sort === "lowest") q = q.orderBy("rating", "asc");
  return q.orderBy("created_at", "desc").orderBy("id", "desc").limit(options.limit).offset(options.offset).execute();
}

/** The review of this product by this account, if they wrote one. */
export function findByAuthor(k: Executor, productId: string, userId: string) {
  return k.selectFrom("reviews").selectAll().where("product_id", "=", productId).where("user_id", "=", userId).executeTakeFirst();
}

/** The review of this product by this guest (their order's e-mail address, lower case), if they wrote one. */
export function findByGuest(k: Executor, productId: string, email: string) {
  return k.selectFrom("reviews").selectAll().where("product_id", "=", productId).where("guest_email", "=", email).executeTakeFirst();
}

/** Every review an account wrote, newest first. */
export function listByAuthor(k: Executor, userId: string) {
  return k.selectFrom("reviews").selectAll().where("user_id", "=", userId).orderBy("created_at", "desc").orderBy("id", "desc").execute();
}

export function getReview(k: Executor, id: string) {
  return k.selectFrom("reviews").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Deletes every review of an account (their votes go with them). */
export async function deleteByAuthor(k: Executor, userId: string): Promise<void> {
  await k.deleteFrom("reviews").where("user_id", "=", userId).execute();
}

/** Inserts a review unless the author (account or guest address) has one of this product already (two first posts at once): whether it was inserted. */
export async function insertReview(k: Executor, row: Insertable<ReviewTable>): Promise<boolean> {
  const result = await k
    .insertInto("reviews")
    .values(row)
    .onConflict((oc) => oc.columns(row.user_id ? ["product_id", "user_id"] : ["product_id", "guest_email"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function updateReview(k: Executor, id: string, change: Updateable<ReviewTable>): Promise<void> {
  await k.updateTable("reviews").set(change).where("id", "=", id).execute();
}

/** Counts one vote of `voter` for a review, once: whether this vote was new. */
export async function addVote(k: Executor, reviewId: string, voter: string, at: string): Promise<boolean> {
  const result = await k
    .insertInto("review_votes")
    .values({ review_id: reviewId, voter, created_at: at })
    .onConflict((oc) => oc.columns(["review_id", "voter"]).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await k
    .updateTable("reviews")
    .set((eb) => ({ helpful_count: eb("helpful_count", "+", 1) }))
    .where("id", "=", reviewId)
    .execute();
  return true;
}

/** The moderation queue: reviews in `status` (all when none), newest first, one page, with the total. */
export async function listForAdmin(k: Executor, options: { status?: string; limit: number; offset: number }) {
  let q = k.selectFrom("reviews");
  if (options.status) q = q.where("status", "=", options.status);
  const [rows, total] = await Promise.all([
    q.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(options.limit).offset(options.offset).execute(),
    q.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Marks an order's review request as sent, once: whether this call was the one that did. */
export async function claimRequest(k: Executor, orderId: string, at: string): Promise<boolean> {
  const result = await k
    .insertInto("review_requests")
    .values({ order_id: orderId, sent_at: at })
    .onConflict((oc) => oc.column("order_id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Of these orders, those whose review request went already. */
export async function listRequested(k: Executor, orderIds: string[]): Promise<Set<string>> {
  if (!orderIds.length) return new Set();
  const rows = await k.selectFrom("review_requests").select("order_id").where("order_id", "in", orderIds).execute();
  return new Set(rows.map((r) => r.order_id));
}

/** Reviews per status, for the moderation screen's tabs: `[{status, n}]`. */
export function countByStatus(k: Executor) {
  return k
    .selectFrom("reviews")
    .select(["status", (eb) => eb.fn.countAll<number | string>().as("n")])
    .groupBy("status")
    .execute();
}

/** Records that an address wants no more review requests (a second time changes nothing). */
export async function insertRequestStop(k: Executor, email: string, at: string): Promise<void> {
  await k
    .insertInto("review_request_stops")
    .values({ email, created_at: at })
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
}

/** Of these addresses (lower case), those that asked for no more review requests. */
export async function listRequestStops(k: Executor, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await k.selectFrom("review_request_stops").select("email").where("email", "in", emails).execute();
  return new Set(rows.map((r) => r.email));
}
