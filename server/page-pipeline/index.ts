import type { Handler, MiddlewareHandler } from "hono";
import type { ServerBuild } from "react-router";
import { type AppEnv, BROWSER_CACHE, PUBLIC_CACHE } from "../http/context";
import { baseSecurityHeaders, jsonSecurityHeaders } from "../http/security";
import type { Logger } from "../lib/logger";
import type { Services } from "../wiring/services";
import { type AnswerFromCache, PUBLIC_READ_PATHS, answerFromCache, cachedAnswers } from "./answer-from-cache";
import { createPageCache } from "./page-cache";
import { pageHandler } from "./page-handler";
import { publicCache } from "./public-cache";
import { renderPage } from "./render-page";
import { type RenderQueueOptions, createRenderQueue } from "./render-queue";
import { type ShedEarly, createShedding } from "./shedding";

export { type ShopApp, shopListener } from "./listener";

export interface PagePipelineOptions {
  services: Services;
  logger: Logger;
  /** React Router's server build; without it there are no pages (only the public-read cache). */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** Bounds of the page renders (see render-queue.ts). */
  renderQueue?: RenderQueueOptions;
}

/** What createApp mounts of the page pipeline, in the order of Hono's chain. */
export interface PagePipeline {
  /** For `shopListener`: a GET's answer from the caches, before Hono. */
  answerFromCache: AnswerFromCache;
  /** For `shopListener`: the 503 of a page the renders have no room for, before Hono. */
  shedEarly: ShedEarly;
  /** The first middleware after the request context: answers a cache hit at once. */
  cachedAnswers: MiddlewareHandler<AppEnv>;
  /** The public reads the public-read cache keeps, each with the middleware that fills it (before their routes). */
  publicReads: { paths: string[]; fill: MiddlewareHandler<AppEnv> };
  /** The catch-all page route; null without a server build. */
  pages: Handler<AppEnv> | null;
}

/**
 * Serving pages fast: the public-read and page caches, the render queue that bounds the renders
 * and sheds what it has no room for, and the render of a page with its nonce and policy.
 */
export function createPagePipeline({ services, logger, build, renderQueue }: PagePipelineOptions): PagePipeline {
  const publicReads = publicCache(services.dataEpoch, { everyone: PUBLIC_CACHE, oneBrowser: BROWSER_CACHE }, jsonSecurityHeaders(services.env));
  const pageCache = build && services.env.NODE_ENV !== "development" ? createPageCache({ epoch: services.dataEpoch }) : null;
  const pageHeaders = baseSecurityHeaders(services.env);
  const fromCache = answerFromCache(publicReads, pageCache, pageHeaders);
  // Page renders share one bounded queue (render-queue.ts).
  const renders = build ? createRenderQueue(renderQueue) : null;
  const { noteShed, shedEarly } = createShedding(logger, renders, pageHeaders);
  return {
    answerFromCache: fromCache,
    shedEarly,
    cachedAnswers: cachedAnswers(fromCache),
    publicReads: { paths: PUBLIC_READ_PATHS, fill: publicReads.fill },
    pages: build && renders ? pageHandler(pageCache, renders, renderPage(services, build, renders), noteShed) : null,
  };
}
