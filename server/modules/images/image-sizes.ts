/**
 * Stored images follow one naming rule so pages can offer `srcset` without asking the server:
 * `/uploads/<dir>/<name>.webp` is the largest width of its kind and `<name>-<w>.webp` the others.
 */
export const IMAGE_KINDS = {
  product: { widths: [320, 640, 1024], aspect: 1, dir: "products" },
  banner: { widths: [640, 1280, 1920], aspect: 1920 / 720, dir: "banners" },
  category: { widths: [160, 320], aspect: 1, dir: "categories" },
  // The header's logo (shown 32 px high, up to 4:1 wide: fitted whole) and the browser tab's icon (site settings).
  logo: { widths: [160, 320], aspect: 4, dir: "logos" },
  favicon: { widths: [32, 180, 512], aspect: 1, dir: "favicons" },
  // Profile pictures: square, small in the header (96) and larger on the profile page (256).
  avatar: { widths: [96, 256], aspect: 1, dir: "avatars" },
} as const;

export type ImageKind = keyof typeof IMAGE_KINDS;

const STORED = /^\/uploads\/.+\.webp$/;

/** The URL of one width of a stored image; other URLs (external links) are returned as they are. */
export function imageVariantUrl(src: string, kind: ImageKind, width: number): string {
  const widths = IMAGE_KINDS[kind].widths;
  if (!STORED.test(src) || width === widths[widths.length - 1]) return src;
  return src.replace(/\.webp$/, `-${width}.webp`);
}

/** A `srcset` for a stored image, or undefined for an external URL. */
export function imageSrcSet(src: string, kind: ImageKind): string | undefined {
  if (!STORED.test(src)) return undefined;
  return IMAGE_KINDS[kind].widths.map((w) => `${imageVariantUrl(src, kind, w)} ${w}w`).join(", ");
}

/** The URL under which an image of this kind and name is stored (its largest width). */
export function storedImageUrl(kind: ImageKind, name: string): string {
  return `/uploads/${IMAGE_KINDS[kind].dir}/${name}.webp`;
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
