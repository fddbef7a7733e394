import { Suspense, lazy, useEffect, useState } from "react";
import { useT } from "./i18n";

const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

const INTERACTIONS = ["pointerdown", "keydown", "touchstart"] as const;
// On phones (sonner's layout up to 600 px) a toast spans the screen and would cover the top
// corners for its 4 s: the header's buttons and the cart panel's close button. Keep them free.
const PHONE_OFFSET = { top: 16, left: 64, right: 64 };
let mountNow: (() => void) | null = null;
let wanted = false;

/**
 * The toast outlet (top-center, per the spec). Toasts answer what a visitor does, so the toast
 * library loads on the first interaction (or the first `showToast`), not with the page: a page
 * view costs no toast JavaScript. Toasts raised before it mounts are kept by sonner and shown.
 */
export function ClientToaster() {
  const t = useT();
  const [ready, setReady] = useState(wanted);
  useEffect(() => {
    if (ready) return;
    if (wanted) return setReady(true);
    const mount = () => setReady(true);
    mountNow = mount;
    for (const type of INTERACTIONS) window.addEventListener(type, mount, { once: true, passive: true, capture: true });
    return () => {
      mountNow = null;
      for (const type of INTERACTIONS) window.removeEventListener(type, mount, { capture: true });
    };
  }, [ready]);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-center"
        richColors
        closeButton
        mobileOffset={PHONE_OFFSET}
        containerAriaLabel={t("shop.toast.notifications")}
        toastOptions={{ closeButtonAriaLabel: t("shop.toast.close") }}
      />
    </Suspense>
  );
}

/** Shows a toast (with an optional second line), loading the toast library (and mounting the outlet) when it is not there yet. */
export function showToast(kind: "success" | "error" | "info", message: string, description?: string) {
  wanted = true;
  mountNow?.();
  void import("sonner").then(({ toast }) => toast[kind](message, description ? { description } : undefined));
}
