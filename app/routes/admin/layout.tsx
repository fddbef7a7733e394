import { Link, Outlet, isRouteErrorResponse, useLocation, useNavigation, useRouteError } from "react-router";
import { Avatar, SignOutButton } from "~/components/auth/account-links";
import { requireAccess } from "~/lib/auth.server";
import { seoMeta } from "~/lib/seo";
import { useShop } from "~/lib/shop";
import { useUser } from "~/lib/use-auth";
import { ADMIN_NAV } from "./admin-nav";
import { AdminNotFound } from "./admin-not-found";
import type { Route } from "./+types/layout";

// The admin area is never indexed, its error pages included.
export const meta: Route.MetaFunction = ({ matches, location }) => seoMeta(matches, location, { noindex: true });

/**
 * The guard of the whole /admin-dashboard tree: signed-out visitors go to the sign-in page (and
 * come back), customers get the 403 page below. React Router runs the loaders of a page in
 * parallel, so every admin screen that loads data must call `requireAdminScreen` in its own loader too;
 * this one only guarantees the layout (and screens without loaders) are never shown to others.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAccess(context, request, "staff");
  return null;
}

/** The dashboard frame: a sidebar with the admin screens and the page; no storefront navbar or footer. */
export default function AdminLayout() {
  return (
    <AdminFrame>
      <Outlet />
    </AdminFrame>
  );
}

function AdminFrame({ children, nav = true }: { children: React.ReactNode; nav?: boolean }) {
  const { settings } = useShop();
  const user = useUser();
  return (
    <div className="min-h-screen bg-stone-100 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
      <a
        href="#admin-main"
        className="sr-only z-50 rounded-md bg-stone-900 px-4 py-3 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        Skip to content
      </a>
      <AdminProgress />
      <div className="bg-stone-900">
      <aside className="focus-light text-stone-100 lg:sticky lg:top-0 lg:flex lg:h-screen lg:flex-col lg:overflow-y-auto">
        <div className="flex items-center justify-between gap-3 px-4 py-3 lg:px-5 lg:py-5">
          <Link to="/admin-dashboard" className="flex min-w-0 items-center gap-2 rounded-md py-1">
            <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-xl bg-amber-400 text-lg font-bold text-stone-950">
              {settings.siteName.slice(0, 1).toUpperCase()}
            </span>
            <span className="min-w-0">
              <span className="block truncate text-base font-bold leading-tight">{settings.siteName}</span>
              <span className="block text-xs text-stone-300">Administration</span>
            </span>
          </Link>
          {nav && (
            <details
              className="group lg:hidden"
              onClick={(e) => {
                // A chosen screen closes the menu.
                if ((e.target as HTMLElement).closest("a")) e.currentTarget.open = false;
              }}
            >
              <summary className="flex h-11 list-none items-center gap-2 rounded-full px-4 text-sm font-semibold text-white ring-1 ring-stone-600 hover:bg-stone-800">
                Menu
                <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" focusable="false" className="size-4 transition group-open:rotate-180">
                  <path d="m6 9 6 6 6-6" />
                </svg>
              </summary>
              <div className="absolute inset-x-0 z-40 mt-3 max-h-[75vh] overflow-y-auto border-t border-stone-700 bg-stone-900 px-2 pb-4 shadow-2xl">
                <AdminNav label="Admin menu" />
              </div>
            </details>
          )}
        </div>
        {nav && (
          <div className="hidden flex-1 px-3 pb-6 lg:block">
            <AdminNav label="Admin" />
          </div>
        )}
      </aside>
      </div>
      <div className="flex min-w-0 flex-col">
        <header className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2 border-b border-stone-200 bg-white px-4 py-3 sm:px-6">
          <Link to="/" className="mr-auto text-sm font-semibold text-stone-800 underline-offset-4 hover:underline">
            View the shop
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
        <main id="admin-main" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-10 lg:py-10">
          {children}
        </main>
      </div>
    </div>
  );
}

/** A thin bar at the top while the next admin screen loads. */
function AdminProgress() {
  const busy = useNavigation().state !== "idle";
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-x-0 top-0 z-50 h-[3px]">
      {busy && <div className="h-full origin-left animate-progress bg-amber-500" />}
    </div>
  );
}

function AdminNav({ label }: { label: string }) {
  const { pathname } = useLocation();
  const current = pathname.replace(/\/$/, "");
  const item = (to: string) => {
    const active = current === to;
    return {
      to,
      "aria-current": active ? ("page" as const) : undefined,
      className: `flex min-h-10 items-center rounded-lg px-3 text-sm ${active ? "bg-stone-700 font-semibold text-white" : "text-stone-200 hover:bg-stone-800 hover:text-white"}`,
    };
  };
  return (
    <nav aria-label={label}>
      <ul>
        <li>
          <Link {...item("/admin-dashboard")}>Dashboard</Link>
        </li>
      </ul>
      {ADMIN_NAV.map((group) => (
        <div key={group.title} className="mt-5">
          <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-stone-400">{group.title}</p>
          <ul>
            {group.screens.map((s) => (
              <li key={s.path}>
                <Link {...item(`/admin-dashboard/${s.path}`)}>{s.label}</Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** 403 for signed-in customers (from requireAccess); anything else is a plain error inside the same frame. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 403) return <Forbidden />;
  if (status === 404) {
    return (
      <AdminFrame nav={false}>
        <AdminNotFound />
      </AdminFrame>
    );
  }
  return (
    <AdminFrame nav={false}>
      <div className="mx-auto max-w-xl py-10 text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">Error {status}</p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-stone-900">Something went wrong</h1>
        <p className="mt-4 text-stone-700">Please try again in a moment.</p>
        <Link to="/admin-dashboard" className="mt-8 inline-flex h-11 items-center rounded-full bg-stone-900 px-6 text-sm font-semibold text-white hover:bg-stone-700">
          Back to the dashboard
        </Link>
      </div>
    </AdminFrame>
  );
}

function Forbidden() {
  const user = useUser();
  return (
    <main className="flex min-h-screen items-center justify-center bg-stone-100 px-6 py-16">
      <div className="w-full max-w-lg rounded-2xl border border-stone-200 bg-white p-8 text-center shadow-sm" data-testid="forbidden">
        <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">Error 403</p>
        <h1 className="mt-3 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">You don’t have access to this area</h1>
        <p className="mt-4 leading-relaxed text-stone-700">
          The administration area is for the shop’s staff.
          {user && (
            <>
              {" "}
              You are signed in as <strong className="font-semibold text-stone-900">{user.email}</strong>, which is a customer account.
            </>
          )}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/" className="inline-flex h-11 items-center rounded-full bg-stone-900 px-6 text-sm font-semibold text-white hover:bg-stone-700">
            Back to the shop
          </Link>
          {user && (
            <Link to="/my-profile" className="inline-flex h-11 items-center rounded-full border border-stone-300 px-6 text-sm font-semibold text-stone-900 hover:bg-stone-50">
              Your profile
            </Link>
          )}
        </div>
      </div>
    </main>
  );
}
