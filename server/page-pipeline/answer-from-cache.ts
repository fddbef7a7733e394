import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/context";
import { type CachedAnswer, type HeaderOf, toResponse } from "./cached-answer";
import { type PageCache, cachedPageAnswer, pageCacheKey } from "./page-cache";
import type { publicCache } from "./public-cache";

/** A GET's answer from the public-read or page cache, when they hold it; undefined otherwise. */
export type AnswerFromCache = (method: string, pathAndQuery: string, header: HeaderOf, requestId: string) => CachedAnswer | undefined;

/**
 * The public catalogue and content reads the public-read cache keeps.
 * "/api/products/*" matches "/api/products" too: listing both would run the cache twice on the listing.
 */
export const PUBLIC_READ_PATHS = ["/api/products/*", "/api/categories", "/api/banners", "/api/settings", "/api/facebook-pixel"];

const isPublicRead = (path: string) => path === "/api/products" || path.startsWith("/api/products/") || PUBLIC_READ_PATHS.includes(path);

/** The path and query of a request URL. */
export const pathAndQueryOf = (url: string) => url.slice(url.indexOf("/", url.indexOf("//") + 2));

/**
 * Public catalogue and content reads, and the pages of visitors without cookies, are served from
 * ready-made bytes (ETag, gzip/br included). This looks a GET up in the cache that keeps it;
 * `shopListener` asks it before Hono sees the request, `cachedAnswers` at the head of Hono's chain.
 */
export function answerFromCache(
  publicReads: ReturnType<typeof publicCache>,
  pageCache: PageCache | null,
  pageHeaders: Record<string, string>,
): AnswerFromCache {
  return (method, pathAndQuery, header, requestId) => {
    if (method !== "GET") return undefined;
    const queryStart = pathAndQuery.indexOf("?");
    if (isPublicRead(queryStart < 0 ? pathAndQuery : pathAndQuery.slice(0, queryStart))) return publicReads.answer(pathAndQuery, header, requestId);
    const key = pageCache && pageCacheKey(method, pathAndQuery, header("cookie"));
    const page = key ? pageCache.peek(key) : undefined;
    return page && cachedPageAnswer(page, header, { ...pageHeaders, "x-request-id": requestId });
  };
}

/** Answers a cache hit before the rest of the middleware, which it does not need (its headers are in the cached answer). */
export function cachedAnswers(answer: AnswerFromCache): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const cached = answer(c.req.method, pathAndQueryOf(c.req.url), (name) => c.req.header(name), c.var.requestId);
    if (!cached) return next();
    c.set("securityHeadersSet", true);
    c.res = toResponse(cached);
  };
}
