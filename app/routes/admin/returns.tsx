import { useT } from "~/lib/i18n";
import { Link } from "react-router";
import { loadOrderReturns } from "~/components/admin/orders/order-returns.server";
import { RefundDialog } from "~/components/admin/orders/refund-dialog";
import { ReturnActions, ReturnSummary } from "~/components/admin/orders/returns-panel";
import { EmptyState, PageHeader } from "~/components/admin/ui";
import { requireAdminScreen } from "~/lib/auth.server";
import { RETURN_STATUSES, RETURN_STATUS_LABELS, isReturnStatus } from "#common/orders/return-status";
import type { Route } from "./+types/returns";

/** The customers' return requests, newest first, by status (requested first: what waits for an answer); 50 a page. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  requireAdminScreen(context, request);
  const raw = url.searchParams.get("status");
  const status = raw === "all" ? undefined : isReturnStatus(raw) ? raw : "requested";
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const result = await context.services.orderReturns.list({ status, page });
  // Received items are usually refunded next: those orders get the refund dialog here too.
  const received = [...new Set(result.data.filter((r) => r.status === "received").map((r) => r.orderId))];
  const refunds = Object.fromEntries(await Promise.all(received.map(async (id) => [id, await loadOrderReturns(context.services, id)] as const)));
  return { ...result, refunds, status: status ?? "all" };
}

export default function Returns({ loaderData }: Route.ComponentProps) {
  const { data, meta, status, refunds } = loaderData;
  const t = useT();
  const tabs: Array<{ value: string; label: string; count: number }> = [
    ...RETURN_STATUSES.map((s) => ({ value: s, label: RETURN_STATUS_LABELS[s], count: meta.counts[s] ?? 0 })),
    { value: "all", label: t("admin.table.all"), count: Object.values(meta.counts).reduce((a, b) => a + b, 0) },
  ];
  const pages = Math.max(1, Math.ceil(meta.total / meta.pageSize));
  return (
    <div className="grid gap-5">
      <PageHeader title={t("admin.nav.returns")} description={t("admin.orders.customersReturnRequestsApprove")} />
      <nav aria-label={t("admin.orders.returnStatus")}>
        <ul className="flex flex-wrap gap-1">
          {tabs.map((tab) => (
            <li key={tab.value}>
              <Link
                to={`?status=${tab.value}`}
                aria-current={tab.value === status ? "page" : undefined}
                className="inline-flex h-10 items-center gap-2 whitespace-nowrap rounded-full px-4 text-sm font-semibold text-stone-800 hover:bg-stone-200 aria-[current=page]:bg-stone-900 aria-[current=page]:text-white"
              >
                {tab.label}
                <span className="text-xs font-medium opacity-80">{tab.count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {data.length === 0 ? (
        <EmptyState title={status === "requested" ? t("admin.returns.noneWaiting") : t("admin.returns.noneHere")}>
          {status === "requested" ? t("admin.returns.noneWaitingText") : t("admin.returns.noneHereText")}
        </EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label={t("admin.orders.returnsNewestFirst")} data-testid="returns-list">
          {data.map((r) => (
            <li
              key={r.id}
              className="grid gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:grid-cols-[12rem_1fr_auto] sm:items-start"
              data-testid="return-row"
            >
              <div className="text-sm">
                <Link
                  to={`/admin-dashboard/orders/${encodeURIComponent(r.orderId)}`}
                  className="font-mono font-semibold text-stone-900 underline underline-offset-4"
                >
                  #{r.orderNumber}
                </Link>
                <p className="mt-1 break-words text-stone-700">{r.customer.name}</p>
                <p className="break-all text-xs text-stone-600">{r.customer.email}</p>
              </div>
              <ReturnSummary ret={r} />
              <div className="flex flex-col items-start gap-2">
                <ReturnActions ret={r} />
                {refunds[r.orderId] && <RefundDialog data={refunds[r.orderId]!} />}
              </div>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label={t("admin.table.pagesLabel")} className="flex items-center justify-between text-sm">
          {meta.page > 1 ? <Link to={`?status=${status}&page=${meta.page - 1}`}>{t("admin.returns.previousPage")}</Link> : <span />}
          <span>{t("admin.table.pageOf", { page: meta.page, pages })}</span>
          {meta.page < pages ? <Link to={`?status=${status}&page=${meta.page + 1}`}>{t("admin.returns.nextPage")}</Link> : <span />}
        </nav>
      )}
    </div>
  );
}
