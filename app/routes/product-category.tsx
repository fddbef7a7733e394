import { Link, data, redirect, useLocation, useNavigation } from "react-router";
import { pageMarket } from "~/lib/market.server";
import type { Route } from "./+types/product-category";
import { ProductGrid, toCardData } from "~/components/product-card";
import { Breadcrumbs, type Crumb } from "~/components/catalog/breadcrumbs";
import { ListingFilters, SortSelect } from "~/components/catalog/listing-filters";
import { parseListing } from "~/components/catalog/listing-query.server";
import { cleanParams, rangeOf, withParams } from "~/components/catalog/listing-url";
import { Pagination } from "~/components/catalog/pagination";
import { categoryHref } from "~/components/layout/category-menu";
import { listingCanonicalPath, seoMeta } from "~/lib/seo";
import { useMoney, useShop } from "~/lib/shop";
import { languageOfPath, pathInLanguage, pathWithoutLanguage } from "#common/i18n/languages";
import { useLocalePath, useRichT, useT } from "~/lib/i18n";
import { localizedPath, requestLanguage, requestT } from "~/lib/i18n.server";

export async function loader({ params, request, url: pageUrl, context }: Route.LoaderArgs) {
  const { catalog } = context.services;
  const t = requestT(request);
  const language = requestLanguage(request);
  // The page's own address (a data request's `.data` and `_routes` left out), copied: it is edited below.
  const url = new URL(pageUrl);
  const categories = await catalog.listCategories(language);

  // One address per category: `?category=` and names or other spellings redirect to the slug path.
  const fromQuery = url.searchParams.get("category")?.trim();
  const named = params.category ?? (fromQuery || undefined);
  const parsed = parseListing(named, url.searchParams, categories, t);
  if (named && !parsed.category) {
    // A renamed or merged category's former slug moves for good to where it went.
    const moved = await catalog.findCategoryRedirect(named);
    if (moved) throw movedCategory(request, url, moved, "category");
    // An unknown category is a missing page (the storefront layout's error boundary shows the 404).
    throw data(null, { status: 404 });
  }
  const oldSub = url.searchParams.get("subCategory")?.trim();
  if (oldSub && parsed.invalid.includes("subCategory")) {
    const moved = await catalog.findCategoryRedirect(oldSub);
    if (moved) throw movedCategory(request, url, moved, "subCategory");
  }
  const path = parsed.category ? `/product-category/${parsed.category.slug}` : "/product-category";
  if (fromQuery !== undefined || (parsed.category && params.category !== parsed.category.slug)) {
    url.searchParams.delete("category");
    const qs = cleanParams(url.searchParams).toString();
    throw redirect(localizedPath(request, `${path}${qs ? `?${qs}` : ""}`), 301);
  }

  // The price filter and the cards in the currency the page shows.
  const listing = await catalog.listProductsIn(parsed.query, await pageMarket(request, context.services), language);
  const raw = (key: string) => url.searchParams.get(key)?.trim() ?? "";
  // The page's description for search engines, in its language (meta functions cannot translate).
  const shown = parsed.subCategory ?? parsed.category;
  const description = shown
    ? parsed.category && parsed.subCategory
      ? t("shop.listing.descriptionIn", { name: shown.name, parent: parsed.category.name, count: listing.meta.total })
      : t("shop.listing.description", { name: shown.name, count: listing.meta.total })
    : undefined;
  return data(
    {
      listing: { ...listing, data: listing.data.map(toCardData) },
      errors: parsed.errors,
      invalid: parsed.invalid,
      category: parsed.category,
      subCategory: parsed.subCategory,
      filters: { minPrice: raw("minPrice"), maxPrice: raw("maxPrice"), sort: parsed.query.sort, page: parsed.query.page, minRating: parsed.query.minRating },
      applied: { minPrice: parsed.query.minPrice, maxPrice: parsed.query.maxPrice, minRating: parsed.query.minRating },
      description,
    },
    // Invalid filters are the client's mistake: say so, but still show a usable page.
    { status: parsed.errors.length ? 400 : 200 },
  );
}

/**
 * The 301 from a category's former slug (in the path, `?category=` or `?subCategory=`) to its
 * address now: a sub-category's is its parent's listing with `subCategory`. Other parameters stay.
 */
