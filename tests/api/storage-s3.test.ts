import fs from "node:fs";
import net from "node:net";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_KINDS, imageVariantUrl } from "#common/images/image-sizes";
import { createImageService } from "#modules/images";
import { createBannersService } from "#modules/content";
import { createEpoch } from "../../server/lib/cache";
import { createApp } from "../../server/app";
import { createLogger } from "../../server/lib/logger";
import { Gallery } from "../../app/components/product/gallery";
import { withLanguage } from "#tests/support/page-language";
import { ImageBaseProvider } from "../../app/lib/image-base";
import { loadShopData } from "../../app/lib/shop-data.server";
import { type TestBrowser, createAccount, signedIn } from "../support/auth-browser";
import { insertCatalog } from "../support/catalog-fixture";
import { pageBuild } from "../support/page-build";
import { type S3Server, startS3Server } from "../support/s3-server";
import { startShopProcess } from "../support/server-process";
import { type TestShop, createTestShop } from "../support/test-shop";

let s3: S3Server;
let shop: TestShop;
let admin: TestBrowser;

beforeAll(async () => {
  s3 = await startS3Server();
  shop = await createTestShop(s3.env);
  await insertCatalog(shop.db, { Clothing: ["Shirts"] }, []);
  await createAccount(shop, { email: "admin@example.com", password: "admin-password-1", role: "admin" });
  admin = await signedIn(shop, "admin@example.com", "admin-password-1");
}, 60_000);
afterAll(async () => {
  await shop?.close();
  await s3?.close();
});

/** A photo-like JPEG: a gradient with a disc. */
async function photo(width = 1200, height = 800): Promise<Blob> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#fde68a"/><stop offset="1" stop-color="#b45309"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#1e3a8a"/></svg>`;
  return new Blob([new Uint8Array(await sharp(Buffer.from(svg)).jpeg().toBuffer())], { type: "image/jpeg" });
}

async function upload(who: TestBrowser, kind: string): Promise<Response> {
  const body = new FormData();
  body.set("kind", kind);
  body.set("file", await photo(), "picture.jpg");
  return who.request("/api/admin/uploads", { method: "POST", body });
}

/** Fetches a public address as a browser would, and reads the picture's format and size. */
async function fetchPicture(url: string) {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  return { type: res.headers.get("content-type"), format: meta.format, width: meta.width };
}

describe("pictures in an S3 bucket (STORAGE_URL=s3://…)", () => {
  let url: string;

  it("an admin upload lands in the bucket with every size, and the answer names its public address", async () => {
    const res = await upload(admin, "product");
    expect(res.status, await res.clone().text()).toBe(201);
    const { data } = (await res.json()) as { data: { url: string; publicUrl: string; width: number } };
    url = data.url;
    // The database keeps the same kind of URL as with the folder: its path is the object's key.
    expect(url).toMatch(/^\/uploads\/products\/[a-z0-9]+\.webp$/);
    const key = url.slice("/uploads/".length);
    expect(data.publicUrl).toBe(s3.objectUrl(key));
    const keys = (await shop.services.storage.list("products/")).map((o) => o.key);
    const sizes = IMAGE_KINDS.product.widths.map((w) => imageVariantUrl(url, "product", w).slice("/uploads/".length));
    expect(keys).toEqual(expect.arrayContaining(sizes));
    for (const [i, w] of IMAGE_KINDS.product.widths.entries()) {
      expect(await fetchPicture(s3.objectUrl(sizes[i]!))).toEqual({ type: "image/webp", format: "webp", width: w });
    }
    // Nothing went to the local folder.
    expect(fs.readdirSync(shop.env.UPLOADS_DIR)).toEqual([]);
  });

  it("a product's page loads its pictures from the bucket, and each address answers with the picture", async () => {
    const created = await admin.post("/api/admin/products", { name: "Bucket Shirt", categorySlug: "clothing", price: 25, image: [url], variants: [] });
    expect(created.status, await created.clone().text()).toBe(201);
    const product = ((await (await admin.get("/api/products/bucket-shirt")).json()) as { data: { image: string[] } }).data;
    // The API keeps the shop's own address (/uploads/…): it still leads to the picture, by a redirect.
    expect(product.image).toEqual([url]);
    const old = await admin.get(url);
    expect(old.status).toBe(302);
    expect(old.headers.get("location")).toBe(s3.objectUrl(url.slice("/uploads/".length)));

    const { imageBase } = await loadShopData(shop.services);
    expect(imageBase).toBe(`${s3.endpoint}/${s3.bucket}`);
    // The product page's gallery, as the page renders it under the root route's image base.
    const html = renderToString(
      withLanguage(createElement(ImageBaseProvider, { value: imageBase }, createElement(Gallery, { images: product.image, name: "Bucket Shirt" }))),
    );
    const addresses = [...html.matchAll(/(?:src|srcSet)="([^"]+)"/g)].flatMap((m) => m[1]!.split(", ").map((c) => c.split(" ")[0]!));
    expect(addresses.length).toBeGreaterThan(3);
    for (const address of new Set(addresses)) {
      expect(address.startsWith(`${s3.endpoint}/${s3.bucket}/products/`), address).toBe(true);
      expect((await fetchPicture(address)).format).toBe("webp");
    }
  });

  it("pages may load pictures from the store's origin (its Content-Security-Policy), though it is plain http", async () => {
    const pages = createApp({ services: shop.services, logger: createLogger("silent"), build: pageBuild() });
    const res = await pages.request("http://shop.test/");
    const imgSrc = /img-src ([^;]+)/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    expect(imgSrc?.split(" ")).toContain(s3.endpoint);
  });

  it("another instance on the same database and bucket sees the picture (one shop)", async () => {
    const other = createBannersService(shop.db, { epoch: createEpoch(), images: createImageService({ storage: shop.services.storage }) });
    const res = await upload(admin, "banner");
    const banner = ((await res.json()) as { data: { url: string } }).data.url;
    const actor = { id: "system", email: "system@shop.test", ip: "127.0.0.1" } as never;
    await expect(other.createBanner(actor, { title: "Spring", image: banner, alt: "Spring" })).resolves.toMatchObject({ image: banner });
    await expect(other.createBanner(actor, { title: "Never", image: "/uploads/banners/never-uploaded.webp", alt: "x" })).rejects.toMatchObject({
      code: "invalid_input",
    });
  });
});

