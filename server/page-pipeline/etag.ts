import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { replaceAnswer } from "../http/context";

/**
 * The entity tag of an answer's bytes (a strong tag: a SHA-1 of them, base64url), for every answer
 * the shop tags: the API's answers, the public reads' cache and the page cache (`prefix` tells
 * those pages' tags apart from a rendered page's).
 */
export function tagOf(bytes: string | Uint8Array, prefix = ""): string {
  return `"${prefix}${createHash("sha1").update(bytes).digest("base64url")}"`;
}

/** A tag without its weak marker: If-None-Match compares tags weakly (RFC 9110 §13.1.2). */
const opaque = (tag: string) => (tag.startsWith("W/") ? tag.slice(2) : tag);

/**
 * Whether the browser's If-None-Match names this tag, so a 304 answers it: `*`, or one of the
 * listed tags, weak or strong (compressed answers carry the weak form of the bytes' tag).
 */
export function tagMatches(ifNoneMatch: string | null | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const wanted = opaque(tag);
  for (const listed of ifNoneMatch.split(",")) if (opaque(listed.trim()) === wanted) return true;
  return false;
}

/** The headers a 304 keeps from the answer it stands for (RFC 9110 §15.4.5). */
const KEPT_ON_304 = ["cache-control", "content-location", "date", "etag", "expires", "vary"];

/**
 * ETag and 304 for the GET answers under /api. An answer without a tag gets the tag of its bytes,
 * read once, synchronously: Hono's etag() reads a copy of the body (a teed web stream) and hashes
 * it through WebCrypto, a hop to the thread pool per answer, a large part of a cheap GET's CPU.
 * Answers that carry their own tag
 * (the public reads' cache) keep it.
 */
export function answerTags(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if ((c.req.method !== "GET" && c.req.method !== "HEAD") || !c.res.ok) return;
    // A browser keeps no copy of a no-store answer, so it never asks to revalidate one: a shopper's
    // cart, wishlist and orders, the admin's answers. Hashing them was work nobody used.
    if (c.res.headers.get("cache-control")?.includes("no-store")) return;
    let tag = c.res.headers.get("etag");
    if (!tag) {
      const res = c.res;
      const bytes = new Uint8Array(await res.arrayBuffer());
      tag = tagOf(bytes);
      const tagged = new Response(bytes, { status: res.status, statusText: res.statusText, headers: res.headers });
      tagged.headers.set("etag", tag);
      replaceAnswer(c, tagged);
    }
    if (!tagMatches(c.req.header("if-none-match"), tag)) return;
    const kept = new Headers();
    for (const name of KEPT_ON_304) {
      const value = c.res.headers.get(name);
      if (value !== null) kept.set(name, value);
    }
    await c.res.body?.cancel();
    replaceAnswer(c, new Response(null, { status: 304, headers: kept }));
  };
}
