import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { acceptedCoding, compressAnswers } from "./compression";

describe("acceptedCoding", () => {
  it("takes brotli when the browser accepts it, else gzip, else nothing", () => {
    expect(acceptedCoding("gzip, deflate, br, zstd")).toBe("br");
    expect(acceptedCoding("gzip, deflate")).toBe("gzip");
    expect(acceptedCoding("x-gzip")).toBe("gzip");
    expect(acceptedCoding("deflate")).toBeNull();
    expect(acceptedCoding("")).toBeNull();
    expect(acceptedCoding(undefined)).toBeNull();
  });

  it("never sends a coding the browser refuses with q=0", () => {
    expect(acceptedCoding("br;q=0, gzip")).toBe("gzip");
    expect(acceptedCoding("br; q=0.0, gzip;q=0")).toBeNull();
    expect(acceptedCoding("br;q=0.5, gzip;q=1")).toBe("br");
  });
});

describe("compressAnswers", () => {
  const app = new Hono();
  app.use("*", compressAnswers());
  const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Product number ${i}` })) };
  app.get("/small", (c) => c.json({ ok: true }));
  app.get("/big", (c) => c.json(big));
  app.get("/picture", (c) => c.body(new Uint8Array(4096), 200, { "content-type": "image/webp" }));
  app.get("/already", (c) => c.body("x".repeat(4096), 200, { "content-type": "text/plain", "content-encoding": "br" }));
  const get = (path: string, acceptEncoding?: string) => app.request(path, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

  it("sends a small answer as it is, with its length: a stream per few hundred bytes cost more than it saved", async () => {
    const res = await get("/small", "gzip, br");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("content-length")).toBe(String(JSON.stringify({ ok: true }).length));
    expect(await res.json()).toEqual({ ok: true });
  });

  it("compresses a larger answer in the coding the client accepts", async () => {
    const br = await get("/big", "gzip, deflate, br");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toMatch(/accept-encoding/i);
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get("content-length"))).toBe(brBytes.byteLength);
    expect(JSON.parse(brotliDecompressSync(brBytes).toString())).toEqual(big);

    const gz = await get("/big", "gzip");
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString())).toEqual(big);

    const plain = await get("/big");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.json()).toEqual(big);
  });

  it("leaves pictures and answers compressed already alone", async () => {
    expect((await get("/picture", "br")).headers.get("content-encoding")).toBeNull();
    const already = await get("/already", "gzip");
    expect(already.headers.get("content-encoding")).toBe("br");
    expect((await already.arrayBuffer()).byteLength).toBe(4096);
  });
});
