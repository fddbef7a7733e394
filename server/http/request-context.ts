import type { MiddlewareHandler } from "hono";
import { nextRequestId } from "../lib/ids";
import type { Logger } from "../lib/logger";
import type { Services } from "../wiring/services";
import type { AppEnv } from "./context";

/** The request id of an answer: the caller's own (a proxy's, up to 128 characters) or a new one. */
export const requestIdFor = (incoming: string | undefined) => (incoming && incoming.length <= 128 ? incoming : nextRequestId());

/**
 * The first middleware of every request: its id (echoed in X-Request-Id), the services its handlers
 * use (`c.var.services`), and one log line when it is answered, with its status and duration.
 */
export function requestContext(services: Services, logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const start = performance.now();
    const requestId = requestIdFor(c.req.header("x-request-id"));
    c.set("services", services);
    c.set("requestId", requestId);
    c.header("X-Request-Id", requestId);
    await next();
    logger.info({ reqId: requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - start) }, "request");
  };
}
