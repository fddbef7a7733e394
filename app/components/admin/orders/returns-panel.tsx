import { useId } from "react";
import { useLocation } from "react-router";
import { useBackgroundFetcher } from "~/lib/background-fetcher";
import { LocalDate } from "~/components/orders/order-view";
import { formatMoney } from "~/lib/money";
import { RETURN_STATUS_LABELS, type ReturnStatus } from "#common/orders/return-status";
import type { OrderReturn } from "#modules/orders";
import { type StatusTone, StatusBadge, buttonClass } from "../ui";
import type { OrderReturnsData } from "./order-returns.server";
import { useT } from "~/lib/i18n";

/** The resource route every return and refund step of an order posts to (app/routes/admin/order-returns-action.tsx). */
export const returnsActionUrl = (orderId: string) => `/admin-dashboard/orders/${encodeURIComponent(orderId)}/returns-action`;

const TONE: Record<ReturnStatus, StatusTone> = { requested: "warning", approved: "info", refused: "danger", received: "success" };

/** A return's status as the admin's badge. */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return (
    <StatusBadge tone={TONE[status]}>
      <span data-testid="return-status">{RETURN_STATUS_LABELS[status]}</span>
    </StatusBadge>
  );
}

/**
 * The steps an operator may take on a return now: approve or refuse (with a reason the customer
 * is mailed) a requested one, mark an approved one received (its units go back in stock). Each
 * posts through a fetcher to the order's returns-action route, which answers with a toast.
 */
export function ReturnActions({ ret }: { ret: OrderReturn }) {
  const t = useT();
  const fetcher = useBackgroundFetcher(t("admin.returns.updateFailed"));
  const location = useLocation();
  const id = useId();
  const busy = fetcher.state !== "idle";
  const back = `${location.pathname}${location.search}`;
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="returnId" value={ret.id} />
      <input type="hidden" name="redirectTo" value={back} />
    </>
  );
  if (ret.status === "approved") {
    return (
      <fetcher.Form method="post" action={returnsActionUrl(ret.orderId)}>
        {hidden("receive")}
        <button type="submit" disabled={busy} className={buttonClass("primary", "sm")}>
          {t("admin.returns.markReceived")}
          <span className="sr-only"> {t("admin.returns.ofOrderParen", { number: ret.orderNumber })}</span>
        </button>
      </fetcher.Form>
    );
  }
  if (ret.status !== "requested") return null;
  return (
    <div className="flex flex-wrap items-start gap-2">
      <fetcher.Form method="post" action={returnsActionUrl(ret.orderId)}>
        {hidden("approve")}
        <button type="submit" disabled={busy} className={buttonClass("primary", "sm")}>
          {t("admin.returns.approve")}
          <span className="sr-only"> {t("admin.returns.ofOrder", { number: ret.orderNumber })}</span>
        </button>
      </fetcher.Form>
      <details className="group">
        <summary className={`${buttonClass("secondary", "sm")} cursor-pointer list-none`}>
          {t("admin.returns.refuseMenu")}
          <span className="sr-only"> {t("admin.returns.ofOrder", { number: ret.orderNumber })}</span>
        </summary>
        <fetcher.Form
          method="post"
          action={returnsActionUrl(ret.orderId)}
          className="mt-2 grid w-72 max-w-full gap-2 rounded-xl border border-stone-200 bg-white p-3 shadow-sm"
        >
          {hidden("refuse")}
          <label htmlFor={`${id}-reason`} className="text-sm font-semibold text-stone-900">
            {t("admin.returns.reasonTold")}
          </label>
          <textarea id={`${id}-reason`} name="reason" required maxLength={1000} rows={2} className="rounded-lg border border-stone-300 px-3 py-2 text-sm" />
          <button type="submit" disabled={busy} className={buttonClass("danger", "sm")}>
            {t("admin.returns.refuse")}
          </button>
        </fetcher.Form>
      </details>
    </div>
  );
}

