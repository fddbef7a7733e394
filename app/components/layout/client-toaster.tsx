import { Suspense, lazy, useEffect, useState } from "react";

const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

/**
 * The toast outlet (top-center, per the spec), loaded once the page is idle so it costs nothing
 * at first paint. Toasts raised before it mounts are kept by sonner and shown when it does.
 */
export function ClientToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const w = window as Window & { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number };
    if (w.requestIdleCallback) w.requestIdleCallback(() => setReady(true), { timeout: 1500 });
    else setTimeout(() => setReady(true), 200);
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton />
    </Suspense>
  );
}

/** Shows a toast without putting the toast library in the caller's bundle. */
export function showToast(kind: "success" | "error" | "info", message: string) {
  void import("sonner").then(({ toast }) => toast[kind](message));
}