function movedCategory(request: Request, url: URL, to: { slug: string; parentSlug: string | null }, from: "category" | "subCategory"): Response {
  const params = new URLSearchParams(url.searchParams);
  params.delete("category");
  if (to.parentSlug) params.set("subCategory", to.slug);
  else if (from === "subCategory") params.delete("subCategory");
  const qs = cleanParams(params).toString();
  return redirect(localizedPath(request, `/product-category/${to.parentSlug ?? to.slug}${qs ? `?${qs}` : ""}`), 301);
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const c = loaderData?.subCategory ?? loaderData?.category;
  const description = loaderData?.description;
  // Page N and a sub-category are pages of their own; sort and price filters are not (seo.ts has the
  // rule). The path comes from the category's slug, so a trailing slash is not a second address.
  const canonicalPath =
    loaderData &&
    listingCanonicalPath(
      pathInLanguage(loaderData.category ? categoryHref(loaderData.category.slug) : "/product-category", languageOfPath(location.pathname)),
      {
        page: loaderData.listing.meta.page,
        subCategory: loaderData.subCategory?.slug,
      },
    );
  // A page past the last one shows no products: not a page to index.
  const pastTheEnd = !!loaderData && loaderData.listing.meta.page > loaderData.listing.meta.totalPages;
  return seoMeta(matches, location, { name: c?.name, description, image: loaderData?.listing.data[0]?.image[0] ?? null, canonicalPath, noindex: pastTheEnd });
}

