import { createHash } from "node:crypto";
import type { Epoch } from "../lib/cache";
import { type CachedAnswer, type EncodedBody, type HeaderOf, encodedAnswer } from "./cached-answer";
import { tagOf } from "./etag";
import { DEFAULT_LANGUAGE, LANGUAGES } from "#common/i18n/languages";

/**
 * Rendered pages for visitors without a session or cart: the same bytes for every such visitor,
 * kept ready to send (br and gzip made once), keyed by path and query, dropped whenever the data
 * epoch moves (a write on this instance, or on another through `epoch-relay.ts`) and after `ttlMs`
 * as a safety net.
 *
 * A cached page cannot carry a per-request nonce, so its inline scripts are allowed by their
 * sha256 hashes instead: the nonce the render used is taken out of the markup and the policy
 * lists the hashes of exactly the inline scripts of these bytes.
 */

/** Pages the same for every visitor without cookies, in every language: home, listings, products, search, content. */
const CACHEABLE = new RegExp(
  `^/(?:(?:${LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE).join("|")})(?:/|$))?(?:|product-category(?:/[^/]*)?|products/[^/]+|search|contact-us|privacy-policy)$`,
);
/** Any cookie of the shop (session, visitor's cart and wishlist, sign-in state), with or without a __Secure- prefix. */
const SHOP_COOKIE = /(?:^|;)\s*(?:__Secure-|__Host-)?shop\./;

export interface CachedPage extends EncodedBody {
  status: number;
  headers: Record<string, string>;
  size: number;
  expires: number;
}

/** A page rendered for the cache: the response, the nonce its render used, and its policy for a list of script hashes. */
export interface RenderedPage {
  res: Response;
  nonce: string;
  policy: (hashes: string[]) => string;
}

export interface PageCacheOptions {
  epoch: Epoch;
  ttlMs?: number;
  /** Bytes kept in all (markup plus compressed forms); the oldest pages go first past it. */
  maxBytes?: number;
}

/**
 * The cache key of a request the page cache may answer (its path and query), or null: a write, a
 * cookie of the shop, another page.
 */
export function pageCacheKey(method: string, pathAndQuery: string, cookie: string | undefined): string | null {
  if (method !== "GET") return null;
  if (cookie && SHOP_COOKIE.test(cookie)) return null;
  const queryStart = pathAndQuery.indexOf("?");
  return CACHEABLE.test(queryStart < 0 ? pathAndQuery : pathAndQuery.slice(0, queryStart)) ? pathAndQuery : null;
}

/** Hashes of a page's inline scripts, as CSP sources ('sha256-…'). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1]!) || !match[2]) continue;
    hashes.add(`'sha256-${createHash("sha256").update(match[2]).digest("base64")}'`);
  }
  return [...hashes];
}

/** The headers of a rendered page that belong to the page rather than to one answer. */
const PER_ANSWER = new Set(["set-cookie", "x-request-id", "content-security-policy", "content-length", "content-encoding", "etag", "transfer-encoding"]);

export function createPageCache({ epoch, ttlMs = 60_000, maxBytes = 64 * 1024 * 1024 }: PageCacheOptions) {
  const pages = new Map<string, CachedPage>();
  let bytes = 0;
  let seenEpoch = epoch.value;
  const inFlight = new Map<string, Promise<CachedPage | null>>();

  function drop(key: string) {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    bytes -= page.size;
  }
  function clearIfMoved() {
    if (seenEpoch === epoch.value) return;
    pages.clear();
    inFlight.clear();
    bytes = 0;
    seenEpoch = epoch.value;
  }

  return {
    get size() {
      return pages.size;
    },
    peek(key: string): CachedPage | undefined {
      clearIfMoved();
      const page = pages.get(key);
      if (!page) return undefined;
      if (page.expires <= Date.now()) {
        drop(key);
        return undefined;
      }
      return page;
    },
    /**
     * Renders a page once for every visitor asking for it meanwhile and keeps it. The request that
     * rendered gets the page, or its own response when the answer is not a plain public page (not
     * 200 HTML, cookies set, private); requests that waited for it get the page or null (then
     * they render their own).
     */
    async fill(key: string, render: () => Promise<RenderedPage>): Promise<CachedPage | Response | null> {
      clearIfMoved();
      const pending = inFlight.get(key);
      // Another request is rendering this page: its result serves this one too (null: render your own).
      if (pending) return pending;
      const readAt = epoch.value;
      let own: Response | null = null;
      const job = (async (): Promise<CachedPage | null> => {
        const { res, nonce, policy } = await render();
        own = res;
        if (res.status !== 200 || !res.headers.get("content-type")?.includes("text/html")) return null;
        if (res.headers.has("set-cookie") || /private|no-store/.test(res.headers.get("cache-control") ?? "")) return null;
        const rendered = await res.text();
        own = new Response(rendered, res);
        const body = rendered.replaceAll(` nonce="${nonce}"`, "");
        // The nonce anywhere else (a script reading it, say) would not survive the cache: render per request.
        if (body.includes(nonce)) return null;
        const headers: Record<string, string> = {};
        res.headers.forEach((value, name) => {
          if (!PER_ANSWER.has(name)) headers[name] = value;
        });
        headers["content-security-policy"] = policy(inlineScriptHashes(body));
        headers.vary = "Accept-Encoding";
        const encoded = Buffer.from(body);
        const page: CachedPage = {
          status: 200,
          headers,
          body,
          bytes: encoded,
          etag: tagOf(encoded, "p-"),
          size: encoded.byteLength * 2,
          expires: Date.now() + ttlMs,
        };
        return page;
      })();
      inFlight.set(key, job);
      try {
        const page = await job;
        if (page && readAt === epoch.value) {
          drop(key);
          while (bytes + page.size > maxBytes && pages.size) drop(pages.keys().next().value!);
          pages.set(key, page);
          bytes += page.size;
        }
        return page ?? (own as Response | null);
      } finally {
        if (inFlight.get(key) === job) inFlight.delete(key);
      }
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** The answer for a cached page: 304 when the browser holds these bytes, else br, gzip or plain as it accepts. */
export function cachedPageAnswer(page: CachedPage, header: HeaderOf, perAnswer: Record<string, string>): CachedAnswer {
  return encodedAnswer(page, page.status, { ...page.headers, ...perAnswer }, header, 6);
}
