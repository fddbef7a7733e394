import { z } from "zod";
import { type ImageKind, isStoredImageUrl } from "./image-sizes";

/**
 * A picture field of an admin form: one of the shop's stored images of `kind` (an upload's URL,
 * which the writing service checks is on disk) or an https address elsewhere. Empty means none.
 */
export function imageField(kind: ImageKind) {
  return z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z
      .string({ message: "Upload a picture, or give an https:// address" })
      .trim()
      .max(500, "The picture's address is too long")
      .refine((url) => isStoredImageUrl(url, kind) || /^https:\/\/[^\s/]+\.[^\s/]+\/\S*$/.test(url), "Upload a picture, or give an https:// address")
      .nullable(),
  );
}
