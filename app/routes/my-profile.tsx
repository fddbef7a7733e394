import { Link } from "react-router";
import { Avatar } from "~/components/auth/account-links";
import { requireUser } from "~/lib/auth.server";
import { useLanguage, useLocalePath, useT } from "~/lib/i18n";
import { requestT } from "~/lib/i18n.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/my-profile";

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  seoMeta(matches, location, { description: loaderData?.description, noindex: true });

/** The signed-in customer's profile: who they are, since when, and a summary of their orders. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  // The shop's own record, the one GET /api/auth/user/{uid} answers (read from the database, so a
  // profile saved a moment ago shows at once): the account's creation date and the orders
  // module's count of its orders.
  const found = await context.services.auth.getUser(user.id);
  const record = found ?? { ...user, createdAt: null, orders: { count: 0 } };
  return {
    profile: {
      name: record.name,
      email: record.email,
      image: record.image,
      emailVerified: record.emailVerified,
      role: record.role,
      createdAt: record.createdAt,
    },
    orders: { count: record.orders.count },
    description: requestT(request)("account.profile.description"),
  };
}

export default function MyProfile({ loaderData }: Route.ComponentProps) {
  const { profile, orders } = loaderData;
  const t = useT();
  const { locale } = useLanguage();
  const localePath = useLocalePath();
  const since = profile.createdAt ? new Intl.DateTimeFormat(locale, { month: "long", year: "numeric" }).format(new Date(profile.createdAt)) : null;

  return (
    <div className="container-page py-8 sm:py-14">
      <div className="mx-auto max-w-3xl">
        <section aria-labelledby="profile-name" className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
          <div className="h-24 bg-gradient-to-r from-stone-900 via-stone-800 to-amber-700 sm:h-28" aria-hidden="true" />
          <div className="px-5 pb-6 sm:px-8 sm:pb-8">
            <div className="-mt-12 flex flex-col gap-4 sm:-mt-14 sm:flex-row sm:items-end sm:justify-between">
              <div className="rounded-full bg-white p-1 shadow-md w-fit">
                <Avatar user={profile} className="size-24 text-2xl sm:size-28 sm:text-3xl" />
              </div>
              <Link
                to={localePath("/update-profile")}
                className="inline-flex h-11 w-fit items-center rounded-full border border-stone-300 bg-white px-5 text-sm font-semibold text-stone-900 hover:bg-stone-50"
              >
                {t("account.profile.edit")}
              </Link>
            </div>
            <h1 id="profile-name" className="mt-4 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl" data-testid="profile-name">
              {profile.name}
            </h1>
            <dl className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-stone-700">
              {since && (
                <div className="flex gap-1">
                  <dt>{t("account.profile.memberSince")}</dt>
                  <dd className="font-medium text-stone-900">{since}</dd>
                </div>
              )}
              <div className="flex items-center gap-1.5">
                <dt className="sr-only">{t("account.field.email")}</dt>
                <dd>{profile.email}</dd>
              </div>
              <div>
                <dt className="sr-only">{t("account.profile.emailStatus")}</dt>
                <dd>
                  {profile.emailVerified ? (
                    <span
                      className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200"
                      data-testid="email-verified"
                    >
                      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" focusable="false" className="size-4">
                        <path d="m5 12.5 4.5 4.5L19 7.5" />
                      </svg>
                      {t("account.profile.emailVerified")}
                    </span>
                  ) : (
                    <span
                      className="inline-flex items-center rounded-full bg-stone-100 px-2.5 py-1 text-xs font-semibold text-stone-700 ring-1 ring-stone-200"
                      data-testid="email-unverified"
                    >
                      {t("account.profile.emailUnverified")}
                    </span>
                  )}
                </dd>
              </div>
              {profile.role !== "customer" && (
                <div>
                  <dt className="sr-only">{t("account.profile.role")}</dt>
                  <dd className="inline-flex rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-200">
                    {profile.role === "admin" ? t("account.profile.roleAdmin") : t("account.profile.roleStaff")}
                  </dd>
                </div>
              )}
            </dl>
          </div>
        </section>

        <section aria-labelledby="orders-title" className="mt-6 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
          <div className="flex items-baseline justify-between gap-4">
            <h2 id="orders-title" className="text-lg font-semibold text-stone-900">
              {t("account.profile.orders")}
            </h2>
            <p className="text-sm text-stone-600" data-testid="orders-count">
              {t("account.profile.orderCount", { count: orders.count })}
            </p>
          </div>
          {orders.count > 0 && (
            <div className="mt-4 flex flex-col gap-3 rounded-xl bg-stone-50 p-5 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-stone-700">{t("account.profile.ordersText")}</p>
              <Link
                to={localePath("/my-orders")}
                className="inline-flex h-11 w-fit shrink-0 items-center gap-2 rounded-full bg-stone-900 px-5 text-sm font-semibold text-white hover:bg-stone-700"
                data-testid="my-orders-link"
              >
                {t("account.profile.viewOrders")} <span aria-hidden="true">→</span>
              </Link>
            </div>
          )}
          {orders.count === 0 && (
            <div className="mt-4 rounded-xl bg-stone-50 p-5 text-center">
              <p className="font-medium text-stone-900">{t("account.profile.noOrders")}</p>
              <p className="mt-1 text-sm text-stone-600">{t("account.profile.noOrdersText")}</p>
              <Link
                to={localePath("/product-category")}
                className="mt-4 inline-flex h-11 items-center gap-2 rounded-full bg-stone-900 px-5 text-sm font-semibold text-white hover:bg-stone-700"
              >
                {t("account.startShopping")} <span aria-hidden="true">→</span>
              </Link>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
