import { Link } from "react-router";
import type { AuditEntry, FieldChanges } from "#modules/audit";
import { LocalDate } from "~/components/orders/order-view";
import { useMoney } from "~/lib/shop";
import { useT } from "~/lib/i18n";
import { actionLabel, auditValue, fieldLabel } from "./audit-words";

export type { AuditEntry };

const isEmpty = (v: unknown) => v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0);

/** The changed fields of an entry, one line each in words: `Price: $10.00 → $12.50`. */
export function AuditChanges({ changes, max = 6 }: { changes: FieldChanges | null; max?: number }) {
  const money = useMoney();
  const t = useT();
  // A field empty before and after (a new thing's unset fields) says nothing.
  const fields = Object.entries(changes ?? {}).filter(([, { before, after }]) => !(isEmpty(before) && isEmpty(after)));
  if (fields.length === 0) return <span className="text-stone-600">{t("admin.audit.noFieldChanges")}</span>;
  const shown = fields.slice(0, max);
  return (
    <ul className="space-y-1 [overflow-wrap:anywhere]" data-testid="audit-changes">
      {shown.map(([field, { before, after }]) => {
        const full = (v: unknown) => (typeof v === "string" && v.length > 80 ? v : undefined);
        return (
          <li key={field}>
            <span className="font-medium text-stone-900">{fieldLabel(field, t)}</span>
            <span className="text-stone-600">: </span>
            <span className="text-stone-700" title={full(before)}>
              {auditValue(before, field, money, t)}
            </span>
            <span aria-hidden="true" className="px-1 text-stone-500">
              →
            </span>
            <span className="sr-only"> {t("admin.audit.changedTo")} </span>
            <span className="font-medium text-stone-900" title={full(after)}>
              {auditValue(after, field, money, t)}
            </span>
          </li>
        );
      })}
      {fields.length > max && <li className="text-stone-600">{t("admin.audit.more", { count: fields.length - max })}</li>}
    </ul>
  );
}

/**
 * The history of one thing (a product on its edit screen): its audit entries, newest first, each
 * with when, who, what and the changed fields. `entries` come from `services.audit.list({ entity,
 * entityId })`; `moreHref` links to the full log filtered to it when there are more than shown.
 */
export function AuditHistory({ entries, title, moreHref }: { entries: readonly AuditEntry[]; title?: string; moreHref?: string }) {
  const t = useT();
  return (
    <section aria-labelledby="audit-history-title" className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm" data-testid="audit-history">
      <h2 id="audit-history-title" className="text-lg font-semibold text-stone-900">
        {title ?? t("admin.products.history")}
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-stone-700">{t("admin.audit.noChanges")}</p>
      ) : (
        <ol className="mt-3 divide-y divide-stone-200">
          {entries.map((e) => (
            <li key={e.id} className="py-3 text-sm">
              <p className="flex flex-wrap items-baseline gap-x-2 text-stone-700">
                <span className="font-semibold text-stone-900">{actionLabel(e.action, t)}</span>
                <span>{t("admin.audit.by", { email: e.actor.email })}</span>
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
          {t("admin.audit.fullHistory")}
        </Link>
      )}
    </section>
  );
}
