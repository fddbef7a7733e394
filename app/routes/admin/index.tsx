import { Link, useRouteLoaderData } from "react-router";
import { StatusBadge } from "~/components/admin/ui";
import { useUser } from "~/lib/use-auth";
import { type AdminCounts, navFor } from "./admin-nav";

/**
 * The dashboard's start page: the figures the sidebar counts (for the areas this user may see) and
 * the screens they may open, grouped by area. Screens still being built say so; the sales figures
 * and site analytics of the dashboard come with the reports screens, and no number is made up.
 */
export default function AdminDashboard() {
  const user = useUser();
  const layout = useRouteLoaderData("routes/admin/layout") as { counts: AdminCounts } | undefined;
  const counts = layout?.counts ?? {};
  const nav = navFor(user);
  const figures = [
    counts.pendingOrders !== undefined && { label: "Orders waiting to be prepared", value: counts.pendingOrders, href: "/admin-dashboard/orders/pending", testId: "figure-pending-orders" },
    counts.unreadMessages !== undefined && { label: "New contact messages", value: counts.unreadMessages, href: "/admin-dashboard/contact-messages", testId: "figure-unread-messages" },
  ].filter((f) => f !== false);

  return (
    <div className="mx-auto max-w-5xl">
      <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">Dashboard</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-stone-900">Welcome{user ? `, ${user.name}` : ""}</h1>
      <p className="mt-3 max-w-2xl leading-relaxed text-stone-700">
        Run the shop from here. Sales figures and site analytics will appear on this page with the reports screens; screens still being built are marked as such.
      </p>

      {figures.length > 0 && (
        <section aria-labelledby="at-a-glance" className="mt-8">
          <h2 id="at-a-glance" className="sr-only">
            At a glance
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {figures.map((f) => (
              <li key={f.label}>
                <Link to={f.href} className="flex h-full flex-col rounded-xl border border-stone-200 bg-white p-4 shadow-sm hover:border-stone-400" data-testid={f.testId}>
                  <span className="text-3xl font-bold tabular-nums text-stone-900">{f.value.toLocaleString("en")}</span>
                  <span className="mt-1 text-sm text-stone-700">{f.label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      {nav.map((group) => (
        <section key={group.title} aria-labelledby={`group-${group.title}`} className="mt-10">
          <h2 id={`group-${group.title}`} className="text-lg font-semibold text-stone-900">
            {group.title}
          </h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {group.screens.map((s) => (
              <li key={s.path}>
                <Link
                  to={`/admin-dashboard/${s.path}`}
                  className="group flex h-full flex-col rounded-xl border border-stone-200 bg-white p-4 shadow-sm hover:border-stone-400"
                >
                  <span className="flex items-center justify-between gap-2 font-semibold text-stone-900">
                    {s.label}
                    <span aria-hidden="true" className="text-stone-500 transition group-hover:translate-x-0.5">
                      →
                    </span>
                  </span>
                  <span className="mt-1 text-sm leading-relaxed text-stone-600">{s.description}</span>
                  {s.soon && <StatusBadge className="mt-3 w-fit">Coming soon</StatusBadge>}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
