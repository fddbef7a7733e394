import { AppError } from "#common/errors";
import type { SiteSettings } from "#common/content/content.schema";
import { IMAGE_KINDS, imageDimensions } from "#common/images/image-sizes";
import { MAX_REVIEW_PHOTOS, REVIEW_MESSAGES } from "#common/reviews/review-rules";
import {
  type AdminReviewPatch,
  REVIEWS_PER_PAGE,
  type ReviewListQuery,
  type ReviewStatus,
  adminReviewPatchSchema,
  adminReviewQuerySchema,
  reviewInputSchema,
  reviewListQuerySchema,
} from "#common/reviews/reviews.schema";
import { parseInput } from "#common/validate";
import { type AuditActor, appendAudit, changedFields } from "#modules/audit";
import { type CatalogService, writeProductRating } from "#modules/catalog";
import type { ImageService } from "#modules/images";
import type { OrderPurchases } from "#modules/orders";
import type { Db } from "../../db/database";
import { nowIso, toIso } from "../../db/database";
import type { Epoch } from "../../lib/cache";
import { newId } from "../../lib/ids";
import type { SignedTokens } from "../../lib/signed-token";
import { createGuestLinks } from "./reviews.guest";
import { type HoldReason, holdReasons } from "./reviews.moderation";
import {
  type Executor,
  type ReviewRow,
  addVote,
  claimRequest,
  insertRequestStop,
  listRequestStops,
  countByStatus,
  countPublishedByRating,
  deleteByAuthor,
  findByAuthor,
  findByGuest,
  getReview,
  insertReview,
  listByAuthor,
  listForAdmin,
  listPublished,
  listRequested,
  updateReview,
} from "./reviews.repo";

/** A photo under a review: its stored URL (`/uploads/reviews/<name>.webp`, smaller widths by the naming rule) and its largest size. */
export interface ReviewPhoto {
  url: string;
  width: number;
  height: number;
}

/** A published review as the product page shows it. */
export interface PublicReview {
  id: string;
  rating: number;
  title: string;
  text: string;
  /** The author's first name and initial ("Ada L."), or null when the account has no name. */
  author: string | null;
  /** Always true: only buyers of the product review it. */
  verifiedBuyer: true;
  /** Votes that found it helpful. */
  helpful: number;
  /** The shop's public answer under it. */
  reply: { text: string; at: string } | null;
  /** Its photos, in the order the author gave them (none: empty). */
  photos: ReviewPhoto[];
  createdAt: string;
  updatedAt: string;
}

/** A product's published reviews in figures: average of the stars (one decimal; null without reviews), count, and count per star. */
export interface ReviewSummary {
  average: number | null;
  count: number;
  distribution: Record<"1" | "2" | "3" | "4" | "5", number>;
}

export interface ReviewPage {
  data: PublicReview[];
  meta: ReviewSummary & { page: number; pages: number };
}

/** The author's own review, as their write answers it: with its status (pending while a moderator has to look at it). */
export interface OwnReview {
  id: string;
  productId: string;
  rating: number;
  title: string;
  text: string;
  status: ReviewStatus;
  photos: ReviewPhoto[];
  createdAt: string;
  updatedAt: string;
}

/** A review as the moderation screen shows it. */
export interface AdminReview extends Omit<PublicReview, "verifiedBuyer" | "reply"> {
  status: ReviewStatus;
  /** Why the rules held it (link, capitals, blocklist); empty when only the setting did, or nothing. */
  heldFor: HoldReason[];
  /** The author's account; null for a guest who wrote through the link mailed after delivery. */
  userId: string | null;
  orderLineId: string;
  product: { id: string; name: string; slug: string } | null;
  reply: { text: string; at: string; by: string | null } | null;
}

export interface ReviewsDeps {
  db: Db;
  /** The product a slug names (active products only), and product names for the moderation screen. */
  catalog: Pick<CatalogService, "requireProduct" | "listSummaries">;
  /** Whether an account bought and received a product; an order line's buyer, for guests' review links. */
  purchases: Pick<OrderPurchases, "deliveredLine" | "getLine">;
  /** Signs and checks the review links mailed to buyers. */
  tokens: SignedTokens;
  settings: () => Promise<SiteSettings>;
  /** Where review photos are stored, at every width of the `review` kind. */
  images: Pick<ImageService, "storeImage" | "removeImage">;
  /** Bumped when what a product page shows changes: cached pages and answers follow at once. */
  epoch: Epoch;
}

