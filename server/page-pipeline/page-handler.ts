import type { Handler } from "hono";
import type { AppEnv } from "../http/context";
import { pathAndQueryOf } from "./answer-from-cache";
import { toResponse } from "./cached-answer";
import { type PageCache, cachedPageAnswer, pageCacheKey } from "./page-cache";
import type { RenderPage } from "./render-page";
import { Overloaded, type RenderQueue, overloadedPage } from "./render-queue";

/**
 * The catch-all page route. A page the page cache may share is rendered once for every visitor
 * asking for it meanwhile and kept; any other page is rendered for its request. Every render waits
 * its turn in the render queue; one the queue has no room for is answered with the overloaded page.
 */
export function pageHandler(
  pageCache: PageCache | null,
  renders: RenderQueue,
  render: RenderPage,
  noteShed: (requestId: string, path: string) => void,
): Handler<AppEnv> {
  return async (c) => {
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
  };
}
