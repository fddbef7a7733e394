import { z } from "zod";
import { can } from "#common/auth/permissions";
import { AppError } from "#common/errors";
import { parseInput } from "#common/validate";
import { IMAGE_KINDS, type ImageKind, imageDimensions } from "#common/images/image-sizes";
import type { ImageService } from "#modules/images";
import { ADMIN_UPLOAD_MAX_FILE_BYTES } from "../input-guard";
import { readMultipart } from "../multipart";
import type { AdminRoute } from "./admin-route";

/** The kinds of picture the admin uploads (avatars are the account's own). */
export const ADMIN_UPLOAD_KINDS = ["product", "banner", "category", "logo", "favicon"] as const satisfies readonly ImageKind[];
export type AdminUploadKind = (typeof ADMIN_UPLOAD_KINDS)[number];

export const uploadFields = z.object({
  kind: z.enum(ADMIN_UPLOAD_KINDS, { message: "The kind is product, banner, category, logo or favicon" }).default("product"),
});

/**
 * Stores an admin upload at every width of its kind (WebP, server/modules/images) and returns its
 * URL (what forms send back and the database keeps), the address browsers load it from, and the
 * largest stored size. A product photo is fitted whole on white (cropping could cut
 * the product off); a banner or category picture is cropped to its frame around what draws the eye.
 */
export async function storeAdminUpload(images: Pick<ImageService, "storeImage" | "publicUrl">, file: string | Buffer, kind: AdminUploadKind) {
  // A logo is fitted whole too: cropping could cut letters off.
  const url = await images.storeImage(file, kind, { fit: kind === "product" || kind === "logo" ? "contain" : "cover" });
  const widths = IMAGE_KINDS[kind].widths;
  return { url, publicUrl: images.publicUrl(url), ...imageDimensions(kind, widths[widths.length - 1]) };
}

/** Names the `file` field in an invalid-input error that names none (the form's field errors show it there). */
function aboutTheFile(error: unknown): unknown {
  if (error instanceof AppError && error.code === "invalid_input" && !error.fields)
    return new AppError("invalid_input", error.message, { file: error.message });
  return error;
}

/** Picture uploads for products, banners, categories and the settings' logo and favicon. An upload changes nothing until a product, banner or category uses its URL, so it has no audit entry. */
export const UPLOAD_ROUTES: AdminRoute[] = [
  {
    method: "POST",
    path: "/uploads",
    summary:
      "Upload a picture (multipart, field `file`; field `kind`: product, banner, category, logo or favicon, default product) of at most 10 MB: stored at every width the storefront serves as WebP in the object store; answers 201 with its `url` (what product, banner, category and settings fields take), `publicUrl` (where browsers load it from: the store's or the CDN's address), `width` and `height` (the largest size). One file per request. Needs the catalog permission, content for a banner's picture, settings for the logo or the favicon.",
    async handler(c) {
      let form: Awaited<ReturnType<typeof readMultipart>>;
      try {
        form = await readMultipart(c.req.raw, {
          fileFields: ["file"],
          maxFileBytes: ADMIN_UPLOAD_MAX_FILE_BYTES,
          tooLargeMessage: "The picture is too large: 10 MB at most, please.",
        });
      } catch (error) {
        throw aboutTheFile(error);
      }
      try {
        const { kind } = parseInput(uploadFields, Object.fromEntries(form.fields));
        // A banner's picture is content; the logo and the favicon are settings; a product's or category's is the catalogue.
        const needs = kind === "banner" ? "content" : kind === "logo" || kind === "favicon" ? "settings" : "catalog";
        if (!can(c.var.admin, needs)) throw new AppError("forbidden", `Uploading a ${kind} picture needs the “${needs}” permission.`);
        if (!form.file) throw new AppError("invalid_input", "Choose a picture to upload.", { file: "Choose a picture" });
        const stored = await storeAdminUpload(c.var.services.images, form.file.path, kind).catch((error: unknown) => {
          throw aboutTheFile(error);
        });
        return c.json({ data: stored }, 201);
      } finally {
        await form.cleanup();
      }
    },
  },
];
