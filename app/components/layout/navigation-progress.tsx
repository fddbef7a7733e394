import { useEffect, useState } from "react";
import { useFetchers, useNavigation } from "react-router";
import { useT } from "~/lib/i18n";

/**
 * A thin progress bar at the top of the window while the next page loads (shown after a short
 * delay so quick navigations do not flash), announced to screen readers with `label`. With
 * `withFetchers` (the admin) it shows while a fetcher submits a form too.
 */
export function NavigationProgress({ withFetchers = false, label }: { withFetchers?: boolean; label?: string }) {
  const t = useT();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || (withFetchers && fetchers.some((f) => f.state === "submitting"));
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), 120);
    return () => clearTimeout(timer);
  }, [busy]);

  return (
    <>
      <div aria-hidden="true" className="pointer-events-none fixed inset-x-0 top-0 z-50 h-[3px]" data-testid="navigation-progress" data-active={visible}>
        {visible && <div className="h-full origin-left animate-progress bg-amber-500 shadow-[0_0_8px_var(--color-amber-500)]" />}
      </div>
      <p role="status" className="sr-only">
        {visible ? (label ?? t("shop.nav.loading")) : ""}
      </p>
    </>
  );
}
