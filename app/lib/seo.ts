import type { SiteSettings } from "../../server/modules/content/content.schema";

type RootData = { settings: SiteSettings; publicUrl: string } | undefined;
type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** The page title rule: site name plus the last path segment with dashes as spaces, or Home at the root. */
export function pageTitle(siteName: string, pathname: string): string {
  const segments = pathname.split("/").filter(Boolean);
  const last = segments.at(-1);
  if (!last) return `${siteName} | Home`;
  let text = last;
  try {
    text = decodeURIComponent(last);
  } catch {
    /* keep the raw segment */
  }
  return `${siteName} | ${text.replace(/-/g, " ")}`;
}

export interface SeoInput {
  description?: string;
  image?: string | null;
  type?: "website" | "product";
  noindex?: boolean;
}

/**
 * Title, description, canonical, Open Graph and Twitter tags for a route's `meta` export, with
 * absolute URLs built from PUBLIC_URL (carried in the root loader's data).
 */
export function seoMeta(matches: ReadonlyArray<MatchLike>, location: { pathname: string }, input: SeoInput = {}) {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData;
  const siteName = root?.settings.siteName ?? "Shop";
  const base = root?.publicUrl ?? "";
  const title = pageTitle(siteName, location.pathname);
  const description = input.description || root?.settings.description || `Shop online at ${siteName}.`;
  const url = `${base}${location.pathname === "/" ? "/" : location.pathname}`;
  const image = input.image ? (input.image.startsWith("http") ? input.image : `${base}${input.image}`) : `${base}/og-image.png`;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    ...(input.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
