import { StatusBadge, type StatusTone } from "~/components/admin/ui";
import { LocalDate } from "~/components/orders/order-view";
import type { AdminBanner, BannerState } from "#modules/content";
import type { MessageKey } from "#common/i18n/catalogs";
import type { Translate } from "#common/i18n/translate";
import { useT } from "~/lib/i18n";

const STATES: Record<BannerState, { label: MessageKey; tone: StatusTone; says: MessageKey; count: MessageKey }> = {
  live: { label: "admin.banners.state.live", tone: "success", says: "admin.banners.state.liveSays", count: "admin.banners.state.liveCount" },
  scheduled: {
    label: "admin.banners.state.scheduled",
    tone: "info",
    says: "admin.banners.state.scheduledSays",
    count: "admin.banners.state.scheduledCount",
  },
  expired: { label: "admin.banners.state.expired", tone: "warning", says: "admin.banners.state.expiredSays", count: "admin.banners.state.expiredCount" },
  off: { label: "admin.banners.state.off", tone: "neutral", says: "admin.banners.state.offSays", count: "admin.banners.state.offCount" },
};

/** The banner's state as a badge: Live, Scheduled, Expired or Off (the text carries it, the colour repeats it). */
export function BannerStateBadge({ state }: { state: BannerState }) {
  const s = STATES[state];
  const t = useT();
  return (
    <StatusBadge tone={s.tone} className="gap-1">
      <span title={t(s.says)}>{t(s.label)}</span>
    </StatusBadge>
  );
}

/** When an active banner shows: "From 24 Nov 2026, 9:00 until 1 Dec 2026, 9:00", "Until …", "No time limit". */
export function BannerWindow({ banner }: { banner: Pick<AdminBanner, "startsAt" | "endsAt"> }) {
  const { startsAt, endsAt } = banner;
  const t = useT();
  if (!startsAt && !endsAt) return <>{t("admin.banners.noLimit")}</>;
  return (
    <>
      {startsAt && (
        <>
          {t("admin.banners.from")} <LocalDate iso={startsAt} withTime />
        </>
      )}
      {startsAt && endsAt && " "}
      {endsAt && (
        <>
          {startsAt ? t("admin.banners.until") : t("admin.banners.untilStart")} <LocalDate iso={endsAt} withTime />
        </>
      )}
    </>
  );
}

/** "2 live · 1 scheduled · 1 off": how many banners are in each state, the empty ones left out. */
export function bannerCounts(banners: ReadonlyArray<Pick<AdminBanner, "state">>, t: Translate): string {
  const order: BannerState[] = ["live", "scheduled", "expired", "off"];
  return order
    .map((state) => [state, banners.filter((b) => b.state === state).length] as const)
    .filter(([, n]) => n > 0)
    .map(([state, n]) => t(STATES[state].count, { count: n }))
    .join(" · ");
}
