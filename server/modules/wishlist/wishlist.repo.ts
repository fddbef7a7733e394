import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema";

// The statements of the wishlists (wishlist_items, one row per owner and product) and the notices
// waiting for their owners (wishlist_notices), on the caller's executor.

/** A database handle or an open transaction. */
export type Executor = Kysely<Database>;

/** How many products the owner has saved. */
export async function countItems(k: Executor, owner: string): Promise<number> {
  const row = await k
    .selectFrom("wishlist_items")
    .where("owner", "=", owner)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The owner's saved products with when each was saved, newest first. */
export function listItems(k: Executor, owner: string) {
  return k
    .selectFrom("wishlist_items")
    .select(["product_id", "created_at"])
    .where("owner", "=", owner)
    .orderBy("created_at", "desc")
    .orderBy("product_id")
    .execute();
}

/** The ids of the owner's saved products, unordered. */
export async function listProductIds(k: Executor, owner: string): Promise<string[]> {
  const rows = await k.selectFrom("wishlist_items").select("product_id").where("owner", "=", owner).execute();
  return rows.map((r) => r.product_id);
}

/** Whether the owner has saved anything. */
export async function hasAnyItem(k: Executor, owner: string): Promise<boolean> {
  const found = await k.selectFrom("wishlist_items").select("product_id").where("owner", "=", owner).limit(1).executeTakeFirst();
  return found !== undefined;
}

/** Saves a product for the owner (nothing when it is saved already). */
export async function insertItem(k: Executor, owner: string, productId: string, at: string): Promise<void> {
  await k
    .insertInto("wishlist_items")
    .values({ owner, product_id: productId, created_at: at })
    .onConflict((oc) => oc.columns(["owner", "product_id"]).doNothing())
    .execute();
}

/** Takes a product off the owner's wishlist; false when it was not on it. */
export async function deleteItem(k: Executor, owner: string, productId: string): Promise<boolean> {
  const removed = await k.deleteFrom("wishlist_items").where("owner", "=", owner).where("product_id", "=", productId).executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

/**
 * Whether the entry's owner saved anything since `cutoff`. Entries have no updated_at: a toggle
 * deletes or inserts, so created_at is when the owner last added something, and the newest entry
 * decides for the whole wishlist.
 */
const addedSince = (cutoff: string) => (eb: ExpressionBuilder<Database, "wishlist_items">) =>
  eb.exists(
    eb
      .selectFrom("wishlist_items as recent")
      .select("recent.product_id")
      .whereRef("recent.owner", "=", "wishlist_items.owner")
      .where("recent.created_at", ">=", cutoff),
  );

/** Up to `limit` visitors whose wishlists nobody added to since `cutoff`. */
export function listIdleVisitorOwners(k: Executor, cutoff: string, limit: number) {
  return k
    .selectFrom("wishlist_items")
    .select("wishlist_items.owner")
    .where("wishlist_items.owner", "like", "visitor:%")
    .where("wishlist_items.created_at", "<", cutoff)
    .where((eb) => eb.not(addedSince(cutoff)(eb)))
    .groupBy("wishlist_items.owner")
    .limit(limit)
    .execute();
}

/** Deletes the wishlists of `owners` that are still idle since `cutoff`; how many entries went. */
export async function deleteIdleItems(k: Executor, owners: string[], cutoff: string): Promise<number> {
  const removed = await k
    .deleteFrom("wishlist_items")
    .where("wishlist_items.owner", "in", owners)
    .where((eb) => eb.not(addedSince(cutoff)(eb)))
    .executeTakeFirst();
  return Number(removed.numDeletedRows);
}

/** Copies one owner's entries to another (keeping when each was saved; ones the other has stay theirs), then deletes the first owner's. */
export async function moveItems(k: Executor, from: string, to: string): Promise<void> {
  await k
    .insertInto("wishlist_items")
    .columns(["owner", "product_id", "created_at"])
    .expression((eb) =>
      eb
        .selectFrom("wishlist_items")
        .select([sql<string>`${to}`.as("owner"), "product_id", "created_at"])
        .where("owner", "=", from),
    )
    .onConflict((oc) => oc.columns(["owner", "product_id"]).doNothing())
    .execute();
  await k.deleteFrom("wishlist_items").where("owner", "=", from).execute();
}

/** Deletes every entry of the owner. */
export async function deleteOwnerItems(k: Executor, owner: string): Promise<void> {
  await k.deleteFrom("wishlist_items").where("owner", "=", owner).execute();
}

/** Who saved which of the products `productIds`. */
export function listProductSavers(k: Executor, productIds: string[]) {
  return k.selectFrom("wishlist_items").select(["owner", "product_id"]).where("product_id", "in", productIds).execute();
}

/** Deletes every entry of the products `productIds`. */
export async function deleteProductItems(k: Executor, productIds: string[]): Promise<void> {
  await k.deleteFrom("wishlist_items").where("product_id", "in", productIds).execute();
}

/** Hands the notices waiting for one owner to another. */
export async function moveNotices(k: Executor, from: string, to: string): Promise<void> {
  await k.updateTable("wishlist_notices").set({ owner: to }).where("owner", "=", from).execute();
}

/** Deletes the notices waiting for the owner. */
export async function deleteOwnerNotices(k: Executor, owner: string): Promise<void> {
  await k.deleteFrom("wishlist_notices").where("owner", "=", owner).execute();
}

/** Deletes the notices left before `cutoff`. */
export async function deleteNoticesBefore(k: Executor, cutoff: string): Promise<void> {
  await k.deleteFrom("wishlist_notices").where("created_at", "<", cutoff).execute();
}

/** The accounts (not visitors) that saved any of these products, with the product: `user:<id>` owners only. */
export async function listAccountWishers(k: Executor, productIds: string[]): Promise<Array<{ userId: string; productId: string }>> {
  const rows = await k
    .selectFrom("wishlist_items")
    .select(["owner", "product_id"])
    .where("product_id", "in", productIds)
    .where("owner", "like", "user:%")
    .execute();
  return rows.map((r) => ({ userId: r.owner.slice("user:".length), productId: r.product_id }));
}
