import { useEffect } from "react";
import { useLocation } from "react-router";
import type { PixelConfig } from "#common/content/content.schema";
import { isPixelActive } from "#common/content/pixel-active";

export const pixelNoscriptUrl = (pixelId: string) => `https://www.facebook.com/tr?id=${encodeURIComponent(pixelId)}&ev=PageView&noscript=1`;

/** Facebook's loader and the event mapping, downloaded only once the pixel is active (one promise: its callbacks run in order). */
let loading: Promise<typeof import("~/lib/facebook-pixel")> | undefined;
const runtime = () => (loading ??= import("~/lib/facebook-pixel"));

/**
 * The tracking pixel from the root loader's config: initialised, with a PageView on each navigation
 * and the shopping events of lib/shop-events.ts, only when active with a pixel id. The noscript
 * image (a no-JS visitor's PageView) only then too, though the spec renders it whenever an id
 * exists: see docs/decisions/0030. Nothing when the config failed to load (null).
 */
export function TrackingPixel({ pixel }: { pixel: PixelConfig | null }) {
  const location = useLocation();
  // The storefront's pixel: the admin area (staff at work, its addresses) is never reported.
  const active = isPixelActive(pixel) && !location.pathname.startsWith("/admin-dashboard");
  const pixelId = pixel?.pixelId ?? "";

  useEffect(() => {
    if (!active) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void runtime().then((pixelRuntime) => {
      if (!cancelled) stop = pixelRuntime.startPixel(pixelId);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [active, pixelId]);

  // Registered after the start above, so its module promise resolves after it: init, then PageView.
  useEffect(() => {
    if (active) void runtime().then((pixelRuntime) => pixelRuntime.trackPageView());
  }, [active, location.pathname, location.search]);

  if (!active) return null;
  return (
    <noscript>
      <img height="1" width="1" style={{ display: "none" }} alt="" src={pixelNoscriptUrl(pixelId)} />
    </noscript>
  );
}
