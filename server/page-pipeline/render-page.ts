import type { Context } from "hono";
import type { AppLoadContext, ServerBuild } from "react-router";
import { RouterContextProvider, createRequestHandler } from "react-router";
import { isPixelActive } from "#common/content/pixel-active";
import { type AppEnv, clientIp } from "../http/context";
import { pageContentSecurityPolicy } from "../http/security";
import type { Services } from "../wiring/services";
import { acceptedCoding } from "./compression";
import type { RenderedPage } from "./page-cache";
import { pageNonce } from "./nonce";
import type { RenderQueue } from "./render-queue";

/** Renders one page through React Router; `forCache` for a copy the page cache will share. */
export type RenderPage = (c: Context<AppEnv>, options?: { forCache?: boolean }) => Promise<RenderedPage>;

/**
 * The render of a page: the caller's session, the shop's settings and pixel, the load context
 * loaders receive, then React Router's answer with the session's cookies, the request id and the
 * page's Content-Security-Policy (its nonce, when the page used it; the live chat's and the pixel's
 * sources when they are on).
 */
export function renderPage(services: Services, build: ServerBuild | (() => Promise<ServerBuild>), renders: RenderQueue): RenderPage {
  const handler = createRequestHandler(build, services.env.NODE_ENV === "production" ? "production" : "development");
  // A page for the page cache renders plain (the cache keeps its own br and gzip); one for this
  // request only is compressed as it renders, in the coding its client accepts.
  return async (c, { forCache = false } = {}) => {
    // Writes and the admin area see bans and role changes at once; other pages use the cookie cache.
    const fresh = c.req.method !== "GET" && c.req.method !== "HEAD" ? true : c.req.path.startsWith("/admin-dashboard");
    const [session, settings, pixel] = await Promise.all([
      services.auth.getSession(c.req.raw.headers, { fresh }),
      services.content.getSettings().catch(() => null),
      services.content.getPixel().catch(() => null),
    ]);
    const { nonce, cspNonce, used: nonceUsed } = pageNonce();
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
        nonce: hashes ? undefined : nonceUsed() ? nonce : undefined,
        hashes,
        liveChat: settings?.liveChat,
        pixel: isPixelActive(pixel),
        pictures: services.storage.publicBase,
      });
    if (res.headers.get("content-type")?.includes("text/html")) res.headers.set("Content-Security-Policy", policy());
    return { res, nonce, policy };
  };
}
