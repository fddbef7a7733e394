import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { slugify } from "#common/slug";
import { storedImageUrl, type ImageKind } from "#common/images/image-sizes";
import type { ImageService } from "#modules/images";
import type { ObjectStore } from "#modules/storage";
import { COLORS } from "./colors";
import { type ArtItem, bannerSvg, categorySvg, productSvg } from "./illustrations";
import type { ImageRef } from "./product-planner";
import { hashString } from "./random";

export interface ImagePoolOptions {
  images: ImageService;
  /** The store the image service writes to: pictures found in the cache folder are copied into it. */
  storage: ObjectStore;
  /** When false, URLs are handed out but no file is written (fast tests). */
  write: boolean;
  /** How many pictures render at once; defaults to the number of CPU cores. */
  concurrency?: number;
  /**
   * A folder that keeps rendered pictures between seeds (tests, resets, other checkouts' databases):
   * a picture found there is copied instead of rendered. Names carry a hash of the drawing, so the
   * folder needs no invalidation beyond a new folder per encoder setting.
   */
  cacheDir?: string;
}

/**
 * Hands out the URL of a demo picture at once and renders each distinct picture only once, in the
 * background, a few at a time. File names carry a hash of the drawing, so a picture already stored
 * by an earlier seed (or in the cache folder) is kept, and a changed drawing gets a new name.
 */
export function createImagePool(options: ImagePoolOptions) {
  const concurrency = Math.max(1, options.concurrency ?? Math.min(4, os.availableParallelism()));
  const urls = new Map<string, string>();
  const queue: Array<() => Promise<void>> = [];
  const stats = { rendered: 0, reused: 0, cached: 0 };
  const cacheDir = options.cacheDir ? path.resolve(options.cacheDir) : null;
  const cached = (key: string) => path.join(cacheDir!, key);

  /**
   * Copies a picture's files from the cache into the store; false when the cache lacks one it needs
   * (`needed`: its WebP widths; the others, AVIF, exist only where the encoder found them smaller).
   */
  async function copyFromCache(keys: string[], needed: string[]): Promise<boolean> {
    if (!cacheDir || !needed.every((k) => fs.existsSync(cached(k)))) return false;
    try {
      const present = keys.filter((k) => fs.existsSync(cached(k)));
      await Promise.all(present.map(async (k) => options.storage.put(k, await fs.promises.readFile(cached(k)))));
      return true;
    } catch {
      return false;
    }
  }

  /** Keeps a rendered picture's files (those written) in the cache; a cache that cannot be written is simply not used. */
  async function copyToCache(keys: string[]): Promise<void> {
    if (!cacheDir) return;
    try {
      await Promise.all(
        keys.map(async (k) => {
          const bytes = await options.storage.get(k);
          if (!bytes) return;
          await fs.promises.mkdir(path.dirname(cached(k)), { recursive: true });
          const tmp = `${cached(k)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
          await fs.promises.writeFile(tmp, bytes);
          await fs.promises.rename(tmp, cached(k));
        }),
      );
    } catch {
      // Read-only or full disk: seeding goes on without the cache.
    }
  }
  let running = 0;
  let failure: unknown = null;
  let idle: Array<() => void> = [];

  function pump(): void {
    while (running < concurrency && queue.length > 0) {
      const job = queue.shift()!;
      running++;
      job()
        .catch((error) => {
          failure ??= error;
        })
        .finally(() => {
          running--;
          pump();
        });
    }
    if (running === 0 && queue.length === 0) {
      const waiting = idle;
      idle = [];
      for (const resolve of waiting) resolve();
    }
  }

  /** The URL of a picture; `draw` makes its SVG and runs once per distinct key. */
  function get(kind: ImageKind, key: string, label: string, draw: () => string): string {
    const known = urls.get(`${kind}:${key}`);
    if (known) return known;
    const svg = draw();
    const name = `${label}-${hashString(svg).toString(16).padStart(8, "0")}`;
    const url = storedImageUrl(kind, name);
    urls.set(`${kind}:${key}`, url);
    if (options.write) {
      queue.push(async () => {
        if (await options.images.hasImage(url, kind)) {
          stats.reused++;
          return;
        }
        const keys = options.images.keysOf(url, kind);
        if (
          await copyFromCache(
            keys,
            keys.filter((k) => k.endsWith(".webp")),
          )
        ) {
          stats.cached++;
          return;
        }
        await options.images.storeSvg(svg, kind, { name });
        stats.rendered++;
        await copyToCache(keys);
      });
      pump();
    }
    return url;
  }

  return {
    /** The URL of a product picture. */
    product(ref: ImageRef): string {
      const title = ref.text?.title ? `-${slugify(ref.text.title).slice(0, 40)}` : "";
      // The file is named for what the drawing shows: "tshirt-sleeves-long-neck-crew-…-navy-v0".
      const look = Object.entries(ref.look ?? {})
        .map(([k, v]) => `-${slugify(k)}-${slugify(v)}`)
        .join("");
      const key = `${ref.art}|${look}|${ref.colorName}|${ref.view}|${ref.text?.title ?? ""}|${ref.text?.author ?? ""}`;
      return get("product", key, `${ref.art}${look}${title}-${slugify(ref.colorName)}-v${ref.view}`, () =>
        productSvg(ref.art, COLORS[ref.colorName], ref.view, { text: ref.text, look: ref.look }),
      );
    },

    /** The URL of a category tile showing one or two items. */
    category(slug: string, items: ArtItem[], theme: string): string {
      return get("category", slug, slug, () => categorySvg(items, theme));
    },

    /** The URL of a home banner. */
    banner(slug: string, items: ArtItem[], theme: string): string {
      return get("banner", slug, slug, () => bannerSvg(items, theme));
    },

    /** Waits until every picture handed out so far is stored; throws the first rendering error. */
    async flush(): Promise<{ rendered: number; reused: number; cached: number }> {
      if (running > 0 || queue.length > 0) await new Promise<void>((resolve) => idle.push(resolve));
      if (failure) throw failure;
      return { ...stats };
    },

    /** How many distinct pictures have been handed out. */
    get size(): number {
      return urls.size;
    },
  };
}

export type ImagePool = ReturnType<typeof createImagePool>;
