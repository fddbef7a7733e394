import { Form, Link, isRouteErrorResponse } from "react-router";
import { useShop } from "~/lib/shop";
import { categoryHref } from "./category-menu";
import { ArrowRightIcon, SearchIcon } from "~/components/icons";

/** The storefront's error page: a friendly 404 with search and ways back, or a generic failure. */
export function ErrorPage({ error }: { error: unknown }) {
  const { categories } = useShop();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  return (
    <div className="container-page py-16 sm:py-24">
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">Error {status}</p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{notFound ? "Page not found" : "Something went wrong"}</h1>
        <p className="mt-4 text-base leading-relaxed text-stone-600">
          {notFound
            ? "Sorry, we couldn’t find the page you were looking for. It may have moved, or the address may be mistyped. Try a search, or start again from the home page."
            : "Sorry, something went wrong on our side. Please try again in a moment; if it keeps happening, let us know."}
        </p>
        {notFound && (
          <Form method="get" action="/search" role="search" aria-label="Site" className="mx-auto mt-8 flex max-w-md gap-2">
            <label htmlFor="not-found-search" className="sr-only">
              Search the shop
            </label>
            <input
              id="not-found-search"
              name="q"
              type="search"
              placeholder="Search products"
              className="h-12 min-w-0 flex-1 rounded-full border border-stone-300 bg-white px-5 text-base text-stone-900 placeholder:text-stone-500 focus:border-stone-900 focus:outline-none focus-visible:outline-2 focus-visible:outline-stone-900"
            />
            <button
              type="submit"
              className="inline-flex h-12 items-center gap-2 rounded-full bg-stone-900 px-5 text-sm font-semibold text-white hover:bg-stone-700"
            >
              <SearchIcon className="size-4" />
              Search
            </button>
          </Form>
        )}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link
            to="/"
            className="inline-flex h-11 items-center rounded-full border border-stone-300 bg-white px-5 text-sm font-semibold text-stone-900 hover:bg-stone-50"
          >
            Back to the home page
          </Link>
          <Link
            to="/product-category"
            className="inline-flex h-11 items-center gap-2 rounded-full border border-stone-300 bg-white px-5 text-sm font-semibold text-stone-900 hover:bg-stone-50"
          >
            Browse all products <ArrowRightIcon className="size-4" />
          </Link>
          {!notFound && (
            <Link
              to="/contact-us"
              className="inline-flex h-11 items-center rounded-full border border-stone-300 bg-white px-5 text-sm font-semibold text-stone-900 hover:bg-stone-50"
            >
              Contact us
            </Link>
          )}
        </div>
        {notFound && categories.length > 0 && (
          <nav aria-label="Popular categories" className="mt-12">
            <h2 className="text-sm font-semibold text-stone-900">Popular categories</h2>
            <ul className="mt-3 flex flex-wrap justify-center gap-2">
              {categories.slice(0, 8).map((c) => (
                <li key={c._id}>
                  <Link to={categoryHref(c.slug)} className="inline-block rounded-full bg-stone-100 px-4 py-2 text-sm text-stone-800 hover:bg-stone-200">
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
