import { sql } from "kysely";
import { compiledQuery } from "../../db/compiled-query";
import { CONTACT_EMAIL_KEY_SQL, CONTACT_PHONE_KEY_SQL } from "../../migrations/0006-open-orders-by-contact";
import type { Executor } from "./orders.types";

/**
 * In one read of the orders table: the order an idempotency key already made (null: none, or no
 * key) and how many orders of this contact (same e-mail or same phone digits) are still waiting,
 * pending and not paid. Compiled once for each of: with or without phone digits, with or without a key.
 */
const ordersQuery = compiledQuery((k, a: { email: string; digits?: string; idempotencyKey?: string }) => {
  // The same expressions as the partial indexes of migration 0006, written as literals so both
  // engines match them to the index; the two counts are summed without double-counting.
  const byEmail = k
    .selectFrom("orders")
    .select("id")
    .where("status", "=", "pending")
    .where("payment_status", "!=", "paid")
    .where(sql.raw<string>(CONTACT_EMAIL_KEY_SQL), "=", a.email);
  const open =
    a.digits === undefined
      ? byEmail
      : byEmail.union(
          k
            .selectFrom("orders")
            .select("id")
            .where("status", "=", "pending")
            .where("payment_status", "!=", "paid")
            .where(sql.raw<string>(CONTACT_PHONE_KEY_SQL), "=", a.digits),
        );
  return k.selectNoFrom((eb) => [
    eb
      .selectFrom(open.as("open_orders"))
      .select((o) => o.fn.countAll<number | string>().as("n"))
      .as("open"),
    (a.idempotencyKey === undefined ? eb.val<string | null>(null) : eb.selectFrom("orders").select("id").where("idempotency_key", "=", a.idempotencyKey)).as(
      "replay_id",
    ),
  ]);
});

/**
 * The order an idempotency key made (null: none) and the contact's orders still waiting, in one
 * read; `email` and `digits` are the contact's keys as migration 0006 indexes them.
 */
export async function getReplayAndOpenOrders(
  k: Executor,
  contact: { email: string; digits?: string; idempotencyKey?: string },
): Promise<{ replayId: string | null; open: number }> {
  const { rows } = await ordersQuery.execute(k, contact);
  const row = rows[0]!;
  return { replayId: row.replay_id ?? null, open: Number(row.open ?? 0) };
}
