import { Suspense, useEffect, useState } from "react";
import { pageMarket } from "~/lib/market.server";
import { Outlet, type ShouldRevalidateFunctionArgs, data, redirect, useLocation, useRouteError } from "react-router";
import { DEFAULT_LANGUAGE, isLanguage, pathInLanguage, pathWithoutLanguage, servedLanguages, type Language } from "#common/i18n/languages";
import { ErrorPage } from "~/components/layout/error-page";
import { StorefrontShell } from "~/components/layout/storefront-shell";
import type { StorefrontData } from "~/lib/storefront-data";
import { LazyCartPanel } from "~/components/cart/lazy-cart-panel";
import { useCartOpen } from "~/lib/cart-panel";
import { seoMeta } from "~/lib/seo";
import { getShopper, ownerKey } from "~/lib/shopper.server";
import { requestLanguage } from "~/lib/i18n.server";
import type { Route } from "./+types/storefront-layout";

const NOTHING: StorefrontData = { cart: null, wishlist: [] };

/**
 * The shopper's cart and wishlisted product ids, for the header's counters, the cart panel and the
 * hearts on product cards. A browser with neither a session nor a visitor cookie has neither, so it
 * costs no query. A failing read leaves the counters at zero rather than breaking every page.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireShippedLanguage(request, params.lang);
  if (params.lang && !servedLanguages(await context.services.content.getSettings()).includes(params.lang as Language)) {
    throw data(null, { status: 404, statusText: "Not Found" });
  }
  const { services } = context;
  try {
    const { shopper } = await getShopper(request, context);
    if (!ownerKey(shopper)) return data(NOTHING);
    const market = await pageMarket(request, context.services);
    const [cart, wishlist] = await Promise.all([
      services.cart.getCart(shopper, { market, language: requestLanguage(request) }),
      services.wishlist.productIds(shopper),
    ]);
    // The page now shows this shopper's cart: no shared cache may keep it.
    return data<StorefrontData>({ cart, wishlist }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (err) {
    console.error("storefront layout: could not load the cart and wishlist", err);
    return data(NOTHING, { headers: { "Cache-Control": "private, no-store" } });
  }
}

/**
 * The first segment names a language only when it is one of the others: `/xx/…` is an unknown
 * page, and the default language's code leads to its own address (`/en/search` → `/search`).
 */
function requireShippedLanguage(request: Request, lang: string | undefined) {
  if (lang === undefined) return;
  if (lang === DEFAULT_LANGUAGE) {
    const url = new URL(request.url);
    throw redirect(pathInLanguage(url.pathname.slice(lang.length + 1) || "/", DEFAULT_LANGUAGE) + url.search, 301);
  }
  if (!isLanguage(lang)) throw data(null, { status: 404, statusText: "Not Found" });
}

export function headers({ loaderHeaders, parentHeaders }: Route.HeadersArgs) {
  const out = new Headers(parentHeaders);
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) out.set("Cache-Control", cacheControl);
  return out;
}

/**
 * The cart and wishlist change through form submissions (fetchers included), so reload them after
 * those; the cart and wishlist pages show them, so arriving there reloads them too. Other
 * navigations keep what the header already shows.
 */
export function shouldRevalidate({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  const page = pathWithoutLanguage(nextUrl.pathname);
  if (!formMethod && (page === "/shopping-cart" || page === "/wishlist")) return true;
  return !formMethod && currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false;
}

// Default tags for pages without their own `meta`, and the tags of error pages (not indexed).
export const meta: Route.MetaFunction = ({ matches, location, error }) => seoMeta(matches, location, { noindex: Boolean(error) });

/** The public storefront around every page; the admin area lives outside it (no navbar or footer there). */
export default function StorefrontLayout({ loaderData }: Route.ComponentProps) {
  const { cart, wishlist } = loaderData;
  const open = useCartOpen();
  // The panel's code loads the first time it opens; afterwards it stays mounted (closed or open).
  const [panelLoaded, setPanelLoaded] = useState(false);
  if (open && !panelLoaded) setPanelLoaded(true);
  // A page view per address shown; the site analytics' code loads after the page (docs/decisions/0029).
  const { pathname } = useLocation();
  useEffect(() => {
    void import("~/lib/analytics-beacon").then((m) => m.default());
  }, [pathname]);
  return (
    <StorefrontShell counts={{ cart: cart?.totals.itemCount ?? 0, wishlist: wishlist.length }}>
      <Outlet />
      {(open || panelLoaded) && (
        <Suspense fallback={null}>
          <LazyCartPanel />
        </Suspense>
      )}
    </StorefrontShell>
  );
}

/** Errors of any storefront page (an unknown path is a 404) render inside the same header and footer. */
export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <StorefrontShell>
      <ErrorPage error={error} />
    </StorefrontShell>
  );
}
