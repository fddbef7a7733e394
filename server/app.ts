import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type Context, Hono } from "hono";
import { getRequestListener } from "@hono/node-server";
import type { AppLoadContext, ServerBuild } from "react-router";
import { RouterContextProvider, createRequestHandler } from "react-router";
import type { Logger } from "./lib/logger";
import type { Services } from "./wiring/services";
import { type AppEnv, PUBLIC_CACHE, clientIp } from "./http/context";
import { publicCache } from "./page-pipeline/public-cache";
import { type RenderedPage, cachedPageAnswer, createPageCache, pageCacheKey } from "./page-pipeline/page-cache";
import { type CachedAnswer, type HeaderOf, toResponse } from "./page-pipeline/cached-answer";
import { type ContentCoding, acceptedCoding, compressAnswers } from "./page-pipeline/compression";
import { answerTags } from "./page-pipeline/etag";
import { Overloaded, type RenderQueueOptions, createRenderQueue, overloadedAnswer, overloadedPage } from "./page-pipeline/render-queue";
import { isPixelActive } from "#common/content/pixel-active";
import { seoRoutes } from "./http/seo.routes";
import { mountApi } from "./http/api";
import { errorAnswer } from "./http/error-answer";
import { healthRoutes } from "./http/health.routes";
import { requestContext, requestIdFor } from "./http/request-context";
import { assetFiles, clientFiles, isFileAddress, uploadedFiles } from "./http/static-files";
import { inputGuard } from "./http/input-guard";
import { baseSecurityHeaders, jsonSecurityHeaders, originGuard, pageContentSecurityPolicy, secureHeaders } from "./http/security";
import type { SessionUser } from "./auth/auth.service";

export interface AppOptions {
  services: Services;
  logger: Logger;
  /** React Router's server build; without it only the API is served (API tests). */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** Directory of the client build to serve /assets from (production only). */
  clientDir?: string;
  /** Bounds of the page renders (see render-queue.ts); the defaults suit one instance. */
  renderQueue?: RenderQueueOptions;
}

declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    clientIp: string;
    requestId: string;
    /** The signed-in user of this request (resolved once per request), or null. */
    user: SessionUser | null;
    /**
     * The nonce of this page's inline scripts. Calling it switches the page's Content-Security-Policy
     * from 'unsafe-inline' to this nonce, so call it only where every inline script gets it:
     * `<Scripts nonce>`, `<ScrollRestoration nonce>`, `<ServerRouter nonce>` and
     * `renderToPipeableStream(…, { nonce })` in app/entry.server.tsx.
     */
    cspNonce: () => string;
    /** The coding app/entry.server.tsx compresses this page with as it renders (the client accepts it), or none. */
    pageCoding?: ContentCoding | null;
    /** Resolves when this page's React render may run (one render per turn of the event loop: page-pipeline/render-queue.ts); none in tests without a queue. */
    renderPass?: () => Promise<void>;
  }
  // future.v8_middleware: loaders get a RouterContextProvider; ours carries the same fields (createApp).
  interface RouterContextProvider extends AppLoadContext {}
}

/** The path and query of a request URL. */
const pathAndQueryOf = (url: string) => url.slice(url.indexOf("/", url.indexOf("//") + 2));

/** The shop's Hono application, and the answers its caches hold, for `shopListener`. */
export type ShopApp = Hono<AppEnv> & {
  /** A GET's answer from the public-read or page cache, when they hold it; undefined otherwise. */
  answerFromCache: (method: string, pathAndQuery: string, header: HeaderOf, requestId: string) => CachedAnswer | undefined;
  /** The 503 of a page request the renders have no room for now, decided before Hono; undefined to go on. */
  shedEarly: (method: string, pathAndQuery: string, requestId: string) => CachedAnswer | undefined;
  logger: Logger;
};

