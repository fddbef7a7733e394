import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { MIN_COMPRESS_BYTES, acceptedCoding } from "./compression";
import { tagMatches } from "./etag";

/**
 * An answer sent from bytes a cache keeps (a public API read, a visitor's page): status, headers and
 * body, the same whether Hono sends it (`toResponse`) or the bare node:http listener writes it
 * before Hono sees the request (`shopListener` in listener.ts).
 */
export interface CachedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** A cached body with its compressed forms, made on first demand and kept beside it. */
export interface EncodedBody {
  body: string;
  bytes: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** The request headers a cached answer depends on, by lower-case name. */
export type HeaderOf = (name: string) => string | undefined;

/**
 * The answer for a cached body: 304 when the browser holds these bytes (If-None-Match), else br,
 * gzip or plain as the client accepts; bodies under 1 KB are never compressed.
 */
export function encodedAnswer(entry: EncodedBody, status: number, headers: Record<string, string>, header: HeaderOf, brotliQuality: number): CachedAnswer {
  const out: Record<string, string> = { ...headers, etag: entry.etag };
  if (tagMatches(header("if-none-match"), entry.etag)) return { status: 304, headers: out, body: null };
  const coding = entry.bytes.byteLength >= MIN_COMPRESS_BYTES ? acceptedCoding(header("accept-encoding")) : null;
  let body = entry.bytes;
  if (coding === "br") {
    entry.br ??= brotliCompressSync(entry.body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: entry.bytes.byteLength },
    });
    body = entry.br;
    out["content-encoding"] = "br";
  } else if (coding === "gzip") {
    entry.gzip ??= gzipSync(entry.body, { level: 6 });
    body = entry.gzip;
    out["content-encoding"] = "gzip";
  }
  out["content-length"] = String(body.byteLength);
  return { status, headers: out, body };
}

/** A cached answer as a fetch Response (for Hono's chain and in-process tests). */
export function toResponse(answer: CachedAnswer): Response {
  return new Response(answer.body as unknown as BodyInit | null, { status: answer.status, headers: answer.headers });
}
