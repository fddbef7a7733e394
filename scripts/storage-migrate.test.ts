import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../server/lib/env";
import { createObjectStore } from "#modules/storage";
import { type S3Server, startS3Server } from "#tests/support/s3-server";
import { migrateStorage } from "./storage-migrate";

let s3: S3Server;
let uploads: string;

beforeAll(async () => {
  s3 = await startS3Server();
  uploads = fs.mkdtempSync(path.join(os.tmpdir(), "shop-migrate-"));
  // A shop's folder as the file store left it: pictures in every size, and a write that never finished.
  const folder = createObjectStore({ driver: "file", dir: uploads });
  for (const key of ["products/shirt.webp", "products/shirt-320.webp", "products/shirt-640.webp", "banners/spring.webp", "banners/spring.avif"]) {
    await folder.put(key, Buffer.from(`picture ${key}`));
  }
  fs.writeFileSync(path.join(uploads, "products", "half-written.webp.1a2b.tmp"), "");
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(uploads, { recursive: true, force: true });
});

/** Runs `npm run storage:migrate` in this process; its lines and exit code. */
async function migrate(env: Record<string, string>, argv: string[] = []) {
  const lines: string[] = [];
  const code = await migrateStorage(loadEnv({ UPLOADS_DIR: uploads, ...env }), argv, { print: (l) => lines.push(l), fail: (l) => lines.push(l) });
  return { code, output: lines.join("\n") };
}

describe("npm run storage:migrate", () => {
  it("copies the local uploads into the bucket, then copies nothing the second time, and says so", async () => {
    const first = await migrate(s3.env);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain(`Copying the pictures of ${uploads} to s3://${s3.bucket} at ${s3.endpoint}…`);
    expect(first.output).toMatch(/Copied 5 files \(0\.0 MB\); 0 were there already; 0 failed\./);
    const bucket = createObjectStore(
      { driver: "s3", bucket: s3.bucket, region: "us-east-1", endpoint: s3.endpoint },
      {
        credentials: { accessKeyId: s3.env.AWS_ACCESS_KEY_ID, secretAccessKey: s3.env.AWS_SECRET_ACCESS_KEY },
      },
    );
    expect((await bucket.list("")).map((o) => o.key)).toEqual([
      "banners/spring.avif",
      "banners/spring.webp",
      "products/shirt-320.webp",
      "products/shirt-640.webp",
      "products/shirt.webp",
    ]);
    const res = await fetch(s3.objectUrl("products/shirt-320.webp"));
    expect([res.status, res.headers.get("content-type"), await res.text()]).toEqual([200, "image/webp", "picture products/shirt-320.webp"]);

    const again = await migrate(s3.env);
    expect(again.code).toBe(0);
    expect(again.output).toMatch(/Copied 0 files \(0\.0 MB\); 5 were there already; 0 failed\./);
  });

  it("refuses to copy a folder onto itself, and stops before copying when the store cannot be used", async () => {
    const same = await migrate({});
    expect(same.code).toBe(1);
    expect(same.output).toMatch(/STORAGE_URL names the folder .* itself/);
    const missing = await migrate({ ...s3.env, STORAGE_URL: `s3://no-such-bucket?endpoint=${encodeURIComponent(s3.endpoint)}` });
    expect(missing.code).toBe(1);
    expect(missing.output).toMatch(/^Nothing was copied: The picture store has no bucket "no-such-bucket"/);
  });
});
