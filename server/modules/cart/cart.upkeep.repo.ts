import type { ExpressionBuilder, Insertable } from "kysely";
import type { CartLineTable, Database } from "../../db/schema";
import type { Executor } from "./cart.types";

// The statements on whole carts rather than one shopper's lines: a visitor's cart moved to the
// account at sign-in, an account's carts erased with it, idle visitor carts expired, withdrawn
// products taken out of every cart. All on the caller's executor (most run in a flow's transaction).

/** Marks the cart as touched if it is still the owner's; false when another move took it first. */
export async function claimCart(k: Executor, cartId: string, owner: string, at: string): Promise<boolean> {
  const claimed = await k.updateTable("carts").set({ updated_at: at }).where("id", "=", cartId).where("owner", "=", owner).executeTakeFirst();
  return Number(claimed.numUpdatedRows) !== 0;
}

/** A cart's lines as a move copies them: the item, its units and when it was added. */
export function listLinesToMove(k: Executor, cartId: string) {
  return k.selectFrom("cart_lines").select(["product_id", "variant_id", "quantity", "created_at"]).where("cart_id", "=", cartId).execute();
}

/** A cart's lines with their units, unordered (a move merges into them). */
export function listLineUnits(k: Executor, cartId: string) {
  return k.selectFrom("cart_lines").select(["id", "product_id", "variant_id", "quantity"]).where("cart_id", "=", cartId).execute();
}

export async function insertLine(k: Executor, row: Insertable<CartLineTable>): Promise<void> {
  await k.insertInto("cart_lines").values(row).execute();
}

/** Deletes a cart (its lines go with it). */
export async function deleteCart(k: Executor, cartId: string): Promise<void> {
  await k.deleteFrom("carts").where("id", "=", cartId).execute();
}

/** Hands the notices waiting for one owner to another. */
export async function moveNotices(k: Executor, from: string, to: string): Promise<void> {
  await k.updateTable("cart_notices").set({ owner: to }).where("owner", "=", from).execute();
}

/** Deletes the owner's carts with their lines, and the notices waiting for the owner. */
export async function deleteOwnerCarts(k: Executor, owner: string): Promise<void> {
  await k
    .deleteFrom("cart_lines")
    .where("cart_id", "in", (eb) => eb.selectFrom("carts").select("id").where("owner", "=", owner))
    .execute();
  await k.deleteFrom("carts").where("owner", "=", owner).execute();
  await k.deleteFrom("cart_notices").where("owner", "=", owner).execute();
}

/**
 * A visitor's cart nobody touched since `cutoff`. Adding or changing a line touches only the line,
 * so a cart is idle when its own row and all its lines are older than the cutoff.
 */
const idleVisitorCart = (cutoff: string) => (eb: ExpressionBuilder<Database, "carts">) =>
  eb.and([
    eb("carts.owner", "like", "visitor:%"),
    eb("carts.updated_at", "<", cutoff),
    eb.not(
      eb.exists(
        eb.selectFrom("cart_lines").select("cart_lines.id").whereRef("cart_lines.cart_id", "=", "carts.id").where("cart_lines.updated_at", ">=", cutoff),
      ),
    ),
  ]);

/** Up to `limit` idle visitor carts, longest idle first (a read: it does not hold SQLite's write lock). */
export function listIdleVisitorCarts(k: Executor, cutoff: string, limit: number) {
  return k.selectFrom("carts").select("carts.id").where(idleVisitorCart(cutoff)).orderBy("carts.updated_at").limit(limit).execute();
}

/** Deletes the carts of `ids` that are still idle since `cutoff`; how many went. */
export async function deleteIdleCarts(k: Executor, ids: string[], cutoff: string): Promise<number> {
  const removed = await k.deleteFrom("carts").where("carts.id", "in", ids).where(idleVisitorCart(cutoff)).executeTakeFirst();
  return Number(removed.numDeletedRows);
}

/** Deletes the notices left before `cutoff`. */
export async function deleteNoticesBefore(k: Executor, cutoff: string): Promise<void> {
  await k.deleteFrom("cart_notices").where("created_at", "<", cutoff).execute();
}

/** Which owners hold which of the products `productIds` in their carts, once per (owner, product). */
export function listProductHolders(k: Executor, productIds: string[]) {
  return k
    .selectFrom("cart_lines as l")
    .innerJoin("carts as c", "c.id", "l.cart_id")
    .select(["c.owner", "l.product_id"])
    .where("l.product_id", "in", productIds)
    .groupBy(["c.owner", "l.product_id"])
    .execute();
}

/** Deletes every cart line of the products `productIds`. */
export async function deleteProductLines(k: Executor, productIds: string[]): Promise<void> {
  await k.deleteFrom("cart_lines").where("product_id", "in", productIds).execute();
}

/**
 * Carts with lines whose last change (the cart's row or any line) falls in [from, to), most
 * recently changed first, up to `limit`: the candidates of the cart reminders. The latest of the
 * two times is taken here, as the engines' functions for it differ.
 */
export async function listIdleCartsBetween(k: Executor, from: string, to: string, limit: number) {
  const rows = await k
    .selectFrom("carts")
    .innerJoin("cart_lines", "cart_lines.cart_id", "carts.id")
    .select((eb) => ["carts.id", "carts.owner", "carts.updated_at", eb.fn.max("cart_lines.updated_at").as("lines_at")])
    .where("carts.updated_at", "<", to)
    .groupBy(["carts.id", "carts.owner", "carts.updated_at"])
    .having((eb) => eb.fn.max("cart_lines.updated_at"), "<", to)
    .having((eb) => eb.fn.max("cart_lines.updated_at"), ">=", from)
    .orderBy((eb) => eb.fn.max("cart_lines.updated_at"), "desc")
    .limit(limit)
    .execute();
  return rows;
}

/** The lines of these carts: item and units. */
export function listLinesOfCarts(k: Executor, cartIds: string[]) {
  if (cartIds.length === 0) return Promise.resolve([]);
  return k.selectFrom("cart_lines").select(["cart_id", "product_id", "variant_id", "quantity"]).where("cart_id", "in", cartIds).orderBy("created_at").execute();
}
