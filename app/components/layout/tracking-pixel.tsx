import { useEffect } from "react";
import { useLocation } from "react-router";
import type { PixelConfig } from "../../../server/modules/content/content.schema";

type Fbq = ((...args: unknown[]) => void) & { callMethod?: (...args: unknown[]) => void; queue: unknown[]; push: unknown; loaded: boolean; version: string };
type PixelWindow = Window & { fbq?: Fbq; _fbq?: Fbq };

const initialised = new Set<string>();

/** The spec's rule: the pixel runs only when its config is 'active' and has a pixel id. */
export function shouldInitPixel(pixel: PixelConfig | null | undefined): pixel is PixelConfig {
  return Boolean(pixel && pixel.status === "active" && pixel.pixelId);
}

export const pixelNoscriptUrl = (pixelId: string) => `https://www.facebook.com/tr?id=${encodeURIComponent(pixelId)}&ev=PageView&noscript=1`;

/** Facebook's loader snippet: a queueing `fbq` stub and the async fbevents.js script, once per page. */
function loadFbq(w: PixelWindow): Fbq {
  if (w.fbq) return w.fbq;
  const n = function (...args: unknown[]) {
    if (n.callMethod) n.callMethod(...args);
    else n.queue.push(args);
  } as Fbq;
  n.push = n;
  n.loaded = true;
  n.version = "2.0";
  n.queue = [];
  w.fbq = n;
  w._fbq ??= n;
  const script = document.createElement("script");
  script.async = true;
  script.src = "https://connect.facebook.net/en_US/fbevents.js";
  document.head.appendChild(script);
  return n;
}

/**
 * The tracking pixel from the root loader's config: initialised (and a PageView sent on each
 * navigation) only when active with a pixel id; the noscript image whenever a pixel id exists;
 * nothing when the config failed to load (null).
 */
export function TrackingPixel({ pixel }: { pixel: PixelConfig | null }) {
  const location = useLocation();
  const active = shouldInitPixel(pixel);
  const pixelId = pixel?.pixelId ?? "";

  useEffect(() => {
    if (!active) return;
    const fbq = loadFbq(window as PixelWindow);
    if (!initialised.has(pixelId)) {
      initialised.add(pixelId);
      fbq("init", pixelId);
    }
  }, [active, pixelId]);

  useEffect(() => {
    if (active) (window as PixelWindow).fbq?.("track", "PageView");
  }, [active, location.pathname, location.search]);

  if (!pixelId) return null;
  return (
    <noscript>
      <img height="1" width="1" style={{ display: "none" }} alt="" src={pixelNoscriptUrl(pixelId)} />
    </noscript>
  );
}
