import { useEffect, useRef } from "react";
import { pageMarket } from "~/lib/market.server";
import { Form, Link, data, useNavigation } from "react-router";
import type { Route } from "./+types/search";
import { type CardData, ProductGrid, toCardData } from "~/components/product-card";
import { PAGE_SIZE, pageParam, rangeOf } from "~/components/catalog/listing-url";
import { Pagination } from "~/components/catalog/pagination";
import { seoMeta } from "~/lib/seo";
import { useShop } from "~/lib/shop";
import { pathWithoutLanguage } from "#common/i18n/languages";
import { useLocalePath, useRichT, useT } from "~/lib/i18n";
import { requestLanguage, requestT } from "~/lib/i18n.server";

const MAX_TERM = 200;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_TERM);
  const page = pageParam(url.searchParams.get("page"));
  // The page's description, in its language (meta functions cannot translate).
  const t = requestT(request);
  const description = q ? t("shop.search.resultsDescription", { q }) : t("shop.search.description");
  // A blank term asks the shopper what to look for; it never reaches the search engine.
  if (!q) return data({ q, page: 1, products: [] as CardData[], total: 0, failed: false, description });
  try {
    const { products, total } = await context.services.search.search(q, PAGE_SIZE, (page - 1) * PAGE_SIZE, requestLanguage(request));
    const shown = await context.services.catalog.cardsInMarket(products, await pageMarket(request, context.services));
    return data({ q, page, products: shown.map(toCardData), total, failed: false, description });
  } catch (err) {
    // The spec's fallback message, on a page that still lets the shopper search again or browse.
    console.error("Failed to search products", err);
    return data({ q, page, products: [] as CardData[], total: 0, failed: true, description }, { status: 500 });
  }
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  return seoMeta(matches, location, { description: loaderData?.description, noindex: true });
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, page, products, total, failed } = loaderData;
  const navigation = useNavigation();
  const t = useT();
  const richT = useRichT();
  const localePath = useLocalePath();
  const busy = navigation.state !== "idle" && !!navigation.location && pathWithoutLanguage(navigation.location.pathname) === "/search";
  const input = useRef<HTMLInputElement>(null);
  const totalPages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const { from, to } = rangeOf(page, PAGE_SIZE, total);

  // Back/forward or a header search changes the term: show it, unless the shopper is typing.
  useEffect(() => {
    const el = input.current;
    if (el && document.activeElement !== el) el.value = q;
  }, [q]);

  return (
    <div className="container-page pb-16 pt-8">
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">{q ? t("shop.search.resultsFor", { q }) : t("shop.search.title")}</h1>

      <Form method="get" action={localePath("/search")} role="search" aria-label={t("shop.search.shopLabel")} className="mt-6 flex max-w-2xl gap-2">
        <label htmlFor="search-q" className="sr-only">
          {t("shop.search.label")}
        </label>
        <div className="relative min-w-0 flex-1">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-stone-500">
            <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.75" />
            <path d="M13 13l4 4" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
          </svg>
          <input
            ref={input}
            id="search-q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={MAX_TERM}
            placeholder={t("shop.search.placeholder")}
            autoComplete="off"
            enterKeyHint="search"
            className="h-12 w-full rounded-lg border border-stone-400 bg-white pl-10 pr-3 text-base text-stone-900 placeholder:text-stone-500 focus:border-stone-900 focus:outline-2 focus:outline-offset-1 focus:outline-stone-900"
          />
        </div>
        <button
          type="submit"
          className="h-12 rounded-lg bg-stone-900 px-5 text-sm font-semibold text-white hover:bg-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
        >
          {t("shop.search.submit")}
        </button>
      </Form>

      <section aria-labelledby="search-results-heading" className="mt-8">
        <h2 id="search-results-heading" className="sr-only">
          {t("shop.search.results")}
        </h2>
        {failed && (
          <p role="alert" className="mb-5 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
            {t("shop.search.failedLong")}
          </p>
        )}
        {q && !failed && (
          <p className="mb-5 text-sm text-stone-700" aria-live="polite" aria-atomic="true" data-testid="result-count">
            {total === 0
              ? t("shop.search.noneFor", { q })
              : richT(total > PAGE_SIZE ? "shop.search.foundRange" : "shop.search.found", {
                  from,
                  to,
                  count: total,
                  total: <strong className="font-semibold text-stone-900">{total}</strong>,
                })}
          </p>
        )}
        <div aria-busy={busy} className={`transition-opacity duration-200 ${busy ? "pointer-events-none opacity-50" : ""}`} data-testid="results">
          {!q ? (
            <Suggestions title={t("shop.search.askTitle")} text={t("shop.search.askText")} />
          ) : failed ? (
            <Suggestions title={t("shop.search.browseTitle")} text={t("shop.search.browseText")} />
          ) : products.length > 0 ? (
            <>
              {/* A phone's first row (two tiles) holds the largest paint: only those two are fetched first. */}
              <ProductGrid products={products} priorityCount={2} />
              <Pagination page={page} totalPages={totalPages} label={t("shop.search.pages")} />
            </>
          ) : total > 0 ? (
            <div className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
              <p className="text-lg font-semibold text-stone-900">{t("shop.search.pastEnd")}</p>
              <Link to={localePath(`/search?q=${encodeURIComponent(q)}`)} className="mt-4 inline-block text-sm font-medium underline underline-offset-4">
                {t("shop.search.firstPage")}
              </Link>
            </div>
          ) : (
            <Suggestions title={t("shop.search.noneFor", { q })} text={t("shop.search.noneText")} />
          )}
        </div>
      </section>
    </div>
  );
}

function Suggestions({ title, text }: { title: string; text: string }) {
  const { categories } = useShop();
  const t = useT();
  const localePath = useLocalePath();
  return (
    <div className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center" data-testid="empty-state">
      <p className="text-lg font-semibold text-stone-900">{title}</p>
      <p className="mt-2 text-sm text-stone-600">{text}</p>
      <ul className="mt-6 flex flex-wrap justify-center gap-2" aria-label={t("shop.menu.categories")}>
        {categories.map((c) => (
          <li key={c._id}>
            <Link
              to={localePath(`/product-category/${c.slug}`)}
              className="inline-flex rounded-full border border-stone-300 bg-white px-4 py-1.5 text-sm font-medium text-stone-800 hover:border-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
            >
              {c.name}
            </Link>
          </li>
        ))}
        <li>
          <Link
            to={localePath("/product-category")}
            className="inline-flex rounded-full border border-stone-900 bg-stone-900 px-4 py-1.5 text-sm font-medium text-white hover:bg-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
          >
            {t("shop.menu.allProducts")}
          </Link>
        </li>
      </ul>
    </div>
  );
}
