import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert, Spinner } from "~/components/auth/ui";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { trapTab } from "~/lib/focus-trap";
import { useRichT, useT } from "~/lib/i18n";
import type { Order } from "#modules/orders";
import { LineList, LocalDate, OrderFacts, StatusBadge, StatusTimeline, OrderTotalsList, Tracking } from "./order-view";

/**
 * The order-details dialog of /my-orders, labelled "Order #NUMBER". Server-rendered from
 * `?order=<id>` (so a link opens it without JavaScript: then it is an open, non-modal dialog with
 * a Close link); once JavaScript runs it becomes modal: the page behind is inert, Tab stays inside,
 * Escape and Close call `onClose`.
 */
export function OrderDetailsModal({
  order,
  closeHref,
  onClose,
  notice,
  error,
  children,
}: {
  order: Order;
  closeHref: string;
  onClose: () => void;
  /** A success message about this order ("Order #… cancelled"). */
  notice?: string | null;
  /** Why the last action on this order failed. */
  error?: string | null;
  /** More sections at the end (the order's returns). */
  children?: React.ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLAnchorElement>(null);
  const hydrated = useHydrated();
  const t = useT();
  const richT = useRichT();
  const titleId = `order-${order.id}-title`;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.matches(":modal")) {
      if (dialog.open) dialog.close();
      dialog.showModal();
    }
    closeRef.current?.focus();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = overflow;
    };
  }, [order.id]);

  return (
    <>
      {/* Without JavaScript the dialog is not modal: this veil stands in for its backdrop. */}
      {!hydrated && <div aria-hidden="true" className="fixed inset-0 z-40 bg-stone-900/50" />}
      <dialog
        ref={ref}
        open
        aria-labelledby={titleId}
        onCancel={(e) => {
          e.preventDefault();
          onClose();
        }}
        onKeyDown={trapTab}
        className="fixed inset-0 z-50 m-auto hidden max-h-[100dvh] w-full max-w-2xl flex-col overflow-hidden bg-white p-0 open:flex text-stone-900 shadow-2xl backdrop:bg-stone-900/50 sm:max-h-[90dvh] sm:w-[calc(100%-2rem)] sm:rounded-2xl"
        data-testid="order-details"
      >
        <header className="flex items-start justify-between gap-4 border-b border-stone-200 px-5 py-4 sm:px-6">
          <div>
            <h2 id={titleId} className="text-xl font-bold tracking-tight">
              {t("cart.order.title", { number: order.number })}
            </h2>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-600">
              <span>{richT("cart.order.placedOn", { date: <LocalDate iso={order.createdAt} withTime /> })}</span>
              <StatusBadge status={order.status} />
            </p>
          </div>
          <Link
            ref={closeRef}
            to={closeHref}
            preventScrollReset
            onClick={(e) => {
              if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
              e.preventDefault();
              onClose();
            }}
            className="-mr-2 inline-flex h-11 shrink-0 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-stone-800 hover:bg-stone-100"
          >
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" focusable="false" className="size-5">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
            {t("cart.order.close")}
          </Link>
        </header>

        <div className="overflow-y-auto px-5 py-5 sm:px-6">
          {notice && (
            <FormAlert kind="success" className="mb-5" testId="order-notice">
              {notice}
            </FormAlert>
          )}
          {error && (
            <FormAlert kind="error" className="mb-5" testId="order-error">
              {error}
            </FormAlert>
          )}

          <section aria-labelledby={`${titleId}-status`}>
            <h3 id={`${titleId}-status`} className="text-base font-semibold">
              {t("cart.order.statusHeading")}
            </h3>
            <div className="mt-3">
              <StatusTimeline order={order} />
            </div>
            {order.tracking && (
              <p className="mt-4 text-sm text-stone-700" data-testid="order-tracking">
                <span className="font-semibold text-stone-900">{t("cart.order.trackingLabel")} </span>
                <Tracking tracking={order.tracking} />
              </p>
            )}
          </section>

          <section aria-labelledby={`${titleId}-items`} className="mt-6 border-t border-stone-200 pt-5">
            <h3 id={`${titleId}-items`} className="text-base font-semibold">
              {t("cart.order.items")}
            </h3>
            <LineList lines={order.lines} currency={order.totals.currency} />
            <div className="mt-3 border-t border-stone-200 pt-4">
              <OrderTotalsList order={order} />
            </div>
          </section>

          <section aria-labelledby={`${titleId}-delivery`} className="mt-6 border-t border-stone-200 pt-5">
            <h3 id={`${titleId}-delivery`} className="mb-3 text-base font-semibold">
              {t("cart.order.deliveryAndPayment")}
            </h3>
            <OrderFacts order={order} showTracking={false} />
          </section>

          {order.allowedTransitions.includes("cancelled") && <CancelOrderForm order={order} />}
          {children}
        </div>
      </dialog>
    </>
  );
}

/** "Cancel order": posts intent=cancel to /my-orders; with JavaScript it asks first. */
function CancelOrderForm({ order }: { order: Order }) {
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState(false);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "cancel";
  const confirmRef = useRef<HTMLButtonElement>(null);
  const t = useT();
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  return (
    <section aria-label={t("cart.order.cancelSection")} className="mt-6 border-t border-stone-200 pt-5">
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="orderId" value={order.id} />
        {hydrated && confirming ? (
          <div className="rounded-xl border border-rose-200 bg-rose-50 p-4" role="group" aria-labelledby="cancel-confirm-text">
            <p id="cancel-confirm-text" className="text-sm font-medium text-rose-950">
              {t("cart.order.cancelConfirm", { number: order.number })}
            </p>
            <div className="mt-3 flex flex-col gap-2 sm:flex-row">
              <button
                ref={confirmRef}
                type="submit"
                disabled={busy}
                className="inline-flex h-11 items-center justify-center gap-2 rounded-full bg-rose-700 px-5 text-sm font-semibold text-white hover:bg-rose-800 disabled:cursor-wait disabled:opacity-75"
              >
                {busy && <Spinner />}
                {busy ? t("cart.order.cancelling") : t("cart.order.cancelYes")}
              </button>
              <button
                type="button"
                onClick={() => setConfirming(false)}
                className="inline-flex h-11 items-center justify-center rounded-full border border-stone-300 bg-white px-5 text-sm font-semibold text-stone-900 hover:bg-stone-50"
              >
                {t("cart.order.keep")}
              </button>
            </div>
          </div>
        ) : (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-stone-600">{t("cart.order.cancelHint")}</p>
            <button
              type={hydrated ? "button" : "submit"}
              onClick={hydrated ? () => setConfirming(true) : undefined}
              className="inline-flex h-11 shrink-0 items-center justify-center rounded-full border border-rose-300 bg-white px-5 text-sm font-semibold text-rose-800 hover:bg-rose-50"
            >
              {t("cart.order.cancel")}
            </button>
          </div>
        )}
      </Form>
    </section>
  );
}
