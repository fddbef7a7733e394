import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "#common/errors";
import { imageSrcSet, imageVariantUrl, storedImageUrl } from "#common/images/image-sizes";
import { createObjectStore } from "#modules/storage";
import { createImageService } from "./images.service";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-images-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const storage = createObjectStore({ driver: "file", dir });
const images = createImageService({ storage, effort: 0 });
/** The files of a stored image in the store's folder. */
const filesOf = (url: string, kind: Parameters<typeof images.keysOf>[1]) => images.keysOf(url, kind).map((k) => path.join(dir, k));

const photo = () =>
  sharp({ create: { width: 1600, height: 900, channels: 3, background: "#c0392b" } })
    .jpeg()
    .toBuffer();

describe("image service", () => {
  it("stores an upload at every width of its kind as WebP, cropped to the kind's shape", async () => {
    const url = await images.storeImage(await photo(), "product", { name: "red-photo" });
    expect(url).toBe("/uploads/products/red-photo.webp");
    const files = filesOf(url, "product");
    expect(files.map((f) => path.relative(dir, f))).toEqual(["products/red-photo-320.webp", "products/red-photo-640.webp", "products/red-photo.webp"]);
    const sizes = await Promise.all(files.map((f) => sharp(f).metadata()));
    expect(sizes.map((m) => [m.format, m.width, m.height])).toEqual([
      ["webp", 320, 320],
      ["webp", 640, 640],
      ["webp", 1024, 1024],
    ]);
    expect(await images.hasImage(url, "product")).toBe(true);
  });

  it("follows the naming rule the pages use for srcset", async () => {
    const url = await images.storeImage(await photo(), "banner");
    expect(url).toMatch(/^\/uploads\/banners\/[a-f0-9]{24}\.webp$/);
    for (const candidate of imageSrcSet(url, "banner")!.split(", ")) {
      const [src, w] = candidate.split(" ");
      const file = path.join(dir, src.slice("/uploads/".length));
      expect((await sharp(file).metadata()).width).toBe(Number.parseInt(w, 10));
    }
    expect((await sharp(path.join(dir, imageVariantUrl(url, "banner", 1920).slice(9))).metadata()).height).toBe(720);
  });

  it("refuses what is not a picture, vector files and unsafe names", async () => {
    await expect(images.storeImage(Buffer.from("hello"), "product")).rejects.toBeInstanceOf(AppError);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expect(images.storeImage(svg, "product")).rejects.toMatchObject({ code: "invalid_input" });
    await expect(images.storeImage(await photo(), "product", { name: "../escape" })).rejects.toMatchObject({ code: "invalid_input" });
  });

  it("renders our own SVG drawings at each width", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320"><rect width="320" height="320" fill="#2e86de"/></svg>';
    const url = await images.storeSvg(svg, "category", { name: "blue" });
    expect(url).toBe(storedImageUrl("category", "blue"));
    const small = await sharp(filesOf(url, "category")[0]).metadata();
    expect([small.width, small.height]).toEqual([160, 160]);
  });

  it("stores a banner at a phone's width too, and as AVIF where that is smaller at every width", async () => {
    // A flat drawing, like the demo banners: AVIF is well under WebP.
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="720"><rect width="1920" height="720" fill="#f4e1c1"/><circle cx="1400" cy="360" r="260" fill="#c0392b"/><rect x="160" y="200" width="700" height="90" rx="20" fill="#2e86de"/></svg>';
    const url = await images.storeSvg(svg, "banner", { name: "flat-banner" });
    expect(imageSrcSet(url, "banner")).toContain("/uploads/banners/flat-banner-828.webp 828w");
    expect(await images.hasAvif(url, "banner")).toBe(true);
    const avifSet = imageSrcSet(url, "banner", "avif")!;
    expect(avifSet).toBe(
      "/uploads/banners/flat-banner-640.avif 640w, /uploads/banners/flat-banner-828.avif 828w, /uploads/banners/flat-banner-1280.avif 1280w, /uploads/banners/flat-banner.avif 1920w",
    );
    for (const w of [640, 828, 1280, 1920]) {
      const webp = path.join(dir, imageVariantUrl(url, "banner", w).slice("/uploads/".length));
      const avif = path.join(dir, imageVariantUrl(url, "banner", w, "avif").slice("/uploads/".length));
      const meta = await sharp(avif).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["heif", w, Math.round((w * 720) / 1920)]);
      expect(fs.statSync(avif).size).toBeLessThan(fs.statSync(webp).size);
    }
    // Other kinds stay WebP only.
    const product = await images.storeImage(await photo(), "product", { name: "webp-only" });
    expect(await images.hasAvif(product, "product")).toBe(false);
    expect(fs.existsSync(path.join(dir, "products/webp-only.avif"))).toBe(false);
  });

  it("keeps no AVIF of an image where it comes out larger than the WebP, so pages offer WebP alone", async () => {
    // Grain at AVIF's top quality: far more bytes than the WebP.
    const grain = await sharp({ create: { width: 1920, height: 720, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } } })
      .png()
      .toBuffer();
    const lossless = createImageService({ storage, effort: 0, avifQuality: 100, avifEffort: 0 });
    const url = await lossless.storeImage(grain, "banner", { name: "no-avif" });
    expect(await lossless.hasImage(url, "banner")).toBe(true);
    expect(await lossless.hasAvif(url, "banner")).toBe(false);
    expect(fs.readdirSync(path.join(dir, "banners")).filter((f) => f.startsWith("no-avif"))).toEqual([
      "no-avif-1280.webp",
      "no-avif-640.webp",
      "no-avif-828.webp",
      "no-avif.webp",
    ]);
  });

  it("gives images stored before their kind gained a width (and AVIF) the missing files, keeping the others", async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="720"><rect width="1920" height="720" fill="#1e8449"/><circle cx="600" cy="360" r="200" fill="#f1c40f"/></svg>';
    const url = await images.storeSvg(svg, "banner", { name: "older-banner" });
    // As an upload from before the phone width: no 828 and no AVIF.
    const phone = path.join(dir, "banners/older-banner-828.webp");
    for (const f of [phone, ...filesOf(url, "banner").filter((f) => f.endsWith(".avif"))]) fs.rmSync(f);
    const largest = path.join(dir, "banners/older-banner.webp");
    const before = fs.readFileSync(largest);
    fs.utimesSync(largest, new Date(2020, 0, 1), new Date(2020, 0, 1));
    expect(await images.hasImage(url, "banner")).toBe(false);
    expect(await images.hasAvif(url, "banner")).toBe(false);

    const result = await images.completeStoredImages(["banner"]);
    expect(result).toMatchObject({ completed: 1, failed: 0 });
    expect(await images.hasImage(url, "banner")).toBe(true);
    expect(await images.hasAvif(url, "banner")).toBe(true);
    expect((await sharp(phone).metadata()).width).toBe(828);
    expect(fs.readFileSync(largest).equals(before)).toBe(true);
    expect(fs.statSync(largest).mtime.getFullYear()).toBe(2020);
    // Complete images are left alone.
    expect(await images.completeStoredImages(["banner"])).toMatchObject({ completed: 0, failed: 0 });
  });

  it("removes every width of an image and ignores links that are not ours", async () => {
    const url = await images.storeImage(await photo(), "category", { name: "to-remove" });
    await images.removeImage(url, "category");
    expect(await images.hasImage(url, "category")).toBe(false);
    expect(filesOf("https://example.com/a.webp", "category")).toEqual([]);
    await images.removeImage("/uploads/categories/../../etc/passwd.webp", "category");
  });
});
