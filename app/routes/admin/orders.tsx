import { useEffect, useState } from "react";
import { Link, redirect } from "react-router";
import { type BulkMoveOutcome, BulkMoveResults } from "~/components/admin/orders/list-bulk-result";
import { type BulkAction, type Column, DataTable } from "~/components/admin/data-table";
import { auditActor, formFailure, readBulkAction, requireConfirmed } from "~/components/admin/form-result.server";
import { StatusTabs } from "~/components/admin/status-tabs";
import { dateFilter, parseTableQuery } from "~/components/admin/table-query.server";
import { ExportCsvLink, csvExportHref } from "~/components/admin/csv-export";
import { PageHeader } from "~/components/admin/ui";
import { PAYMENT_METHOD_LABEL } from "#common/payments/payment-methods";
import { STATUS_LABEL } from "~/components/orders/order-status";
import { LocalDate, StatusBadge, useOrderMoney, usePaymentStatusLabel } from "~/components/orders/order-view";
import { requireAdminScreen } from "~/lib/auth.server";
import { AppError } from "#common/errors";
import { allowedTransitions, canTransition, isOrderStatus } from "#common/orders/order-status";
import type { AdminOrderList, AdminOrderRow } from "#modules/orders";
import type { ADMIN_ORDER_SORTS } from "#common/orders/orders.admin.schema";
import { PAYMENT_METHODS } from "#common/payments/payment-methods";
import { ORDER_STATUSES, type OrderStatus } from "#common/orders/order-status";
import type { Route } from "./+types/orders";
import type { MessageKey } from "#common/i18n/catalogs";
import type { Translate } from "#common/i18n/translate";
import { useT } from "~/lib/i18n";
import { adminT } from "~/lib/i18n.server";

const PAGE_SIZE = 50;
/** The tab that lists every status (in the URL where a screen opens on another tab). */
const ALL = "all";

/** The four spec screens share this list; each opens on its own tab and says what it is for. */
const SCREENS = {
  orders: {
    tab: null,
    title: "admin.nav.allOrders",
    description: "admin.orders.screen.allText",
  },
  pending: {
    tab: "pending",
    title: "admin.orders.screen.pending",
    description: "admin.orders.screen.pendingText",
  },
  completed: { tab: "completed", title: "admin.orders.screen.completed", description: "admin.orders.screen.completedText" },
  management: {
    tab: null,
    title: "admin.nav.orderManagement",
    description: "admin.orders.screen.managementText",
  },
} as const satisfies Record<string, { tab: OrderStatus | null; title: MessageKey; description: MessageKey }>;
type Screen = keyof typeof SCREENS;

/** Which of the four screens this request is for, from its path (a data request's path ends in .data). */
function screenOf(request: Request): Screen {
  const last = new URL(request.url).pathname
    .replace(/\.data$/, "")
    .replace(/\/+$/, "")
    .split("/")
    .pop();
  return last === "pending" || last === "completed" || last === "management" ? last : "orders";
}

/**
 * The moves offered in bulk: the shop's moves of the status table, except shipping, which needs a
 * courier and tracking number per order (the order page asks for them). On a status tab, only the
 * moves the table allows from that status.
 */
function bulkMoves(status: OrderStatus | undefined): OrderStatus[] {
  const targets = status ? allowedTransitions(status, "shop") : ORDER_STATUSES.filter((to) => ORDER_STATUSES.some((from) => canTransition(from, to, "shop")));
  return targets.filter((to) => to !== "shipped");
}

/** A bulk move's button: "Mark processing", "Cancel orders". */
const moveLabel = (to: OrderStatus, t: Translate) =>
  to === "cancelled" ? t("admin.orders.cancelOrders") : t("admin.orders.mark", { status: STATUS_LABEL[to].toLowerCase() });

/** The statuses an order may be in for the shop to move it to `to` (the table, read backwards). */
const movableFrom = (to: OrderStatus) => ORDER_STATUSES.filter((from) => canTransition(from, to, "shop"));

const PRINT_DOCS = { "print-slip": "slip", "print-invoice": "invoice" } as const;
/** The print view of the lead's order desk for these orders (packing slips or invoices). */
const printHref = (ids: readonly string[], doc: "slip" | "invoice") => `/admin-dashboard/orders/print?ids=${ids.map(encodeURIComponent).join(",")}&doc=${doc}`;

