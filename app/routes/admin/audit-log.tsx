import type { Translate } from "#common/i18n/translate";
import { useT } from "~/lib/i18n";
import { Link } from "react-router";
import { z } from "zod";
import { AuditChanges, type AuditEntry } from "~/components/admin/audit-history";
import { actionLabel, entityLabel } from "~/components/admin/audit-words";
import { type Column, DataTable } from "~/components/admin/data-table";
import { dateFilter, parseTableQuery } from "~/components/admin/table-query.server";
import { PageHeader } from "~/components/admin/ui";
import { LocalDate } from "~/components/orders/order-view";
import { requireAdminScreen } from "~/lib/auth.server";
import type { Route } from "./+types/audit-log";

const PAGE_SIZE = 50;

/** One page of the audit log (newest first), filtered by entity, actor and dates from the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminScreen(context, request);
  const { audit } = context.services;
  const facets = await audit.listFacets();
  const query = parseTableQuery(request, {
    sorts: [],
    filters: { entity: facets.entities, actor: facets.actors, entityId: z.string().max(200), from: dateFilter, to: dateFilter },
    pageSize: PAGE_SIZE,
  });
  const { entries, total } = await audit.list({ ...query.filters, page: query.page, pageSize: query.pageSize });
  return { entries, total, query, facets };
}

/** Where an entry's entity can be opened in the admin area, if anywhere (not once it is deleted). */
function entityHref(e: AuditEntry): string | undefined {
  if (e.action.endsWith(".delete")) return undefined;
  if (e.entityType === "product") return `/admin-dashboard/edit-product/${encodeURIComponent(e.entityId)}`;
  if (e.entityType === "promotion") return `/admin-dashboard/promotions/${encodeURIComponent(e.entityId)}`;
  if (e.entityType === "gift_card") return `/admin-dashboard/gift-cards/${encodeURIComponent(e.entityId)}`;
  return undefined;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const columnsFor = (t: Translate): Column<AuditEntry>[] => [
  {
    key: "at",
    header: t("admin.auditLog.whenWho"),
    rowHeader: true,
    className: "w-[12rem]",
    cell: (e) => (
      <>
        <LocalDate iso={e.at} withTime />
        <span className="mt-0.5 block text-xs font-normal text-stone-700 [overflow-wrap:anywhere]">{e.actor.email}</span>
        {e.requestId && (
          <span className="mt-0.5 block font-mono text-xs font-normal text-stone-600" title={e.requestId}>
            <span className="font-sans">{t("admin.auditLog.request")} </span>
            {e.requestId.length > 10 ? `${e.requestId.slice(0, 9)}…` : e.requestId}
          </span>
        )}
      </>
    ),
  },
  {
    key: "action",
    header: t("admin.auditLog.what"),
    className: "w-[14rem]",
    cell: (e) => {
      const href = entityHref(e);
      const id = e.entityId.length > 14 ? `${e.entityId.slice(0, 13)}…` : e.entityId;
      return (
        <>
          <span className="block font-medium text-stone-900" data-testid="audit-action">
            {actionLabel(e.action, t)}
          </span>
          {href ? (
            <Link to={href} title={e.entityId} className="text-xs text-stone-900 underline underline-offset-2">
              {t("admin.auditLog.open", { entity: entityLabel(e.entityType, t) })}
              <span className="sr-only"> {e.entityId}</span>
            </Link>
          ) : (
            <span className="block text-xs text-stone-700 [overflow-wrap:anywhere]">
              {capitalised(entityLabel(e.entityType, t))}{" "}
              <span title={e.entityId} className="font-mono">
                {id}
              </span>
            </span>
          )}
        </>
      );
    },
  },
  { key: "changes", header: t("admin.auditLog.changes"), cell: (e) => <AuditChanges changes={e.changes} max={4} /> },
];

/** Every change made in the administration area: who, what, when and which fields, 50 a page. */
export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { entries, total, query, facets } = loaderData;
  const t = useT();
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={t("admin.nav.auditLog")} description={t("admin.people.everyChangeMadeIn")} />
      <DataTable
        caption={t("admin.people.auditLogEntriesNewest")}
        rows={entries}
        rowKey={(e) => e.id}
        columns={columnsFor(t)}
        query={query}
        total={total}
        noun={{ one: t("admin.auditLog.noun.one"), other: t("admin.auditLog.noun.other") }}
        minWidth="min-w-0 table-fixed"
        filters={[
          {
            name: "entity",
            label: t("admin.auditLog.entity"),
            allLabel: t("admin.auditLog.allEntities"),
            options: facets.entities.map((v) => ({ value: v, label: capitalised(entityLabel(v, t)) })),
          },
          {
            name: "actor",
            label: t("admin.auditLog.changedBy"),
            allLabel: t("admin.auditLog.anyone"),
            options: facets.actors.map((v) => ({ value: v, label: v })),
          },
          { name: "entityId", label: t("admin.auditLog.entityId"), type: "text" },
          { name: "from", label: t("admin.banners.from"), type: "date" },
          { name: "to", label: t("admin.orders.to"), type: "date" },
        ]}
        empty={{
          title: t("admin.auditLog.empty"),
          description: t("admin.auditLog.emptyText"),
        }}
        testId="audit-log"
      />
    </div>
  );
}
