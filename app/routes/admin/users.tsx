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
  const money = useMoney();

  const columns: Column<CustomerListRow>[] = [
    {
      key: "name",
      header: "Name",
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
                {ROLE_TEXT[u.role].label}
              </StatusBadge>
            )}
            {u.banned && <StatusBadge tone="danger">Banned</StatusBadge>}
            {!u.emailVerified && <StatusBadge tone="warning">Unconfirmed</StatusBadge>}
            <span className="sm:hidden">Spent {money(u.totalSpent)}</span>
          </span>
        </>
      ),
    },
    {
      key: "verified",
      header: "E-mail",
      className: "hidden 2xl:table-cell",
      cell: (u) => (u.emailVerified ? <StatusBadge tone="success">Confirmed</StatusBadge> : <StatusBadge tone="warning">Unconfirmed</StatusBadge>),
    },
    {
      key: "role",
      header: "Role",
      className: "hidden md:table-cell",
      cell: (u) => <StatusBadge tone={ROLE_TEXT[u.role].tone}>{ROLE_TEXT[u.role].label}</StatusBadge>,
    },
    {
      key: "banned",
      header: "Ban",
      className: "hidden 2xl:table-cell",
      cell: (u) =>
        u.banned ? (
          <StatusBadge tone="danger">Banned</StatusBadge>
        ) : (
          <span className="text-stone-500">
            —<span className="sr-only">not banned</span>
          </span>
        ),
    },
    { key: "orders", header: "Orders", sortable: "desc", className: "text-right tabular-nums", cell: (u) => u.orders.toLocaleString("en") },
    {
      key: "spent",
      header: "Total spent",
      sortable: "desc",
      className: "hidden text-right whitespace-nowrap tabular-nums sm:table-cell",
      cell: (u) => money(u.totalSpent),
    },
    { key: "joined", header: "Joined", sortable: "desc", className: "hidden whitespace-nowrap lg:table-cell", cell: (u) => <LocalDate iso={u.createdAt} /> },
    {
      key: "lastSignIn",
      header: "Last sign-in",
      sortable: "desc",
      className: "hidden whitespace-nowrap lg:table-cell",
      cell: (u) => (u.lastSignInAt ? <LocalDate iso={u.lastSignInAt} withTime /> : <span className="text-stone-600">Never</span>),
    },
  ];

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Users"
        description="Customers and staff: their orders, roles and bans. Open one to see their addresses and devices, export or delete their data."
        actions={
          // Nothing to export from an empty list.
          total > 0 && <ExportCsvLink href={exportHref} what="the users these filters select" testId="users-export" />
        }
      />
      <DataTable
        caption="Users"
        rows={users}
        rowKey={(u) => u.id}
        columns={columns}
        query={query}
        total={total}
        noun={{ one: "user", other: "users" }}
        search={{ label: "Search users", placeholder: "Name or e-mail" }}
        filters={[
          { name: "role", label: "Role", allLabel: "Any role", options: ROLES.map((r) => ({ value: r, label: ROLE_TEXT[r].label })) },
          {
            name: "verified",
            label: "E-mail",
            allLabel: "Any",
            options: [
              { value: "yes", label: "Confirmed" },
              { value: "no", label: "Unconfirmed" },
            ],
          },
          {
            name: "banned",
            label: "Ban",
            allLabel: "Any",
            options: [
              { value: "yes", label: "Banned" },
              { value: "no", label: "Not banned" },
            ],
          },
        ]}
        empty={{ title: "No users yet", description: "Accounts appear here when shoppers register or sign in with a provider." }}
        minWidth="min-w-0 md:min-w-[36rem]"
        testId="users-table"
      />
    </div>
  );
}
