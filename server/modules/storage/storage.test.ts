import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3Server, S3_CREDENTIALS, startS3Server, startSilentServer } from "#tests/support/s3-server";
import { type ObjectStore, copyObjects, createObjectStore } from "./index";

const credentials = { accessKeyId: S3_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: S3_CREDENTIALS.AWS_SECRET_ACCESS_KEY };
let s3: S3Server;
let dir: string;
const stores: Record<string, () => ObjectStore> = {
  file: () => createObjectStore({ driver: "file", dir }),
  s3: () => createObjectStore({ driver: "s3", bucket: s3.bucket, region: "us-east-1", endpoint: s3.endpoint }, { credentials }),
};

beforeAll(async () => {
  s3 = await startS3Server();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-store-"));
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.each(Object.keys(stores))("the %s store", (driver) => {
  it("puts, reads, lists and deletes objects by key", async () => {
    const store = stores[driver]!();
    await store.check();
    const bytes = Buffer.from("RIFF-not-really-a-webp");
    await store.put("products/red-shirt.webp", bytes);
    await store.put("products/red-shirt-320.webp", Buffer.from("small"));
    await store.put("banners/spring.avif", Buffer.from("banner"));
    expect(await store.get("products/red-shirt.webp")).toEqual(bytes);
    expect(await store.exists("products/red-shirt.webp")).toBe(true);
    expect(await store.exists("products/blue-shirt.webp")).toBe(false);
    expect(await store.get("products/blue-shirt.webp")).toBeNull();
    expect(await store.list("products/")).toEqual([
      { key: "products/red-shirt-320.webp", size: 5 },
      { key: "products/red-shirt.webp", size: bytes.length },
    ]);
    expect((await store.list("")).map((o) => o.key)).toEqual(["banners/spring.avif", "products/red-shirt-320.webp", "products/red-shirt.webp"]);
    await store.delete("products/red-shirt-320.webp");
    await store.delete("products/never-there.webp");
    expect(await store.exists("products/red-shirt-320.webp")).toBe(false);
  });

  it("refuses keys that could leave its folder or need escaping", async () => {
    const store = stores[driver]!();
    for (const key of ["../etc/passwd", "products/../../x.webp", "/abs.webp", ".hidden", "a b.webp", "products//x.webp", ""]) {
      await expect(store.put(key, Buffer.from("x")), key).rejects.toMatchObject({ code: "invalid_input" });
      await expect(store.get(key), key).rejects.toMatchObject({ code: "invalid_input" });
    }
  });
});

describe("public addresses", () => {
  it("are the shop's /uploads for a folder, the bucket's address path-style for an endpoint, AWS's host without, or the CDN's", () => {
    expect(stores.file!().publicUrl("products/a.webp")).toBe("/uploads/products/a.webp");
    expect(stores.s3!().publicUrl("products/a.webp")).toBe(`${s3.endpoint}/${s3.bucket}/products/a.webp`);
    expect(createObjectStore({ driver: "s3", bucket: "pictures", region: "eu-west-1" }).publicUrl("a.webp")).toBe(
      "https://pictures.s3.eu-west-1.amazonaws.com/a.webp",
    );
    expect(createObjectStore({ driver: "s3", bucket: "shop.pictures", region: "eu-west-1" }).publicUrl("a.webp")).toBe(
      "https://s3.eu-west-1.amazonaws.com/shop.pictures/a.webp",
    );
    const cdn = createObjectStore({ driver: "s3", bucket: "pictures", region: "auto" }, { publicUrl: "https://img.example.com" });
    expect(cdn.publicUrl("banners/b.webp")).toBe("https://img.example.com/banners/b.webp");
    expect(cdn.publicBase).toBe("https://img.example.com");
  });

  it("serve what was put, to anyone, with a year's caching", async () => {
    const store = stores.s3!();
    await store.put("logos/shop.webp", Buffer.from("logo"));
    const res = await fetch(store.publicUrl("logos/shop.webp"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await res.text()).toBe("logo");
  });
});

describe("a store that cannot be used", () => {
  it("fails with a 503 that says why: unknown credentials, no such bucket", async () => {
    // s3rver checks the access key's id (not a version 4 signature's secret).
    const wrongKeys = createObjectStore(
      { driver: "s3", bucket: s3.bucket, region: "us-east-1", endpoint: s3.endpoint },
      { credentials: { accessKeyId: "NOBODY", secretAccessKey: "wrong" } },
    );
    await expect(wrongKeys.put("products/x.webp", Buffer.from("x"))).rejects.toMatchObject({
      code: "unavailable",
      message: expect.stringMatching(/refused the shop's credentials \(InvalidAccessKeyId\)/),
    });
    const noBucket = createObjectStore({ driver: "s3", bucket: "no-such-bucket", region: "us-east-1", endpoint: s3.endpoint }, { credentials });
    await expect(noBucket.put("products/x.webp", Buffer.from("x"))).rejects.toMatchObject({ message: expect.stringMatching(/has no bucket "no-such-bucket"/) });
    await expect(noBucket.check()).rejects.toMatchObject({ code: "unavailable", message: expect.stringMatching(/has no bucket "no-such-bucket"/) });
  });

  it("fails within its deadline when the store is down or does not answer, never hangs", async () => {
    const silent = await startSilentServer();
    try {
      const hung = createObjectStore({ driver: "s3", bucket: "pictures", region: "us-east-1", endpoint: silent.endpoint }, { credentials, deadlineMs: 500 });
      const started = Date.now();
      await expect(hung.put("products/x.webp", Buffer.from("x"))).rejects.toMatchObject({
        code: "unavailable",
        message: expect.stringMatching(/did not answer in time/),
      });
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await silent.close();
    }
    const down = createObjectStore(
      { driver: "s3", bucket: "pictures", region: "us-east-1", endpoint: "http://127.0.0.1:9" },
      { credentials, deadlineMs: 2_000 },
    );
    await expect(down.exists("products/x.webp")).rejects.toMatchObject({
      code: "unavailable",
      message: expect.stringMatching(/could not be reached \(ECONNREFUSED\)/),
    });
  });

  it("a folder that cannot be written fails its check with a 503", async () => {
    const file = path.join(dir, "a-file");
    fs.writeFileSync(file, "");
    await expect(createObjectStore({ driver: "file", dir: path.join(file, "uploads") }).check()).rejects.toMatchObject({ code: "unavailable" });
  });
});

describe("copying one store into another", () => {
  it("copies every object once: a second run copies nothing and says so", async () => {
    const from = createObjectStore({ driver: "file", dir: fs.mkdtempSync(path.join(os.tmpdir(), "shop-copy-")) });
    const to = createObjectStore({ driver: "s3", bucket: s3.bucket, region: "us-east-1", endpoint: s3.endpoint }, { credentials });
    await from.put("categories/kitchen.webp", Buffer.from("kitchen"));
    await from.put("categories/kitchen-160.webp", Buffer.from("k"));
    fs.writeFileSync(path.join(from.dir!, "categories", "notes about this.txt"), "");
    const first = await copyObjects(from, to);
    expect(first).toMatchObject({ copied: 2, failed: [], ignored: ["categories/notes about this.txt"], bytes: 8 });
    expect(await to.get("categories/kitchen.webp")).toEqual(Buffer.from("kitchen"));
    const again = await copyObjects(from, to);
    expect(again).toMatchObject({ copied: 0, skipped: first.skipped + 2, failed: [] });
  });
});