describe("a CDN in front of the bucket (STORAGE_PUBLIC_URL)", () => {
  it("is where the upload's answer and the pages point, with the object's key appended", async () => {
    const cdn = await createTestShop({ ...s3.env, STORAGE_PUBLIC_URL: "https://cdn.example.com/shop/" });
    try {
      await createAccount(cdn, { email: "admin@example.com", password: "admin-password-1", role: "admin" });
      const res = await upload(await signedIn(cdn, "admin@example.com", "admin-password-1"), "category");
      const { data } = (await res.json()) as { data: { url: string; publicUrl: string } };
      expect(data.publicUrl).toBe(`https://cdn.example.com/shop/${data.url.slice("/uploads/".length)}`);
      // The object is in the bucket all the same, which the CDN serves from.
      expect((await fetchPicture(s3.objectUrl(data.url.slice("/uploads/".length)))).width).toBe(320);
      const { imageBase } = await loadShopData(cdn.services);
      expect(imageBase).toBe("https://cdn.example.com/shop");
      const redirect = await cdn.request(data.url);
      expect(redirect.headers.get("location")).toBe(data.publicUrl);
    } finally {
      await cdn.close();
    }
  });
});

describe("a store that is down", () => {
  it("answers an upload at once with a 503 that says so; pages still load", async () => {
    // A port nobody listens on: the store refuses connections.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const down = await createTestShop({ ...s3.env, STORAGE_URL: `s3://${s3.bucket}?endpoint=${encodeURIComponent(`http://127.0.0.1:${port}`)}` });
    try {
      await createAccount(down, { email: "admin@example.com", password: "admin-password-1", role: "admin" });
      const who = await signedIn(down, "admin@example.com", "admin-password-1");
      const started = Date.now();
      const res = await upload(who, "product");
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { code: string; message: string } }).error).toEqual({
        code: "unavailable",
        message: expect.stringMatching(/^The picture store could not be reached \(ECONNREFUSED\), so it could not save the picture\. Try again in a minute\.$/),
      });
      expect(Date.now() - started).toBeLessThan(5_000);
      // Pages do not need the store: the home page's data still loads.
      await expect(loadShopData(down.services)).resolves.toMatchObject({ settingsError: false });
    } finally {
      await down.close();
    }
  });
});

describe("a STORAGE_URL the shop cannot use", () => {
  it("stops the start with a message that names the variable and what is wrong", async () => {
    const started = startShopProcess("file::memory:", { STORAGE_URL: "s3://Shop_Pictures?endpoint=localhost:9000" });
    await expect(started).rejects.toThrow(
      /exited \(1\) before it listened:[\s\S]*Invalid configuration:\n {2}STORAGE_URL: "Shop_Pictures" is not a bucket name/,
    );
    // A process of its own, slow to start on a busy machine.
  }, 90_000);
});
