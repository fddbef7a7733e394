import { Hono } from "hono";
import type { ServerBuild } from "react-router";
import { mountApi } from "./http/api";
import type { AppEnv } from "./http/context";
import { errorAnswer } from "./http/error-answer";
import { healthRoutes } from "./http/health.routes";
import { inputGuard } from "./http/input-guard";
import { requestContext } from "./http/request-context";
import { originGuard, secureHeaders } from "./http/security";
import { seoRoutes } from "./http/seo.routes";
import { assetFiles, clientFiles, uploadedFiles } from "./http/static-files";
import type { Logger } from "./lib/logger";
import { type ShopApp, createPagePipeline } from "./page-pipeline";
import { compressAnswers } from "./page-pipeline/compression";
import { answerTags } from "./page-pipeline/etag";
import type { RenderQueueOptions } from "./page-pipeline/render-queue";
import type { Services } from "./wiring/services";

export { type ShopApp, shopListener } from "./page-pipeline";

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

/** Builds the whole HTTP application: API, static files, SEO files and server-rendered pages. */
export function createApp({ services, logger, build, clientDir, renderQueue }: AppOptions): ShopApp {
  const app = new Hono<AppEnv>();
  const pipeline = createPagePipeline({ services, logger, build, renderQueue });
  app.use("*", requestContext(services, logger));
  // A cache hit is answered here, before the rest of the middleware, which it does not need.
  app.use("*", pipeline.cachedAnswers);
  app.use("*", secureHeaders(services.env));
  // Body limits and the text rule come before anything else reads the request.
  app.use("*", inputGuard());
  app.use("*", originGuard(services.env));
  app.route("/", healthRoutes());
  if (clientDir) app.use("/assets/*", assetFiles(clientDir));
  app.use("/uploads/*", uploadedFiles(services.storage));
  // Compress only for clients that ask; answers that arrive compressed already are left alone.
  app.use("*", compressAnswers());
  // Outside the public cache: its answers carry the ETag of the bytes it keeps, which this
  // middleware uses as it is, so it hashes only the other answers.
  app.use("/api/*", answerTags());
  for (const path of pipeline.publicReads.paths) app.use(path, pipeline.publicReads.fill);
  mountApi(app);
  app.route("/", seoRoutes());
  if (clientDir) app.use("*", clientFiles(clientDir));
  if (pipeline.pages) app.all("*", pipeline.pages);
  app.onError(errorAnswer(logger));
  return Object.assign(app, { answerFromCache: pipeline.answerFromCache, shedEarly: pipeline.shedEarly, logger });
}
