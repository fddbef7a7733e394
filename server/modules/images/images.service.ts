import { randomBytes } from "node:crypto";
import sharp, { type Sharp } from "sharp";
import { AppError } from "#common/errors";
import {
  IMAGE_KINDS,
  type ImageFormat,
  type ImageKind,
  UPLOADS_PATH,
  imageDimensions,
  imageVariantUrl,
  kindOffersAvif,
  publicImageUrl,
  storedImageUrl,
} from "#common/images/image-sizes";
import type { ObjectStore } from "#modules/storage";

/** Names are lower-case words and dashes: safe as file names and unambiguous under the naming rule. */
const NAME = /^[a-z0-9][a-z0-9-]{0,119}$/;
const RASTER_FORMATS = new Set(["jpeg", "png", "webp", "avif", "gif", "tiff", "heif"]);
/** Decoding a bigger picture than this (about 50 megapixels) is refused rather than risking memory. */
const MAX_INPUT_PIXELS = 50_000_000;

export interface ImageServiceOptions {
  /** Where every width and format of every picture is kept (server/modules/storage). */
  storage: ObjectStore;
  /** WebP quality, 1–100. */
  quality?: number;
  /** WebP encoder effort, 0 (fastest) – 6 (smallest files). */
  effort?: number;
  /** AVIF quality, 1–100, for the kinds that offer AVIF (50 looks like WebP at 80). */
  avifQuality?: number;
  /** AVIF encoder effort, 0 (fastest) – 9: at 2 a 1920 px banner takes about half a second. */
  avifEffort?: number;
}

export interface StoreOptions {
  /** File name without extension (`a-z`, `0-9`, `-`); a random one when omitted. */
  name?: string;
  /** `cover` crops to the kind's aspect ratio (default); `contain` fits the whole picture on white. */
  fit?: "cover" | "contain";
}

function largest(kind: ImageKind) {
  const widths = IMAGE_KINDS[kind].widths;
  return imageDimensions(kind, widths[widths.length - 1]);
}

function resolveName(name: string | undefined): string {
  if (name === undefined) return randomBytes(12).toString("hex");
  if (!NAME.test(name)) throw new AppError("invalid_input", "An image name is lower-case letters, digits and dashes");
  return name;
}

/**
 * Stores images at every width of their kind as WebP in the object store, following the naming
 * rule, and as AVIF too for the kinds that offer it when that is smaller at every width. An image's
 * URL (`/uploads/products/x.webp`, what the database keeps) names its key in the store
 * (`products/x.webp`); pages turn it into the store's public address.
 */