/** Builds the whole HTTP application: API, static files, SEO files and server-rendered pages. */
export function createApp({ services, logger, build, clientDir, renderQueue }: AppOptions): ShopApp {
  const app = new Hono<AppEnv>();

  app.use("*", requestContext(services, logger));

  // Public catalogue and content reads, and the pages of visitors without cookies, are served from
  // ready-made bytes (ETag, gzip/br included). A hit is answered here, before the rest of the
  // middleware, which it does not need; `shopListener` answers it before Hono sees the request.
  const publicReads = publicCache(services.dataEpoch, PUBLIC_CACHE, jsonSecurityHeaders(services.env));
  // "/api/products/*" matches "/api/products" too: listing both ran the cache twice on the listing.
  const publicPaths = ["/api/products/*", "/api/categories", "/api/banners", "/api/settings", "/api/facebook-pixel"];
  const isPublicRead = (path: string) => path === "/api/products" || path.startsWith("/api/products/") || publicPaths.includes(path);
  const pageCache = build && services.env.NODE_ENV !== "development" ? createPageCache({ epoch: services.dataEpoch }) : null;
  const pageHeaders = baseSecurityHeaders(services.env);
  const answerFromCache: ShopApp["answerFromCache"] = (method, pathAndQuery, header, requestId) => {
    if (method !== "GET") return undefined;
    const queryStart = pathAndQuery.indexOf("?");
    if (isPublicRead(queryStart < 0 ? pathAndQuery : pathAndQuery.slice(0, queryStart))) return publicReads.answer(pathAndQuery, header, requestId);
    const key = pageCache && pageCacheKey(method, pathAndQuery, header("cookie"));
    const page = key ? pageCache.peek(key) : undefined;
    return page && cachedPageAnswer(page, header, { ...pageHeaders, "x-request-id": requestId });
  };
  // Page renders share one bounded queue (page-pipeline/render-queue.ts).
  const pageRenders = build ? createRenderQueue(renderQueue) : null;
  // Shed pages are logged at most once a second, with their count: a spike sheds thousands.
  let shedLoggedAt = 0;
  let shedSinceLog = 0;
  const noteShed = (requestId: string, path: string) => {
    shedSinceLog += 1;
    if (Date.now() - shedLoggedAt < 1_000) return;
    logger.warn({ reqId: requestId, path, shed: shedSinceLog, shedInAll: pageRenders?.shed }, "pages shed: the server is past its capacity");
    shedLoggedAt = Date.now();
    shedSinceLog = 0;
  };
  const shedEarly: ShopApp["shedEarly"] = (method, pathAndQuery, requestId) => {
    if (!pageRenders || (method !== "GET" && method !== "HEAD")) return undefined;
    const queryStart = pathAndQuery.indexOf("?");
    const path = queryStart < 0 ? pathAndQuery : pathAndQuery.slice(0, queryStart);
    // Pages only: not the API, nor a file (an address with an extension), nor the health check.
    if (path.startsWith("/api/") || path === "/healthz" || isFileAddress(path) || !pageRenders.refuseEarly()) return undefined;
    noteShed(requestId, path);
    return overloadedAnswer({ ...pageHeaders, "x-request-id": requestId });
  };
  app.use("*", async (c, next) => {
    const answer = answerFromCache(c.req.method, pathAndQueryOf(c.req.url), (name) => c.req.header(name), c.var.requestId);
    if (!answer) return next();
    c.set("securityHeadersSet", true);
    c.res = toResponse(answer);
  });
  app.use("*", secureHeaders(services.env));
  // Body limits and the text rule come before anything else reads the request.
  app.use("*", inputGuard());
  app.use("*", originGuard(services.env));

  app.route("/", healthRoutes());
  if (clientDir) app.use("/assets/*", assetFiles(clientDir));
  app.use("/uploads/*", uploadedFiles(services.env.UPLOADS_DIR));

  // Compress only for clients that ask; answers that arrive compressed already are left alone.
  app.use("*", compressAnswers());
  // Outside the public cache: its answers carry the ETag of the bytes it keeps, which this
  // middleware uses as it is, so it hashes only the other answers.
  app.use("/api/*", answerTags());
  for (const path of publicPaths) app.use(path, publicReads.fill);
  mountApi(app);
  app.route("/", seoRoutes());
  if (clientDir) app.use("*", clientFiles(clientDir));

  if (build) {
    const handler = createRequestHandler(build, services.env.NODE_ENV === "production" ? "production" : "development");
    const renders = pageRenders!;
    // A page for the page cache renders plain (the cache keeps its own br and gzip); one for this
    // request only is compressed as it renders, in the coding its client accepts.
    const render = async (c: Context<AppEnv>, { forCache = false } = {}): Promise<RenderedPage> => {
      // Writes and the admin area see bans and role changes at once; other pages use the cookie cache.
      const fresh = c.req.method !== "GET" && c.req.method !== "HEAD" ? true : c.req.path.startsWith("/admin-dashboard");
      const [session, settings, pixel] = await Promise.all([
        services.auth.getSession(c.req.raw.headers, { fresh }),
        services.content.getSettings().catch(() => null),
        services.content.getPixel().catch(() => null),
      ]);
      const nonce = randomBytes(16).toString("base64");
      let nonceUsed = false;
      const cspNonce = () => {
        nonceUsed = true;
        return nonce;
      };
      const pageCoding = forCache ? null : acceptedCoding(c.req.header("accept-encoding"));
      const context: AppLoadContext = {
        services,
        clientIp: clientIp(c),
        requestId: c.var.requestId,
        user: session.user,
        cspNonce,
        pageCoding,
        renderPass: renders.pass,
      };
      let res = await handler(c.req.raw, Object.assign(new RouterContextProvider(), context));
      try {
        res.headers.set("X-Request-Id", c.var.requestId);
      } catch {
        res = new Response(res.body, res); // a Response.redirect() has immutable headers
      }
      // The page's own cookies win (a sign-in action sets a new session over a stale one we cleared).
      const pageCookies = new Set(res.headers.getSetCookie().map((cookie) => cookie.split("=")[0]!.trim()));
      for (const cookie of session.setCookies) if (!pageCookies.has(cookie.split("=")[0]!.trim())) res.headers.append("Set-Cookie", cookie);
      if (session.user && !res.headers.has("Cache-Control")) res.headers.set("Cache-Control", "private, no-store");
      const policy = (hashes?: string[]) =>
        pageContentSecurityPolicy(services.env, {
          nonce: hashes ? undefined : nonceUsed ? nonce : undefined,
          hashes,
          liveChat: settings?.liveChat,
          pixel: isPixelActive(pixel),
        });
      if (res.headers.get("content-type")?.includes("text/html")) res.headers.set("Content-Security-Policy", policy());
      return { res, nonce, policy };
    };
    app.all("*", async (c) => {
      try {
        const key = pageCache && pageCacheKey(c.req.method, pathAndQueryOf(c.req.url), c.req.header("cookie"));
        if (key) {
          const page = await pageCache.fill(key, () => renders.run(() => render(c, { forCache: true })));
          if (page instanceof Response) return page;
          if (page) return toResponse(cachedPageAnswer(page, (name) => c.req.header(name), { "x-request-id": c.var.requestId }));
        }
        return (await renders.run(() => render(c))).res;
      } catch (err) {
        if (!(err instanceof Overloaded)) throw err;
        noteShed(c.var.requestId, c.req.path);
        return overloadedPage();
      }
    });
  }

  app.onError(errorAnswer(logger));

  return Object.assign(app, { answerFromCache, shedEarly, logger });
}

/**
 * The node:http listener of the shop: a GET its caches hold is written straight from the cached
 * bytes, before a Request object, Hono's router and its middleware exist for it (the hot catalogue
 * reads and visitors' pages; this halves their cost). So is the 503 of a page the renders have no
 * room for: in a spike most page requests are refused, and refusing each through the whole chain
 * took the turns of the event loop the accepted renders were waiting for. Everything else goes to Hono.
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
