import type { MiddlewareHandler } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import { type ObjectStore, isObjectKey } from "#modules/storage";
import type { AppEnv } from "./context";

/**
 * Whether an address names a file (it has an extension): the client build's top-level files
 * (favicon.svg, og-image.png…) all do, a page's address never does.
 */
export const isFileAddress = (path: string) => /\.[a-z0-9]+$/i.test(path);

/** /assets/*: the hashed build assets, precompressed at build time (.br/.gz beside each file), cached for a year. */
export function assetFiles(clientDir: string): MiddlewareHandler<AppEnv> {
  return serveStatic({ root: clientDir, precompressed: true, onFound: (_p, c) => c.header("Cache-Control", "public, max-age=31536000, immutable") });
}

/**
 * /uploads/*: the shop's uploaded images. From the file store's folder, cached for a year; with a
 * bucket, a redirect to the object's public address, so a link made before the move to the bucket
 * (a mail, another site, a page in someone's cache) still shows its picture.
 */
export function uploadedFiles(storage: ObjectStore): MiddlewareHandler<AppEnv> {
  if (storage.dir) {
    return serveStatic({
      root: storage.dir,
      rewriteRequestPath: (p) => p.replace(/^\/uploads/, ""),
      onFound: (_p, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    });
  }
  return async (c, next) => {
    const key = c.req.path.slice("/uploads/".length);
    if ((c.req.method !== "GET" && c.req.method !== "HEAD") || !isObjectKey(key)) return next();
    // Not permanent: the public address follows STORAGE_PUBLIC_URL, which may change.
    c.header("Cache-Control", "public, max-age=3600");
    return c.redirect(storage.publicUrl(key), 302);
  };
}

/** The client build's top-level files (favicon, manifest…); a page request skips the file lookup (a synchronous stat each). */
export function clientFiles(clientDir: string): MiddlewareHandler<AppEnv> {
  const files = serveStatic({ root: clientDir, onFound: (_p, c) => c.header("Cache-Control", "public, max-age=3600") });
  return (c, next) => (isFileAddress(c.req.path) ? files(c, next) : next());
}
