import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { Hono } from "hono";
import type { AppEnv } from "../http/context";
import { requestIdFor } from "../http/request-context";
import type { Logger } from "../lib/logger";
import type { AnswerFromCache } from "./answer-from-cache";
import type { ShedEarly } from "./shedding";

/** The shop's Hono application, and the answers its caches hold, for `shopListener`. */
export type ShopApp = Hono<AppEnv> & {
  /** A GET's answer from the public-read or page cache, when they hold it; undefined otherwise. */
  answerFromCache: AnswerFromCache;
  /** The 503 of a page request the renders have no room for now, decided before Hono; undefined to go on. */
  shedEarly: ShedEarly;
  logger: Logger;
};

/**
 * The node:http listener of the shop: a GET its caches hold is written straight from the cached
 * bytes, before a Request object, Hono's router and its middleware exist for it (the hot catalogue
 * reads and visitors' pages). So is the 503 of a page the renders have no room for: in a spike most
 * page requests are refused, and refusing each through the whole chain would take the turns of the
 * event loop the accepted renders are waiting for. Everything else goes to Hono.
 */
export function shopListener(app: ShopApp): (req: IncomingMessage, res: ServerResponse) => void {
  // The input guard reads every body it lets through, or answers without reading it and closes
  // the connection (lingering, http/input-guard.ts); @hono/node-server's own draining of unread
  // bodies would read those it closes on, byte by byte.
  const hono = getRequestListener(app.fetch, { autoCleanupIncoming: false });
  return (req, res) => {
    if (req.method === "GET" && req.url) {
      const start = performance.now();
      const header = req.headers["x-request-id"];
      const requestId = requestIdFor(typeof header === "string" ? header : undefined);
      const answer = app.answerFromCache(
        "GET",
        req.url,
        (name) => {
          const value = req.headers[name];
          return Array.isArray(value) ? value.join(", ") : value;
        },
        requestId,
      );
      const sent = answer ?? app.shedEarly("GET", req.url, requestId);
      if (sent) {
        res.writeHead(sent.status, sent.headers);
        res.end(sent.body);
        app.logger.info(
          { reqId: requestId, method: "GET", path: req.url.split("?")[0], status: sent.status, ms: Math.round(performance.now() - start) },
          "request",
        );
        return;
      }
    }
    void hono(req, res);
  };
}
