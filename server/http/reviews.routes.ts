import { type Context, Hono } from "hono";
import { AppError } from "#common/errors";
import { MAX_REVIEW_PHOTOS, REVIEW_MESSAGES } from "#common/reviews/review-rules";
import { ownerKey } from "../lib/shopper";
import { requireApiUser } from "./caller";
import type { AppEnv } from "./context";
import { readMultipart } from "./multipart";
import { apiShopper } from "./shopper";

/** A review sent as a form with its photos (multipart): its fields as the JSON body has them, and the photos on disk. */
async function readReviewForm(request: Request) {
  let form: Awaited<ReturnType<typeof readMultipart>>;
  try {
    form = await readMultipart(request, {
      fileFields: ["photos", "photos[]"],
      maxFiles: MAX_REVIEW_PHOTOS,
      tooManyMessage: REVIEW_MESSAGES.photosTooMany,
      tooLargeMessage: REVIEW_MESSAGES.photoTooLarge,
    });
  } catch (error) {
    // A photo too large or too many: the form shows it at the photos field.
    if (error instanceof AppError && !error.fields && error.code === "too_large") throw new AppError("too_large", error.message, { photos: error.message });
    throw error;
  }
  const { rating, ...fields } = Object.fromEntries(form.fields);
  // A form's rating is text: a number for the schema, which names it when it is none.
  const body = { ...fields, ...(rating !== undefined ? { rating: rating.trim() === "" ? undefined : Number(rating) } : {}) };
  return { body, photos: form.files.map((f) => f.path), cleanup: form.cleanup };
}

/** Product reviews over JSON: a product's published reviews, a buyer's review (JSON, or multipart with up to 4 photos; a second one edits the first), helpful votes. */
export function reviewRoutes() {
  const r = new Hono<AppEnv>();

  r.get("/products/:slug/reviews", async (c) => {
    const { currency: _currency, lang: _lang, ...query } = c.req.query();
    return c.json({ success: true, ...(await c.var.services.reviews.list(c.req.param("slug"), query)) });
  });

  r.post("/products/:slug/reviews", async (c) => {
    const multipart = c.req.header("content-type")?.toLowerCase().startsWith("multipart/form-data");
    const form = multipart ? await readReviewForm(c.req.raw) : { body: await reviewBody(c), photos: [], cleanup: async () => {} };
    // A buyer without an account writes through the signed link mailed after delivery (`token`); anyone else signs in.
    const { body } = form;
    const token = body && typeof body === "object" && "token" in body ? (body as { token: unknown }).token : undefined;
    const write =
      token !== undefined && token !== ""
        ? c.var.services.reviews.submitWithToken(token, c.req.param("slug"), body, form.photos)
        : requireApiUser(c).then((user) => c.var.services.reviews.submit(user, c.req.param("slug"), body, form.photos));
    const { review, created } = await write.finally(form.cleanup);
    c.header("Cache-Control", "private, no-store");
    return c.json({ success: true, data: review }, created ? 201 : 200);
  });

  r.post("/reviews/:id/helpful", async (c) => {
    const shopper = await apiShopper(c);
    // One vote per account, or per browser for a visitor (the signed visitor cookie, made here when missing).
    const voter = ownerKey(shopper.ensureOwner())!;
    const result = await c.var.services.reviews.voteHelpful(c.req.param("id"), voter);
    shopper.finish(c);
    return c.json({ success: true, data: result });
  });

  // The one-click unsubscribe of a review request (RFC 8058: a POST to its List-Unsubscribe address).
  r.post("/review-requests/:token/unsubscribe", async (c) => {
    await c.var.services.reviews.stopRequests(c.req.param("token"));
    return c.json({ success: true });
  });

  return r;
}

/** A review's body without photos: JSON, or a plain form's fields (the rating as a number, as the form's radio buttons send it as text). */
async function reviewBody(c: Context<AppEnv>): Promise<unknown> {
  if (/^application\/x-www-form-urlencoded/i.test(c.req.header("content-type") ?? "")) {
    const form = await c.req.parseBody().catch(() => {
      throw new AppError("invalid_input", "The form could not be read");
    });
    const fields = Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === "string")) as Record<string, string>;
    return { ...fields, ...(fields.rating !== undefined && fields.rating.trim() !== "" ? { rating: Number(fields.rating) } : {}) };
  }
  return c.req.json().catch(() => {
    throw new AppError("invalid_input", "The request body must be JSON");
  });
}
