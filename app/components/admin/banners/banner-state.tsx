import { StatusBadge, type StatusTone } from "~/components/admin/ui";
import { LocalDate } from "~/components/orders/order-view";
import type { AdminBanner, BannerState } from "#modules/content";

const STATES: Record<BannerState, { label: string; tone: StatusTone; says: string }> = {
  live: { label: "Live", tone: "success", says: "On the home page now" },
  scheduled: { label: "Scheduled", tone: "info", says: "Shows once its start time comes" },
  expired: { label: "Expired", tone: "warning", says: "Its end time has passed" },
  off: { label: "Off", tone: "neutral", says: "Switched off" },
};

/** The banner's state as a badge: Live, Scheduled, Expired or Off (the text carries it, the colour repeats it). */
export function BannerStateBadge({ state }: { state: BannerState }) {
  const s = STATES[state];
  return (
    <StatusBadge tone={s.tone} className="gap-1">
      <span title={s.says}>{s.label}</span>
    </StatusBadge>
  );
}

/** When an active banner shows: "From 24 Nov 2026, 9:00 until 1 Dec 2026, 9:00", "Until …", "No time limit". */
export function BannerWindow({ banner }: { banner: Pick<AdminBanner, "startsAt" | "endsAt"> }) {
  const { startsAt, endsAt } = banner;
  if (!startsAt && !endsAt) return <>No time limit</>;
  return (
    <>
      {startsAt && (
        <>
          From <LocalDate iso={startsAt} withTime />
        </>
      )}
      {startsAt && endsAt && " "}
      {endsAt && (
        <>
          {startsAt ? "until" : "Until"} <LocalDate iso={endsAt} withTime />
        </>
      )}
    </>
  );
}

/** "2 live · 1 scheduled · 1 off": how many banners are in each state, the empty ones left out. */
export function bannerCounts(banners: ReadonlyArray<Pick<AdminBanner, "state">>): string {
  const order: BannerState[] = ["live", "scheduled", "expired", "off"];
  return order
    .map((state) => [state, banners.filter((b) => b.state === state).length] as const)
    .filter(([, n]) => n > 0)
    .map(([state, n]) => `${n} ${STATES[state].label.toLowerCase()}`)
    .join(" · ");
}
