import { Outlet, useRouteError } from "react-router";
import { ErrorPage } from "~/components/layout/error-page";
import { StorefrontShell } from "~/components/layout/storefront-shell";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/storefront-layout";

// Default tags for pages without their own `meta`, and the tags of error pages (not indexed).
export const meta: Route.MetaFunction = ({ matches, location, error }) => seoMeta(matches, location, { noindex: Boolean(error) });

/** The public storefront around every page; the admin area lives outside it (no navbar or footer there). */
export default function StorefrontLayout() {
  // The cart and wishlist features pass their counts here: <StorefrontShell counts={{ cart, wishlist }}>.
  return (
    <StorefrontShell>
      <Outlet />
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
