import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors";
import { imageSrcSet, imageVariantUrl, storedImageUrl } from "./image-sizes";
import { createImageService } from "./images.service";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-images-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const images = createImageService({ uploadsDir: dir, effort: 0 });

const photo = () =>
  sharp({ create: { width: 1600, height: 900, channels: 3, background: "#c0392b" } })
    .jpeg()
    .toBuffer();

describe("image service", () => {
  it("stores an upload at every width of its kind as WebP, cropped to the kind's shape", async () => {
    const url = await images.storeImage(await photo(), "product", { name: "red-photo" });
    expect(url).toBe("/uploads/products/red-photo.webp");
    const files = images.filesOf(url, "product");
    expect(files.map((f) => path.relative(dir, f))).toEqual(["products/red-photo-320.webp", "products/red-photo-640.webp", "products/red-photo.webp"]);
    const sizes = await Promise.all(files.map((f) => sharp(f).metadata()));
    expect(sizes.map((m) => [m.format, m.width, m.height])).toEqual([["webp", 320, 320], ["webp", 640, 640], ["webp", 1024, 1024]]);
    expect(images.hasImage(url, "product")).toBe(true);
  });

  it("follows the naming rule the pages use for srcset", async () => {
    const url = await images.storeImage(await photo(), "banner");
    expect(url).toMatch(/^\/uploads\/banners\/[a-f0-9]{24}\.webp$/);
    for (const candidate of imageSrcSet(url, "banner")!.split(", ")) {
      const [src, w] = candidate.split(" ");
      const file = path.join(dir, src.slice("/uploads/".length));
      expect((await sharp(file).metadata()).width).toBe(Number.parseInt(w));
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
    const small = await sharp(images.filesOf(url, "category")[0]).metadata();
    expect([small.width, small.height]).toEqual([160, 160]);
  });

  it("removes every width of an image and ignores links that are not ours", async () => {
    const url = await images.storeImage(await photo(), "category", { name: "to-remove" });
    await images.removeImage(url, "category");
    expect(images.hasImage(url, "category")).toBe(false);
    expect(images.filesOf("https://example.com/a.webp", "category")).toEqual([]);
    await images.removeImage("/uploads/categories/../../etc/passwd.webp", "category");
  });
});
