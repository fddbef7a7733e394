import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { FormAlert, Spinner } from "~/components/auth/ui";
import type { ReturnStatus } from "#common/orders/return-status";
import type { MessageKey } from "#common/i18n/catalogs";
import { useRichT, useT } from "~/lib/i18n";
import type { OrderReturn, ReturnPolicy } from "#modules/orders";
import { LocalDate } from "./order-view";
import { publicImageUrl } from "#common/images/image-sizes";
import { useImageBase } from "~/lib/image-base";

/** What /my-orders loads about an order's returns: what may still be asked for, and the returns so far. */
export interface OrderReturnsInfo {
  policy: ReturnPolicy;
  returns: OrderReturn[];
}

/** Badge colours of a return's status (AA contrast). */
export const RETURN_BADGE: Record<ReturnStatus, string> = {
  requested: "bg-amber-50 text-amber-900 ring-amber-200",
  approved: "bg-sky-50 text-sky-900 ring-sky-200",
  refused: "bg-rose-50 text-rose-900 ring-rose-200",
  received: "bg-emerald-50 text-emerald-900 ring-emerald-200",
};

/** How each return status reads to the customer. */
const RETURN_STATUS_KEY: Record<ReturnStatus, MessageKey> = {
  requested: "cart.returns.status.requested",
  approved: "cart.returns.status.approved",
  refused: "cart.returns.status.refused",
  received: "cart.returns.status.received",
};

/** A return's status as a small badge. */
export function ReturnBadge({ status }: { status: ReturnStatus }) {
  const t = useT();
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ${RETURN_BADGE[status]}`} data-testid="return-status">
      {t(RETURN_STATUS_KEY[status])}
    </span>
  );
}

const CUSTOMER_NOTE: Record<ReturnStatus, MessageKey> = {
  requested: "cart.returns.note.requested",
  approved: "cart.returns.note.approved",
  refused: "cart.returns.note.refused",
  received: "cart.returns.note.received",
};

/**
 * The returns part of the order-details dialog: the order's returns with their status, and while
 * the return window is open a "Request a return" form (a disclosure, so it works without
 * JavaScript) with a quantity per line (at most what is left to return) and a reason; it posts
 * intent=return to /my-orders. The server checks every rule again.
 */
export function OrderReturns({
  orderId,
  info,
  error,
  fields,
}: {
  orderId: string;
  info: OrderReturnsInfo;
  error?: string | null;
  fields?: Record<string, string> | null;
}) {
  const id = useId();
  const base = useImageBase();
  const t = useT();
  const richT = useRichT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "return";
  const { policy, returns } = info;
  const returnable = policy.lines.filter((l) => l.left > 0);
  if (!policy.open && returns.length === 0 && !policy.closesAt) return null;

  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 border-t border-stone-200 pt-5" data-testid="order-returns">
      <h3 id={`${id}-title`} className="text-base font-semibold">
        {t("cart.returns.title")}
      </h3>

      {returns.length > 0 && (
        <ul className="mt-3 grid gap-3" aria-label={t("cart.returns.yours")}>
          {returns.map((r) => (
            <li key={r.id} className="rounded-xl border border-stone-200 p-3 text-sm" data-testid="return-row">
              <div className="flex flex-wrap items-center gap-2">
                <ReturnBadge status={r.status} />
                <span className="text-stone-600">{richT("cart.returns.asked", { date: <LocalDate iso={r.requestedAt} /> })}</span>
              </div>
              <p className="mt-2 text-stone-800">{r.lines.map((l) => `${l.quantity} × ${l.label}`).join(", ")}</p>
              <p className="mt-1 text-stone-600">{t(CUSTOMER_NOTE[r.status])}</p>
              {r.refusalReason && <p className="mt-1 text-stone-800">{t("cart.returns.reason", { reason: r.refusalReason })}</p>}
            </li>
          ))}
        </ul>
      )}

      {policy.open ? (
        <details className="group mt-3 rounded-xl border border-stone-200" open={Boolean(error)} data-testid="return-request">
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 py-2 text-sm font-semibold text-stone-900 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600">
            {t("cart.returns.request")}
            <svg
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              aria-hidden="true"
              focusable="false"
              className="size-5 transition group-open:rotate-180"
            >
              <path d="m6 9 6 6 6-6" />
            </svg>
          </summary>
          <Form method="post" preventScrollReset className="grid gap-4 border-t border-stone-200 p-4" aria-describedby={`${id}-window`}>
            <input type="hidden" name="intent" value="return" />
            <input type="hidden" name="orderId" value={orderId} />
            <p id={`${id}-window`} className="text-sm text-stone-600">
              {richT("cart.returns.howMany", { date: <LocalDate iso={policy.closesAt!} /> })}
            </p>
            {error && (
              <FormAlert kind="error" testId="return-error">
                {error}
              </FormAlert>
            )}
            <fieldset className="grid gap-3">
              <legend className="sr-only">{t("cart.returns.items")}</legend>
              {returnable.map((l) => (
                <div key={l.lineId} className="flex items-center gap-3">
                  {l.image ? (
                    <img src={publicImageUrl(l.image, base)} alt="" width={40} height={40} className="size-10 shrink-0 rounded-md bg-stone-100 object-cover" />
                  ) : (
                    <span aria-hidden="true" className="size-10 shrink-0 rounded-md bg-stone-200" />
                  )}
                  <label htmlFor={`${id}-${l.lineId}`} className="min-w-0 flex-1 text-sm text-stone-900">
                    {l.label}
                    <span className="block text-xs text-stone-600">
                      {l.asked > 0 ? t("cart.returns.upToAsked", { left: l.left, asked: l.asked }) : t("cart.returns.upTo", { left: l.left })}
                    </span>
                  </label>
                  <input
                    id={`${id}-${l.lineId}`}
                    name={`qty:${l.lineId}`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={l.left}
                    defaultValue={0}
                    aria-invalid={fields?.[`lines.${l.lineId}`] ? true : undefined}
                    className="h-11 w-20 rounded-lg border border-stone-300 px-3 text-right text-base aria-invalid:border-rose-600"
                  />
                </div>
              ))}
            </fieldset>
            <div className="grid gap-1">
              <label htmlFor={`${id}-reason`} className="text-sm font-semibold text-stone-900">
                {t("cart.returns.why")}
              </label>
              <textarea
                id={`${id}-reason`}
                name="reason"
                required
                maxLength={1000}
                rows={3}
                aria-invalid={fields?.reason ? true : undefined}
                aria-describedby={fields?.reason ? `${id}-reason-error` : undefined}
                className="rounded-lg border border-stone-300 px-3 py-2 text-base aria-invalid:border-rose-600"
              />
              {fields?.reason && (
                <p id={`${id}-reason-error`} className="text-sm text-rose-800">
                  {fields.reason}
                </p>
              )}
            </div>
            <button
              type="submit"
              disabled={busy}
              className="inline-flex h-11 items-center justify-center gap-2 justify-self-start rounded-full bg-stone-900 px-5 text-sm font-semibold text-white hover:bg-stone-700 disabled:cursor-wait disabled:opacity-75"
            >
              {busy && <Spinner />}
              {busy ? t("cart.returns.sending") : t("cart.returns.send")}
            </button>
          </Form>
        </details>
      ) : (
        policy.closedReason && (
          <p className="mt-3 text-sm text-stone-600" data-testid="return-closed">
            {policy.closedReason}
          </p>
        )
      )}
    </section>
  );
}