const ADMIN_PAGE = 50;
/** The stop links under review requests: signed for this purpose, and valid as long as mail is kept. */
const STOP_PURPOSE = "review-requests-stop";
const STOP_LINKS_UNTIL = new Date(Date.UTC(2100, 0, 1));

/** Who writes a review: an account, or a guest buyer by their order's e-mail address; `name` as the order or account gives it. */
interface ReviewAuthor {
  userId: string | null;
  guestEmail: string | null;
  name: string | null;
}

/** "Ada Lovelace" → "Ada L."; one word stays as it is; blank → null. */
export function authorName(name: string | null | undefined): string | null {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (!words.length) return null;
  const first = words[0]!;
  if (words.length === 1) return first;
  return `${first} ${Array.from(words[words.length - 1]!)[0]!.toUpperCase()}.`;
}

const parseReasons = (json: string | null): HoldReason[] => (json ? (JSON.parse(json) as HoldReason[]) : []);

const PHOTO_SIZE = imageDimensions("review", IMAGE_KINDS.review.widths[IMAGE_KINDS.review.widths.length - 1]);
const photoUrls = (json: string | null | undefined): string[] => (json ? (JSON.parse(json) as string[]) : []);
const photosOf = (json: string | null | undefined): ReviewPhoto[] => photoUrls(json).map((url) => ({ url, ...PHOTO_SIZE }));

function publicOf(row: ReviewRow): PublicReview {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    text: row.text,
    author: row.author_name || null,
    verifiedBuyer: true,
    helpful: Number(row.helpful_count),
    reply: row.reply ? { text: row.reply, at: toIso(row.replied_at)! } : null,
    photos: photosOf(row.photos),
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
  };
}

function ownOf(row: ReviewRow): OwnReview {
  return {
    id: row.id,
    productId: row.product_id,
    rating: row.rating,
    title: row.title,
    text: row.text,
    status: row.status as ReviewStatus,
    photos: photosOf(row.photos),
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
  };
}

/**
 * Product reviews: only a buyer (an account with a delivered order line of the product) writes one,
 * one per product, a second write edits it; moderation publishes at once or holds as the settings
 * say, and links, shouting and blocked words always hold. The product page lists the published
 * ones with their figures; visitors vote them helpful once each; moderators (permission content)
 * publish, hide and reply, audited. Whatever changes a product page moves the data epoch.
 */
