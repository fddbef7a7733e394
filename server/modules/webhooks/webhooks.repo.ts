import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { Database, WebhookDeliveryTable, WebhookEndpointTable } from "../../db/schema";

// The statements of the outgoing webhooks (webhook_endpoints, webhook_deliveries), on the
// executor given: the database, or the caller's open transaction for an event that must commit
// (or roll back) with the write that caused it.

/** A database handle or an open transaction. */
export type Executor = Kysely<Database>;

export type EndpointRow = Selectable<WebhookEndpointTable>;
export type DeliveryRow = Selectable<WebhookDeliveryTable>;

export async function insertEndpoint(k: Executor, row: Insertable<WebhookEndpointTable>): Promise<void> {
  await k.insertInto("webhook_endpoints").values(row).execute();
}

/** Changes an endpoint; false for an unknown id. */
export async function updateEndpoint(k: Executor, id: string, fields: Updateable<WebhookEndpointTable>): Promise<boolean> {
  const done = await k.updateTable("webhook_endpoints").set(fields).where("id", "=", id).executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** Deletes an endpoint and its deliveries; false for an unknown id. */
export async function deleteEndpoint(k: Executor, id: string): Promise<boolean> {
  await k.deleteFrom("webhook_deliveries").where("endpoint_id", "=", id).execute();
  const done = await k.deleteFrom("webhook_endpoints").where("id", "=", id).executeTakeFirst();
  return Number(done.numDeletedRows) > 0;
}

export function getEndpoint(k: Executor, id: string): Promise<EndpointRow | undefined> {
  return k.selectFrom("webhook_endpoints").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Every endpoint, oldest first. */
export function listEndpointRows(k: Executor): Promise<EndpointRow[]> {
  return k.selectFrom("webhook_endpoints").selectAll().orderBy("created_at").orderBy("id").execute();
}

/** What an event needs to know of the endpoints: the active ones and what they subscribe to. */
export function listActiveEndpoints(k: Executor): Promise<Array<Pick<EndpointRow, "id" | "events">>> {
  return k.selectFrom("webhook_endpoints").select(["id", "events"]).where("active", "=", 1).execute();
}

/** Per endpoint of `ids`: its deliveries of each status. */
export function countDeliveriesByStatus(k: Executor, ids: string[]): Promise<Array<{ endpoint_id: string; status: string; n: number }>> {
  if (ids.length === 0) return Promise.resolve([]);
  return k
    .selectFrom("webhook_deliveries")
    .select((eb) => ["endpoint_id", "status", eb.fn.countAll<number>().as("n")])
    .where("endpoint_id", "in", ids)
    .groupBy(["endpoint_id", "status"])
    .execute();
}

export async function insertDeliveries(k: Executor, rows: Insertable<WebhookDeliveryTable>[]): Promise<void> {
  if (rows.length) await k.insertInto("webhook_deliveries").values(rows).execute();
}

export function getDelivery(k: Executor, id: string): Promise<DeliveryRow | undefined> {
  return k.selectFrom("webhook_deliveries").selectAll().where("id", "=", id).executeTakeFirst();
}

/** One page of an endpoint's deliveries, newest first (of one status, or all). */
export function listDeliveryRows(k: Executor, endpointId: string, status: string | undefined, limit: number, offset: number): Promise<DeliveryRow[]> {
  return k
    .selectFrom("webhook_deliveries")
    .selectAll()
    .where("endpoint_id", "=", endpointId)
    .$if(status !== undefined, (b) => b.where("status", "=", status!))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countDeliveryRows(k: Executor, endpointId: string, status?: string): Promise<number> {
  const row = await k
    .selectFrom("webhook_deliveries")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("endpoint_id", "=", endpointId)
    .$if(status !== undefined, (b) => b.where("status", "=", status!))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What one try did: its request headers, the answer or the error, and the status it leaves (attempts counted up). */
export async function recordAttempt(
  k: Executor,
  id: string,
  fields: Pick<
    Updateable<WebhookDeliveryTable>,
    "status" | "request_headers" | "response_status" | "response_body" | "error" | "last_attempt_at" | "delivered_at"
  >,
): Promise<void> {
  await k
    .updateTable("webhook_deliveries")
    .set((eb) => ({ ...fields, attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .execute();
}

/** A delivery given up on without a try (its endpoint was switched off meanwhile). */
export async function failUntried(k: Executor, id: string, error: string, at: string): Promise<void> {
  await k.updateTable("webhook_deliveries").set({ status: "failed", error, last_attempt_at: at }).where("id", "=", id).execute();
}

/** A delivery waits for a try again (redeliver); false for an unknown one. */
export async function setDeliveryPending(k: Executor, endpointId: string, id: string): Promise<boolean> {
  const done = await k
    .updateTable("webhook_deliveries")
    .set({ status: "pending" })
    .where("id", "=", id)
    .where("endpoint_id", "=", endpointId)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** A failed try: the endpoint's streak of failures starts now unless one is under way. */
export async function markFailing(k: Executor, endpointId: string, at: string): Promise<void> {
  await k.updateTable("webhook_endpoints").set({ failing_since: at }).where("id", "=", endpointId).where("failing_since", "is", null).execute();
}

/** A delivered try ends the endpoint's streak of failures. */
export async function clearFailing(k: Executor, endpointId: string): Promise<void> {
  await k.updateTable("webhook_endpoints").set({ failing_since: null }).where("id", "=", endpointId).where("failing_since", "is not", null).execute();
}

/**
 * Switches an active endpoint off when it has failed since `cutoff` or before, with why: a
 * conditional update, so of several workers failing at once one does it (and tells the shop).
 */
export async function disableFailingEndpoint(k: Executor, endpointId: string, cutoff: string, reason: string, at: string): Promise<boolean> {
  const done = await k
    .updateTable("webhook_endpoints")
    .set({ active: 0, disabled_at: at, disabled_reason: reason, updated_at: at })
    .where("id", "=", endpointId)
    .where("active", "=", 1)
    .where("failing_since", "<=", cutoff)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** Deletes deliveries done (delivered or failed) before `before`, at most `limit`; how many went. */
export async function deleteOldDeliveries(k: Executor, before: string, limit: number): Promise<number> {
  const done = await k
    .deleteFrom("webhook_deliveries")
    .where("id", "in", (eb) => eb.selectFrom("webhook_deliveries").select("id").where("status", "!=", "pending").where("created_at", "<", before).limit(limit))
    .executeTakeFirst();
  return Number(done.numDeletedRows);
}
