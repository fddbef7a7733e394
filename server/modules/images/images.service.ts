import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { AppError } from "#common/errors";
import { IMAGE_KINDS, type ImageFormat, type ImageKind, imageDimensions, imageVariantUrl, kindOffersAvif, storedImageUrl } from "#common/images/image-sizes";

/** Names are lower-case words and dashes: safe as file names and unambiguous under the naming rule. */
const NAME = /^[a-z0-9][a-z0-9-]{0,119}$/;
const RASTER_FORMATS = new Set(["jpeg", "png", "webp", "avif", "gif", "tiff", "heif"]);
/** Decoding a bigger picture than this (about 50 megapixels) is refused rather than risking memory. */
const MAX_INPUT_PIXELS = 50_000_000;

export interface ImageServiceOptions {
  uploadsDir: string;
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
 * Stores images at every width of their kind as WebP under the uploads folder, following the naming
 * rule, and as AVIF too for the kinds that offer it when that is smaller at every width.
 */
export function createImageService(options: ImageServiceOptions) {
  const quality = options.quality ?? 80;
  const effort = options.effort ?? 4;
  const avifQuality = options.avifQuality ?? 50;
  const avifEffort = options.avifEffort ?? 2;
  const root = path.resolve(options.uploadsDir);
  /**
   * Whether each image asked about has its AVIF files, remembered both ways: pages ask on every
   * render, and a miss was a few synchronous stats each time. Writing or removing an image's files
   * forgets it.
   */
  const avifOf = new Map<string, boolean>();

  /** The file of one width of a stored image, or null for a URL that is not one of ours. */
  function fileOf(url: string, kind: ImageKind, width: number, format: ImageFormat = "webp"): string | null {
    const prefix = `/uploads/${IMAGE_KINDS[kind].dir}/`;
    if (!url.startsWith(prefix) || !url.endsWith(".webp") || !NAME.test(url.slice(prefix.length, -".webp".length))) return null;
    return path.join(root, imageVariantUrl(url, kind, width, format).slice("/uploads/".length));
  }

  /** Writes through a temporary file so a half-written image is never served. */
  async function writeAtomically(file: string, write: (tmp: string) => Promise<unknown>): Promise<void> {
    const tmp = `${file}.${randomBytes(4).toString("hex")}.tmp`;
    try {
      await write(tmp);
      await fs.promises.rename(tmp, file);
    } catch (error) {
      await fs.promises.rm(tmp, { force: true });
      throw error;
    }
  }

  /** The files of every width in one format; empty for a URL that is not one of ours. */
  function formatFiles(url: string, kind: ImageKind, format: ImageFormat): string[] {
    const files = IMAGE_KINDS[kind].widths.map((w) => fileOf(url, kind, w, format));
    return files.every((f) => f !== null) ? (files as string[]) : [];
  }

  /** Every file an image may have: its WebP widths, then its AVIF widths where the kind offers AVIF. */
  function filesOf(url: string, kind: ImageKind): string[] {
    return [...formatFiles(url, kind, "webp"), ...(kindOffersAvif(kind) ? formatFiles(url, kind, "avif") : [])];
  }

  async function prepareDir(kind: ImageKind): Promise<void> {
    await fs.promises.mkdir(path.join(root, IMAGE_KINDS[kind].dir), { recursive: true });
  }

  /**
   * Encodes every width of an image (`at(width)` gives its pixels at that width) and writes them: WebP
   * always; AVIF as well where the kind offers it and it is smaller than the WebP at every width, so
   * a page offers AVIF for all widths of an image or for none. `kept` lists WebP files already on disk
   * to keep as they are (width → size in bytes).
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
        if (webp) writes.push(writeAtomically(fileOf(url, kind, w)!, (tmp) => fs.promises.writeFile(tmp, webp)));
        if (withAvif) {
          const file = fileOf(url, kind, w, "avif")!;
          writes.push(keepAvif && avif ? writeAtomically(file, (tmp) => fs.promises.writeFile(tmp, avif)) : fs.promises.rm(file, { force: true }));
        }
        return writes;
      }),
    );
    // What a page asked while the files were being written is out of date now.
    avifOf.delete(url);
  }

  /**
   * The stored images of a kind whose WebP widths are not all on disk (by one directory listing, so
   * a folder of complete images costs no more): name → the files it has.
   */
  async function incompleteImages(kind: ImageKind): Promise<Map<string, Set<string>>> {
    const { dir, widths } = IMAGE_KINDS[kind];
    const files = new Set(await fs.promises.readdir(path.join(root, dir)).catch(() => [] as string[]));
    const smaller = new Set(widths.slice(0, -1).map(String));
    const incomplete = new Map<string, Set<string>>();
    for (const file of files) {
      if (!file.endsWith(".webp")) continue;
      const name = file.slice(0, -".webp".length);
      if (!NAME.test(name)) continue;
      // `<name>-<w>.webp` beside `<name>.webp` is a smaller width of that image, not an image of its own.
      const variant = /^(.+)-(\d+)$/.exec(name);
      if (variant && smaller.has(variant[2]) && files.has(`${variant[1]}.webp`)) continue;
      const own = widths.map((w) => path.basename(imageVariantUrl(`/uploads/${dir}/${file}`, kind, w)));
      if (!own.every((f) => files.has(f))) incomplete.set(name, new Set(own.filter((f) => files.has(f))));
    }
    return incomplete;
  }

  return {
    /**
     * Stores an uploaded picture (JPEG, PNG, WebP, AVIF, GIF, TIFF, HEIF) at every width of its kind and
     * returns its URL; pictures that cannot be decoded, and vector files, are refused as invalid input.
     * `input` is the picture itself or the path of an upload streamed to disk.
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
      await prepareDir(kind);
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
      await prepareDir(kind);
      const url = storedImageUrl(kind, name);
      await writeVariants(url, kind, (w) => {
        const size = imageDimensions(kind, w);
        return sharp(input, { density: (72 * w) / max.width }).resize(size.width, size.height, { fit: "cover" });
      });
      return url;
    },

    /** Whether every width of a stored image is on disk (as WebP, which every image has). */
    hasImage(url: string, kind: ImageKind): boolean {
      const files = formatFiles(url, kind, "webp");
      return files.length > 0 && files.every((f) => fs.existsSync(f));
    },

    /**
     * Whether a stored image also has AVIF files (smaller than its WebP), so a page may offer them
     * in a `<picture>`. Asked per page render: a yes is remembered, a no looks again.
     */
    hasAvif(url: string, kind: ImageKind): boolean {
      if (!kindOffersAvif(kind)) return false;
      let has = avifOf.get(url);
      if (has === undefined) {
        const files = formatFiles(url, kind, "avif");
        has = files.length > 0 && files.every((f) => fs.existsSync(f));
        avifOf.set(url, has);
      }
      return has;
    },

    /**
     * Every file a stored image may have (WebP widths, then AVIF widths where its kind offers AVIF),
     * whether on disk or not; empty for a URL that is not one of ours.
     */
    filesOf,

    /**
     * Gives the images already on disk the widths (and AVIF) their kind has gained since they were
     * stored, from each one's largest width, one image at a time. Images that are complete cost a
     * directory listing. Run at start-up, so older uploads never leave a page's srcset with holes.
     */
    async completeStoredImages(kinds: ImageKind[] = Object.keys(IMAGE_KINDS) as ImageKind[]): Promise<{ completed: number; failed: number }> {
      let completed = 0;
      let failed = 0;
      for (const kind of kinds) {
        for (const [name, present] of await incompleteImages(kind)) {
          const url = storedImageUrl(kind, name);
          const files = formatFiles(url, kind, "webp");
          const largest = files[files.length - 1];
          try {
            const kept = new Map<number, number>();
            IMAGE_KINDS[kind].widths.forEach((w, i) => {
              if (present.has(path.basename(files[i]))) kept.set(w, fs.statSync(files[i]).size);
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
      await Promise.all(filesOf(url, kind).map((f) => fs.promises.rm(f, { force: true })));
    },
  };
}

export type ImageService = ReturnType<typeof createImageService>;
