import { useEffect, useRef, useState } from "react";
import type { PublicReview } from "#modules/reviews";
import { LocalDate } from "~/components/orders/order-view";
import { ResponsiveImage } from "~/components/responsive-image";
import { useT } from "~/lib/i18n";
import { StarRating } from "../star-rating";

/** "Helpful (n)": one vote per visitor (the server counts it once); says whether this one counted. */
function HelpfulButton({ id, count }: { id: string; count: number }) {
  const t = useT();
  const [state, setState] = useState<{ count: number; voted: "counted" | "before" | null; busy: boolean }>({ count, voted: null, busy: false });
  async function vote() {
    if (state.busy || state.voted) return;
    setState((s) => ({ ...s, busy: true }));
    try {
      const res = await fetch(`/api/reviews/${encodeURIComponent(id)}/helpful`, { method: "POST", credentials: "same-origin" });
      if (!res.ok) throw new Error(String(res.status));
      const { data } = (await res.json()) as { data: { helpful: number; counted: boolean } };
      setState({ count: data.helpful, voted: data.counted ? "counted" : "before", busy: false });
    } catch {
      setState((s) => ({ ...s, busy: false }));
    }
  }
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
      <button
        type="button"
        onClick={vote}
        aria-pressed={state.voted !== null}
        aria-disabled={state.busy || state.voted !== null}
        data-testid="review-helpful"
        className="inline-flex h-9 items-center gap-1.5 rounded-full border border-stone-300 px-3 font-medium text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 aria-pressed:border-emerald-700 aria-pressed:bg-emerald-50 aria-pressed:text-emerald-900"
      >
        <svg viewBox="0 0 20 20" aria-hidden="true" className="size-4">
          <path
            d="M6 9v8H3V9zM6 9l3.5-6.5c1 0 2 .8 2 2V8H16a1.5 1.5 0 011.5 1.8l-1.2 5.8A1.5 1.5 0 0114.8 17H6"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinejoin="round"
          />
        </svg>
        {t("reviews.helpful", { count: state.count })}
      </button>
      <span role="status" className="text-stone-600">
        {state.voted === "counted" ? t("reviews.voted") : state.voted === "before" ? t("reviews.votedBefore") : ""}
      </span>
    </div>
  );
}

/** A review's photos as thumbnails; each opens larger in a modal dialog (focus kept inside, Escape closes). */
function ReviewPhotos({ photos, author }: { photos: PublicReview["photos"]; author: string }) {
  const t = useT();
  const [open, setOpen] = useState<number | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (open !== null && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [open]);
  if (!photos.length) return null;
  const shown = open !== null ? photos[open] : null;
  return (
    <>
      <ul className="mt-3 flex flex-wrap gap-2">
        {photos.map((photo, i) => (
          <li key={photo.url}>
            <button
              type="button"
              onClick={() => setOpen(i)}
              aria-label={t("reviews.openPhoto", { n: i + 1, total: photos.length })}
              className="block overflow-hidden rounded-md border border-stone-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
            >
              <ResponsiveImage src={photo.url} kind="review" alt="" sizes="80px" className="size-20 object-cover" />
            </button>
          </li>
        ))}
      </ul>
      {shown && (
        <dialog
          ref={dialog}
          onClose={() => setOpen(null)}
          onClick={(e) => e.target === e.currentTarget && dialog.current?.close()}
          aria-label={t("reviews.photo", { n: (open ?? 0) + 1, total: photos.length, author })}
          className="m-auto w-[min(92vw,44rem)] rounded-lg bg-white p-3 shadow-xl backdrop:bg-stone-900/70"
        >
          <ResponsiveImage
            src={shown.url}
            kind="review"
            alt={t("reviews.photo", { n: (open ?? 0) + 1, total: photos.length, author })}
            sizes="(min-width: 48rem) 44rem, 92vw"
            className="h-auto w-full rounded"
          />
          <form method="dialog" className="mt-3 flex justify-end">
            <button
              type="submit"
              autoFocus
              className="h-10 rounded-lg bg-stone-900 px-4 text-sm font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
            >
              {t("reviews.close")}
            </button>
          </form>
        </dialog>
      )}
    </>
  );
}

/** One published review: stars, title, words, who and when, "Verified buyer", photos, the shop's reply, and the helpful vote. */
export function ReviewItem({ review }: { review: PublicReview }) {
  const t = useT();
  const author = review.author ?? t("reviews.customer");
  return (
    <article className="border-b border-stone-200 py-6" data-testid="review">
      <StarRating average={review.rating} />
      <h3 className="mt-2 font-semibold text-stone-900">{review.title}</h3>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-600">
        <span className="font-medium text-stone-800">{author}</span>
        <span aria-hidden="true">·</span>
        <LocalDate iso={review.createdAt} />
        {review.verifiedBuyer && (
          <span className="inline-flex items-center gap-1 font-medium text-emerald-800">
            <svg viewBox="0 0 20 20" aria-hidden="true" className="size-4">
              <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {t("reviews.verified")}
          </span>
        )}
      </p>
      <p className="mt-3 max-w-prose whitespace-pre-line text-stone-800">{review.text}</p>
      <ReviewPhotos photos={review.photos} author={author} />
      {review.reply && (
        <div className="mt-4 max-w-prose rounded-lg border-l-4 border-stone-300 bg-stone-50 px-4 py-3 text-sm" data-testid="review-reply">
          <p className="font-semibold text-stone-900">{t("reviews.reply")}</p>
          <p className="mt-1 whitespace-pre-line text-stone-700">{review.reply.text}</p>
        </div>
      )}
      <HelpfulButton key={review.id} id={review.id} count={review.helpful} />
    </article>
  );
}