const orderHref = (o: { id: string }) => `/admin-dashboard/orders/${encodeURIComponent(o.id)}`;

/**
 * One page (50) of the orders of the tab in the URL (the screen's own tab by default): search by
 * number, e-mail, phone or name, payment and date filters, a sort, and each tab's count under the
 * same search and filters.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminScreen(context, request);
  const screen = screenOf(request);
  const query = parseTableQuery(request, {
    sorts: ["created", "total", "number"],
    defaultSort: "-created",
    filters: { status: [...ORDER_STATUSES, ALL], payment: PAYMENT_METHODS, from: dateFilter, to: dateFilter },
    pageSize: PAGE_SIZE,
  });
  const { status: statusParam, ...filters } = query.filters;
  const status = statusParam === ALL ? undefined : isOrderStatus(statusParam) ? statusParam : (SCREENS[screen].tab ?? undefined);
  const sort = query.sort ? ((query.sort.dir === "desc" ? `-${query.sort.key}` : query.sort.key) as (typeof ADMIN_ORDER_SORTS)[number]) : undefined;
  const listQuery = { status, q: query.q, ...filters, sort };
  let list: AdminOrderList;
  let problem: string | null = null;
  try {
    list = await context.services.ordersAdmin.listOrders({ ...listQuery, page: query.page, pageSize: query.pageSize });
  } catch (err) {
    // Filters the list refuses (an end date before the start): say so over an empty list.
    if (!(err instanceof AppError)) throw err;
    problem = Object.values(err.fields ?? {})[0] ?? err.message;
    list = {
      data: [],
      meta: {
        total: 0,
        page: query.page,
        pageSize: query.pageSize,
        counts: Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>,
      },
    };
  }
  return {
    screen,
    status: status ?? null,
    orders: list.data,
    total: list.meta.total,
    counts: list.meta.counts,
    problem,
    exportHref: csvExportHref("/api/admin/orders/export.csv", listQuery),
    // The tab is not a filter to clear: the search, payment and dates narrow the list.
    query: { ...query, narrowed: Boolean(query.q || filters.payment || filters.from || filters.to) },
  };
}

/**
 * A bulk action on the selected orders: a status move through the move flow (each order only when
 * the table allows it from its status; the answer lists each), or their packing slips or invoices.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdminScreen(context, request);
  const { intent, ids, confirmed } = readBulkAction(await request.formData());
  try {
    if (!ids.length) throw new AppError("invalid_input", adminT("admin.orders.selectFirst"));
    // Without JavaScript the print buttons post here; with it they open the print view in a new tab.
    if (intent === "print-slip" || intent === "print-invoice") return redirect(printHref(ids, PRINT_DOCS[intent]));
    if (!isOrderStatus(intent) || !bulkMoves(undefined).includes(intent)) throw new AppError("invalid_input", adminT("admin.products.bulk.chooseAction"));
    if (intent === "cancelled") requireConfirmed({ confirmed }, adminT("admin.orders.cancelling"));
    const results = await context.services.orderMoves.bulkTransition(ids, intent, { staff: auditActor(context, user) });
    return { bulk: { to: intent, results } satisfies BulkMoveOutcome };
  } catch (err) {
    return formFailure(err);
  }
}

/** The bulk bar's buttons for the moves offered on this tab, then the two print actions. */
function bulkActions(status: OrderStatus | undefined, t: Translate): BulkAction[] {
  const moves: BulkAction[] = bulkMoves(status).map((to) => {
    if (to !== "cancelled") return { intent: to, label: moveLabel(to, t) };
    const from = movableFrom(to).map((s) => STATUS_LABEL[s].toLowerCase());
    return {
      intent: to,
      label: moveLabel(to, t),
      confirm: (count) => ({
        title: count === null ? t("admin.orders.cancelSelected") : t("admin.orders.cancelTitle", { count }),
        body: t("admin.orders.cancelBody", { from: from.join(t("admin.orders.or")) }),
        confirmLabel: count === null ? t("admin.orders.cancelThem") : t("admin.orders.cancelCount", { count }),
        cancelLabel: t("admin.orders.keepThem"),
      }),
    };
  });
  return [...moves, { intent: "print-slip", label: t("admin.orders.printSlips") }, { intent: "print-invoice", label: t("admin.orders.printInvoices") }];
}

