import { data } from "react-router";
import { requireAccess } from "~/lib/auth.server";
import type { AdminHandle } from "~/components/admin/admin-nav";
import { AdminNotFound } from "./admin-not-found";
import type { Route } from "./+types/not-found";
import { adminMeta } from "./admin-meta";

/**
 * Any /admin-dashboard path without a screen: the admin guard first (sign-in for visitors, 403 for
 * customers), then a 404 inside the dashboard, sidebar included, instead of the storefront's page.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  requireAccess(context, request, "staff");
  return data(null, { status: 404, statusText: "Not Found" });
}

// The breadcrumb reads Dashboard › Page not found.
export const meta: Route.MetaFunction = adminMeta;
export const handle: AdminHandle = { breadcrumb: (_, t) => t("admin.error.notFound") };

/** The admin's 404 in the dashboard's outlet, with the sidebar beside it. */
export default function AdminUnknownScreen() {
  return <AdminNotFound />;
}
