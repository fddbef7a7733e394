import { StatusBadge, type StatusTone, buttonClass } from "~/components/admin/ui";
import { useLanguage, useT } from "~/lib/i18n";
import { useCopyText } from "~/lib/use-copy-text";
import { type GiftCardStatus, type LedgerKind, dayInWords } from "#common/giftcards/giftcards.schema";
import type { MessageKey } from "#common/i18n/catalogs";

const STATUS: Record<GiftCardStatus, { label: MessageKey; tone: StatusTone }> = {
  active: { label: "admin.giftCards.status.active", tone: "success" },
  disabled: { label: "admin.giftCards.status.disabled", tone: "danger" },
  expired: { label: "admin.giftCards.status.expired", tone: "warning" },
  "used up": { label: "admin.giftCards.status.usedUp", tone: "neutral" },
};

/** A card's status as a badge: active, disabled, expired or used up. */
export function GiftCardStatusBadge({ status }: { status: GiftCardStatus }) {
  const t = useT();
  return <StatusBadge tone={STATUS[status].tone}>{t(STATUS[status].label)}</StatusBadge>;
}

export const LEDGER_KIND_LABELS: Record<LedgerKind, MessageKey> = {
  issue: "admin.giftCards.kind.issue",
  redeem: "admin.giftCards.kind.redeem",
  refund: "admin.giftCards.kind.refund",
  adjust: "admin.giftCards.kind.adjust",
  disable: "admin.giftCards.kind.disable",
  enable: "admin.giftCards.kind.enable",
};

/** The last day a card can be spent (a day of the shop's calendar, "2027-12-31"), or "No expiry". */
export function LastDay({ day }: { day: string | null }) {
  const { locale } = useLanguage();
  const t = useT();
  if (!day) return <>{t("admin.giftCards.noExpiry")}</>;
  return <time dateTime={day}>{dayInWords(day, locale, "short")}</time>;
}

/**
 * A new card's whole code, shown this once: in a read-only field to select, a copy button, and a
 * warning that it cannot be shown again (and where it was mailed, if it was).
 */
export function CodeOnce({ code, title, mailedTo }: { code: string; title: string; mailedTo: string | null }) {
  const { copy, state } = useCopyText(code);
  const t = useT();
  return (
    <section aria-labelledby="code-once-title" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5" data-testid="code-once">
      <h2 id="code-once-title" className="font-semibold text-amber-950">
        {title}
      </h2>
      <p className="mt-1 text-sm text-amber-950">
        {t("admin.giftCards.codeOnce")}
        {mailedTo ? ` ${t("admin.giftCards.codeMailed", { email: mailedTo })}` : ""}
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="code-once" className="sr-only">
          {t("admin.giftCards.code")}
        </label>
        <input
          id="code-once"
          readOnly
          value={code}
          onFocus={(e) => e.currentTarget.select()}
          className="h-11 w-full min-w-0 rounded-lg border border-amber-400 bg-white px-3 font-mono text-base tracking-wider text-stone-900 sm:flex-1"
          data-testid="code-value"
        />
        <button type="button" className={buttonClass("primary")} onClick={() => void copy()}>
          {t("admin.giftCards.copyCode")}
        </button>
      </div>
      <p aria-live="polite" className="mt-2 text-sm font-medium text-amber-950">
        {state === "copied" ? t("admin.giftCards.copied") : state === "failed" ? t("admin.giftCards.copyFailed") : ""}
      </p>
    </section>
  );
}
