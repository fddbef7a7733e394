import type { Executor } from "./catalog.repo";

/**
 * Stores a product's published reviews in the two figures its cards, the listing's sort by rating
 * and its star filter read: the average in tenths as shown (4.25 → 43) and the count. The reviews
 * module calls it in the transaction of every write that changes what is published.
 */
export async function writeProductRating(k: Executor, productId: string, rating: { tenths: number; count: number }): Promise<void> {
  await k.updateTable("products").set({ rating_tenths: rating.tenths, rating_count: rating.count }).where("id", "=", productId).execute();
}
