import { Form, Link, isRouteErrorResponse } from "react-router";
import { useShop } from "~/lib/shop";
import { categoryHref } from "./category-menu";
import { ArrowRightIcon, SearchIcon } from "~/components/icons";
import { useLocalePath, useT } from "~/lib/i18n";

/** The storefront's error page: a friendly 404 with search and ways back, or a generic failure. */
export function ErrorPage({ error }: { error: unknown }) {
  const { categories } = useShop();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  const t = useT();
  const localePath = useLocalePath();
  return (
    <div className="container-page py-16 sm:py-24">
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">{t("shop.error.status", { status })}</p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">
          {notFound ? t("shop.error.notFoundTitle") : t("shop.error.title")}
        </h1>
        <p className="mt-4 text-base leading-relaxed text-stone-600">{notFound ? t("shop.errorPage.notFoundText") : t("shop.errorPage.failedText")}</p>
        {notFound && (
          <Form
            method="get"
            action={localePath("/search")}
            role="search"
            aria-label={t("shop.errorPage.searchLabel")}
            className="mx-auto mt-8 flex max-w-md gap-2"
          >
            <label htmlFor="not-found-search" className="sr-only">
              {t("shop.errorPage.searchField")}
            </label>
            <input
              id="not-found-search"
              name="q"
              type="search"
              placeholder={t("shop.search.label")}
              className="h-12 min-w-0 flex-1 rounded-full border border-stone-300 bg-white px-5 text-base text-stone-900 placeholder:text-stone-500 focus:border-stone-900 focus:outline-none focus-visible:outline-2 focus-visible:outline-stone-900"
            />
            <button
              type="submit"
              className="inline-flex h-12 items-center gap-2 rounded-full bg-stone-900 px-5 text-sm font-semibold text-white hover:bg-stone-700"
            >
              <SearchIcon className="size-4" />
              {t("shop.search.submit")}
            </button>
          </Form>
        )}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link
            to={localePath("/")}
            className="inline-flex h-11 items-center rounded-full border border-stone-300 bg-white px-5 text-sm font-semibold text-stone-900 hover:bg-stone-50"
          >
            {t("shop.errorPage.home")}
          </Link>
          <Link
            to={localePath("/product-category")}
            className="inline-flex h-11 items-center gap-2 rounded-full border border-stone-300 bg-white px-5 text-sm font-semibold text-stone-900 hover:bg-stone-50"
          >
            {t("shop.errorPage.browse")} <ArrowRightIcon className="size-4" />
          </Link>
          {!notFound && (
            <Link
              to={localePath("/contact-us")}
              className="inline-flex h-11 items-center rounded-full border border-stone-300 bg-white px-5 text-sm font-semibold text-stone-900 hover:bg-stone-50"
            >
              {t("shop.menu.contact")}
            </Link>
          )}
        </div>
        {notFound && categories.length > 0 && (
          <nav aria-label={t("shop.errorPage.popular")} className="mt-12">
            <h2 className="text-sm font-semibold text-stone-900">{t("shop.errorPage.popular")}</h2>
            <ul className="mt-3 flex flex-wrap justify-center gap-2">
              {categories.slice(0, 8).map((c) => (
                <li key={c._id}>
                  <Link
                    to={localePath(categoryHref(c.slug))}
                    className="inline-block rounded-full bg-stone-100 px-4 py-2 text-sm text-stone-800 hover:bg-stone-200"
                  >
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </div>
  );
}
