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
  return undefined;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const columns: Column<AuditEntry>[] = [
  {
    key: "at",
    header: "When and who",
    rowHeader: true,
    className: "w-[12rem]",
    cell: (e) => (
      <>
        <LocalDate iso={e.at} withTime />
        <span className="mt-0.5 block text-xs font-normal text-stone-700 [overflow-wrap:anywhere]">{e.actor.email}</span>
        {e.requestId && (
          <span className="mt-0.5 block font-mono text-xs font-normal text-stone-600" title={e.requestId}>
            <span className="font-sans">Request </span>
            {e.requestId.length > 10 ? `${e.requestId.slice(0, 9)}…` : e.requestId}
          </span>
        )}
      </>
    ),
  },
  {
    key: "action",
    header: "What",
    className: "w-[14rem]",
    cell: (e) => {
      const href = entityHref(e);
      const id = e.entityId.length > 14 ? `${e.entityId.slice(0, 13)}…` : e.entityId;
      return (
        <>
          <span className="block font-medium text-stone-900" data-testid="audit-action">
            {actionLabel(e.action)}
          </span>
          {href ? (
            <Link to={href} title={e.entityId} className="text-xs text-stone-900 underline underline-offset-2">
              Open the {entityLabel(e.entityType)}
              <span className="sr-only"> {e.entityId}</span>
            </Link>
          ) : (
            <span className="block text-xs text-stone-700 [overflow-wrap:anywhere]">
              {capitalised(entityLabel(e.entityType))}{" "}
              <span title={e.entityId} className="font-mono">
                {id}
              </span>
            </span>
          )}
        </>
      );
    },
  },
  { key: "changes", header: "Changes", cell: (e) => <AuditChanges changes={e.changes} max={4} /> },
];

/** Every change made in the administration area: who, what, when and which fields, 50 a page. */
export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { entries, total, query, facets } = loaderData;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title="Audit log" description="Every change made in the administration area: who made it, when, and what each field was before and after." />
      <DataTable
        caption="Audit log entries, newest first"
        rows={entries}
        rowKey={(e) => e.id}
        columns={columns}
        query={query}
        total={total}
        noun={{ one: "entry", other: "entries" }}
        minWidth="min-w-0 table-fixed"
        filters={[
          {
            name: "entity",
            label: "Entity",
            allLabel: "All entities",
            options: facets.entities.map((v) => ({ value: v, label: capitalised(entityLabel(v)) })),
          },
          { name: "actor", label: "Changed by", allLabel: "Anyone", options: facets.actors.map((v) => ({ value: v, label: v })) },
          { name: "entityId", label: "Entity id", type: "text" },
          { name: "from", label: "From", type: "date" },
          { name: "to", label: "To", type: "date" },
        ]}
        empty={{
          title: "No changes recorded yet",
          description: "Changes made in the administration area (products, categories, banners, staff roles) appear here with who made them and when.",
        }}
        testId="audit-log"
      />
    </div>
  );
}