export function createReviews(deps: ReviewsDeps) {
  const k = deps.db.kysely;

  const guestLinks = createGuestLinks(deps);

  async function productId(slug: string): Promise<string> {
    return (await deps.catalog.requireProduct(slug))._id;
  }

  async function summaryOf(id: string, ex: Executor = k): Promise<ReviewSummary> {
    const distribution: ReviewSummary["distribution"] = { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 };
    let count = 0;
    let stars = 0;
    for (const r of await countPublishedByRating(ex, id)) {
      const n = Number(r.n);
      const key = String(r.rating) as keyof ReviewSummary["distribution"];
      if (!(key in distribution)) continue;
      distribution[key] = n;
      count += n;
      stars += n * r.rating;
    }
    return { average: count ? Math.round((stars / count) * 10) / 10 : null, count, distribution };
  }

  /** Copies a product's published figures onto the product (its cards, the sort by rating, the star filter), in the write's transaction. */
  async function refreshRating(trx: Executor, id: string): Promise<void> {
    const { average, count } = await summaryOf(id, trx);
    await writeProductRating(trx, id, { tenths: Math.round((average ?? 0) * 10), count });
  }

  /**
   * Stores a review's photos (paths of uploads on disk, or the pictures themselves) at every width of
   * the `review` kind, all or none: a file that is no picture removes those stored before it and is
   * a 400 naming `photos`.
   */
  async function storePhotos(files: ReadonlyArray<string | Buffer>): Promise<string[]> {
    if (files.length > MAX_REVIEW_PHOTOS) throw new AppError("invalid_input", REVIEW_MESSAGES.photosTooMany, { photos: REVIEW_MESSAGES.photosTooMany });
    const stored: string[] = [];
    try {
      // One at a time: four camera photos at once would take four decoders' memory.
      for (const file of files) stored.push(await deps.images.storeImage(file, "review", { fit: "contain" }));
      return stored;
    } catch (error) {
      await removePhotos(stored);
      if (error instanceof AppError && error.code === "invalid_input")
        throw new AppError("invalid_input", REVIEW_MESSAGES.photoInvalid, { photos: REVIEW_MESSAGES.photoInvalid });
      throw error;
    }
  }

  async function removePhotos(urls: readonly string[]): Promise<void> {
    await Promise.all(urls.map((url) => deps.images.removeImage(url, "review").catch(() => {})));
  }

  /** One page of a product's published reviews with the product's figures: a grouped count and, when any match, one indexed query. */
  async function pageOf(id: string, { sort, rating, page }: ReviewListQuery): Promise<ReviewPage> {
    const summary = await summaryOf(id);
    const shown = rating === undefined ? summary.count : summary.distribution[String(rating) as keyof ReviewSummary["distribution"]];
    const pages = Math.max(1, Math.ceil(shown / REVIEWS_PER_PAGE));
    const rows = shown ? await listPublished(k, id, { sort, rating, limit: REVIEWS_PER_PAGE, offset: (page - 1) * REVIEWS_PER_PAGE }) : [];
    return { data: rows.map(publicOf), meta: { ...summary, page, pages } };
  }

  async function toAdmin(rows: ReviewRow[]): Promise<AdminReview[]> {
    const products = new Map((await deps.catalog.listSummaries([...new Set(rows.map((r) => r.product_id))])).map((p) => [p.id, p]));
    return rows.map((row) => {
      const { verifiedBuyer: _v, reply: _r, ...shown } = publicOf(row);
      const product = products.get(row.product_id);
      return {
        ...shown,
        status: row.status as ReviewStatus,
        heldFor: parseReasons(row.held_for),
        userId: row.user_id,
        orderLineId: row.order_line_id,
        product: product ? { id: product.id, name: product.name, slug: product.slug } : null,
        reply: row.reply ? { text: row.reply, at: toIso(row.replied_at)!, by: row.replied_by } : null,
      };
    });
  }

  /**
   * Stores a buyer's review of a product, or their edit of it, as the moderation rules say, with
   * its photos (new ones replace the old; an edit without photos keeps them); bumps the epoch when
   * a product page changes.
   */
  async function write(
    author: ReviewAuthor,
    id: string,
    lineId: string,
    body: unknown,
    photos: ReadonlyArray<string | Buffer>,
  ): Promise<{ review: OwnReview; created: boolean }> {
    const input = parseInput(reviewInputSchema, body);
    const { reviews: moderation } = await deps.settings();
    const reasons = holdReasons(input, moderation.blocklist);
    const now = nowIso();
    const find = (trx: Executor) => (author.userId ? findByAuthor(trx, id, author.userId) : findByGuest(trx, id, author.guestEmail!));
    // Stored before the transaction (image encoding must not hold it open), removed again if it fails.
    const stored = photos.length ? await storePhotos(photos) : null;
    const written = k.transaction().execute(async (trx) => {
      const before = await find(trx);
      const held = reasons.length > 0 || moderation.moderation === "hold" || before?.status === "hidden";
      const status: ReviewStatus = held ? "pending" : "published";
      const fields = {
        rating: input.rating,
        title: input.title,
        text: input.text,
        status,
        held_for: reasons.length ? JSON.stringify(reasons) : null,
        ...(stored ? { photos: stored.length ? JSON.stringify(stored) : null } : {}),
      };
      if (!before) {
        const row = {
          id: newId(),
          product_id: id,
          user_id: author.userId,
          guest_email: author.guestEmail,
          order_line_id: lineId,
          author_name: authorName(author.name) ?? "",
          ...fields,
          created_at: now,
          updated_at: now,
        };
        if (await insertReview(trx, row)) {
          if (status === "published") await refreshRating(trx, id);
          return { row: { photos: null, ...row, helpful_count: 0, reply: null, replied_at: null, replied_by: null }, before: null };
        }
      }
      const current = before ?? (await find(trx))!;
      await updateReview(trx, current.id, { ...fields, updated_at: now });
      if (status === "published" || current.status === "published") await refreshRating(trx, id);
      return { row: { ...current, ...fields, updated_at: now }, before: current };
    });
    const result = await written.catch(async (error: unknown) => {
      if (stored) await removePhotos(stored);
      throw error;
    });
    if (stored && result.before) await removePhotos(photoUrls(result.before.photos).filter((url) => !stored.includes(url)));
    if (result.row.status === "published" || result.before?.status === "published") deps.epoch.bump();
    return { review: ownOf(result.row as ReviewRow), created: result.before === null };
  }

  return {
    /** A product's published reviews, one page in the order asked (newest, helpful, highest, lowest), filtered to a star when asked, with the product's figures. */
    async list(slug: string, query: unknown): Promise<ReviewPage> {
      const parsed = parseInput(reviewListQuerySchema, query, "Invalid review list parameters");
      return pageOf(await productId(slug), parsed);
    },

    /**
     * The product page's first look at a product's reviews (by its id, which the page has): the page
     * its address asks for (`?sort=&rating=&page=`), or the newest when that asks for nothing valid.
     */
    async forPage(productId: string, query: unknown): Promise<ReviewPage & { query: ReviewListQuery }> {
      const parsed = reviewListQuerySchema.safeParse(query);
      const asked = parsed.success ? parsed.data : reviewListQuerySchema.parse({});
      return { ...(await pageOf(productId, asked)), query: asked };
    },

    /**
     * Writes the signed-in customer's review of a product, or edits the one they wrote (`created`
     * says which). 403 unless they received it on a delivered order; 400 naming the bad fields,
     * nothing stored. Published at once only when the settings say so and no rule holds it; an
     * edit of a review a moderator hid waits for a moderator again.
     */
    async submit(
      author: { id: string; name: string | null },
      slug: string,
      body: unknown,
      photos: ReadonlyArray<string | Buffer> = [],
    ): Promise<{ review: OwnReview; created: boolean }> {
      const id = await productId(slug);
      const bought = await deps.purchases.deliveredLine(author.id, id);
      if (!bought) throw new AppError("forbidden", REVIEW_MESSAGES.notBuyer);
      return write({ userId: author.id, guestEmail: null, name: author.name }, id, bought.lineId, body, photos);
    },

    /**
     * Writes (or edits) a review through the signed link mailed after delivery, without signing
     * in: the token names the order line and is tied to the order's e-mail address. A guest's
     * order makes a guest's review (one per product and address); a signed-in buyer's order writes
     * their account's review. 403 with a sentence for a forged, altered, expired or other product's
     * token; then the same checks and moderation as `submit`.
     */
    async submitWithToken(
      token: unknown,
      slug: string,
      body: unknown,
      photos: ReadonlyArray<string | Buffer> = [],
      now = new Date(),
    ): Promise<{ review: OwnReview; created: boolean }> {
      const id = await productId(slug);
      const line = await guestLinks.check(token, id, now);
      return write(
        line.userId ? { userId: line.userId, guestEmail: null, name: line.name } : { userId: null, guestEmail: line.email, name: line.name },
        id,
        line.lineId,
        body,
        photos,
      );
    },

    /**
     * What the product page's form needs for a signed-in customer: whether they may review the
     * product (they received it) and the review they wrote of it, to edit.
     */
    async mine(userId: string, productId: string): Promise<{ canReview: boolean; review: OwnReview | null }> {
      const [bought, row] = await Promise.all([deps.purchases.deliveredLine(userId, productId), findByAuthor(k, productId, userId)]);
      return { canReview: bought !== null, review: row ? ownOf(row) : null };
    },

    /**
     * Removes every review of an account (its deletion), in the deletion's transaction, and
     * recomputes the figures of the products it had published reviews of. True when a product
     * page changes: the caller calls `pagesChanged` once the transaction is committed.
     */
    async forgetAuthor(trx: Executor, userId: string): Promise<boolean> {
      const rows = await listByAuthor(trx, userId);
      if (!rows.length) return false;
      await deleteByAuthor(trx, userId);
      const published = [...new Set(rows.filter((r) => r.status === "published").map((r) => r.product_id))];
      for (const id of published) await refreshRating(trx, id);
      return published.length > 0;
    },

    /** Drops cached product pages and answers after a committed write that changed published reviews. */
    pagesChanged(): void {
      deps.epoch.bump();
    },

    /** Every review an account wrote, newest first, whatever its status (the customer's data export). */
    async listByAuthor(userId: string): Promise<OwnReview[]> {
      return (await listByAuthor(k, userId)).map(ownOf);
    },

    /** Counts a visitor's "helpful" for a published review once (`voter`: `user:<id>` or `visitor:<id>`); a second vote changes nothing. The count after it. */
    async voteHelpful(reviewId: string, voter: string): Promise<{ helpful: number; counted: boolean }> {
      return k.transaction().execute(async (trx) => {
        const review = await getReview(trx, reviewId);
        if (review?.status !== "published") throw new AppError("not_found", "No such review");
        const counted = await addVote(trx, reviewId, voter, nowIso());
        return { helpful: Number(review.helpful_count) + (counted ? 1 : 0), counted };
      });
    },

    /** The token of the link that lets the buyer at `email` review `line`'s product without signing in (90 days from `now`). */
    linkToken: (line: { lineId: string; productId: string }, email: string, now: Date) => guestLinks.tokenFor(line, email, now),

    /** Of these orders, those whose buyer was already asked for reviews. */
    requestedAmong: (orderIds: string[]) => listRequested(k, orderIds),

    /** Marks an order's review request as sent, in the caller's transaction (the one that stores the mail): whether this call did, so it goes once. */
    claimRequest: (executor: Executor, orderId: string, at: Date) => claimRequest(executor, orderId, at.toISOString()),

    /** The token of the link under a review request that stops them for `email` (it does not expire). */
    stopToken: (email: string) => deps.tokens.sign(STOP_PURPOSE, { e: email.trim().toLowerCase() }, STOP_LINKS_UNTIL),

    /** Of these addresses, those that asked for no more review requests (lower case). */
    stoppedAmong: (emails: string[]) => listRequestStops(k, [...new Set(emails.map((e) => e.trim().toLowerCase()))]),

    /** No more review requests to the address a stop link names; 404 for a token the shop did not sign. */
    async stopRequests(token: string): Promise<void> {
      const checked = deps.tokens.verify<{ e?: unknown }>(STOP_PURPOSE, token, "", new Date());
      if (!checked.ok || typeof checked.claims.e !== "string") throw new AppError("not_found", "This link is not valid.");
      await insertRequestStop(k, checked.claims.e, nowIso());
    },

    /** How many reviews are waiting for a moderator, published and hidden (the moderation screen's tabs and the sidebar's figure). */
    async countForAdmin(): Promise<Record<ReviewStatus, number>> {
      const counts: Record<ReviewStatus, number> = { pending: 0, published: 0, hidden: 0 };
      for (const r of await countByStatus(k)) if (r.status in counts) counts[r.status as ReviewStatus] = Number(r.n);
      return counts;
    },

    /** The moderation queue: reviews in a status (all when none), newest first, 50 a page, with their product and why the rules held them. */
    async listForAdmin(query: unknown): Promise<{ data: AdminReview[]; meta: { page: number; pages: number; total: number } }> {
      const { status, page } = parseInput(adminReviewQuerySchema, query, "Invalid list parameters");
      const { rows, total } = await listForAdmin(k, { status, limit: ADMIN_PAGE, offset: (page - 1) * ADMIN_PAGE });
      return { data: await toAdmin(rows), meta: { page, pages: Math.max(1, Math.ceil(total / ADMIN_PAGE)), total } };
    },

    /** A moderator publishes or hides a review and writes, changes or removes (empty) the shop's public reply; audited in the same transaction. */
    async moderate(actor: AuditActor, reviewId: string, body: unknown): Promise<AdminReview> {
      const patch: AdminReviewPatch = parseInput(adminReviewPatchSchema, body);
      const now = nowIso();
      const { row, touchesPage } = await k.transaction().execute(async (trx) => {
        const before = await getReview(trx, reviewId);
        if (!before) throw new AppError("not_found", "No such review");
        const change: { status?: string; reply?: string | null; replied_at?: string | null; replied_by?: string | null } = {};
        if (patch.status !== undefined && patch.status !== before.status) change.status = patch.status;
        if (patch.reply !== undefined) {
          const reply = patch.reply?.trim() || null;
          if (reply !== before.reply) Object.assign(change, { reply, replied_at: reply ? now : null, replied_by: reply ? actor.email : null });
        }
        if (!Object.keys(change).length) return { row: before, touchesPage: false };
        await updateReview(trx, reviewId, { ...change, updated_at: now });
        await appendAudit(trx, actor, {
          action: "review.moderate",
          entityType: "review",
          entityId: reviewId,
          changes: changedFields(
            { status: before.status, reply: before.reply },
            { ...(change.status ? { status: change.status } : {}), ...("reply" in change ? { reply: change.reply } : {}) },
          ),
        });
        const after = { ...before, ...change, updated_at: now };
        if (change.status) await refreshRating(trx, before.product_id);
        return { row: after, touchesPage: before.status === "published" || after.status === "published" };
      });
      if (touchesPage) deps.epoch.bump();
      return (await toAdmin([row]))[0]!;
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviews>;
