import { useEffect, useId } from "react";
import { useBackgroundFetcher } from "~/lib/background-fetcher";
import type { Preferences } from "#common/alerts/alerts.schema";
import { useT } from "~/lib/i18n";
import { useUser } from "~/lib/use-auth";

type Answer = { preferences: Preferences | null; ok?: boolean };

/**
 * The signed-in customer's switch for price-drop mails about their wishlist (off until switched
 * on): read from /account/preferences when the page opens, changed there at once. Visitors have no
 * address to mail, so they see nothing.
 */
export function PriceDropSwitch() {
  const t = useT();
  const user = useUser();
  const reader = useBackgroundFetcher<Answer>(t("alerts.form.failed"));
  const writer = useBackgroundFetcher<Answer>(t("alerts.form.failed"));
  const id = useId();

  useEffect(() => {
    if (user && reader.state === "idle" && !reader.data && !reader.failed) reader.load("/account/preferences");
  }, [user, reader]);

  if (!user) return null;
  // What the switch shows: the change under way, else the last answer, else the first read.
  const sending = writer.formData?.get("priceDropAlerts");
  const known = writer.data?.preferences ?? reader.data?.preferences;
  const on = sending != null ? sending === "on" : Boolean(known?.priceDropAlerts);
  const loading = !known;

  return (
    <div className="mt-4 flex items-center gap-3 rounded-xl border border-stone-200 bg-white p-4" data-testid="price-drop-switch">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={on}
        disabled={loading}
        aria-busy={loading || writer.state !== "idle" || undefined}
        onChange={(e) => {
          const body = new FormData();
          body.set("priceDropAlerts", e.target.checked ? "on" : "off");
          writer.submit(body, { method: "post", action: "/account/preferences" });
        }}
        className="h-5 w-9 shrink-0 cursor-pointer appearance-none rounded-full bg-stone-300 transition-colors before:block before:h-4 before:w-4 before:translate-x-0.5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-emerald-700 checked:before:translate-x-[1.125rem] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 disabled:cursor-wait disabled:opacity-60"
      />
      <label htmlFor={id} className="cursor-pointer text-sm font-medium text-stone-900">
        {t("alerts.drops.switch")}
      </label>
    </div>
  );
}
