import { Link } from "react-router";
import { useUser } from "~/lib/use-auth";
import { ADMIN_NAV } from "./admin-nav";

/**
 * The dashboard's start page. Its figures (sales, orders, customers, site analytics) come with the
 * admin feature; until then it says what each screen will do, and shows no made-up numbers.
 */
export default function AdminDashboard() {
  const user = useUser();
  return (
    <div className="mx-auto max-w-5xl">
      <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">Dashboard</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-stone-900">Welcome{user ? `, ${user.name}` : ""}</h1>
      <p className="mt-3 max-w-2xl leading-relaxed text-stone-700">
        This is where you will run the shop. The screens below are being built: sales figures, orders to prepare and site analytics will appear on this page as they arrive.
      </p>
      {ADMIN_NAV.map((group) => (
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
                  <span className="mt-3 w-fit rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-semibold text-stone-700">Coming soon</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
