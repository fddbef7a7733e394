import { useId, useRef, useState } from "react";
import type { MessageKey } from "#common/i18n/catalogs";
import { MAX_REVIEW_PHOTOS, REVIEW_MESSAGES } from "#common/reviews/review-rules";
import type { OwnReview } from "#modules/reviews";
import { useT } from "~/lib/i18n";

/** Each of the API's review messages (English, the schema's and the service's words) as the catalog's key in the shopper's language. */
const MESSAGE_KEY: Record<keyof typeof REVIEW_MESSAGES, MessageKey> = {
  rating: "reviews.error.rating",
  ratingWhole: "reviews.error.rating",
  titleMissing: "reviews.error.titleMissing",
  titleTooLong: "reviews.error.titleTooLong",
  textMissing: "reviews.error.textMissing",
  textTooLong: "reviews.error.textTooLong",
  notBuyer: "reviews.notBuyer",
  photosTooMany: "reviews.error.photosTooMany",
  photoInvalid: "reviews.error.photoInvalid",
  photoTooLarge: "reviews.error.photoTooLarge",
};
const KEY_OF_TEXT = new Map(Object.entries(REVIEW_MESSAGES).map(([name, text]) => [text as string, MESSAGE_KEY[name as keyof typeof REVIEW_MESSAGES]]));

type Field = "rating" | "title" | "text" | "photos";
type Outcome = { kind: "error"; message: string } | null;

interface Props {
  slug: string;
  /** The review they wrote before, to edit (a second POST edits it). */
  review: OwnReview | null;
  /** A mailed review link's token, sent as the field `token`. */
  token: string | null;
  onSaved: (review: OwnReview) => void;
}

/**
 * The review form: stars as radio buttons, title, text, up to 4 photos; sent as a form (multipart)
 * to the reviews API, with the mailed link's token when there is one. The API's field messages are
 * shown at their fields in the shopper's language; a refusal (401, 403) shows the server's reason.
 */
