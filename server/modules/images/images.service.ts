import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { AppError } from "../../lib/errors";
import { IMAGE_KINDS, type ImageKind, imageDimensions, imageVariantUrl, storedImageUrl } from "./image-sizes";

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

/** Stores images at every width of their kind as WebP under the uploads folder, following the naming rule. */
export function createImageService(options: ImageServiceOptions) {
  const quality = options.quality ?? 80;
  const effort = options.effort ?? 4;
  const root = path.resolve(options.uploadsDir);

  /** The file of one width of a stored image, or null for a URL that is not one of ours. */
  function fileOf(url: string, kind: ImageKind, width: number): string | null {
    const prefix = `/uploads/${IMAGE_KINDS[kind].dir}/`;
    if (!url.startsWith(prefix) || !url.endsWith(".webp") || !NAME.test(url.slice(prefix.length, -".webp".length))) return null;
    return path.join(root, imageVariantUrl(url, kind, width).slice("/uploads/".length));
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

  function filesOf(url: string, kind: ImageKind): string[] {
    const files = IMAGE_KINDS[kind].widths.map((w) => fileOf(url, kind, w));
    return files.every((f) => f !== null) ? (files as string[]) : [];
  }

  async function prepareDir(kind: ImageKind): Promise<void> {
    await fs.promises.mkdir(path.join(root, IMAGE_KINDS[kind].dir), { recursive: true });
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
      await Promise.all(
        IMAGE_KINDS[kind].widths.map((w) => {
          const size = imageDimensions(kind, w);
          return writeAtomically(fileOf(url, kind, w)!, (tmp) =>
            sharp(raw.data, { raw: { width, height, channels } }).resize(size.width, size.height).webp({ quality, effort }).toFile(tmp),
          );
        }),
      );
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
      await Promise.all(
        IMAGE_KINDS[kind].widths.map((w) => {
          const size = imageDimensions(kind, w);
          return writeAtomically(fileOf(url, kind, w)!, (tmp) =>
            sharp(input, { density: (72 * w) / max.width })
              .resize(size.width, size.height, { fit: "cover" })
              .webp({ quality, effort })
              .toFile(tmp),
          );
        }),
      );
      return url;
    },

    /** Whether every width of a stored image is on disk. */
    hasImage(url: string, kind: ImageKind): boolean {
      return IMAGE_KINDS[kind].widths.every((w) => {
        const file = fileOf(url, kind, w);
        return file !== null && fs.existsSync(file);
      });
    },

    /** The files of every width of a stored image; empty for a URL that is not one of ours. */
    filesOf,

    /** Deletes every width of a stored image; URLs that are not ours (external links) are left alone. */
    async removeImage(url: string, kind: ImageKind): Promise<void> {
      await Promise.all(filesOf(url, kind).map((f) => fs.promises.rm(f, { force: true })));
    },
  };
}

export type ImageService = ReturnType<typeof createImageService>;
