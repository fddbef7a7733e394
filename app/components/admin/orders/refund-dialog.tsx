import { useRichT, useT } from "~/lib/i18n";
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useBackgroundFetcher } from "~/lib/background-fetcher";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { trapTab } from "~/lib/focus-trap";
import { formatMoney } from "~/lib/money";
import { useModalDialog } from "../dialog";
import { buttonClass } from "../ui";
import { lineRefundAmount } from "#common/orders/refund-math";
import type { OrderReturnsData } from "./order-returns.server";
import { returnsActionUrl } from "./returns-panel";

const cents = (n: number) => Math.round(n * 100);
const num = (v: string) => (v.trim() === "" || !Number.isFinite(Number(v)) ? 0 : Number(v));

/**
 * "Refund…": a dialog to refund lines (units of each, at most those not refunded yet), the
 * shipping and a free amount, with a reason; it shows the refundable maximum and the refund's
 * total as it is typed, and refuses to send more. Card orders are refunded through Stripe, cash on
 * delivery recorded as a manual refund. Each opening gets its own idempotency key, so a double
 * click or a retry never refunds twice. Without JavaScript the same form opens as a disclosure.
 */
export function RefundDialog({ data }: { data: OrderReturnsData }) {
  const t = useT();
  const richT = useRichT();
  const hydrated = useHydrated();
  const fetcher = useBackgroundFetcher<{ error?: { message: string; fields?: Record<string, string> } }>(t("admin.refund.failed"));
  const location = useLocation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const ref = useModalDialog(open);
  const [key, setKey] = useState(() => `refund-${Date.now().toString(36)}`);
  const [qty, setQty] = useState<Record<string, string>>({});
  const [shipping, setShipping] = useState("");
  const [amount, setAmount] = useState("");
  const money = (n: number) => formatMoney(n, data.currency);

  // The server's own arithmetic (refund-math.ts), so the button says what the refund will be to the cent.
  const units = (lineId: string, left: number) => Math.min(left, Math.max(0, Math.trunc(num(qty[lineId] ?? ""))));
  const total =
    (data.lines.reduce((sum, l) => sum + (units(l.lineId, l.left) ? lineRefundAmount(l.math, units(l.lineId, l.left)) : 0), 0) +
      cents(num(shipping)) +
      cents(num(amount))) /
    100;
  const tooMuch = cents(total) > cents(data.refundable);
  const error = fetcher.data?.error;
  const submitted = useRef(false);

  // Done (the action redirected with its toast): close and start afresh next time.
  useEffect(() => {
    if (fetcher.state === "idle" && submitted.current) {
      submitted.current = false;
      if (!fetcher.data?.error && !fetcher.failed) {
        setOpen(false);
        setQty({});
        setShipping("");
        setAmount("");
      }
    }
  }, [fetcher.state, fetcher.data]);

  const openDialog = () => {
    setKey(`refund-${crypto.randomUUID()}`);
    setOpen(true);
  };

  const form = (
    <fetcher.Form
      method="post"
      action={returnsActionUrl(data.orderId)}
      onSubmit={() => {
        submitted.current = true;
      }}
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="idempotencyKey" value={key} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {hydrated && <input type="hidden" name="inPlace" value="1" />}
      <p className="text-sm text-stone-700" id={`${id}-max`}>
        {richT("admin.refund.refundableNow", {
          amount: (
            <strong className="text-stone-900" data-testid="refundable">
              {money(data.refundable)}
            </strong>
          ),
          paid: money(data.paid),
        })}{" "}
        {data.method === "stripe" ? t("admin.refund.toCard") : t("admin.refund.cash")}
        {data.giftCardsRefundable > 0 && (
          <span className="block" data-testid="refund-gift-card-split">
            {t("admin.refund.giftCardSplit", { payment: money(data.paymentRefundable), cards: money(data.giftCardsRefundable) })}
          </span>
        )}
      </p>
      {error && (
        <p role="alert" className="rounded-lg border border-rose-200 bg-rose-50 p-3 text-sm font-medium text-rose-900" data-testid="refund-error">
          {error.message}
        </p>
      )}
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold text-stone-900">{t("admin.orders.items")}</legend>
        {data.lines.map((l) => (
          <div key={l.lineId} className="flex items-center gap-3">
            <label htmlFor={`${id}-${l.lineId}`} className="min-w-0 flex-1 text-sm text-stone-900">
              {l.label}
              <span className="block text-xs text-stone-600">{t("admin.refund.line", { price: money(l.unitPrice), left: l.left, quantity: l.quantity })}</span>
            </label>
            <input
              id={`${id}-${l.lineId}`}
              name={`qty:${l.lineId}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={l.left}
              disabled={l.left === 0}
              value={qty[l.lineId] ?? ""}
              placeholder="0"
              onChange={(e) => setQty({ ...qty, [l.lineId]: e.target.value })}
              className="h-10 w-20 rounded-lg border border-stone-300 px-3 text-right text-sm disabled:bg-stone-100"
            />
          </div>
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1">
          <label htmlFor={`${id}-shipping`} className="text-sm font-semibold text-stone-900">
            {t("admin.settings.section.shipping")}{" "}
            <span className="font-normal text-stone-600">{t("admin.refund.upTo", { amount: money(data.shippingLeft) })}</span>
          </label>
          <input
            id={`${id}-shipping`}
            name="shipping"
            type="number"
            inputMode="decimal"
            min={0}
            max={data.shippingLeft}
            step="0.01"
            value={shipping}
            placeholder="0.00"
            onChange={(e) => setShipping(e.target.value)}
            className="h-10 rounded-lg border border-stone-300 px-3 text-sm"
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-amount`} className="text-sm font-semibold text-stone-900">
            {t("admin.refund.otherAmount")}
          </label>
          <input
            id={`${id}-amount`}
            name="amount"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={amount}
            placeholder="0.00"
            onChange={(e) => setAmount(e.target.value)}
            className="h-10 rounded-lg border border-stone-300 px-3 text-sm"
          />
        </div>
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${id}-reason`} className="text-sm font-semibold text-stone-900">
          {t("admin.refund.reason")}
        </label>
        <textarea id={`${id}-reason`} name="reason" required maxLength={1000} rows={2} className="rounded-lg border border-stone-300 px-3 py-2 text-sm" />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-stone-100 pt-3">
        <p className="text-sm text-stone-800" aria-live="polite">
          {t("admin.refund.total")} <strong data-testid="refund-total">{money(total)}</strong>
          {tooMuch && <span className="block text-rose-800">{t("admin.refund.tooMuch", { amount: money(data.refundable) })}</span>}
        </p>
        <div className="flex gap-2">
          {hydrated && (
            <button type="button" onClick={() => setOpen(false)} className={buttonClass("secondary")}>
              {t("admin.dialog.cancel")}
            </button>
          )}
          <button type="submit" disabled={fetcher.state !== "idle" || (hydrated && (tooMuch || total <= 0))} className={buttonClass("primary")}>
            {fetcher.state !== "idle" ? t("admin.refund.refunding") : t("admin.refund.refundAmount", { amount: money(total) })}
          </button>
        </div>
      </div>
    </fetcher.Form>
  );

  if (data.refundable <= 0) {
    return (
      <p className="text-sm text-stone-600" data-testid="refund-none">
        {data.paid > 0 ? t("admin.refund.allRefunded") : t("admin.refund.nothingPaid")}
      </p>
    );
  }
  if (!hydrated) {
    return (
      <details className="rounded-xl border border-stone-200 bg-white p-3">
        <summary className={`${buttonClass("secondary")} cursor-pointer list-none`}>{t("admin.refund.open")}</summary>
        <div className="mt-3">{form}</div>
      </details>
    );
  }
  return (
    <>
      <button type="button" onClick={openDialog} className={buttonClass("secondary")} data-testid="refund-open">
        {t("admin.refund.open")}
      </button>
      <dialog
        ref={ref}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-max`}
        onKeyDown={trapTab}
        onCancel={(e) => {
          e.preventDefault();
          setOpen(false);
        }}
        className="m-auto max-h-[100dvh] w-full max-w-lg overflow-y-auto bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-stone-900/50 sm:max-h-[90dvh] sm:w-[calc(100%-2rem)] sm:rounded-2xl"
        data-testid="refund-dialog"
      >
        <div className="p-5 sm:p-6">
          <h2 id={`${id}-title`} className="mb-3 text-lg font-bold tracking-tight">
            {t("admin.refund.title")}
          </h2>
          {open && form}
        </div>
      </dialog>
    </>
  );
}