/** What a return asks for and where it stands: lines, reason, who decided and received it when. */
export function ReturnSummary({ ret }: { ret: OrderReturn }) {
  const t = useT();
  return (
    <div className="min-w-0 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <ReturnStatusBadge status={ret.status} />
        <span className="text-stone-600">
          {t("admin.returns.asked")} <LocalDate iso={ret.requestedAt} withTime />
        </span>
      </div>
      <ul className="mt-2 grid gap-0.5 text-stone-900">
        {ret.lines.map((l) => (
          <li key={l.lineId}>
            {l.quantity} × {l.label}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-stone-700">{t("admin.returns.reason", { reason: ret.reason })}</p>
      {ret.refusalReason && <p className="mt-1 text-stone-700">{t("admin.returns.refusedReason", { reason: ret.refusalReason })}</p>}
      {ret.decidedBy && (
        <p className="mt-1 text-xs text-stone-600">
          {ret.status === "refused" ? t("admin.returns.refusedBy", { who: ret.decidedBy }) : t("admin.returns.approvedBy", { who: ret.decidedBy })},{" "}
          {ret.decidedAt && <LocalDate iso={ret.decidedAt} withTime />}
        </p>
      )}
      {ret.receivedBy && (
        <p className="text-xs text-stone-600">
          {t("admin.returns.receivedBy", { who: ret.receivedBy })}, {ret.receivedAt && <LocalDate iso={ret.receivedAt} withTime />}
        </p>
      )}
    </div>
  );
}

/**
 * The order page's returns and refunds: each return with its steps (approve, refuse, receive), and
 * the refunds made so far with what is still refundable. `data` comes from loadOrderReturns.
 */
export function ReturnsPanel({ data }: { data: OrderReturnsData }) {
  const titleId = useId();
  const money = (n: number) => formatMoney(n, data.currency);
  const t = useT();
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-5" data-testid="returns-panel">
      <h2 id={titleId} className="text-base font-semibold text-stone-900">
        {t("admin.returns.panelTitle")}
      </h2>
      {data.returns.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{t("admin.returns.none")}</p>
      ) : (
        <ul className="mt-3 grid gap-3" aria-label={t("admin.nav.returns")}>
          {data.returns.map((r) => (
            <li
              key={r.id}
              className="flex flex-col gap-3 rounded-xl border border-stone-200 p-3 sm:flex-row sm:items-start sm:justify-between"
              data-testid="return-row"
            >
              <ReturnSummary ret={r} />
              <ReturnActions ret={r} />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 border-t border-stone-100 pt-3 text-sm">
        <p className="text-stone-700">
          {t("admin.returns.paid", { paid: money(data.paid), refunded: money(data.refunded) })}{" "}
          <span className="font-semibold text-stone-900">{t("admin.returns.refundable", { amount: money(data.refundable) })}</span>
        </p>
        {data.refunds.length > 0 && (
          <ul className="mt-2 grid gap-1 text-stone-700" aria-label={t("admin.orders.refunds")}>
            {data.refunds.map((r) => (
              <li key={r.id} data-testid="refund-row">
                {money(r.amount)} {r.method === "stripe" ? t("admin.returns.toCard") : t("admin.returns.manually")}
                {r.giftCardAmount > 0 ? ` (${t("admin.returns.toGiftCards", { amount: money(r.giftCardAmount) })})` : ""}
                {r.status === "pending" ? ` ${t("admin.returns.waitingStripe")}` : ""} · {r.reason} · {r.by}, <LocalDate iso={r.at} withTime />
                {r.status === "succeeded" && (
                  <>
                    {" · "}
                    <a
                      href={`/admin-dashboard/orders/${encodeURIComponent(data.orderId)}/credit-note/${encodeURIComponent(r.id)}`}
                      target="_blank"
                      rel="noreferrer"
                      className="font-medium text-stone-900 underline underline-offset-2"
                      data-testid="credit-note-link"
                    >
                      {t("admin.creditNote.open")}
                    </a>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