export function createImageService(options: ImageServiceOptions) {
  const quality = options.quality ?? 80;
  const effort = options.effort ?? 4;
  const avifQuality = options.avifQuality ?? 50;
  const avifEffort = options.avifEffort ?? 2;
  const store = options.storage;
  /**
   * Whether each image asked about has its AVIF files, remembered both ways: pages ask on every
   * render, and each answer costs the store a lookup per width. Writing or removing an image's files
   * forgets it.
   */
  const avifOf = new Map<string, boolean>();

  /** The key of one width of a stored image, or null for a URL that is not one of ours. */
  function keyOf(url: string, kind: ImageKind, width: number, format: ImageFormat = "webp"): string | null {
    const prefix = `${UPLOADS_PATH}/${IMAGE_KINDS[kind].dir}/`;
    if (!url.startsWith(prefix) || !url.endsWith(".webp") || !NAME.test(url.slice(prefix.length, -".webp".length))) return null;
    return imageVariantUrl(url, kind, width, format).slice(UPLOADS_PATH.length + 1);
  }

  /** The keys of every width in one format; empty for a URL that is not one of ours. */
  function formatKeys(url: string, kind: ImageKind, format: ImageFormat): string[] {
    const keys = IMAGE_KINDS[kind].widths.map((w) => keyOf(url, kind, w, format));
    return keys.every((k) => k !== null) ? (keys as string[]) : [];
  }

  /** Every key an image may have: its WebP widths, then its AVIF widths where the kind offers AVIF. */
  function keysOf(url: string, kind: ImageKind): string[] {
    return [...formatKeys(url, kind, "webp"), ...(kindOffersAvif(kind) ? formatKeys(url, kind, "avif") : [])];
  }

  /** Whether the store holds every one of these keys (none for an empty list). */
  async function holdsAll(keys: string[]): Promise<boolean> {
    if (keys.length === 0) return false;
    return (await Promise.all(keys.map((k) => store.exists(k)))).every(Boolean);
  }

  /**
   * Encodes every width of an image (`at(width)` gives its pixels at that width) and writes them: WebP
   * always; AVIF as well where the kind offers it and it is smaller than the WebP at every width, so
   * a page offers AVIF for all widths of an image or for none. `kept` lists WebP files already in the
   * store to keep as they are (width → size in bytes).
   */
  async function writeVariants(url: string, kind: ImageKind, at: (width: number) => Sharp, kept = new Map<number, number>()): Promise<void> {
    const withAvif = kindOffersAvif(kind);
    const encoded = await Promise.all(
      IMAGE_KINDS[kind].widths.map(async (w) => {
        const pixels = kept.has(w) && !withAvif ? null : at(w);
        const [webp, avif] = await Promise.all([
          kept.has(w) ? null : pixels!.clone().webp({ quality, effort }).toBuffer(),
          withAvif ? pixels!.clone().avif({ quality: avifQuality, effort: avifEffort }).toBuffer() : null,
        ]);
        return { w, webp, webpBytes: webp?.length ?? kept.get(w)!, avif };
      }),
    );
    const keepAvif = withAvif && encoded.every((e) => e.avif !== null && e.avif.length < e.webpBytes);
    avifOf.delete(url);
    await Promise.all(
      encoded.flatMap(({ w, webp, avif }) => {
        const writes: Promise<void>[] = [];
        if (webp) writes.push(store.put(keyOf(url, kind, w)!, webp, { contentType: "image/webp" }));
        if (withAvif) {
          const key = keyOf(url, kind, w, "avif")!;
          writes.push(keepAvif && avif ? store.put(key, avif, { contentType: "image/avif" }) : store.delete(key));
        }
        return writes;
      }),
    );
    // What a page asked while the files were being written is out of date now.
    avifOf.delete(url);
  }

  /**
   * The stored images of a kind whose WebP widths are not all in the store (by one listing, so a
   * kind of complete images costs no more): name → the keys it has, with their sizes in bytes.
   */
  async function incompleteImages(kind: ImageKind): Promise<Map<string, Map<string, number>>> {
    const { dir, widths } = IMAGE_KINDS[kind];
    const sizes = new Map((await store.list(`${dir}/`)).map((o) => [o.key, o.size]));
    const smaller = new Set(widths.slice(0, -1).map(String));
    const incomplete = new Map<string, Map<string, number>>();
    for (const key of sizes.keys()) {
      const file = key.slice(dir.length + 1);
      if (!file.endsWith(".webp") || file.includes("/")) continue;
      const name = file.slice(0, -".webp".length);
      if (!NAME.test(name)) continue;
      // `<name>-<w>.webp` beside `<name>.webp` is a smaller width of that image, not an image of its own.
      const variant = /^(.+)-(\d+)$/.exec(name);
      if (variant && smaller.has(variant[2]) && sizes.has(`${dir}/${variant[1]}.webp`)) continue;
      const own = formatKeys(storedImageUrl(kind, name), kind, "webp");
      if (!own.every((k) => sizes.has(k))) incomplete.set(name, new Map(own.filter((k) => sizes.has(k)).map((k) => [k, sizes.get(k)!])));
    }
    return incomplete;
  }

  return {
    /** Where browsers load stored pictures from (the store's public address or the shop's /uploads): see publicImageUrl. */
    publicBase: store.publicBase,

    /** The address a browser loads a stored picture (or one width of it) from; other URLs as they are. */
    publicUrl: (url: string) => publicImageUrl(url, store.publicBase),

    /**
     * Stores an uploaded picture (JPEG, PNG, WebP, AVIF, GIF, TIFF, HEIF) at every width of its kind and
     * returns its URL; pictures that cannot be decoded, and vector files, are refused as invalid input.
     * `input` is the picture itself or the path of an upload streamed to disk. A store that cannot
     * take the files is an `unavailable` error (503).
     */
    async storeImage(input: Buffer | string, kind: ImageKind, opts: StoreOptions = {}): Promise<string> {
      const name = resolveName(opts.name);
      let format: string | undefined;
      try {
        format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
      } catch {
        throw new AppError("invalid_input", "This file is not a picture we can read");
      }
      if (!format || !RASTER_FORMATS.has(format)) {
        throw new AppError("invalid_input", "Please upload a JPEG, PNG, WebP, AVIF or GIF picture");
      }
      const max = largest(kind);
      const fit = opts.fit ?? "cover";
      // Decode, orient and crop once at the largest size; smaller widths are scaled from those pixels.
      const raw = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize(max.width, max.height, { fit, position: fit === "cover" ? "attention" : "centre", background: "#ffffff" })
        .raw()
        .toBuffer({ resolveWithObject: true })
        .catch(() => {
          throw new AppError("invalid_input", "This picture is damaged or too large to process");
        });
      const url = storedImageUrl(kind, name);
      const { width, height, channels } = raw.info;
      await writeVariants(url, kind, (w) => {
        const size = imageDimensions(kind, w);
        return sharp(raw.data, { raw: { width, height, channels } }).resize(size.width, size.height);
      });
      return url;
    },

    /**
     * Renders a trusted SVG drawing (made by our own code, never uploaded: SVG can reference other
     * files) directly at every width of its kind and returns its URL. The SVG's own size should be the
     * kind's largest size; each width is rasterised at its scale, which is sharper and faster than resizing.
     */
    async storeSvg(svg: string, kind: ImageKind, opts: { name?: string } = {}): Promise<string> {
      const name = resolveName(opts.name);
      const max = largest(kind);
      const input = Buffer.from(svg);
      const url = storedImageUrl(kind, name);
      await writeVariants(url, kind, (w) => {
        const size = imageDimensions(kind, w);
        return sharp(input, { density: (72 * w) / max.width }).resize(size.width, size.height, { fit: "cover" });
      });
      return url;
    },

    /** Whether every width of a stored image is in the store (as WebP, which every image has). */
    async hasImage(url: string, kind: ImageKind): Promise<boolean> {
      return holdsAll(formatKeys(url, kind, "webp"));
    },

    /**
     * Whether a stored image also has AVIF files (smaller than its WebP), so a page may offer them
     * in a `<picture>`. Asked per page render and remembered; a store that does not answer counts
     * as no, asked again next time.
     */
    async hasAvif(url: string, kind: ImageKind): Promise<boolean> {
      if (!kindOffersAvif(kind)) return false;
      const known = avifOf.get(url);
      if (known !== undefined) return known;
      const has = await holdsAll(formatKeys(url, kind, "avif")).catch(() => null);
      if (has === null) return false;
      avifOf.set(url, has);
      return has;
    },

    /**
     * Every key a stored image may have in the store (WebP widths, then AVIF widths where its kind
     * offers AVIF), whether there or not; empty for a URL that is not one of ours.
     */
    keysOf,

    /**
     * Gives the images already stored the widths (and AVIF) their kind has gained since they were
     * stored, from each one's largest width, one image at a time. Images that are complete cost a
     * listing of the store. Run at start-up, so older uploads never leave a page's srcset with holes.
     */
    async completeStoredImages(kinds: ImageKind[] = Object.keys(IMAGE_KINDS) as ImageKind[]): Promise<{ completed: number; failed: number }> {
      let completed = 0;
      let failed = 0;
      for (const kind of kinds) {
        for (const [name, present] of await incompleteImages(kind)) {
          const url = storedImageUrl(kind, name);
          const keys = formatKeys(url, kind, "webp");
          try {
            const largest = await store.get(keys[keys.length - 1]);
            if (!largest) throw new Error(`${url} has no largest width to make the others from`);
            const kept = new Map<number, number>();
            IMAGE_KINDS[kind].widths.forEach((w, i) => {
              const size = present.get(keys[i]);
              if (size !== undefined) kept.set(w, size);
            });
            await writeVariants(
              url,
              kind,
              (w) => {
                const size = imageDimensions(kind, w);
                return sharp(largest, { limitInputPixels: MAX_INPUT_PIXELS }).resize(size.width, size.height);
              },
              kept,
            );
            completed++;
          } catch {
            failed++;
          }
        }
      }
      return { completed, failed };
    },

    /** Deletes every width and format of a stored image; URLs that are not ours (external links) are left alone. */
    async removeImage(url: string, kind: ImageKind): Promise<void> {
      avifOf.delete(url);
      await Promise.all(keysOf(url, kind).map((k) => store.delete(k)));
    },
  };
}

export type ImageService = ReturnType<typeof createImageService>;
