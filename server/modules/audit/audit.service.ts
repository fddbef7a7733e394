import type { Insertable } from "kysely";
import type { Db } from "../../db/database";
import { nowIso, toIso } from "../../db/database";
import type { AuditLogTable } from "../../db/schema";
import { newId } from "../../lib/ids";
import { type Executor, countAuditRows, insertAuditRows, listActorEmails, listAuditRows, listEntityTypes } from "./audit.repo";

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
export async function appendAudit(k: Executor, actor: AuditActor, entry: AuditEntryInput): Promise<void> {
  await insertAuditRows(k, [auditRow(actor, entry, nowIso())]);
}

/** Appends many audit entries of one actor at once (a bulk action, a CSV import), in chunks, with the executor of the write they record. */
export async function appendAuditEntries(k: Executor, actor: AuditActor, entries: AuditEntryInput[]): Promise<void> {
  const at = nowIso();
  await insertAuditRows(
    k,
    entries.map((entry) => auditRow(actor, entry, at)),
  );
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
      const filters = {
        entity: query.entity,
        entityId: query.entityId,
        actor: query.actor,
        from: query.from ? dayStart(query.from) : undefined,
        to: query.to ? dayEnd(query.to) : undefined,
      };
      const [rows, total] = await Promise.all([listAuditRows(k, filters, { limit: pageSize, offset: (page - 1) * pageSize }), countAuditRows(k, filters)]);
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
        total,
        page,
        pageSize,
      };
    },

    /** The entity types and actors the log holds, for the screen's filters. */
    async listFacets(): Promise<{ entities: string[]; actors: string[] }> {
      const [entities, actors] = await Promise.all([listEntityTypes(k), listActorEmails(k)]);
      return { entities, actors };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
