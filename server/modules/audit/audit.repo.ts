import type { Insertable, Kysely } from "kysely";
import { insertRows } from "../../db/chunks";
import type { AuditLogTable, Database } from "../../db/schema";

// The statements of the audit log: appends on the executor of the write they record, reads for
// the audit-log screen.

/** A database handle or an open transaction. */
export type Executor = Kysely<Database>;

/** Stores audit rows in multi-row INSERTs. */
export async function insertAuditRows(k: Executor, rows: Insertable<AuditLogTable>[]): Promise<void> {
  await insertRows(rows, (chunk) => k.insertInto("audit_log").values(chunk).execute());
}

/** What selects entries of the log: entity type and id, actor (id or e-mail), a time range (ISO instants, inclusive). */
export interface AuditFilters {
  entity?: string;
  entityId?: string;
  actor?: string;
  from?: string;
  to?: string;
}

function filteredEntries(k: Executor, f: AuditFilters) {
  let q = k.selectFrom("audit_log");
  if (f.entity) q = q.where("entity_type", "=", f.entity);
  if (f.entityId) q = q.where("entity_id", "=", f.entityId);
  if (f.actor) {
    const actor = f.actor;
    q = q.where((eb) => eb.or([eb("actor_id", "=", actor), eb("actor_email", "=", actor.toLowerCase())]));
  }
  if (f.from) q = q.where("at", ">=", f.from);
  if (f.to) q = q.where("at", "<=", f.to);
  return q;
}

/** One page of the entries the filters select, newest first. */
export function listAuditRows(k: Executor, f: AuditFilters, page: { limit: number; offset: number }) {
  return filteredEntries(k, f).selectAll().orderBy("at", "desc").orderBy("id", "desc").limit(page.limit).offset(page.offset).execute();
}

/** How many entries the filters select. */
export async function countAuditRows(k: Executor, f: AuditFilters): Promise<number> {
  const row = await filteredEntries(k, f)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The entity types the log holds, in order. */
export async function listEntityTypes(k: Executor): Promise<string[]> {
  const rows = await k.selectFrom("audit_log").select("entity_type").distinct().orderBy("entity_type").execute();
  return rows.map((r) => r.entity_type);
}

/** The first 200 actors' e-mail addresses the log holds, in order. */
export async function listActorEmails(k: Executor): Promise<string[]> {
  const rows = await k.selectFrom("audit_log").select("actor_email").distinct().orderBy("actor_email").limit(200).execute();
  return rows.map((r) => r.actor_email);
}