export default function ProductCategory({ loaderData }: Route.ComponentProps) {
  const { listing, errors, invalid, category, subCategory, filters, applied } = loaderData;
  const { categories } = useShop();
  const money = useMoney();
  const t = useT();
  const richT = useRichT();
  const localePath = useLocalePath();
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && !!navigation.location && pathWithoutLanguage(navigation.location.pathname).startsWith("/product-category");

  const { page, total, totalPages, pageSize } = listing.meta;
  const { from, to } = rangeOf(page, pageSize, total);
  const current = new URLSearchParams(location.search);
  const here = location.pathname;
  const sortOnly = filters.sort !== "newest" ? `?sort=${filters.sort}` : "";

  const crumbs: Crumb[] = [{ name: t("shop.breadcrumb.home"), href: "/" }];
  if (category) crumbs.push({ name: category.name, href: `/product-category/${category.slug}` });
  else crumbs.push({ name: t("shop.menu.allProducts"), href: "/product-category" });
  if (category && subCategory) crumbs.push({ name: subCategory.name, href: `/product-category/${category.slug}?subCategory=${subCategory.slug}` });

  const chips: Array<{ label: string; href: string }> = [];
  if (category)
    chips.push({
      label: t("shop.listing.chipCategory", { name: category.name }),
      href: withParams(localePath("/product-category"), current, { subCategory: null, page: null }),
    });
  if (subCategory)
    chips.push({ label: t("shop.listing.chipSubCategory", { name: subCategory.name }), href: withParams(here, current, { subCategory: null, page: null }) });
  if (applied.minPrice !== undefined)
    chips.push({ label: t("shop.listing.chipFrom", { amount: money(applied.minPrice) }), href: withParams(here, current, { minPrice: null, page: null }) });
  if (applied.maxPrice !== undefined)
    chips.push({ label: t("shop.listing.chipUpTo", { amount: money(applied.maxPrice) }), href: withParams(here, current, { maxPrice: null, page: null }) });
  if (applied.minRating !== undefined)
    chips.push({ label: t("shop.listing.chipRating", { stars: applied.minRating }), href: withParams(here, current, { minRating: null, page: null }) });
  const filtered = chips.length > 0 || errors.length > 0;
  const activeCount =
    (subCategory ? 1 : 0) + (applied.minPrice !== undefined ? 1 : 0) + (applied.maxPrice !== undefined ? 1 : 0) + (applied.minRating !== undefined ? 1 : 0);

  return (
    <div className="container-page pb-16 pt-6">
      <Breadcrumbs items={crumbs} />

      <header className="mt-4 mb-6">
        {subCategory && category && <p className="text-sm font-medium uppercase tracking-wide text-stone-600">{category.name}</p>}
        <h1 className="text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
          {subCategory?.name ?? category?.name ?? t("shop.menu.allProducts")}
        </h1>
        {category && category.subCategories.length > 0 && (
          <nav aria-label={t("shop.listing.subCategories", { category: category.name })} className="mt-4">
            <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 py-1 sm:flex-wrap">
              <li className="shrink-0">
                <Chip href={withParams(localePath(`/product-category/${category.slug}`), current, { subCategory: null, page: null })} current={!subCategory}>
                  {t("shop.menu.allOf", { category: category.name })}
                </Chip>
              </li>
              {category.subCategories.map((s) => (
                <li key={s._id} className="shrink-0">
                  <Chip
                    href={withParams(localePath(`/product-category/${category.slug}`), current, { subCategory: s.slug, page: null })}
                    current={subCategory?._id === s._id}
                  >
                    {s.name}
                  </Chip>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>

      <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
        <aside aria-label={t("shop.filters.title")}>
          <ListingFilters
            action={here}
            categories={categories}
            category={category}
            subCategory={subCategory}
            minPrice={filters.minPrice}
            maxPrice={filters.maxPrice}
            minRating={filters.minRating}
            sort={filters.sort}
            priceBounds={listing.priceBounds}
            activeCount={activeCount}
            invalid={invalid}
            keepQuery={sortOnly}
          />
        </aside>

        <section aria-labelledby="results-heading" className="min-w-0">
          <h2 id="results-heading" className="sr-only">
            {t("shop.listing.products")}
          </h2>
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-200 pb-4">
            <p className="text-sm text-stone-700" aria-live="polite" aria-atomic="true" data-testid="result-count">
              {total === 0
                ? t("shop.listing.noProducts")
                : richT(total > pageSize ? "shop.listing.countRange" : "shop.listing.count", {
                    from,
                    to,
                    count: total,
                    total: <strong className="font-semibold text-stone-900">{total}</strong>,
                  })}
            </p>
            <SortSelect value={filters.sort} />
          </div>

          {filtered && (
            <div className="mt-4 flex flex-wrap items-center gap-2">
              {chips.map((chip) => (
                <Link
                  key={chip.label}
                  to={chip.href}
                  preventScrollReset
                  className="inline-flex items-center gap-1.5 rounded-full border border-stone-300 bg-white py-1 pl-3 pr-2 text-sm text-stone-800 hover:border-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
                >
                  {chip.label}
                  <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5">
                    <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
                  </svg>
                  <span className="sr-only">{t("shop.listing.removeFilter")}</span>
                </Link>
              ))}
              <Link
                to={localePath("/product-category")}
                className="ml-1 rounded text-sm font-medium text-stone-900 underline underline-offset-4 hover:text-stone-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
              >
                {t("shop.listing.clear")}
              </Link>
            </div>
          )}

          {errors.length > 0 && (
            <div
              id="filter-errors"
              role="alert"
              className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
              data-testid="filter-errors"
            >
              <p className="font-semibold">{t("shop.listing.someFailed")}</p>
              <ul className="mt-1 list-disc pl-5">
                {errors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            </div>
          )}

          <div aria-busy={busy} data-testid="results" className={`mt-6 transition-opacity duration-200 ${busy ? "pointer-events-none opacity-50" : ""}`}>
            {listing.data.length > 0 ? (
              // A phone's first row (two tiles) holds the largest paint: only those two are fetched first.
              <ProductGrid products={listing.data} priorityCount={2} />
            ) : (
              <div className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center" data-testid="empty-state">
                <p className="text-lg font-semibold text-stone-900">{total > 0 ? t("shop.listing.pastEnd") : t("shop.listing.noMatch")}</p>
                <p className="mt-2 text-sm text-stone-600">{total > 0 ? t("shop.listing.pages", { count: totalPages }) : t("shop.listing.tryWider")}</p>
                <div className="mt-5 flex flex-wrap justify-center gap-3">
                  {total > 0 ? (
                    <Link
                      to={withParams(here, current, { page: null })}
                      className="rounded-lg bg-stone-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-stone-700"
                    >
                      {t("shop.listing.firstPage")}
                    </Link>
                  ) : (
                    <Link
                      to={localePath("/product-category")}
                      className="rounded-lg bg-stone-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-stone-700"
                    >
                      {t("shop.listing.clear")}
                    </Link>
                  )}
                </div>
              </div>
            )}
            <Pagination page={page} totalPages={totalPages} />
          </div>
        </section>
      </div>
    </div>
  );
}

function Chip({ href, current, children }: { href: string; current: boolean; children: React.ReactNode }) {
  return (
    <Link
      to={href}
      preventScrollReset
      aria-current={current ? "page" : undefined}
      className="inline-flex whitespace-nowrap rounded-full border border-stone-300 bg-white px-4 py-1.5 text-sm font-medium text-stone-800 hover:border-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 aria-[current=page]:border-stone-900 aria-[current=page]:bg-stone-900 aria-[current=page]:text-white"
    >
      {children}
    </Link>
  );
}
