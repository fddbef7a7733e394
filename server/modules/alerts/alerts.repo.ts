import type { Kysely } from "kysely";
import { chunked } from "../../db/chunks";
import { toIso } from "../../db/database";
import type { Database } from "../../db/schema";

// The statements of the shoppers' alerts (back_in_stock_alerts, price_drop_mails), on the caller's
// executor: the database or an open transaction.

/** A database handle or an open transaction. */
export type Executor = Kysely<Database>;

export type AlertStatus = "pending" | "waiting" | "notified";

export interface AlertRow {
  id: string;
  productId: string;
  /** '' for a product without variants. */
  variantId: string;
  email: string;
  userId: string | null;
  language: string;
  currency: string;
  token: string;
  status: AlertStatus;
  createdAt: string;
  confirmedAt: string | null;
  notifiedAt: string | null;
}

const COLUMNS = [
  "id",
  "product_id",
  "variant_key",
  "email",
  "user_id",
  "language",
  "currency",
  "token",
  "status",
  "created_at",
  "confirmed_at",
  "notified_at",
] as const;

type Row = {
  id: string;
  product_id: string;
  variant_key: string;
  email: string;
  user_id: string | null;
  language: string;
  currency: string;
  token: string;
  status: string;
  created_at: Date | string;
  confirmed_at: Date | string | null;
  notified_at: Date | string | null;
};

const toAlert = (r: Row): AlertRow => ({
  id: r.id,
  productId: r.product_id,
  variantId: r.variant_key,
  email: r.email,
  userId: r.user_id,
  language: r.language,
  currency: r.currency,
  token: r.token,
  status: r.status as AlertStatus,
  createdAt: toIso(r.created_at)!,
  confirmedAt: toIso(r.confirmed_at),
  notifiedAt: toIso(r.notified_at),
});

/** The alert of this address for this product and variant, if any. */
export async function findAlert(k: Executor, productId: string, variantId: string, email: string): Promise<AlertRow | undefined> {
  const row = await k
    .selectFrom("back_in_stock_alerts")
    .select(COLUMNS)
    .where("product_id", "=", productId)
    .where("variant_key", "=", variantId)
    .where("email", "=", email)
    .executeTakeFirst();
  return row && toAlert(row);
}

/** The alert a mail's link names. */
export async function findByToken(k: Executor, token: string): Promise<AlertRow | undefined> {
  const row = await k.selectFrom("back_in_stock_alerts").select(COLUMNS).where("token", "=", token).executeTakeFirst();
  return row && toAlert(row);
}

/** Stores a new alert; false when the same address waits for the same product and variant already (two submits at once). */
export async function insertAlert(k: Executor, a: Omit<AlertRow, "confirmedAt" | "notifiedAt"> & { confirmedAt: string | null }): Promise<boolean> {
  const result = await k
    .insertInto("back_in_stock_alerts")
    .values({
      id: a.id,
      product_id: a.productId,
      variant_id: a.variantId || null,
      variant_key: a.variantId,
      email: a.email,
      user_id: a.userId,
      language: a.language,
      currency: a.currency,
      token: a.token,
      status: a.status,
      created_at: a.createdAt,
      confirmed_at: a.confirmedAt,
    })
    .onConflict((oc) => oc.columns(["product_id", "variant_key", "email"]).doNothing())
    .returning("id")
    .execute();
  return result.length > 0;
}

/** Starts an alert that was mailed once over again (sold out again): waiting or pending, as of now, in the shopper's language and currency. */
export async function restartAlert(
  k: Executor,
  id: string,
  a: { status: AlertStatus; userId: string | null; language: string; currency: string; createdAt: string; confirmedAt: string | null },
): Promise<void> {
  await k
    .updateTable("back_in_stock_alerts")
    .set({
      status: a.status,
      user_id: a.userId,
      language: a.language,
      currency: a.currency,
      created_at: a.createdAt,
      confirmed_at: a.confirmedAt,
      notified_at: null,
    })
    .where("id", "=", id)
    .execute();
}

