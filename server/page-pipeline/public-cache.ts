import type { Context, MiddlewareHandler } from "hono";
import { type Epoch, createCache } from "../lib/cache";
import { type CachedAnswer, type EncodedBody, type HeaderOf, encodedAnswer, toResponse } from "./cached-answer";
import { type AppEnv, replaceAnswer } from "../http/context";
import { tagOf } from "./etag";

interface Entry extends EncodedBody {
  contentType: string;
}

/**
 * Caches public GET answers as ready-to-send bytes with their ETag and compressed forms, keyed by
 * URL and the data epoch, so a hot catalogue answer costs a map lookup instead of a query, a
 * JSON serialisation, a hash and a compression per request.
 */
export function publicCache(epoch: Epoch, cacheControl: string, fixedHeaders: Record<string, string> = {}, ttlMs = 5_000) {
  const cache = createCache<Entry>(ttlMs, epoch, 2_000);
  const keyOf = (url: string) => url.slice(url.indexOf("/", url.indexOf("//") + 2));

  function answerOf(entry: Entry, header: HeaderOf, requestId: string): CachedAnswer {
    // Everything outer middleware would add is in these headers, so it leaves the answer alone.
    const headers = { ...fixedHeaders, "content-type": entry.contentType, "cache-control": cacheControl, vary: "Accept-Encoding", "x-request-id": requestId };
    return encodedAnswer(entry, 200, headers, header, 5);
  }

  function send(c: Context<AppEnv>, entry: Entry): Response {
    c.set("securityHeadersSet", true);
    // In place of the handler's answer when it just filled the cache: none of its headers carry over.
    const res = toResponse(answerOf(entry, (name) => c.req.header(name), c.var.requestId));
    replaceAnswer(c, res);
    return res;
  }

  /** The cached answer to a GET of this path and query, if the cache holds it (see answer-from-cache.ts). */
  function answer(pathAndQuery: string, header: HeaderOf, requestId: string): CachedAnswer | undefined {
    const entry = cache.peek(pathAndQuery);
    return entry && answerOf(entry, header, requestId);
  }

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
      entry = { body, bytes: Buffer.from(body), contentType, etag: tagOf(body) };
      if (readAt === epoch.value) cache.set(key, entry);
    }
    return send(c, entry);
  };

  return { answer, fill };
}
