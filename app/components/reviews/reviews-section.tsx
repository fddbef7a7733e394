import { Suspense, lazy, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { REVIEW_SORTS, type ReviewSort } from "#common/reviews/review-rules";
import type { OwnReview, ReviewPage } from "#modules/reviews";
import type { MessageKey } from "#common/i18n/catalogs";
import { useLanguage, useLocalePath, useT } from "~/lib/i18n";
import { ReviewItem } from "./review-item";
import { StarRating } from "../star-rating";

// The form is only needed by the few who write: its own chunk, loaded when they open it.
const ReviewForm = lazy(() => import("./review-form"));

/** What the list shows: its order, the star it is filtered to, the page. */
export interface ReviewQuery {
  sort: ReviewSort;
  rating: number | null;
  page: number;
}

/** Where the visitor stands as a writer: signed in, whether they received the product, and their review. */
export interface ReviewWriter {
  signedIn: boolean;
  canReview: boolean;
  review: OwnReview | null;
}

const SORT_KEY: Record<ReviewSort, MessageKey> = {
  newest: "reviews.sort.newest",
  helpful: "reviews.sort.helpful",
  highest: "reviews.sort.highest",
  lowest: "reviews.sort.lowest",
};

/** The page's query string with the list's parameters set (defaults left out) and the others kept. */
function withQuery(search: string, q: ReviewQuery): string {
  const params = new URLSearchParams(search);
  params.delete("sort");
  params.delete("rating");
  params.delete("page");
  if (q.sort !== "newest") params.set("sort", q.sort);
  if (q.rating !== null) params.set("rating", String(q.rating));
  if (q.page > 1) params.set("page", String(q.page));
  const s = params.toString();
  return s ? `?${s}` : "?";
}

const apiQuery = (q: ReviewQuery) =>
  new URLSearchParams({ sort: q.sort, page: String(q.page), ...(q.rating !== null ? { rating: String(q.rating) } : {}) }).toString();

interface Props {
  slug: string;
  initial: ReviewPage;
  query: ReviewQuery;
  writer: ReviewWriter;
  /** The signed link's token of a mailed invitation (`?review=`): the form is shown and sends it. */
  token: string | null;
}

/**
 * The product page's reviews: average and count, a bar per star that filters the list, sorting,
 * the reviews one page at a time, and the way to write one. Each control is a link or a GET form
 * (works before JavaScript); once hydrated they fetch the reviews API instead of the whole page.
 */
export function ReviewsSection({ slug, initial, query: initialQuery, writer: initialWriter, token }: Props) {
  const t = useT();
  const { locale } = useLanguage();
  const localePath = useLocalePath();
  const location = useLocation();
  const [shown, setShown] = useState({ page: initial, query: initialQuery });
  const [loading, setLoading] = useState(false);
  const [writer, setWriter] = useState(initialWriter);
  const [writing, setWriting] = useState(token !== null);
  const [saved, setSaved] = useState<OwnReview["status"] | null>(null);
  const latest = useRef(0);
  const listTop = useRef<HTMLDivElement>(null);
  const { meta, data } = shown.page;
  const { query } = shown;

  async function load(next: ReviewQuery, focusList = false) {
    const ticket = ++latest.current;
    setLoading(true);
    try {
      const res = await fetch(`/api/products/${encodeURIComponent(slug)}/reviews?${apiQuery(next)}`);
      if (!res.ok) throw new Error(String(res.status));
      const page = (await res.json()) as ReviewPage;
      if (ticket !== latest.current) return;
      setShown({ page, query: next });
      // The address says what is shown (shareable, and what a reload shows); the router's state is kept.
      window.history.replaceState(window.history.state, "", `${withQuery(window.location.search, next)}#reviews`);
      if (focusList) listTop.current?.focus({ preventScroll: false });
    } catch {
      // The list stays as it was; the links still work as plain links.
      if (ticket === latest.current) window.location.assign(`${withQuery(window.location.search, next)}#reviews`);
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }

  /** A link of the list's controls: a plain link to the page with that query, fetched in place once hydrated. */
  function go(next: ReviewQuery, focusList = false) {
    return {
      to: `${withQuery(location.search, next)}#reviews`,
      preventScrollReset: true,
      onClick: (e: React.MouseEvent) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
        e.preventDefault();
        void load(next, focusList);
      },
    };
  }

  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const total = meta.count;

  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-16 scroll-mt-20" data-testid="reviews">
      <h2 id="reviews-heading" className="text-xl font-semibold text-stone-900">
        {t("reviews.heading")}
      </h2>

      <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <div>
          {total > 0 && meta.average !== null ? (
            <div className="flex items-center gap-3" data-testid="reviews-summary">
              <span className="text-4xl font-semibold text-stone-900" aria-hidden="true">
                {number.format(meta.average)}
              </span>
              <div>
                <StarRating average={meta.average} size="md" />
                <p className="text-sm text-stone-600">{t("shop.rating.count", { count: total })}</p>
              </div>
            </div>
          ) : (
            <p className="text-stone-700" data-testid="reviews-empty">
              {t("reviews.empty")}
            </p>
          )}

          {total > 0 && (
            <ul className="mt-5 space-y-1.5" aria-label={t("reviews.heading")}>
              {([5, 4, 3, 2, 1] as const).map((star) => {
                const n = meta.distribution[String(star) as "5"];
                const active = query.rating === star;
                const bar = (
                  <>
                    <span className="w-16 shrink-0">{t("reviews.starCount", { rating: star })}</span>
                    <span aria-hidden="true" className="h-2.5 flex-1 overflow-hidden rounded-full bg-stone-200">
                      <span className="block h-full rounded-full bg-amber-500" style={{ width: `${total ? (n / total) * 100 : 0}%` }} />
                    </span>
                    <span className="w-8 shrink-0 text-right tabular-nums">{n}</span>
                  </>
                );
                return (
                  <li key={star}>
                    {n > 0 ? (
                      <Link
                        {...go({ sort: query.sort, rating: active ? null : star, page: 1 })}
                        aria-label={t("reviews.filter", { rating: star, count: n })}
                        aria-current={active ? "true" : undefined}
                        data-testid={`reviews-filter-${star}`}
                        className="flex items-center gap-3 rounded-md px-2 py-1 text-sm text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 aria-[current]:bg-amber-50 aria-[current]:font-semibold aria-[current]:ring-1 aria-[current]:ring-amber-600"
                      >
                        {bar}
                      </Link>
                    ) : (
                      <span className="flex items-center gap-3 px-2 py-1 text-sm text-stone-600">{bar}</span>
                    )}
                  </li>
                );
              })}
            </ul>
          )}

          <div className="mt-6">
            <WriteArea
              slug={slug}
              writer={writer}
              token={token}
              writing={writing}
              saved={saved}
              onOpen={() => {
                setSaved(null);
                setWriting(true);
              }}
              loginHref={localePath(`/login?redirectTo=${encodeURIComponent(`${location.pathname}#reviews`)}`)}
              onSaved={(review) => {
                setWriter((w) => ({ ...w, review }));
                setWriting(false);
                setSaved(review.status);
                if (review.status === "published") void load({ sort: query.sort, rating: null, page: 1 });
              }}
            />
          </div>
        </div>

        <div>
          {total > 0 && (
            <div className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-200 pb-3">
              <p className="text-sm text-stone-700" role="status" aria-live="polite">
                {loading
                  ? t("reviews.loading")
                  : query.rating !== null
                    ? t("reviews.filter", { rating: query.rating, count: meta.distribution[String(query.rating) as "5"] })
                    : ""}
                {!loading && query.rating !== null && (
                  <>
                    {" · "}
                    <Link {...go({ sort: query.sort, rating: null, page: 1 })} className="font-medium underline" data-testid="reviews-show-all">
                      {t("reviews.showAll")}
                    </Link>
                  </>
                )}
              </p>
              <form method="get" action="#reviews" className="flex items-center gap-2" onSubmit={(e) => e.preventDefault()}>
                {query.rating !== null && <input type="hidden" name="rating" value={query.rating} />}
                <label htmlFor="reviews-sort" className="text-sm text-stone-700">
                  {t("reviews.sortBy")}
                </label>
                <select
                  id="reviews-sort"
                  name="sort"
                  value={query.sort}
                  onChange={(e) => void load({ sort: e.target.value as ReviewSort, rating: query.rating, page: 1 })}
                  className="h-10 rounded-lg border border-stone-300 bg-white px-2 text-sm text-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
                >
                  {REVIEW_SORTS.map((s) => (
                    <option key={s} value={s}>
                      {t(SORT_KEY[s])}
                    </option>
                  ))}
                </select>
                <noscript>
                  <button type="submit" className="h-10 rounded-lg border border-stone-300 px-3 text-sm font-medium">
                    {t("reviews.apply")}
                  </button>
                </noscript>
              </form>
            </div>
          )}

          <div
            ref={listTop}
            tabIndex={-1}
            aria-busy={loading}
            data-testid="reviews-list"
            className={`focus:outline-none ${loading ? "opacity-50 transition-opacity" : ""}`}
          >
            {data.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
            {total > 0 && data.length === 0 && <p className="py-6 text-stone-700">{t("reviews.emptyFilter")}</p>}
          </div>

          {meta.pages > 1 && (
            <nav aria-label={t("reviews.page", { page: query.page, pages: meta.pages })} className="mt-6 flex items-center justify-between gap-3 text-sm">
              {query.page > 1 ? (
                <Link {...go({ ...query, page: query.page - 1 }, true)} rel="prev" className="font-medium text-stone-900 underline">
                  {t("reviews.previous")}
                </Link>
              ) : (
                <span />
              )}
              <span className="text-stone-600">{t("reviews.page", { page: query.page, pages: meta.pages })}</span>
              {query.page < meta.pages ? (
                <Link {...go({ ...query, page: query.page + 1 }, true)} rel="next" className="font-medium text-stone-900 underline" data-testid="reviews-next">
                  {t("reviews.next")}
                </Link>
              ) : (
                <span />
              )}
            </nav>
          )}
        </div>
      </div>
    </section>
  );
}

/** Who may write, and how: the form (its own chunk) for a buyer or a mailed link's holder, why not for others, sign-in for visitors. */
function WriteArea(props: {
  slug: string;
  writer: ReviewWriter;
  token: string | null;
  writing: boolean;
  /** The status of the review just sent, to thank its author (published or waiting for a moderator). */
  saved: OwnReview["status"] | null;
  loginHref: string;
  onOpen: () => void;
  onSaved: (review: OwnReview) => void;
}) {
  const t = useT();
  const { writer, token } = props;
  const mayWrite = token !== null || (writer.signedIn && (writer.canReview || writer.review !== null));
  if (!mayWrite) {
    if (!writer.signedIn)
      return (
        <a href={props.loginHref} className="font-medium text-stone-900 underline" data-testid="reviews-sign-in">
          {t("reviews.signIn")}
        </a>
      );
    return (
      <p className="text-sm text-stone-700" data-testid="reviews-not-buyer">
        {t("reviews.notBuyer")}
      </p>
    );
  }
  return (
    <div>
      <p role="status" className="mb-3 text-sm font-medium text-emerald-800 empty:hidden" data-testid="reviews-saved">
        {props.saved === "published" ? t("reviews.form.published") : props.saved ? t("reviews.form.held") : ""}
      </p>
      {writer.review?.status === "pending" && !props.saved && <p className="mb-3 text-sm text-amber-900">{t("reviews.pending")}</p>}
      {props.writing ? (
        <Suspense
          fallback={
            <p className="text-sm text-stone-600" role="status">
              {t("reviews.form.loading")}
            </p>
          }
        >
          <ReviewForm slug={props.slug} review={writer.review} token={token} onSaved={props.onSaved} />
        </Suspense>
      ) : (
        <button
          type="button"
          onClick={props.onOpen}
          data-testid="reviews-write"
          className="h-11 rounded-lg border border-stone-900 px-5 text-sm font-semibold text-stone-900 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
        >
          {t(writer.review ? "reviews.edit" : "reviews.write")}
        </button>
      )}
    </div>
  );
}