/** Confirms a pending alert: it waits from now on; false when it was not pending. */
export async function confirmAlert(k: Executor, token: string, at: string): Promise<boolean> {
  const r = await k
    .updateTable("back_in_stock_alerts")
    .set({ status: "waiting", confirmed_at: at })
    .where("token", "=", token)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Forgets an alert (unsubscribed); false when there was none. */
export async function deleteAlert(k: Executor, token: string): Promise<boolean> {
  const r = await k.deleteFrom("back_in_stock_alerts").where("token", "=", token).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Of these products and variants ('' for none), those somebody waits for. */
export async function listWaitedFor(
  k: Executor,
  rows: Array<{ productId: string; variantId: string }>,
): Promise<Array<{ productId: string; variantId: string }>> {
  const found = new Map<string, { productId: string; variantId: string }>();
  for (const chunk of chunked(rows, 2)) {
    const hits = await k
      .selectFrom("back_in_stock_alerts")
      .select(["product_id", "variant_key"])
      .distinct()
      .where("status", "=", "waiting")
      .where("product_id", "in", [...new Set(chunk.map((r) => r.productId))])
      .execute();
    const wanted = new Set(chunk.map((r) => `${r.productId}\u0000${r.variantId}`));
    for (const h of hits) {
      const key = `${h.product_id}\u0000${h.variant_key}`;
      if (wanted.has(key)) found.set(key, { productId: h.product_id, variantId: h.variant_key });
    }
  }
  return [...found.values()];
}

/** The alerts waiting for one product and variant, earliest first (by when they started waiting). */
export async function listWaiting(k: Executor, productId: string, variantId: string): Promise<AlertRow[]> {
  const rows = await k
    .selectFrom("back_in_stock_alerts")
    .select(COLUMNS)
    .where("status", "=", "waiting")
    .where("product_id", "=", productId)
    .where("variant_key", "=", variantId)
    .orderBy("confirmed_at")
    .orderBy("id")
    .execute();
  return rows.map(toAlert);
}

/** Marks a waiting alert mailed; false when another run did it first (so each subscriber gets one mail). */
export async function markNotified(k: Executor, id: string, at: string): Promise<boolean> {
  const r = await k
    .updateTable("back_in_stock_alerts")
    .set({ status: "notified", notified_at: at })
    .where("id", "=", id)
    .where("status", "=", "waiting")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Per product and variant with alerts waiting: how many and since when, the most awaited first. */
export async function countWaitingByVariant(k: Executor, limit: number) {
  const rows = await k
    .selectFrom("back_in_stock_alerts")
    .select((eb) => ["product_id", "variant_key", eb.fn.countAll<number>().as("n"), eb.fn.min("created_at").as("since")])
    .where("status", "=", "waiting")
    .groupBy(["product_id", "variant_key"])
    .orderBy("n", "desc")
    .orderBy("since")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ productId: r.product_id, variantId: r.variant_key, waiting: Number(r.n), since: toIso(r.since as Date | string)! }));
}

/** Every alert of one product (all statuses), earliest first: the admin's list of addresses. */
export async function listForProduct(k: Executor, productId: string): Promise<AlertRow[]> {
  const rows = await k.selectFrom("back_in_stock_alerts").select(COLUMNS).where("product_id", "=", productId).orderBy("created_at").orderBy("id").execute();
  return rows.map(toAlert);
}

/**
 * Takes the week's turn to mail this customer about this product: true when none went since
 * `weekAgo` (and now `at` is kept), false otherwise. One statement, so two runs cannot both mail.
 */
export async function claimPriceDropMail(k: Executor, userId: string, productId: string, at: string, weekAgo: string): Promise<boolean> {
  const rows = await k
    .insertInto("price_drop_mails")
    .values({ user_id: userId, product_id: productId, sent_at: at })
    .onConflict((oc) => oc.columns(["user_id", "product_id"]).doUpdateSet({ sent_at: at }).where("price_drop_mails.sent_at", "<=", weekAgo))
    .returning("user_id")
    .execute();
  return rows.length > 0;
}
