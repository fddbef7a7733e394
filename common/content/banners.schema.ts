import { z } from "zod";
import { imageField } from "../images/image-field";
import { sameSitePath } from "../same-site-path";
import { translatedText, translationsSchema } from "#common/translations";

const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

/** Where a banner leads: a path on the shop (`/product-category/shoes`) or an https address. */
export function isBannerLink(link: string): boolean {
  if (/\s/.test(link)) return false;
  if (link.startsWith("/")) return sameSitePath(link) !== null;
  try {
    const url = new URL(link);
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
}

const title = z.string({ message: "Give the banner a title" }).trim().min(1, "Give the banner a title").max(120, "The title can be at most 120 characters");
const subtitle = z.preprocess(blankToNull, z.string({ message: "The text is text" }).trim().max(300, "The text can be at most 300 characters").nullable());
const alt = z
  .string({ message: "Describe the picture for people who cannot see it" })
  .trim()
  .min(1, "Describe the picture for people who cannot see it")
  .max(250, "The alt text can be at most 250 characters");
const link = z.preprocess(
  blankToNull,
  z
    .string({ message: "The link is a path on the shop or an https:// address" })
    .trim()
    .max(500, "The link can be at most 500 characters")
    .refine(isBannerLink, "Use a path on the shop, such as /product-category/shoes, or an https:// address")
    .nullable(),
);
const sortOrder = z.coerce
  .number({ message: "The position is a number" })
  .int("The position is a whole number")
  .min(0, "The position is 0 or more")
  .max(100_000, "The position is at most 100000");
const active = z.boolean({ message: "Active is true or false" });
/** An instant with its offset (2026-11-24T09:00:00+01:00 or …Z); empty means no bound. */
const instant = z.preprocess(
  blankToNull,
  z.iso
    .datetime({ offset: true, message: "Use a date and time with its offset, such as 2026-11-24T09:00:00Z" })
    .transform((v) => new Date(v).toISOString())
    .nullable(),
);

/** A banner's texts in another language: each one left blank shows the default language's. */
export const bannerTranslationSchema = z.object({
  title: translatedText("The title", 120),
  subtitle: translatedText("The text", 300),
  alt: translatedText("The alt text", 250),
});
export type BannerTranslation = z.output<typeof bannerTranslationSchema>;
/** `{ de: { title, subtitle, alt }, … }`: given, it replaces the banner's translations (a language left out is not translated). */
const translations = translationsSchema(bannerTranslationSchema);

const windowRule = (v: { startsAt?: string | null; endsAt?: string | null }, ctx: z.RefinementCtx) => {
  if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt) ctx.addIssue({ code: "custom", path: ["endsAt"], message: "The end must come after the start" });
};

/**
 * A new home banner (POST /api/admin/banners, the banner-management screen): its picture (an
 * upload of kind banner, or an https address) with alt text (the picture carries the banner's
 * message, so it is required), title, text, link, position (default last), whether it is on, and
 * an optional window `startsAt`…`endsAt` in which it shows.
 */
export const bannerCreateSchema = z
  .object({
    title,
    subtitle: subtitle.optional(),
    image: imageField("banner").refine((v) => v !== null, "Upload the banner's picture"),
    alt,
    link: link.optional(),
    sortOrder: sortOrder.optional(),
    active: active.optional(),
    startsAt: instant.optional(),
    endsAt: instant.optional(),
    translations: translations.optional(),
  })
  .superRefine(windowRule);
export type BannerCreateInput = z.infer<typeof bannerCreateSchema>;

/** Changes to a banner (PATCH /api/admin/banners/{id}): only the fields sent change; `version`, when sent, must be the one read. */
export const bannerUpdateSchema = z
  .object({
    title: title.optional(),
    subtitle: subtitle.optional(),
    image: imageField("banner")
      .refine((v) => v !== null, "Upload the banner's picture")
      .optional(),
    alt: alt.optional(),
    link: link.optional(),
    sortOrder: sortOrder.optional(),
    active: active.optional(),
    startsAt: instant.optional(),
    endsAt: instant.optional(),
    translations: translations.optional(),
    version: z.number({ message: "The version is a number" }).int().min(1).optional(),
  })
  .superRefine(windowRule);
export type BannerUpdateInput = z.infer<typeof bannerUpdateSchema>;

/** The banners in their new order: every banner's id, once. */
export const bannerReorderSchema = z.object({
  ids: z.array(z.string().trim().min(1).max(64), { message: "List the banners in their new order" }).min(1).max(1000),
});
