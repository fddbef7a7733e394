/**
 * Stored images follow one naming rule so pages can offer `srcset` without asking the server:
 * `/uploads/<dir>/<name>.webp` is the largest width of its kind and `<name>-<w>.webp` the others.
 * Kinds that offer AVIF may also have `<name>.avif` and `<name>-<w>.avif`, at every width or none:
 * the image service keeps them only for an image whose AVIF is smaller than its WebP at every width.
 *
 * That URL is what the database keeps, whatever the store: the part after `/uploads/` is the key of
 * the file in the object store, and a page loads it from the store's public address
 * (`publicImageUrl`), which is `/uploads` itself for the shop's own folder.
 */
interface ImageKindRule {
  /** Every width stored, smallest first; the last is the URL's own file. */
  widths: readonly number[];
  aspect: number;
  dir: string;
  /** Also encoded as AVIF (kept where smaller): for the pictures that are a page's largest paint. */
  avif?: true;
}

export const IMAGE_KINDS = {
  product: { widths: [320, 640, 1024], aspect: 1, dir: "products" },
  // The home page's largest paint. 828 is a phone's full width (360–414 CSS px at 2x, or
  // Lighthouse's 412 px at 1.75x): without it a phone loads the 1280.
  banner: { widths: [640, 828, 1280, 1920], aspect: 1920 / 720, dir: "banners", avif: true },
  category: { widths: [160, 320], aspect: 1, dir: "categories" },
  // The header's logo (shown 32 px high, up to 4:1 wide: fitted whole) and the browser tab's icon (site settings).
  logo: { widths: [160, 320], aspect: 4, dir: "logos" },
  favicon: { widths: [32, 180, 512], aspect: 1, dir: "favicons" },
  // Profile pictures: square, small in the header (96) and larger on the profile page (256).
  avatar: { widths: [96, 256], aspect: 1, dir: "avatars" },
  // Shoppers' photos under their review: square thumbnails (160 at 2x of 80 px), the whole photo fitted when opened.
  review: { widths: [160, 640, 1280], aspect: 1, dir: "reviews" },
} as const satisfies Record<string, ImageKindRule>;

export type ImageKind = keyof typeof IMAGE_KINDS;

/** The encodings of a stored image: WebP always, AVIF where its kind offers it and it came out smaller. */
export type ImageFormat = "webp" | "avif";

/** The path every stored image's URL starts with (then `/<dir>/<name>.webp`). */
export const UPLOADS_PATH = "/uploads";

const STORED = /^\/uploads\/.+\.webp$/;

/** Whether images of this kind are also encoded as AVIF (each image keeps it only where smaller). */
export function kindOffersAvif(kind: ImageKind): boolean {
  const rule: ImageKindRule = IMAGE_KINDS[kind];
  return rule.avif === true;
}

/** The URL of one width of a stored image in one format; other URLs (external links) are returned as they are. */
export function imageVariantUrl(src: string, kind: ImageKind, width: number, format: ImageFormat = "webp"): string {
  const widths = IMAGE_KINDS[kind].widths;
  if (!STORED.test(src)) return src;
  const suffix = width === widths[widths.length - 1] ? "" : `-${width}`;
  return src.replace(/\.webp$/, `${suffix}.${format}`);
}

/**
 * Where a browser loads a stored file from: `base` (the store's public address, the shop's own
 * `/uploads` by default) in place of `/uploads`. Other URLs (external pictures) are returned as they are.
 */
export function publicImageUrl(src: string, base: string = UPLOADS_PATH): string {
  if (base === UPLOADS_PATH || !src.startsWith(`${UPLOADS_PATH}/`)) return src;
  return `${base}${src.slice(UPLOADS_PATH.length)}`;
}

/** A `srcset` for a stored image in one format, loaded from `base` (see publicImageUrl), or undefined for an external URL. */
export function imageSrcSet(src: string, kind: ImageKind, format: ImageFormat = "webp", base: string = UPLOADS_PATH): string | undefined {
  if (!STORED.test(src)) return undefined;
  return IMAGE_KINDS[kind].widths.map((w) => `${publicImageUrl(imageVariantUrl(src, kind, w, format), base)} ${w}w`).join(", ");
}

/** The URL under which an image of this kind and name is stored (its largest width). */
export function storedImageUrl(kind: ImageKind, name: string): string {
  return `${UPLOADS_PATH}/${IMAGE_KINDS[kind].dir}/${name}.webp`;
}

/** Width and height in pixels of one width of a kind (the height follows the kind's aspect ratio). */
export function imageDimensions(kind: ImageKind, width: number): { width: number; height: number } {
  return { width, height: Math.round(width / IMAGE_KINDS[kind].aspect) };
}

/** Whether a URL names a stored image of this kind (`/uploads/<dir>/<name>.webp`), by the naming rule alone. */
export function isStoredImageUrl(url: string, kind: ImageKind): boolean {
  const prefix = `/uploads/${IMAGE_KINDS[kind].dir}/`;
  return url.startsWith(prefix) && /^[a-z0-9][a-z0-9-]{0,119}\.webp$/.test(url.slice(prefix.length));
}
