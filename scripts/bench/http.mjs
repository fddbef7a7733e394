// Plain HTTP for the bench's probes (outside the measured load): a GET on a fresh connection, a
// free port, and the request headers the rows send.
import http from "node:http";
import net from "node:net";
import { BenchError } from "./processes.mjs";

export const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
export const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";

/** A plain GET on a fresh connection: raw bytes as sent (no automatic decompression). */
export function httpGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false, timeout: 30_000 }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on("error", reject);
  });
}

export async function getOk(url, headers) {
  const res = await httpGet(url, headers);
  if (res.status !== 200) throw new BenchError(`GET ${url} answered ${res.status}: ${res.body.toString("utf8").slice(0, 300)}`);
  return res;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The headers of the measured requests: the API's, a browser's for a page, and a browser's with a
 * cookie of the shop, which gets the page rendered for it (the render's own cost). Each carries
 * --accept-encoding when it is given.
 */
export function requestHeaders(acceptEncoding) {
  const withEncoding = (headers) => (acceptEncoding ? { ...headers, "accept-encoding": acceptEncoding } : headers);
  const page = () => withEncoding({ accept: "text/html,application/xhtml+xml", "user-agent": BROWSER_UA });
  return {
    api: () => withEncoding({ accept: "application/json" }),
    page,
    rendered: () => ({ ...page(), cookie: "shop.visitor=bench-visitor" }),
  };
}
