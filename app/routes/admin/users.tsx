import { useT } from "~/lib/i18n";
import { Link } from "react-router";
import { type Column, DataTable } from "~/components/admin/data-table";
import { parseTableQuery } from "~/components/admin/table-query.server";
import { ExportCsvLink, csvExportHref } from "~/components/admin/csv-export";
import { PageHeader, StatusBadge } from "~/components/admin/ui";
import { ROLE_TEXT } from "~/components/admin/customer";
import { LocalDate } from "~/components/orders/order-view";
import { useMoney } from "~/lib/shop";
import { requireAdminScreen } from "~/lib/auth.server";
import { ROLES } from "#common/auth/permissions";
import type { CustomerFilters, CustomerListRow } from "#modules/users";
import { USER_SORTS } from "#common/users/user-sorts";
import type { Route } from "./+types/users";

const PAGE_SIZE = 50;
const YES_NO = ["yes", "no"] as const;
const flag = (v: string | undefined) => (v === undefined ? undefined : v === "yes");

/** One page (50) of accounts with their orders and money spent: search by name or e-mail, filters by role, confirmed address and ban, a sort, all from the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminScreen(context, request);
  const query = parseTableQuery(request, {
    sorts: USER_SORTS,
    defaultSort: "-joined",
    filters: { role: ROLES, verified: YES_NO, banned: YES_NO },
    pageSize: PAGE_SIZE,
  });
  const filters: CustomerFilters = {
    search: query.q,
    role: query.filters.role as (typeof ROLES)[number] | undefined,
    verified: flag(query.filters.verified),
    banned: flag(query.filters.banned),
    sort: query.sort?.key,
    dir: query.sort?.dir,
  };
  const { users, total } = await context.services.users.listUsers({ ...filters, limit: query.pageSize, offset: query.offset });
  // The export takes the API's parameters (search, true/false), not the screen's (q, yes/no).
  return { users, total, query, exportHref: csvExportHref("/api/admin/users/export.csv", filters) };
}

/** The customers list: name and e-mail, confirmed, role, ban, orders, total spent, joined and last sign-in; a CSV export of what the filters select. */
export default function Users({ loaderData }: Route.ComponentProps) {
  const { users, total, query, exportHref } = loaderData;
  const t = useT();
  const money = useMoney();

  const columns: Column<CustomerListRow>[] = [
    {
      key: "name",
      header: t("admin.products.table.name"),
      sortable: true,
      rowHeader: true,
      className: "min-w-[12rem] max-w-[18rem]",
      cell: (u) => (
        <>
          <Link to={`/admin-dashboard/users/${encodeURIComponent(u.id)}`} className="font-semibold text-stone-900 underline-offset-4 hover:underline">
            {u.name || u.email}
          </Link>
          <span className="mt-0.5 block break-all text-xs font-normal text-stone-600">{u.email}</span>
          {/* Below 2xl the e-mail and ban columns are left out (and phones the money): they sit under the name. */}
          <span className="mt-1 flex flex-wrap items-center gap-1.5 text-xs font-normal text-stone-700 2xl:hidden">
            {u.role !== "customer" && (
              <StatusBadge tone={ROLE_TEXT[u.role].tone} className="md:hidden">
                {t(ROLE_TEXT[u.role].label)}
              </StatusBadge>
            )}
            {u.banned && <StatusBadge tone="danger">{t("admin.users.banned")}</StatusBadge>}
            {!u.emailVerified && <StatusBadge tone="warning">{t("admin.users.unconfirmed")}</StatusBadge>}
            <span className="sm:hidden">{t("admin.users.spent", { amount: money(u.totalSpent) })}</span>
          </span>
        </>
      ),
    },
    {
      key: "verified",
      header: t("admin.order.email"),
      className: "hidden 2xl:table-cell",
      cell: (u) =>
        u.emailVerified ? (
          <StatusBadge tone="success">{t("admin.users.confirmed")}</StatusBadge>
        ) : (
          <StatusBadge tone="warning">{t("admin.users.unconfirmed")}</StatusBadge>
        ),
    },
    {
      key: "role",
      header: t("admin.users.role"),
      className: "hidden md:table-cell",
      cell: (u) => <StatusBadge tone={ROLE_TEXT[u.role].tone}>{t(ROLE_TEXT[u.role].label)}</StatusBadge>,
    },
    {
      key: "banned",
      header: t("admin.users.ban"),
      className: "hidden 2xl:table-cell",
      cell: (u) =>
        u.banned ? (
          <StatusBadge tone="danger">{t("admin.users.banned")}</StatusBadge>
        ) : (
          <span className="text-stone-500">
            —<span className="sr-only">{t("admin.users.notBannedLower")}</span>
          </span>
        ),
    },
    { key: "orders", header: t("admin.nav.orders"), sortable: "desc", className: "text-right tabular-nums", cell: (u) => u.orders.toLocaleString("en") },
    {
      key: "spent",
      header: t("admin.users.totalSpent"),
      sortable: "desc",
      className: "hidden text-right whitespace-nowrap tabular-nums sm:table-cell",
      cell: (u) => money(u.totalSpent),
    },
    {
      key: "joined",
      header: t("admin.users.joined"),
      sortable: "desc",
      className: "hidden whitespace-nowrap lg:table-cell",
      cell: (u) => <LocalDate iso={u.createdAt} />,
    },
    {
      key: "lastSignIn",
      header: t("admin.users.lastSignIn"),
      sortable: "desc",
      className: "hidden whitespace-nowrap lg:table-cell",
      cell: (u) => (u.lastSignInAt ? <LocalDate iso={u.lastSignInAt} withTime /> : <span className="text-stone-600">{t("admin.users.never")}</span>),
    },
  ];

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={t("admin.nav.users")}
        description={t("admin.people.customersAndStaffTheir")}
        actions={
          // Nothing to export from an empty list.
          total > 0 && <ExportCsvLink href={exportHref} what={t("admin.users.exportWhat")} testId="users-export" />
        }
      />
      <DataTable
        caption={t("admin.nav.users")}
        rows={users}
        rowKey={(u) => u.id}
        columns={columns}
        query={query}
        total={total}
        noun={{ one: t("admin.users.noun.one"), other: t("admin.users.noun.other") }}
        search={{ label: t("admin.users.search"), placeholder: t("admin.users.searchPlaceholder") }}
        filters={[
          {
            name: "role",
            label: t("admin.users.role"),
            allLabel: t("admin.users.anyRole"),
            options: ROLES.map((r) => ({ value: r, label: t(ROLE_TEXT[r].label) })),
          },
          {
            name: "verified",
            label: t("admin.order.email"),
            allLabel: t("admin.users.any"),
            options: [
              { value: "yes", label: t("admin.users.confirmed") },
              { value: "no", label: t("admin.users.unconfirmed") },
            ],
          },
          {
            name: "banned",
            label: t("admin.users.ban"),
            allLabel: t("admin.users.any"),
            options: [
              { value: "yes", label: t("admin.users.banned") },
              { value: "no", label: t("admin.users.notBanned") },
            ],
          },
        ]}
        empty={{ title: t("admin.users.empty"), description: t("admin.users.emptyText") }}
        minWidth="min-w-0 md:min-w-[36rem]"
        testId="users-table"
      />
    </div>
  );
}