/**
 * With JavaScript, the print buttons open the print view of the selected orders in a new tab (in
 * the click itself, so no pop-up blocker stops it) instead of posting the form.
 */
function openPrintInNewTab(event: React.MouseEvent) {
  const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[name=intent]");
  const doc = button && PRINT_DOCS[button.value as keyof typeof PRINT_DOCS];
  if (!button?.form || !doc) return;
  const ids = new FormData(button.form).getAll("ids").filter((v): v is string => typeof v === "string");
  if (!ids.length) return;
  event.preventDefault();
  window.open(printHref(ids, doc), "_blank", "noopener");
}

/** The order desk's list: status tabs with counts, search and filters, the orders, their bulk moves and print actions, and a CSV export. */
export default function Orders({ loaderData, actionData }: Route.ComponentProps) {
  const { screen, status, orders, total, counts, problem, exportHref, query } = loaderData;
  const money = useOrderMoney();
  const paymentLabel = usePaymentStatusLabel();
  const failure = actionData && "error" in actionData ? actionData.error : null;
  const outcome = actionData && "bulk" in actionData ? actionData.bulk : null;
  const t = useT();
  const home = SCREENS[screen].tab;
  const tabValue = (s: OrderStatus | null) => (s === home ? null : (s ?? ALL));
  const all = ORDER_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  // Each answer of a bulk action starts the table afresh: nothing stays selected (the same rows
  // may still be listed, with their new statuses).
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (actionData) setRound((r) => r + 1);
  }, [actionData]);

  const columns: Column<AdminOrderRow>[] = [
    {
      key: "number",
      header: t("admin.nav.order"),
      sortable: "desc",
      rowHeader: true,
      className: "whitespace-nowrap",
      cell: (o) => (
        <span className="relative block">
          <Link to={orderHref(o)} className="font-mono font-semibold text-stone-900 underline underline-offset-4 hover:decoration-2">
            <span className="sr-only">{t("admin.nav.order")} </span>
            {o.number}
          </Link>
          {/* On phones only this column is in view: the date, customer, total and status show here. */}
          <span className="mt-1 block text-xs font-normal whitespace-normal text-stone-700 sm:hidden">
            <LocalDate iso={o.createdAt} />
            <span className="block break-words">{o.customer.name}</span>
            <span className="mt-1.5 flex flex-wrap items-center gap-2">
              <span className="text-sm font-semibold text-stone-900 tabular-nums">{money(o.total, o.currency)}</span>
              <StatusBadge status={o.status} />
            </span>
          </span>
        </span>
      ),
    },
    {
      key: "created",
      header: t("admin.orders.date"),
      sortable: "desc",
      className: "hidden whitespace-nowrap sm:table-cell",
      cell: (o) => <LocalDate iso={o.createdAt} />,
    },
    {
      key: "customer",
      header: t("admin.nav.customer"),
      className: "hidden min-w-[11rem] max-w-[15rem] sm:table-cell",
      cell: (o) => (
        <>
          <span className="block break-words font-medium text-stone-900">{o.customer.name}</span>
          <span className="mt-0.5 block text-xs text-stone-600 [overflow-wrap:anywhere]">
            {/* A long address breaks after its @ first. */}
            {o.customer.email.split("@")[0]}
            <wbr />@{o.customer.email.split("@").slice(1).join("@")}
          </span>
        </>
      ),
    },
    { key: "items", header: t("admin.orders.items"), className: "hidden text-right tabular-nums xl:table-cell", cell: (o) => o.itemCount.toLocaleString("en") },
    {
      key: "total",
      header: t("admin.orders.total"),
      sortable: "desc",
      className: "hidden text-right whitespace-nowrap sm:table-cell",
      cell: (o) => <span className="font-semibold tabular-nums text-stone-900">{money(o.total, o.currency)}</span>,
    },
    {
      key: "payment",
      header: t("admin.orders.payment"),
      className: "hidden whitespace-nowrap lg:table-cell",
      cell: (o) => (
        <>
          <span className="block text-stone-900">{PAYMENT_METHOD_LABEL[o.paymentMethod]}</span>
          <span className={`mt-0.5 block text-xs whitespace-normal ${o.paymentStatus === "failed" ? "font-semibold text-rose-800" : "text-stone-600"}`}>
            {paymentLabel(o)}
          </span>
        </>
      ),
    },
    { key: "status", header: t("admin.products.table.status"), className: "hidden sm:table-cell", cell: (o) => <StatusBadge status={o.status} /> },
  ];

  const tabLabel = status ? t("admin.orders.statusOrders", { status: STATUS_LABEL[status] }) : t("admin.nav.orders");
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={t(SCREENS[screen].title)}
        description={t(SCREENS[screen].description)}
        actions={
          // Nothing to export from an empty list.
          total > 0 && <ExportCsvLink href={exportHref} what={t("admin.orders.exportWhat", { orders: tabLabel.toLowerCase() })} testId="orders-export" />
        }
      />
      <StatusTabs
        label={t("admin.orders.ordersByStatus")}
        current={tabValue(status)}
        tabs={[
          { value: tabValue(null), label: t("admin.table.all"), count: all },
          ...ORDER_STATUSES.map((s) => ({ value: tabValue(s), label: STATUS_LABEL[s], count: counts[s] })),
        ]}
      />
      {screen === "management" && <MovesLegend />}
      {(failure || problem) && (
        <p role="alert" className="mb-4 rounded-xl border border-rose-300 bg-rose-50 px-4 py-3 text-sm font-medium text-rose-900" data-testid="orders-error">
          {failure?.message ?? problem}
        </p>
      )}
      {outcome && <BulkMoveResults outcome={outcome} />}
      {/* Captures the print buttons' clicks to open a new tab (see openPrintInNewTab). */}
      <div onClickCapture={openPrintInNewTab}>
        <DataTable
          key={round}
          caption={tabLabel}
          rows={orders}
          rowKey={(o) => o.id}
          rowLabel={(o) => t("admin.orders.row", { number: o.number })}
          columns={columns}
          query={query}
          total={total}
          noun={{ one: t("admin.orders.noun.one"), other: t("admin.orders.noun.other") }}
          search={{ label: t("admin.orders.search"), placeholder: t("admin.orders.searchPlaceholder") }}
          filters={[
            {
              name: "payment",
              label: t("admin.orders.payment"),
              allLabel: t("admin.orders.anyPayment"),
              options: PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABEL[m] })),
            },
            { name: "from", label: t("admin.banners.from"), type: "date" },
            { name: "to", label: t("admin.orders.to"), type: "date" },
          ]}
          bulkActions={bulkActions(status ?? undefined, t)}
          empty={
            status
              ? {
                  title: t("admin.orders.emptyStatus", { status: STATUS_LABEL[status].toLowerCase() }),
                  description: status === "pending" ? t("admin.orders.emptyPending") : t("admin.orders.emptyStatusText"),
                }
              : { title: t("admin.dashboard.noOrders"), description: t("admin.orders.emptyText") }
          }
          testId="orders-table"
        />
      </div>
    </div>
  );
}

/** Which bulk move applies to which orders, read from the status table (so it cannot drift from it). */
function MovesLegend() {
  const t = useT();
  return (
    <details className="mb-4 rounded-xl border border-stone-200 bg-white px-4 py-3 text-sm text-stone-800 shadow-sm">
      <summary className="cursor-pointer font-semibold text-stone-900">{t("admin.orders.legend")}</summary>
      <ul className="mt-2 space-y-1">
        {bulkMoves(undefined).map((to) => (
          <li key={to}>
            <span className="font-semibold">{moveLabel(to, t)}</span>:{" "}
            {t("admin.orders.legendOrders", {
              from: movableFrom(to)
                .map((s) => STATUS_LABEL[s].toLowerCase())
                .join(t("admin.orders.or")),
            })}
          </li>
        ))}
        <li>
          <span className="font-semibold">{t("admin.orders.ship")}</span>: {t("admin.orders.shipLegend")}
        </li>
      </ul>
    </details>
  );
}
