import { promisify } from "node:util";
import { type BrotliCompress, type Gzip, brotliCompress, constants, createBrotliCompress, createGzip, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/compress";

/** A content coding the shop sends. */
export type ContentCoding = "br" | "gzip";

/**
 * The coding of an answer for a request's Accept-Encoding: br when accepted, else gzip, else none
 * (a coding listed with q=0 is refused). One rule for the cached answers and the rendered pages.
 */
export function acceptedCoding(accept: string | undefined): ContentCoding | null {
  if (!accept) return null;
  // The usual header ("gzip, deflate, br, zstd") refuses nothing: two regex tests (this runs on every cached answer).
  if (!accept.includes("q=0")) return /\bbr\b/i.test(accept) ? "br" : /\bgzip\b/i.test(accept) ? "gzip" : null;
  let gzip = false;
  for (const part of accept.toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim());
    if (params.some((p) => /^q=0(\.0*)?$/.test(p))) continue;
    if (name === "br") return "br";
    if (name === "gzip" || name === "x-gzip") gzip = true;
  }
  return gzip ? "gzip" : null;
}

/**
 * Brotli quality of an answer compressed for one request (a page, an API answer): on our pages
 * quality 3 is both faster and smaller than gzip, and higher qualities cost more time than they
 * save bytes. Cached bytes, compressed once for many answers, use more.
 */
const PER_REQUEST_BROTLI_QUALITY = 3;

/** Below this, compressing costs more than it saves (and gzip's header can make the body larger). */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * A compressing stream for a page as it renders: React writes into it and calls its `flush()`
 * after each batch, so what has been rendered reaches the browser without waiting for the rest.
 */
export function compressingStream(coding: ContentCoding): BrotliCompress | Gzip {
  return coding === "br" ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: PER_REQUEST_BROTLI_QUALITY } }) : createGzip({ level: 6 });
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses the app's other answers (JSON, CSV, the data of client-side navigations) in the coding
 * the client accepts, in one piece on zlib's thread pool. Hono's compress made a gzip stream for
 * every answer whose length it did not know, which is every JSON answer, however small: an add
 * to cart's few hundred bytes paid for a stream and came out larger. An answer under
 * MIN_COMPRESS_BYTES is sent as it is. Answers that are compressed already (cached answers, pages
 * rendered as a compressed stream, precompressed files) are left alone.
 */
export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get("content-type");
    // `res.body` is asked last: on @hono/node-server's light Response it builds the web Response
    // and its stream, which an answer sent as it is never needs (about 3% of an add to cart's CPU).
    if (c.req.method === "HEAD" || res.status === 204 || res.status === 206 || res.status === 304) return;
    if (
      res.headers.has("content-encoding") ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      /no-transform/i.test(res.headers.get("cache-control") ?? "")
    )
      return;
    const declared = res.headers.get("content-length");
    if (declared !== null && Number(declared) < MIN_COMPRESS_BYTES) return;
    const vary = res.headers.get("vary");
    if (vary !== "*" && !/accept-encoding/i.test(vary ?? "")) {
      try {
        res.headers.append("vary", "Accept-Encoding");
      } catch {
        // immutable headers (a fetched or redirect Response): left as they are
      }
    }
    const coding = acceptedCoding(c.req.header("accept-encoding"));
    if (!coding || !res.body) return;
    const bytes = Buffer.from(await res.arrayBuffer());
    const body =
      bytes.byteLength < MIN_COMPRESS_BYTES
        ? bytes
        : coding === "br"
          ? await brotliAsync(bytes, {
              params: { [constants.BROTLI_PARAM_QUALITY]: PER_REQUEST_BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
            })
          : await gzipAsync(bytes, { level: 6 });
    const answer = new Response(body, res);
    answer.headers.set("content-length", String(body.byteLength));
    if (body !== bytes) {
      answer.headers.set("content-encoding", coding);
      const etag = answer.headers.get("etag");
      if (etag && !etag.startsWith("W/")) answer.headers.set("etag", `W/${etag}`);
    }
    c.res = answer;
  };
}
