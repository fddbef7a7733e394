import type { MiddlewareHandler } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
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

/** /uploads/*: the shop's uploaded images, from UPLOADS_DIR, cached for a year. */
export function uploadedFiles(uploadsDir: string): MiddlewareHandler<AppEnv> {
  return serveStatic({
    root: uploadsDir,
    rewriteRequestPath: (p) => p.replace(/^\/uploads/, ""),
    onFound: (_p, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
  });
}

/** The client build's top-level files (favicon, manifest…); a page request skips the file lookup (a synchronous stat each). */
export function clientFiles(clientDir: string): MiddlewareHandler<AppEnv> {
  const files = serveStatic({ root: clientDir, onFound: (_p, c) => c.header("Cache-Control", "public, max-age=3600") });
  return (c, next) => (isFileAddress(c.req.path) ? files(c, next) : next());
}
