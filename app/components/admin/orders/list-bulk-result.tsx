import { useT } from "~/lib/i18n";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { STATUS_LABEL } from "~/components/orders/order-status";
import { StatusBadge } from "~/components/orders/order-view";
import type { BulkMoveResult } from "#modules/orders";
import type { OrderStatus } from "#common/orders/order-status";
import { buttonClass } from "../ui";

/** What a bulk move answered: the status asked for and, per order, whether it moved or why not. */
export interface BulkMoveOutcome {
  to: OrderStatus;
  results: BulkMoveResult[];
}

/**
 * The answer of a bulk move on the order list, order by order: moved (from → to) or skipped with
 * the server's reason (the status table forbids it from that status, the order changed meanwhile…).
 * It takes the focus when it appears, so a keyboard or screen-reader user lands on the answer.
 */
export function BulkMoveResults({ outcome }: { outcome: BulkMoveOutcome }) {
  const ref = useRef<HTMLElement>(null);
  const headingId = useId();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(true);
  const t = useT();
  // A new answer (another submission) shows again and takes the focus.
  useEffect(() => {
    setOpen(true);
    ref.current?.focus();
  }, [outcome]);
  if (!open) return null;

  const moved = outcome.results.filter((r) => r.ok);
  const skipped = outcome.results.filter((r) => !r.ok);
  const done = outcome.to === "cancelled" ? t("admin.bulk.cancelled") : t("admin.bulk.marked", { status: STATUS_LABEL[outcome.to].toLowerCase() });
  const title =
    moved.length === 0
      ? t("admin.bulk.none", { done })
      : `${t("admin.bulk.moved", { count: moved.length, done })}${skipped.length ? t("admin.bulk.skippedCount", { count: skipped.length }) : ""}`;

  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={headingId}
      className={`relative mb-4 rounded-xl border px-4 py-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-stone-900 ${
        skipped.length ? "border-amber-300 bg-amber-50" : "border-emerald-300 bg-emerald-50"
      }`}
      data-testid="bulk-results"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="font-semibold text-stone-900">
          {title}
        </h2>
        {/* Without JavaScript the next page leaves it behind. */}
        {hydrated && (
          <button type="button" onClick={() => setOpen(false)} className={buttonClass("ghost", "sm")}>
            {t("admin.bulk.dismiss")}
            <span className="sr-only"> {t("admin.bulk.theResults")}</span>
          </button>
        )}
      </div>
      <ul className="mt-2 divide-y divide-stone-200/70">
        {outcome.results.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid="bulk-result" data-ok={r.ok}>
            {r.number ? (
              <Link to={`/admin-dashboard/orders/${encodeURIComponent(r.id)}`} className="font-mono font-semibold text-stone-900 underline underline-offset-4">
                {r.number}
              </Link>
            ) : (
              <span className="font-mono text-stone-700">{r.id}</span>
            )}
            {r.ok ? (
              <span className="flex flex-wrap items-center gap-1.5 text-stone-800">
                <span className="font-semibold text-emerald-900">{t("admin.bulk.movedWord")}</span>
                <span className="sr-only">{t("admin.bulk.from")}</span>
                <StatusBadge status={r.from} />
                <span aria-hidden="true">→</span>
                <span className="sr-only">{t("admin.bulk.to")}</span>
                <StatusBadge status={r.status} />
              </span>
            ) : (
              <span className="flex min-w-0 flex-wrap items-center gap-1.5 text-stone-800">
                <span className="font-semibold text-amber-900">{t("admin.bulk.skipped")}</span>
                {r.status && <StatusBadge status={r.status} />}
                <span className="min-w-0 break-words">{r.error}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
