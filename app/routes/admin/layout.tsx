import { Link, Outlet, data, isRouteErrorResponse, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import { Avatar, SignOutButton } from "~/components/auth/account-links";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { AdminBreadcrumbs, AdminDrawer, AdminNav, AdminToast } from "~/components/admin/shell";
import { NavigationProgress } from "~/components/layout/navigation-progress";
import { readToast } from "~/components/admin/toast.server";
import { buttonClass } from "~/components/admin/ui";
import { requireAccess } from "~/lib/auth.server";
import { useShop } from "~/lib/shop";
import { useUser } from "~/lib/use-auth";
import { useRichT, useT } from "~/lib/i18n";
import type { Services } from "#server/wiring/services";
import { ADMIN_NAV, type AdminCounts, mayOpen, navFor } from "~/components/admin/admin-nav";
import { adminMeta } from "./admin-meta";
import { AdminNotFound } from "./admin-not-found";
import type { Route } from "./+types/layout";

// The admin area is never indexed, its error pages included (admin-meta.ts).
export const meta: Route.MetaFunction = adminMeta;

/** How each sidebar figure is counted (one query each, run in parallel). */
const COUNTERS: Record<keyof AdminCounts, (services: Services) => Promise<number>> = {
  pendingOrders: async (s) => (await s.ordersAdmin.countByStatus()).pending ?? 0,
  unreadMessages: (s) => s.messages.countNew(),
  requestedReturns: (s) => s.orderReturns.countRequested(),
  pendingReviews: async (s) => (await s.reviews.countForAdmin()).pending,
};

/**
 * The guard of the whole /admin-dashboard tree: signed-out visitors go to the sign-in page (and
 * come back), customers get the 403 page below. React Router runs the loaders of a page in
 * parallel, so every admin screen that loads data must call `requireAdminScreen` in its own loader too;
 * this one only guarantees the layout (and screens without loaders) are never shown to others.
 * It also loads the sidebar's figures, only for the screens this user may open, and hands over the
 * toast an action left (toast.server.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireAccess(context, request, "staff");
  const wanted = ADMIN_NAV.flatMap((g) => g.screens).filter((s) => s.badge && mayOpen(user, s.path));
  const figures = await Promise.all(wanted.map(async (s) => [s.badge!.count, await COUNTERS[s.badge!.count](context.services)] as const));
  const counts: AdminCounts = Object.fromEntries(figures);
  const { toast, headers } = readToast(request);
  return data({ counts, toast }, headers ? { headers } : undefined);
}

/** The dashboard frame: a sidebar with the screens this user may open, breadcrumbs and the page; no storefront navbar or footer. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame counts={loaderData.counts}>
      <AdminToast toast={loaderData.toast} />
      <AdminBreadcrumbs />
      <Outlet />
    </AdminFrame>
  );
}

function AdminFrame({ children, counts = {}, nav: withNav = true }: { children: React.ReactNode; counts?: AdminCounts; nav?: boolean }) {
  const { settings } = useShop();
  const user = useUser();
  const hydrated = useHydrated();
  const t = useT();
  const nav = withNav ? navFor(user) : [];
  return (
    <div className="min-h-screen bg-stone-100 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
      <a
        href="#admin-main"
        className="sr-only z-50 rounded-md bg-stone-900 px-4 py-3 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        {t("admin.shell.skip")}
      </a>
      <NavigationProgress withFetchers label={t("admin.shell.loading")} />
      <div className="bg-stone-900">
        <aside className="focus-light text-stone-100 lg:sticky lg:top-0 lg:flex lg:h-screen lg:flex-col lg:overflow-y-auto">
          <div className="flex items-center justify-between gap-3 px-4 py-3 lg:px-5 lg:py-5">
            <Link to="/admin-dashboard" className="flex min-w-0 items-center gap-2 rounded-md py-1">
              <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-xl bg-amber-400 text-lg font-bold text-stone-950">
                {settings.siteName.slice(0, 1).toUpperCase()}
              </span>
              <span className="min-w-0">
                <span className="block truncate text-base font-bold leading-tight">{settings.siteName}</span>
                <span className="block text-xs text-stone-300">{t("admin.shell.administration")}</span>
              </span>
            </Link>
            {withNav && <AdminDrawer nav={nav} counts={counts} siteName={settings.siteName} />}
          </div>
          {withNav && (
            <div className="hidden flex-1 px-3 pb-6 lg:block">
              <AdminNav nav={nav} counts={counts} label={t("admin.shell.navLabel")} />
            </div>
          )}
        </aside>
      </div>
      <div className="flex min-w-0 flex-col">
        <header className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2 border-b border-stone-200 bg-white px-4 py-3 sm:px-6">
          <Link to="/" className="mr-auto text-sm font-semibold text-stone-800 underline-offset-4 hover:underline">
            {t("admin.shell.viewShop")}
          </Link>
          {user && (
            <>
              <span className="flex min-w-0 items-center gap-2 text-sm text-stone-800" title={user.email}>
                <Avatar user={user} />
                <span className="hidden max-w-40 truncate font-medium sm:inline">{user.name}</span>
              </span>
              <SignOutButton className="h-9 rounded-full border border-stone-300 px-4 text-sm font-semibold text-stone-900 hover:bg-stone-50 disabled:opacity-70" />
            </>
          )}
        </header>
        <main id="admin-main" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-10 lg:py-8">
          {children}
        </main>
        {/* Without JavaScript the phone's Menu button leads here. */}
        {withNav && !hydrated && (
          <div id="admin-menu" className="focus-light bg-stone-900 px-2 py-6 lg:hidden">
            <AdminNav nav={nav} counts={counts} label={t("admin.shell.menuLabel")} />
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * 403 and 404 inside the admin frame. A staff member without a screen's permission keeps the
 * sidebar (the screens they may open); a customer gets a page of its own; anything else is a plain
 * error inside the same frame.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const user = useUser();
  const layout = useRouteLoaderData<typeof loader>("routes/admin/layout");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const t = useT();
  const staff = Boolean(layout && user && user.role !== "customer");
  if (status === 403 && !staff) return <Forbidden />;
  if (status === 403) {
    return (
      <AdminFrame counts={layout?.counts}>
        <div className="mx-auto max-w-xl py-10 text-center" data-testid="forbidden">
          <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">{t("admin.error.status", { status: 403 })}</p>
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-stone-900">{t("admin.error.screenForbidden")}</h1>
          <p className="mt-4 text-stone-700">{t("admin.error.screenForbiddenText")}</p>
          <Link to="/admin-dashboard" className={`${buttonClass("primary")} mt-8`}>
            {t("admin.error.backToDashboard")}
          </Link>
        </div>
      </AdminFrame>
    );
  }
  if (status === 404) {
    return (
      <AdminFrame counts={layout?.counts} nav={staff}>
        <AdminNotFound />
      </AdminFrame>
    );
  }
  return (
    <AdminFrame counts={layout?.counts} nav={staff}>
      <div className="mx-auto max-w-xl py-10 text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">{t("admin.error.status", { status })}</p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-stone-900">{t("admin.error.title")}</h1>
        <p className="mt-4 text-stone-700">{t("admin.error.tryAgain")}</p>
        <Link to="/admin-dashboard" className={`${buttonClass("primary")} mt-8`}>
          {t("admin.error.backToDashboard")}
        </Link>
      </div>
    </AdminFrame>
  );
}

function Forbidden() {
  const user = useUser();
  const { pathname } = useLocation();
  const t = useT();
  const richT = useRichT();
  return (
    <main className="flex min-h-screen items-center justify-center bg-stone-100 px-6 py-16">
      <div className="w-full max-w-lg rounded-2xl border border-stone-200 bg-white p-8 text-center shadow-sm" data-testid="forbidden" data-path={pathname}>
        <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">{t("admin.error.status", { status: 403 })}</p>
        <h1 className="mt-3 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{t("admin.error.areaForbidden")}</h1>
        <p className="mt-4 leading-relaxed text-stone-700">
          {t("admin.error.areaForStaff")}
          {user && <> {richT("admin.error.signedInAsCustomer", { email: <strong className="font-semibold text-stone-900">{user.email}</strong> })}</>}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/" className="inline-flex h-11 items-center rounded-full bg-stone-900 px-6 text-sm font-semibold text-white hover:bg-stone-700">
            {t("admin.error.backToShop")}
          </Link>
          {user && (
            <Link
              to="/my-profile"
              className="inline-flex h-11 items-center rounded-full border border-stone-300 px-6 text-sm font-semibold text-stone-900 hover:bg-stone-50"
            >
              {t("admin.error.yourProfile")}
            </Link>
          )}
        </div>
      </div>
    </main>
  );
}
