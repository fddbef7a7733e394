import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/**
 * A thin progress bar at the top of the window while the next page loads (shown after a short
 * delay so quick navigations do not flash), announced to screen readers as "Loading page".
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
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
        {visible ? "Loading page…" : ""}
      </p>
    </>
  );
}
