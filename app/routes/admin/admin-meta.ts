import { seoMeta } from "~/lib/seo";
import { ADMIN_NAV, adminScreenFor, screenName } from "~/components/admin/admin-nav";
import { adminTranslateOf } from "~/components/admin/admin-t";

/**
 * The tags of an admin page: never indexed; the title follows the shop's rule (the site name and the
 * last path segment), with the name of what the screen shows where its address has an id (a
 * product's name, an order's number). The layout exports it, and so does every screen with a
 * `handle.breadcrumb`: a route's meta sees the matches down to its own, not its children's data.
 */
export function adminMeta({
  matches,
  location,
}: {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown; handle?: unknown } | undefined>;
  location: { pathname: string };
}) {
  const screen = adminScreenFor(location.pathname);
  const isChild = screen !== undefined && !ADMIN_NAV.some((g) => g.screens.some((s) => s.path === screen.path));
  const t = adminTranslateOf(matches);
  const name = screenName(matches.at(-1), t) ?? (isChild ? t(screen.label) : undefined);
  return seoMeta(matches, location, { noindex: true, name });
}
