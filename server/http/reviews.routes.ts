import { Hono } from "hono";
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
    const user = await requireApiUser(c);
    const multipart = c.req.header("content-type")?.toLowerCase().startsWith("multipart/form-data");
    const form = multipart
      ? await readReviewForm(c.req.raw)
      : {
          body: await c.req.json().catch(() => {
            throw new AppError("invalid_input", "The request body must be JSON");
          }),
          photos: [],
          cleanup: async () => {},
        };
    const { review, created } = await c.var.services.reviews.submit(user, c.req.param("slug"), form.body, form.photos).finally(form.cleanup);
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

  return r;
}
