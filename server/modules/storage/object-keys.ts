import { AppError } from "#common/errors";

/** Segments of letters, digits, dots, dashes and underscores that do not start with a dot: no `..`, no hidden files. */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Throws invalid_input for a key that could leave the store's folder or that a URL would need to escape. */
export function requireKey(key: string): string {
  if (key.length > 512 || !KEY.test(key)) throw new AppError("invalid_input", `"${key.slice(0, 80)}" is not a file name the store accepts`);
  return key;
}

/** Whether a text is a key the store accepts. */
export const isObjectKey = (key: string) => key.length <= 512 && KEY.test(key);

const TYPES: Record<string, string> = {
  webp: "image/webp",
  avif: "image/avif",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  svg: "image/svg+xml",
  ico: "image/x-icon",
};

/** The Content-Type of an object, from its extension. */
export function contentTypeOf(key: string): string {
  return TYPES[key.slice(key.lastIndexOf(".") + 1).toLowerCase()] ?? "application/octet-stream";
}

/** Cache-Control of stored objects: a key always names the same bytes (new pictures get new names). */
export const OBJECT_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** `base/key` with each segment of the key escaped (they need none today; the store's rule may grow). */
export function joinPublicUrl(base: string, key: string): string {
  return `${base}/${requireKey(key).split("/").map(encodeURIComponent).join("/")}`;
}
