import { Link, useLocation } from "react-router";
import { requireAdminScreen } from "~/lib/auth.server";
import { adminScreenFor } from "./admin-nav";
import type { Route } from "./+types/coming-soon";

/** Even a placeholder is guarded by its own entry of the permission table. */
export function loader({ context, request }: Route.LoaderArgs) {
  requireAdminScreen(context, request);
  return null;
}

/** Stands in for an admin screen the admin feature has not delivered yet; it says so plainly. */
export default function AdminComingSoon() {
  const { pathname } = useLocation();
  const screen = adminScreenFor(pathname);
  return (
    <div className="mx-auto max-w-2xl">
      <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">Coming soon</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-stone-900">{screen?.label ?? "Admin screen"}</h1>
      {screen && <p className="mt-3 leading-relaxed text-stone-700">{screen.description}</p>}
      <div className="mt-6 rounded-xl border border-dashed border-stone-300 bg-white p-6 text-stone-700" data-testid="coming-soon">
        This screen is not available yet. It is part of the administration feature that is being built.
      </div>
      <Link to="/admin-dashboard" className="mt-6 inline-flex h-11 items-center rounded-full border border-stone-300 bg-white px-5 text-sm font-semibold text-stone-900 hover:bg-stone-50">
        Back to the dashboard
      </Link>
    </div>
  );
}
