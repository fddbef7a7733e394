import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "./fixtures";
import { BASE_URL } from "./support/ports";

/** A GET of a page as a visitor with a cart would send it (a shop cookie: rendered for them, not from the page cache). */
function getPage(path: string, acceptEncoding?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: "text/html", cookie: "shop.visitor=compression-probe" };
    if (acceptEncoding) headers["accept-encoding"] = acceptEncoding;
    http
      .get(`${BASE_URL}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

// A page rendered per request is compressed as React writes it (app/entry.server.tsx), in the
// coding the browser accepts: brotli when it can, else gzip, else none.
test("a page rendered for one shopper comes in brotli, gzip or plain, as the browser accepts", async () => {
  const br = await getPage("/", "gzip, deflate, br, zstd");
  expect(br.status).toBe(200);
  expect(br.headers["content-encoding"]).toBe("br");
  expect(br.headers.vary).toMatch(/accept-encoding/i);
  const html = brotliDecompressSync(br.body).toString("utf8");
  expect(html).toMatch(/^<!DOCTYPE html>/i);
  expect(html).toContain("</html>");
  // Smaller than the page by far: a quarter of it at most.
  expect(br.body.byteLength).toBeLessThan(html.length / 4);

  const gzip = await getPage("/", "gzip");
  expect(gzip.headers["content-encoding"]).toBe("gzip");
  expect(gunzipSync(gzip.body).toString("utf8")).toContain("</html>");

  // br refused with q=0: gzip.
  expect((await getPage("/", "br;q=0, gzip")).headers["content-encoding"]).toBe("gzip");

  const plain = await getPage("/");
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(plain.body.toString("utf8")).toContain("</html>");
});
