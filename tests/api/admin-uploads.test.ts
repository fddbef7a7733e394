import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_KINDS, imageVariantUrl } from "#common/images/image-sizes";
import { type TestBrowser, createAccount, signedIn } from "../support/auth-browser";
import { type TestShop, createTestShop } from "../support/test-shop";

let shop: TestShop;
let admin: TestBrowser;
let contentStaff: TestBrowser;
let catalogStaff: TestBrowser;

beforeAll(async () => {
  shop = await createTestShop();
  await createAccount(shop, { email: "admin@example.com", password: "admin-password-1", role: "admin" });
  await createAccount(shop, { email: "content@example.com", password: "staff-password", role: "staff", permissions: ["content"] });
  await createAccount(shop, { email: "catalog@example.com", password: "staff-password", role: "staff", permissions: ["catalog"] });
  admin = await signedIn(shop, "admin@example.com", "admin-password-1");
  contentStaff = await signedIn(shop, "content@example.com", "staff-password");
  catalogStaff = await signedIn(shop, "catalog@example.com", "staff-password");
});
afterAll(() => shop?.close());

function form(file: { bytes: Uint8Array; name: string; type: string } | null, kind?: string): FormData {
  const f = new FormData();
  if (kind !== undefined) f.set("kind", kind);
  if (file) f.set("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return f;
}

const upload = (who: TestBrowser, body: FormData | string, headers?: Record<string, string>) =>
  who.request("/api/admin/uploads", { method: "POST", body, headers });

/** A photo-like picture: a gradient with a shape, so the encoder has something to do. */
async function photo(format: "png" | "jpeg", width: number, height: number): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#fde68a"/><stop offset="1" stop-color="#b45309"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#1e3a8a"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg))[format]().toBuffer());
}

/** The files of every width of a stored image, with their pixel sizes. */
async function storedSizes(url: string, kind: keyof typeof IMAGE_KINDS) {
  return Promise.all(
    IMAGE_KINDS[kind].widths.map(async (w) => {
      const file = path.join(shop.env.UPLOADS_DIR, imageVariantUrl(url, kind, w).slice("/uploads/".length));
      expect(fs.existsSync(file), file).toBe(true);
      const meta = await sharp(file).metadata();
      return [meta.format, meta.width, meta.height];
    }),
  );
}

describe("POST /api/admin/uploads", () => {
  it("stores a JPEG product photo at every width the storefront serves (WebP) and answers 201 with its URL and largest size", async () => {
    const res = await upload(admin, form({ bytes: await photo("jpeg", 1200, 800), name: "bag.jpg", type: "image/jpeg" }));
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data).toEqual({ url: expect.stringMatching(/^\/uploads\/products\/[a-z0-9-]+\.webp$/), publicUrl: data.url, width: 1024, height: 1024 });
    expect(await storedSizes(data.url, "product")).toEqual([
      ["webp", 320, 320],
      ["webp", 640, 640],
      ["webp", 1024, 1024],
    ]);
    // Fitted whole on white, not cropped: the top band of a landscape photo is white.
    const top = await sharp(path.join(shop.env.UPLOADS_DIR, data.url.slice("/uploads/".length)))
      .extract({ left: 500, top: 5, width: 20, height: 20 })
      .raw()
      .toBuffer();
    expect(Math.min(...top)).toBeGreaterThan(240);
    const served = await shop.request(data.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
  });

  it("stores a PNG banner picture cropped to the banner's frame at the banner's widths", async () => {
    const res = await upload(admin, form({ bytes: await photo("png", 1600, 900), name: "banner.png", type: "image/png" }, "banner"));
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data).toMatchObject({ url: expect.stringMatching(/^\/uploads\/banners\//), width: 1920, height: 720 });
    expect(await storedSizes(data.url, "banner")).toEqual([
      ["webp", 640, 240],
      ["webp", 828, 311],
      ["webp", 1280, 480],
      ["webp", 1920, 720],
    ]);
    // The banners service takes the URL as a banner's picture.
    const banner = await admin.request("/api/admin/banners", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ title: "Uploaded", image: data.url, alt: "A blue circle on amber" }),
    });
    expect(banner.status).toBe(201);
  });

  it("refuses a file that is not a picture by its bytes (a text file named .png) with 400 on the file field, storing nothing", async () => {
    const before = fs.readdirSync(path.join(shop.env.UPLOADS_DIR, "products")).length;
    const res = await upload(
      admin,
      form({ bytes: new TextEncoder().encode("this is not a picture at all\n".repeat(20)), name: "photo.png", type: "image/png" }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ code: "invalid_input", fields: { file: expect.any(String) } });
    expect(fs.readdirSync(path.join(shop.env.UPLOADS_DIR, "products")).length).toBe(before);
  });

  it("refuses a picture over 10 MB with 413", async () => {
    // Just over the file limit, inside the body's: the route's own reader stops it.
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(await photo("png", 40, 40));
    const res = await upload(admin, form({ bytes: big, name: "huge.png", type: "image/png" }));
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe("too_large");
    // Far over: the body limit stops it before the route reads it.
    const declared = await upload(admin, "x", { "content-type": "multipart/form-data; boundary=x", "content-length": String(11 * 1024 * 1024) });
    expect(declared.status).toBe(413);
  });

  it("answers 400 naming the field for a missing file, an unknown kind or a body that is no form", async () => {
    const none = await upload(admin, form(null, "product"));
    expect(none.status).toBe(400);
    expect(Object.keys((await none.json()).error.fields)).toEqual(["file"]);
    const kind = await upload(admin, form({ bytes: await photo("png", 40, 40), name: "a.png", type: "image/png" }, "avatar"));
    expect(kind.status).toBe(400);
    expect(Object.keys((await kind.json()).error.fields)).toEqual(["kind"]);
    const json = await admin.request("/api/admin/uploads", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(json.status).toBe(400);
    expect(Object.keys((await json.json()).error.fields)).toEqual(["file"]);
  });

  it("takes a banner picture from staff with the content permission, and a product photo only with the catalogue permission", async () => {
    const png = { bytes: await photo("png", 400, 300), name: "p.png", type: "image/png" };
    expect((await upload(contentStaff, form(png, "banner"))).status).toBe(201);
    expect((await upload(contentStaff, form(png, "product"))).status).toBe(403);
    expect((await upload(catalogStaff, form(png, "banner"))).status).toBe(403);
    expect((await upload(catalogStaff, form(png, "category"))).status).toBe(201);
  });
});
