import type { Insertable, Kysely } from "kysely";
import type { Db } from "../../db/database";
import { nowIso, toIso } from "../../db/database";
import type { AuditLogTable, Database } from "../../db/schema";
import { newId } from "../../lib/ids";

/** Who makes an admin write, and in which request (the X-Request-Id of the answer). */
export interface AuditActor {
  id: string;
  email: string;
  requestId: string | null;
}

/** The fields a write changed, each with its value before and after. */
export type FieldChanges = Record<string, { before: unknown; after: unknown }>;

export interface AuditEntryInput {
  /** What was done, `<entity>.<verb>`: product.create, product.update, category.delete, user.role… */
  action: string;
  entityType: string;
  entityId: string;
  changes?: FieldChanges | null;
}

export interface AuditEntry {
  id: string;
  at: string;
  actor: { id: string | null; email: string };
  action: string;
  entityType: string;
  entityId: string;
  changes: FieldChanges | null;
  requestId: string | null;
}

export interface AuditQuery {
  entity?: string;
  entityId?: string;
  actor?: string;
  /** ISO date or date-time; inclusive. */
  from?: string;
  /** ISO date or date-time; a bare date counts the whole day. */
  to?: string;
  page?: number;
  pageSize?: number;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields whose value differs between `before` and `after` (compared as JSON), for an audit
 * entry; only the keys of `after` are compared, so a partial update lists only what it sent.
 */
export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown>): FieldChanges {
  const changes: FieldChanges = {};
  for (const [key, value] of Object.entries(after)) {
    const old = before ? before[key] : undefined;
    if (before && same(old, value)) continue;
    changes[key] = { before: old ?? null, after: value ?? null };
  }
  return changes;
}

/** The stored row of one audit entry made by `actor` at `at`. */
function auditRow(actor: AuditActor, entry: AuditEntryInput, at: string): Insertable<AuditLogTable> {
  return {
    id: newId(),
    at,
    actor_id: actor.id,
    actor_email: actor.email,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId,
    changes: entry.changes && Object.keys(entry.changes).length ? JSON.stringify(entry.changes) : null,
    request_id: actor.requestId,
  };
}

/**
 * Appends one audit entry with the executor of the write it records, so the entry and the write
 * are committed together or not at all. Every admin write calls it inside its transaction.
 */
export async function appendAudit(k: Kysely<Database>, actor: AuditActor, entry: AuditEntryInput): Promise<void> {
  await k
    .insertInto("audit_log")
    .values(auditRow(actor, entry, nowIso()))
    .execute();
}

/** Appends many audit entries of one actor at once (a bulk action, a CSV import), in chunks, with the executor of the write they record. */
export async function appendAuditEntries(k: Kysely<Database>, actor: AuditActor, entries: AuditEntryInput[]): Promise<void> {
  const at = nowIso();
  for (let i = 0; i < entries.length; i += 200) {
    await k
      .insertInto("audit_log")
      .values(entries.slice(i, i + 200).map((entry) => auditRow(actor, entry, at)))
      .execute();
  }
}

const dayEnd = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59.999Z` : value);
const dayStart = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value);

/** Reads the audit log (newest first) for the audit-log screen, the product history and the API. */
export function createAuditService(db: Db) {
  const k = db.kysely;
  return {
    /** One page of entries, filtered by entity type and id, actor (id or e-mail) and time. */
    async list(query: AuditQuery = {}): Promise<{ entries: AuditEntry[]; total: number; page: number; pageSize: number }> {
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 50;
      let q = k.selectFrom("audit_log");
      if (query.entity) q = q.where("entity_type", "=", query.entity);
      if (query.entityId) q = q.where("entity_id", "=", query.entityId);
      if (query.actor) {
        const actor = query.actor;
        q = q.where((eb) => eb.or([eb("actor_id", "=", actor), eb("actor_email", "=", actor.toLowerCase())]));
      }
      if (query.from) q = q.where("at", ">=", dayStart(query.from));
      if (query.to) q = q.where("at", "<=", dayEnd(query.to));
      const [rows, count] = await Promise.all([
        q
          .selectAll()
          .orderBy("at", "desc")
          .orderBy("id", "desc")
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      ]);
      return {
        entries: rows.map((r) => ({
          id: r.id,
          at: toIso(r.at)!,
          actor: { id: r.actor_id, email: r.actor_email },
          action: r.action,
          entityType: r.entity_type,
          entityId: r.entity_id,
          changes: r.changes ? (JSON.parse(r.changes) as FieldChanges) : null,
          requestId: r.request_id,
        })),
        total: Number(count.n),
        page,
        pageSize,
      };
    },

    /** The entity types and actors the log holds, for the screen's filters. */
    async listFacets(): Promise<{ entities: string[]; actors: string[] }> {
      const [entities, actors] = await Promise.all([
        k.selectFrom("audit_log").select("entity_type").distinct().orderBy("entity_type").execute(),
        k.selectFrom("audit_log").select("actor_email").distinct().orderBy("actor_email").limit(200).execute(),
      ]);
      return { entities: entities.map((r) => r.entity_type), actors: actors.map((r) => r.actor_email) };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
