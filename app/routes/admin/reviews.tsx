import { Form, Link, useLocation, useNavigation } from "react-router";
import type { MessageKey } from "#common/i18n/catalogs";
import { AppError } from "#common/errors";
import { REVIEW_STATUSES, type ReviewStatus } from "#common/reviews/reviews.schema";
import type { AdminReview } from "#modules/reviews";
import { auditActor } from "~/components/admin/form-result.server";
import { StatusTabs } from "~/components/admin/status-tabs";
import { tableHref } from "~/components/admin/table-query";
import { type AdminToast, redirectWithToast } from "~/components/admin/toast.server";
import { EmptyState, PageHeader, StatusBadge, type StatusTone, buttonClass } from "~/components/admin/ui";
import { LocalDate } from "~/components/orders/order-view";
import { ResponsiveImage } from "~/components/responsive-image";
import { requireAdminScreen } from "~/lib/auth.server";
import { useT } from "~/lib/i18n";
import { adminT } from "~/lib/i18n.server";
import { pageAddress } from "~/lib/page-address.server";
import type { Route } from "./+types/reviews";

type ShownReview = AdminReview;

const STATUS_TEXT: Record<ReviewStatus, { label: MessageKey; tone: StatusTone; caption: MessageKey; empty: MessageKey; emptyText: MessageKey }> = {
  pending: {
    label: "admin.reviews.status.pending",
    tone: "warning",
    caption: "admin.reviews.caption.pending",
    empty: "admin.reviews.empty.pending",
    emptyText: "admin.reviews.empty.pendingText",
  },
  published: {
    label: "admin.reviews.status.published",
    tone: "success",
    caption: "admin.reviews.caption.published",
    empty: "admin.reviews.empty.published",
    emptyText: "admin.reviews.empty.publishedText",
  },
  hidden: {
    label: "admin.reviews.status.hidden",
    tone: "neutral",
    caption: "admin.reviews.caption.hidden",
    empty: "admin.reviews.empty.hidden",
    emptyText: "admin.reviews.empty.hiddenText",
  },
};

const REASON_TEXT: Record<string, MessageKey> = {
  link: "admin.reviews.reason.link",
  capitals: "admin.reviews.reason.capitals",
  blocklist: "admin.reviews.reason.blocklist",
};

