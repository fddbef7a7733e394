import { Link } from "react-router";
import type { AuditEntry, FieldChanges } from "../../../server/modules/audit/audit.service";
import { LocalDate } from "~/components/orders/order-view";

export type { AuditEntry };

const VERBS: Record<string, string> = {
  create: "Created",
  update: "Updated",
  delete: "Deleted",
  archive: "Archived",
  restore: "Restored",
  reorder: "Reordered",
  role: "Role changed",
  ban: "Banned",
  unban: "Unbanned",
  revoke: "Device signed out",
  export: "Data exported",
  status: "Status changed",
  stock: "Stock changed",
  import: "Imported",
  bulk: "Changed in bulk",
};

/** How an audit action reads: "product.update" → "Updated"; an unknown verb shows as written. */
export function actionLabel(action: string): string {
  const verb = action.slice(action.indexOf(".") + 1);
  return VERBS[verb] ?? action;
}

// Rich text (a product's description) reads as its words, not its tags.
const plainText = (value: string) => (/<\/?[a-z][^>]*>/i.test(value) ? value.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim() : value);

const isPlain = (v: unknown) => v === null || ["string", "number", "boolean"].includes(typeof v);

/**
 * A stored value as one short line: "—" for none, text as is (rich text without its tags), a list of plain values joined with
 * commas ("none" when empty), anything else as JSON; cut at `max` characters.
 */
export function auditValue(value: unknown, max = 80): string {
  if (value === null || value === undefined || value === "") return "—";
  const text =
    typeof value === "string" ? plainText(value) : Array.isArray(value) && value.every(isPlain) ? (value.length ? value.join(", ") : "none") : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The changed fields of an entry, one line each: `field: before → after`. */
export function AuditChanges({ changes, max = 6 }: { changes: FieldChanges | null; max?: number }) {
  const fields = Object.entries(changes ?? {});
  if (fields.length === 0) return <span className="text-stone-600">No field changes recorded</span>;
  const shown = fields.slice(0, max);
  return (
    <ul className="space-y-1">
      {shown.map(([field, { before, after }]) => (
        <li key={field} className="break-words">
          <span className="font-medium text-stone-900">{field}</span>
          <span className="text-stone-600">: </span>
          <span className="text-stone-700" title={typeof before === "string" ? before : undefined}>
            {auditValue(before)}
          </span>
          <span aria-hidden="true" className="px-1 text-stone-500">
            →
          </span>
          <span className="sr-only"> changed to </span>
          <span className="font-medium text-stone-900" title={typeof after === "string" ? after : undefined}>
            {auditValue(after)}
          </span>
        </li>
      ))}
      {fields.length > max && <li className="text-stone-600">and {fields.length - max} more</li>}
    </ul>
  );
}

/**
 * The history of one thing (a product on its edit screen): its audit entries, newest first, each
 * with when, who, what and the changed fields. `entries` come from `services.audit.list({ entity,
 * entityId })`; `moreHref` links to the full log filtered to it when there are more than shown.
 */
export function AuditHistory({ entries, title = "History", moreHref }: { entries: readonly AuditEntry[]; title?: string; moreHref?: string }) {
  return (
    <section aria-labelledby="audit-history-title" className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm" data-testid="audit-history">
      <h2 id="audit-history-title" className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-stone-700">No changes have been recorded yet.</p>
      ) : (
        <ol className="mt-3 divide-y divide-stone-200">
          {entries.map((e) => (
            <li key={e.id} className="py-3 text-sm">
              <p className="flex flex-wrap items-baseline gap-x-2 text-stone-700">
                <span className="font-semibold text-stone-900">{actionLabel(e.action)}</span>
                <span>by {e.actor.email}</span>
                <span aria-hidden="true">·</span>
                <LocalDate iso={e.at} withTime />
              </p>
              <div className="mt-1.5">
                <AuditChanges changes={e.changes} />
              </div>
            </li>
          ))}
        </ol>
      )}
      {moreHref && (
        <Link to={moreHref} className="mt-3 inline-block text-sm font-semibold text-stone-900 underline underline-offset-4">
          See the full history in the audit log
        </Link>
      )}
    </section>
  );
}
