import type { Logger } from "../lib/logger";
import { isFileAddress } from "../http/static-files";
import type { CachedAnswer } from "./cached-answer";
import { type RenderQueue, overloadedAnswer } from "./render-queue";

/** The 503 of a page request the renders have no room for now, decided before Hono; undefined to go on. */
export type ShedEarly = (method: string, pathAndQuery: string, requestId: string) => CachedAnswer | undefined;

/**
 * Refusing the pages the render queue has no room for. `shedEarly` answers a page request 503
 * before Hono when the queue already refuses new renders; `noteShed` logs a shed page, whether
 * shed early or by the queue itself. Shed pages are logged at most once a second, with their
 * count, since a spike sheds a great many.
 */
export function createShedding(logger: Logger, pageRenders: RenderQueue | null, pageHeaders: Record<string, string>) {
  let shedLoggedAt = 0;
  let shedSinceLog = 0;
  const noteShed = (requestId: string, path: string) => {
    shedSinceLog += 1;
    if (Date.now() - shedLoggedAt < 1_000) return;
    logger.warn({ reqId: requestId, path, shed: shedSinceLog, shedInAll: pageRenders?.shed }, "pages shed: the server is past its capacity");
    shedLoggedAt = Date.now();
    shedSinceLog = 0;
  };
  const shedEarly: ShedEarly = (method, pathAndQuery, requestId) => {
    if (!pageRenders || (method !== "GET" && method !== "HEAD")) return undefined;
    const queryStart = pathAndQuery.indexOf("?");
    const path = queryStart < 0 ? pathAndQuery : pathAndQuery.slice(0, queryStart);
    // Pages only: not the API, nor a file (an address with an extension), nor the health check.
    if (path.startsWith("/api/") || path === "/healthz" || isFileAddress(path) || !pageRenders.refuseEarly()) return undefined;
    noteShed(requestId, path);
    return overloadedAnswer({ ...pageHeaders, "x-request-id": requestId });
  };
  return { noteShed, shedEarly };
}
