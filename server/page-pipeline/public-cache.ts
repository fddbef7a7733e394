import type { Context, MiddlewareHandler } from "hono";
import { type Epoch, createCache } from "../lib/cache";
import { type CachedAnswer, type EncodedBody, type HeaderOf, encodedAnswer, toResponse } from "./cached-answer";
import { type AppEnv, replaceAnswer } from "../http/context";
import { askedCurrency } from "../http/market";
import { tagOf } from "./etag";

interface Entry extends EncodedBody {
  contentType: string;
}

/** The catalogue's reads: their amounts are in the currency a request asks for (http/market.ts). */
const PRICED = /^\/api\/products(?:[/?]|$)/;

/** Where an answer is kept and how it may be cached on the way: its cache key and the headers that say so. */
interface Variant {
  key: string;
  cacheControl: string;
  vary: string;
}

/**
 * Caches public GET answers as ready-to-send bytes with their ETag and compressed forms, keyed by
 * URL and the data epoch, so a hot catalogue answer costs a map lookup instead of a query, a
 * JSON serialisation, a hash and a compression per request.
 *
 * A catalogue read without `?currency=` answers in the currency of the shopper's cookie: such an
 * answer is kept under its URL and that currency, and sent `private` (no shared cache keeps it);
 * every catalogue read without `?currency=` says `Vary: Cookie`, so neither a browser nor a shared
 * cache gives one shopper's answer to a request with other cookies.
 */
export function publicCache(epoch: Epoch, cacheControl: { everyone: string; oneBrowser: string }, fixedHeaders: Record<string, string> = {}, ttlMs = 5_000) {
  const cache = createCache<Entry>(ttlMs, epoch, 2_000);
  const shared: Variant = { key: "", cacheControl: cacheControl.everyone, vary: "Accept-Encoding" };

  function variantOf(pathAndQuery: string, cookie: string | undefined): Variant {
    if (!PRICED.test(pathAndQuery)) return { ...shared, key: pathAndQuery };
    const queryStart = pathAndQuery.indexOf("?");
    const query = queryStart < 0 ? null : new URLSearchParams(pathAndQuery.slice(queryStart + 1)).get("currency");
    const asked = askedCurrency(query, cookie);
    if (asked?.from === "query") return { ...shared, key: pathAndQuery };
    if (!asked) return { key: pathAndQuery, cacheControl: cacheControl.everyone, vary: "Accept-Encoding, Cookie" };
    // A currency the shop no longer offers is kept apart too: the route answers it in the base currency.
    return { key: `${pathAndQuery}\n${asked.code}`, cacheControl: cacheControl.oneBrowser, vary: "Accept-Encoding, Cookie" };
  }

  function answerOf(entry: Entry, variant: Variant, header: HeaderOf, requestId: string): CachedAnswer {
    // Everything outer middleware would add is in these headers, so it leaves the answer alone.
    const headers = {
      ...fixedHeaders,
      "content-type": entry.contentType,
      "cache-control": variant.cacheControl,
      vary: variant.vary,
      "x-request-id": requestId,
    };
    return encodedAnswer(entry, 200, headers, header, 5);
  }

  function send(c: Context<AppEnv>, entry: Entry, variant: Variant): Response {
    c.set("securityHeadersSet", true);
    // In place of the handler's answer when it just filled the cache: none of its headers carry over.
    const res = toResponse(answerOf(entry, variant, (name) => c.req.header(name), c.var.requestId));
    replaceAnswer(c, res);
    return res;
  }

  /** The cached answer to a GET of this path and query, if the cache holds it (see answer-from-cache.ts). */
  function answer(pathAndQuery: string, header: HeaderOf, requestId: string): CachedAnswer | undefined {
    const variant = variantOf(pathAndQuery, header("cookie"));
    const entry = cache.peek(variant.key);
    return entry && answerOf(entry, variant, header, requestId);
  }

  /** Reads through to the route (behind the rest of the middleware) and keeps its answer. */
  const fill: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.req.method !== "GET") return next();
    const url = c.req.url;
    const variant = variantOf(url.slice(url.indexOf("/", url.indexOf("//") + 2)), c.req.header("cookie"));
    let entry = cache.peek(variant.key);
    if (!entry) {
      const readAt = epoch.value;
      await next();
      if (c.res.status !== 200) return;
      const body = await c.res.text();
      const contentType = c.res.headers.get("content-type") ?? "application/json";
      entry = { body, bytes: Buffer.from(body), contentType, etag: tagOf(body) };
      if (readAt === epoch.value) cache.set(variant.key, entry);
    }
    return send(c, entry, variant);
  };

  return { answer, fill };
}
