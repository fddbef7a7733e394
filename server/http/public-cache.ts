import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { type Epoch, createCache } from "../lib/cache";
import type { AppEnv } from "./context";

interface Entry {
  body: string;
  /** The body encoded once, so a hit does not re-encode the string per request. */
  bytes: Buffer;
  contentType: string;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

const MIN_COMPRESS = 1024;

/**
 * Caches public GET answers as ready-to-send bytes with their ETag and compressed forms, keyed by
 * URL and the data epoch, so a hot catalogue answer costs a map lookup instead of a query, a
 * JSON serialisation, a hash and a compression per request.
 */
export function publicCache(epoch: Epoch, cacheControl: string, fixedHeaders: Record<string, string> = {}, ttlMs = 5_000) {
  const cache = createCache<Entry>(ttlMs, epoch, 2_000);
  const keyOf = (url: string) => url.slice(url.indexOf("/", url.indexOf("//") + 2));

  function send(c: Context<AppEnv>, entry: Entry): Response {
    const headers: Record<string, string> = {
      ...fixedHeaders,
      "Content-Type": entry.contentType,
      ETag: entry.etag,
      "Cache-Control": cacheControl,
      Vary: "Accept-Encoding",
      "X-Request-Id": c.var.requestId,
    };
    // Everything outer middleware would add is in `headers`, so they leave this answer alone
    // instead of rebuilding it per request.
    c.set("securityHeadersSet", true);
    if (c.req.header("if-none-match")?.includes(entry.etag)) {
      c.res = new Response(null, { status: 304, headers });
      return c.res;
    }
    const accept = c.req.header("accept-encoding") ?? "";
    if (entry.body.length >= MIN_COMPRESS && /\bbr\b/.test(accept)) {
      entry.br ??= brotliCompressSync(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
      c.res = new Response(entry.br as unknown as BodyInit, { status: 200, headers: { ...headers, "Content-Encoding": "br", "Content-Length": String(entry.br.byteLength) } });
    } else if (entry.body.length >= MIN_COMPRESS && /\bgzip\b/.test(accept)) {
      entry.gzip ??= gzipSync(entry.body, { level: 6 });
      c.res = new Response(entry.gzip as unknown as BodyInit, { status: 200, headers: { ...headers, "Content-Encoding": "gzip", "Content-Length": String(entry.gzip.byteLength) } });
    } else {
      c.res = new Response(entry.bytes as unknown as BodyInit, { status: 200, headers: { ...headers, "Content-Length": String(entry.bytes.byteLength) } });
    }
    return c.res;
  }

  /** Answers a cached read at once; place it first in the chain, so a hit skips every other middleware. */
  const hit: MiddlewareHandler<AppEnv> = async (c, next) => {
    const entry = c.req.method === "GET" ? cache.peek(keyOf(c.req.url)) : undefined;
    return entry ? send(c, entry) : next();
  };

  /** Reads through to the route (behind the rest of the middleware) and keeps its answer. */
  const fill: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.req.method !== "GET") return next();
    const key = keyOf(c.req.url);
    let entry = cache.peek(key);
    if (!entry) {
      const readAt = epoch.value;
      await next();
      if (c.res.status !== 200) return;
      const body = await c.res.text();
      const contentType = c.res.headers.get("content-type") ?? "application/json";
      entry = { body, bytes: Buffer.from(body), contentType, etag: `"${createHash("sha1").update(body).digest("base64url")}"` };
      if (readAt === epoch.value) cache.set(key, entry);
      // Drop the handler's response first: assigning over it would copy its headers (its
      // Content-Length among them) onto our bytes.
      c.res = undefined as unknown as Response;
    }
    return send(c, entry);
  };

  return { hit, fill };
}
