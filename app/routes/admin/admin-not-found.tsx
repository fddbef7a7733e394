import { Link } from "react-router";
import { useT } from "~/lib/i18n";

/** The admin area's own "page not found": what it means here and the way back to the dashboard. */
export function AdminNotFound() {
  const t = useT();
  return (
    <div className="mx-auto max-w-xl py-10 text-center" data-testid="admin-not-found">
      <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">{t("admin.error.status", { status: 404 })}</p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-stone-900">{t("admin.error.notFound")}</h1>
      <p className="mt-4 text-stone-700">{t("admin.error.notFoundText")}</p>
      <Link
        to="/admin-dashboard"
        className="mt-8 inline-flex h-11 items-center rounded-full bg-stone-900 px-6 text-sm font-semibold text-white hover:bg-stone-700"
      >
        {t("admin.error.backToDashboard")}
      </Link>
    </div>
  );
}
