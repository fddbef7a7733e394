import type { SiteSettings } from "#common/content/content.schema";
import { publicImageUrl } from "#common/images/image-sizes";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, languageOfPath, pathInLanguage, pathWithoutLanguage, servedLanguages } from "#common/i18n/languages";

type RootData =
  | {
      settings: SiteSettings;
      publicUrl: string;
      imageBase?: string;
      /** Each storefront page's name in the request's language, by its path without the language (see pageNames). */
      pageNames?: Record<string, string>;
      /** The description of a page that has none of its own, in the request's language. */
      defaultDescription?: string;
    }
  | undefined;
type MatchLike = { id: string; loaderData?: unknown } | undefined;

/**
 * The page title rule: site name plus the last path segment with dashes as spaces, or Home at the
 * root (a language's prefix is not a segment: /de is a home page). Where that segment (or the
 * query) names a thing of the shop – a product's slug, a listing's sub-category, an order's id –
 * `name` is that thing's own name, as the shop writes it; on another language's pages, the page's
 * name in that language (see seoMeta).
 */
export function pageTitle(siteName: string, pathname: string, name?: string | null): string {
  if (name) return `${siteName} | ${name}`;
  const segments = pathWithoutLanguage(pathname).split("/").filter(Boolean);
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

/**
 * The canonical address of a product listing (`/product-category` or `/product-category/<cat>`).
 * Rule: a listing is its own canonical when it shows different products worth indexing on their
 * own, so the canonical keeps the sub-category (by slug: its own page, also in the sitemap) and the
 * page number (page 1 has none, so `?page=1` and no page are one address). Everything else – sort
 * order, price filters, tracking parameters – only re-orders or narrows the same listing, so it is
 * dropped. Parameters follow the alphabetical order the listing's own links use.
 */
export function listingCanonicalPath(pathname: string, { page, subCategory }: { page: number; subCategory?: string | null }): string {
  const params = new URLSearchParams();
  if (Number.isInteger(page) && page > 1) params.set("page", String(page));
  if (subCategory) params.set("subCategory", subCategory);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The page in each language (`hreflang`), and `x-default` for visitors whose language the shop
 * does not speak: the default language's address.
 */
export function languageAlternates(base: string, path: string, languages: readonly Language[] = LANGUAGES) {
  return [
    ...languages.map((language) => ({ tagName: "link", rel: "alternate", hrefLang: language, href: `${base}${pathInLanguage(path, language)}` })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${base}${pathInLanguage(path, DEFAULT_LANGUAGE)}` },
  ];
}

export interface SeoInput {
  /** The name of what the page shows, where the address names it by a slug or an id (see pageTitle). */
  name?: string | null;
  /** The page's canonical path with its query, when the query names a page of its own (see listingCanonicalPath); the bare path otherwise. */
  canonicalPath?: string;
  description?: string;
  image?: string | null;
  type?: "website" | "product";
  noindex?: boolean;
}

/**
 * Title, description, canonical, Open Graph and Twitter tags for a route's `meta` export, with
 * absolute URLs built from PUBLIC_URL (carried in the root loader's data). The canonical (and
 * og:url) is the path without its query unless the route passes `canonicalPath`. The default
 * language's titles follow the spec's rule (pageTitle); another language's page without a `name`
 * of its own is titled by its name in that language, from the root loader's `pageNames`.
 */
export function seoMeta(matches: ReadonlyArray<MatchLike>, location: { pathname: string }, input: SeoInput = {}) {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData;
  const siteName = root?.settings.siteName ?? "Shop";
  const base = root?.publicUrl ?? "";
  const translated = languageOfPath(location.pathname) !== DEFAULT_LANGUAGE;
  const name = input.name ?? (translated ? root?.pageNames?.[pathWithoutLanguage(location.pathname)] : undefined);
  const title = pageTitle(siteName, location.pathname, name);
  const description = input.description || root?.settings.description || root?.defaultDescription || `Shop online at ${siteName}.`;
  const url = `${base}${input.canonicalPath ?? location.pathname}`;
  const stored = input.image ? publicImageUrl(input.image, root?.imageBase) : null;
  const image = stored ? (/^https?:\/\//.test(stored) ? stored : `${base}${stored}`) : `${base}/og-image.png`;
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
    ...(input.noindex
      ? [{ name: "robots", content: "noindex" }]
      : languageAlternates(base, input.canonicalPath ?? location.pathname, servedLanguages(root?.settings))),
  ];
}