export default function ReviewForm({ slug, review, token, onSaved }: Props) {
  const t = useT();
  const id = useId();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [sending, setSending] = useState(false);
  const [rating, setRating] = useState(review?.rating ?? 0);
  const form = useRef<HTMLFormElement>(null);

  const say = (text: string) => {
    const key = KEY_OF_TEXT.get(text);
    return key ? t(key) : text;
  };

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = new FormData(e.currentTarget);
    const files = body.getAll("photos").filter((f): f is File => f instanceof File && f.size > 0);
    body.delete("photos");
    if (files.length > MAX_REVIEW_PHOTOS) {
      setErrors({ photos: t("reviews.error.photosTooMany") });
      setOutcome({ kind: "error", message: t("reviews.form.check") });
      return;
    }
    for (const f of files) body.append("photos", f, f.name);
    if (token) body.set("token", token);
    setSending(true);
    setOutcome(null);
    try {
      const res = await fetch(`/api/products/${encodeURIComponent(slug)}/reviews`, { method: "POST", body, credentials: "same-origin" });
      const answer = (await res.json().catch(() => ({}))) as {
        data?: OwnReview;
        error?: { message?: string; fields?: Record<string, string> };
      };
      if (res.ok && answer.data) {
        // The section thanks them and closes the form.
        onSaved(answer.data);
        return;
      }
      const fields = answer.error?.fields ?? {};
      const shown: Partial<Record<Field, string>> = {};
      for (const name of ["rating", "title", "text", "photos"] as const) if (fields[name]) shown[name] = say(fields[name]);
      setErrors(shown);
      if (Object.keys(shown).length) {
        setOutcome({ kind: "error", message: t("reviews.form.check") });
        // After the render that marks the fields.
        setTimeout(() => form.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus(), 0);
      } else if (res.status === 401 && !token) setOutcome({ kind: "error", message: t("reviews.signIn") });
      else setOutcome({ kind: "error", message: answer.error?.message ? say(answer.error.message) : t("reviews.form.failed") });
    } catch {
      setOutcome({ kind: "error", message: t("reviews.form.failed") });
    } finally {
      setSending(false);
    }
  }

  const described = (field: Field) => (errors[field] ? { "aria-invalid": true, "aria-describedby": `${id}-${field}-error` } : {});
  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm text-red-700">
        {errors[field]}
      </p>
    ) : null;
  const input =
    "mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-stone-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-stone-900 aria-[invalid=true]:border-red-700";

  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-4 rounded-lg border border-stone-200 p-4" data-testid="review-form">
      <fieldset {...(errors.rating ? { "aria-describedby": `${id}-rating-error` } : {})}>
        <legend className="text-sm font-medium text-stone-900">{t("reviews.form.rating")}</legend>
        <div className="mt-1 flex gap-1">
          {[1, 2, 3, 4, 5].map((star) => (
            <StarChoice key={star} id={`${id}-star-${star}`} star={star} chosen={rating} onChoose={setRating} invalid={Boolean(errors.rating)} />
          ))}
        </div>
        {fieldError("rating")}
      </fieldset>
      <div>
        <label htmlFor={`${id}-title`} className="text-sm font-medium text-stone-900">
          {t("reviews.form.title")}
        </label>
        <input id={`${id}-title`} name="title" maxLength={120} defaultValue={review?.title} className={input} {...described("title")} />
        {fieldError("title")}
      </div>
      <div>
        <label htmlFor={`${id}-text`} className="text-sm font-medium text-stone-900">
          {t("reviews.form.text")}
        </label>
        <textarea id={`${id}-text`} name="text" rows={5} maxLength={5000} defaultValue={review?.text} className={input} {...described("text")} />
        {fieldError("text")}
      </div>
      <div>
        <label htmlFor={`${id}-photos`} className="text-sm font-medium text-stone-900">
          {t("reviews.form.photos")}
        </label>
        <input
          id={`${id}-photos`}
          name="photos"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          className="mt-1 block w-full text-sm text-stone-800 file:mr-3 file:h-9 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-3 file:text-sm file:font-medium"
          {...described("photos")}
        />
        {review && review.photos.length > 0 && <p className="mt-1 text-sm text-stone-600">{t("reviews.form.photosKept")}</p>}
        {fieldError("photos")}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={sending}
          className="h-11 rounded-lg bg-stone-900 px-5 text-sm font-semibold text-white hover:bg-stone-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 disabled:opacity-60"
        >
          {sending ? t("reviews.form.sending") : t("reviews.form.submit")}
        </button>
        <p role="status" data-testid="review-form-status" className="text-sm text-red-700">
          {outcome?.message ?? ""}
        </p>
      </div>
    </form>
  );
}

/** One star of the rating: a radio button (keyboard: arrows move between stars) drawn as a star, named "3 stars"; it and those before it light up when chosen. */
function StarChoice(props: { id: string; star: number; chosen: number; onChoose: (star: number) => void; invalid: boolean }) {
  const t = useT();
  const { id, star, chosen } = props;
  return (
    <span className="relative">
      <input
        type="radio"
        id={id}
        name="rating"
        value={star}
        checked={chosen === star}
        onChange={() => props.onChoose(star)}
        aria-invalid={props.invalid || undefined}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        className={`block cursor-pointer rounded peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-stone-900 ${star <= chosen ? "text-amber-500" : "text-stone-300"}`}
      >
        <svg viewBox="0 0 20 20" aria-hidden="true" className="size-8">
          <path d="M10 1.5l2.6 5.5 6 .7-4.4 4.1 1.2 5.9L10 14.8l-5.4 2.9 1.2-5.9L1.4 7.7l6-.7z" fill="currentColor" stroke="#92400e" strokeWidth="0.8" />
        </svg>
        <span className="sr-only">{t("reviews.starCount", { rating: star })}</span>
      </label>
    </span>
  );
}