/** The tab in the URL (waiting reviews by default), its page of reviews (50, newest first) and every tab's count. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminScreen(context, request);
  const url = new URL(request.url);
  const asked = url.searchParams.get("status");
  const status: ReviewStatus = REVIEW_STATUSES.includes(asked as ReviewStatus) ? (asked as ReviewStatus) : "pending";
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const [list, counts] = await Promise.all([context.services.reviews.listForAdmin({ status, page }), context.services.reviews.countForAdmin()]);
  return { reviews: list.data, meta: list.meta, counts, status };
}

/** Publish, hide, or write, change or remove the public reply of one review (audited by the service); back to the same page with a toast either way. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdminScreen(context, request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const back = pageAddress(request);
  const patches: Record<string, { body: Record<string, unknown>; toast: AdminToast }> = {
    publish: {
      body: { status: "published" },
      toast: { kind: "success", message: adminT("admin.reviews.toast.published"), description: adminT("admin.reviews.toast.publishedText") },
    },
    hide: {
      body: { status: "hidden" },
      toast: { kind: "success", message: adminT("admin.reviews.toast.hidden"), description: adminT("admin.reviews.toast.hiddenText") },
    },
    reply: {
      body: { reply: String(form.get("reply") ?? "") },
      toast: String(form.get("reply") ?? "").trim()
        ? { kind: "success", message: adminT("admin.reviews.toast.replied"), description: adminT("admin.reviews.toast.repliedText") }
        : { kind: "success", message: adminT("admin.reviews.toast.replyRemoved") },
    },
    "remove-reply": { body: { reply: null }, toast: { kind: "success", message: adminT("admin.reviews.toast.replyRemoved") } },
  };
  try {
    const patch = patches[intent];
    if (!patch || !id) throw new AppError("invalid_input", adminT("admin.reviews.chooseAction"));
    await context.services.reviews.moderate(auditActor(context, user), id, patch.body);
    return redirectWithToast(back, patch.toast);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return redirectWithToast(back, { kind: "error", message: adminT("admin.reviews.toast.failed"), description: err.fields?.reply ?? err.message });
  }
}

function Stars({ rating }: { rating: number }) {
  const t = useT();
  return (
    <span className="inline-flex items-center gap-0.5 text-amber-600" role="img" aria-label={t("admin.reviews.stars", { rating })}>
      {[1, 2, 3, 4, 5].map((n) => (
        <svg key={n} viewBox="0 0 20 20" aria-hidden="true" focusable="false" className={`size-4 ${n <= rating ? "fill-current" : "fill-stone-200"}`}>
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
        </svg>
      ))}
    </span>
  );
}

/** One review with what a moderator needs to decide, and its actions. */
function ReviewCard({ review }: { review: ShownReview }) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === review.id;
  const busyIntent = busy ? String(navigation.formData?.get("intent")) : null;
  const product = review.product?.name ?? t("admin.reviews.productGone");
  const photos = review.photos.map((p) => p.url);
  const reasons = review.heldFor.map((r) => (REASON_TEXT[r] ? t(REASON_TEXT[r]) : r));
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="id" value={review.id} />
      <input type="hidden" name="intent" value={intent} />
    </>
  );
  return (
    <article
      aria-labelledby={`review-${review.id}-title`}
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="review-card"
      data-review-id={review.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="text-sm text-stone-700">
            {review.product ? (
              <Link
                to={`/products/${encodeURIComponent(review.product.slug)}`}
                className="font-semibold text-stone-900 underline underline-offset-4 hover:text-amber-800"
                data-testid="review-product"
              >
                {product}
              </Link>
            ) : (
              <span className="font-semibold">{product}</span>
            )}
          </p>
          <h3 id={`review-${review.id}-title`} className="mt-1 flex flex-wrap items-center gap-2 text-base font-semibold text-stone-900">
            <Stars rating={review.rating} />
            <span className="break-words">{review.title}</span>
          </h3>
        </div>
        <StatusBadge tone={STATUS_TEXT[review.status].tone}>{t(STATUS_TEXT[review.status].label)}</StatusBadge>
      </div>

      <p className="mt-2 text-sm whitespace-pre-line break-words text-stone-800">{review.text}</p>

      {photos.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={t("admin.reviews.photos")} data-testid="review-photos">
          {photos.map((src, i) => (
            <li key={src} className="overflow-hidden rounded-lg ring-1 ring-stone-200">
              <ResponsiveImage src={src} kind="review" alt={t("admin.reviews.photoAlt", { n: i + 1 })} sizes="72px" className="size-18 object-cover" />
            </li>
          ))}
        </ul>
      )}

      <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-stone-600">
        <span>{t("admin.reviews.by", { author: review.author ?? t("admin.reviews.noName") })}</span>
        {review.userId === null && (
          <span title={t("admin.reviews.guestHint")}>
            <StatusBadge tone="info">{t("admin.reviews.guest")}</StatusBadge>
            <span className="sr-only"> ({t("admin.reviews.guestHint")})</span>
          </span>
        )}
        <span aria-hidden="true">·</span>
        <LocalDate iso={review.createdAt} withTime />
      </p>

      {review.status === "pending" && (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200 ring-inset" data-testid="review-held-for">
          {reasons.length ? t("admin.reviews.heldFor", { reasons: reasons.join(", ") }) : t("admin.reviews.heldBySettings")}
        </p>
      )}

      {review.reply && (
        <div className="mt-3 rounded-lg border-l-4 border-stone-300 bg-stone-50 px-3 py-2 text-sm" data-testid="review-reply">
          <p className="font-semibold text-stone-900">{t("admin.reviews.shopReply")}</p>
          <p className="mt-1 whitespace-pre-line break-words text-stone-800">{review.reply.text}</p>
          <p className="mt-1 text-xs text-stone-600">
            {review.reply.by ? `${review.reply.by} · ` : ""}
            <LocalDate iso={review.reply.at} withTime />
          </p>
        </div>
      )}

      <div className="mt-4 flex flex-wrap items-center gap-2">
        {review.status !== "published" && (
          <Form method="post" preventScrollReset>
            {hidden("publish")}
            <button type="submit" className={buttonClass("primary", "sm")} disabled={busy} aria-describedby={`review-${review.id}-title`}>
              {busyIntent === "publish" ? t("admin.form.saving") : t("admin.reviews.publish")}
            </button>
          </Form>
        )}
        {review.status !== "hidden" && (
          <Form method="post" preventScrollReset>
            {hidden("hide")}
            <button type="submit" className={buttonClass("secondary", "sm")} disabled={busy} aria-describedby={`review-${review.id}-title`}>
              {busyIntent === "hide" ? t("admin.form.saving") : t("admin.reviews.hide")}
            </button>
          </Form>
        )}
        {review.reply && (
          <Form method="post" preventScrollReset>
            {hidden("remove-reply")}
            <button type="submit" className={buttonClass("ghost", "sm")} disabled={busy} aria-describedby={`review-${review.id}-title`}>
              {busyIntent === "remove-reply" ? t("admin.form.saving") : t("admin.reviews.removeReply")}
            </button>
          </Form>
        )}
      </div>

      {/* A details element: opens and closes with the keyboard and without JavaScript; a new reply closes it (its key). */}
      <details key={review.reply?.text ?? ""} className="group mt-3">
        <summary
          className={`${buttonClass("ghost", "sm")} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
          aria-describedby={`review-${review.id}-title`}
        >
          {review.reply ? t("admin.reviews.editReply") : t("admin.reviews.reply")}
        </summary>
        <Form method="post" preventScrollReset className="mt-2 space-y-2">
          {hidden("reply")}
          <label htmlFor={`reply-${review.id}`} className="block text-sm font-medium text-stone-900">
            {t("admin.reviews.replyLabel")}
          </label>
          <textarea
            id={`reply-${review.id}`}
            name="reply"
            rows={3}
            maxLength={2000}
            required={!review.reply}
            defaultValue={review.reply?.text ?? ""}
            aria-describedby={`reply-${review.id}-hint`}
            className="block w-full rounded-xl border border-stone-300 px-3 py-2 text-sm text-stone-900 focus:border-stone-900 focus:outline-none focus:ring-2 focus:ring-stone-900/20"
          />
          <p id={`reply-${review.id}-hint`} className="text-xs text-stone-600">
            {t("admin.reviews.replyHint")}
          </p>
          <button type="submit" className={buttonClass("primary", "sm")} disabled={busy}>
            {busyIntent === "reply" ? t("admin.form.saving") : t("admin.reviews.saveReply")}
          </button>
        </Form>
      </details>
    </article>
  );
}

/** Previous / page N of M / next over the list, keeping the tab. */
function Pager({ page, pages }: { page: number; pages: number }) {
  const t = useT();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const off = "inline-flex h-9 items-center rounded-full border border-stone-200 px-3.5 text-sm font-semibold text-stone-500";
  const href = (p: number) => tableHref(location.pathname, params, { page: p === 1 ? null : p });
  return (
    <nav aria-label={t("admin.table.pagesLabel")} className="mt-6 flex items-center justify-center gap-2" data-testid="reviews-pagination">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={buttonClass("secondary", "sm")}>
          {t("admin.table.previous")}
          <span className="sr-only"> {t("admin.table.page")}</span>
        </Link>
      ) : (
        <span aria-disabled="true" className={off}>
          {t("admin.table.previous")}
        </span>
      )}
      <span className="px-1 text-sm whitespace-nowrap">{t("admin.table.pageOf", { page, pages })}</span>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next" className={buttonClass("secondary", "sm")}>
          {t("admin.table.next")}
          <span className="sr-only"> {t("admin.table.page")}</span>
        </Link>
      ) : (
        <span aria-disabled="true" className={off}>
          {t("admin.table.next")}
        </span>
      )}
    </nav>
  );
}

/** The reviews' moderation: tabs by status (waiting first), each review with its product, stars, text, author, why it was held, photos and reply, and its actions. */
export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { reviews, meta, counts, status } = loaderData;
  const t = useT();
  const navigation = useNavigation();
  // Another tab or page loading: the list dims until it arrives (the layout's bar shows progress too).
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin-dashboard/reviews";
  const text = STATUS_TEXT[status];
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={t("admin.nav.reviews")} description={t("admin.reviews.description")} />
      <StatusTabs
        label={t("admin.reviews.byStatus")}
        current={status === "pending" ? null : status}
        tabs={REVIEW_STATUSES.map((s) => ({ value: s === "pending" ? null : s, label: t(STATUS_TEXT[s].label), count: counts[s] }))}
      />
      <section aria-labelledby="reviews-caption" aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : "transition-opacity"}>
        <h2 id="reviews-caption" className="mb-3 text-sm font-medium text-stone-700">
          {t(text.caption)} · {t("admin.reviews.count", { count: meta.total })}
        </h2>
        {reviews.length === 0 ? (
          <EmptyState title={t(text.empty)} testId="reviews-empty">
            {t(text.emptyText)}
          </EmptyState>
        ) : (
          <ol className="space-y-4" data-testid="reviews-list">
            {reviews.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ol>
        )}
        {meta.pages > 1 && <Pager page={meta.page} pages={meta.pages} />}
      </section>
    </div>
  );
}
