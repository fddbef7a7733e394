import type { Context, MiddlewareHandler } from "hono";
import type { Env } from "../lib/env";
import { providerOrigins } from "../auth/providers";
import { type LiveChat, NO_LIVE_CHAT, liveChatSources } from "#common/content/live-chat";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FACEBOOK = { script: "https://connect.facebook.net", img: "https://www.facebook.com" };
/** What Stripe.js and its Payment Element load (https://docs.stripe.com/security/guide#content-security-policy). */
const STRIPE = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  connect: ["https://api.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
};

/** Sets a header on a response, copying the response first when its headers are immutable. */
function setHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(name, value);
  }
}

/**
 * Headers every answer carries: no MIME sniffing, no framing, a strict referrer, HSTS in
 * production over https, and a Content-Security-Policy for answers that did not set their own
 * (pages set theirs, see `pageContentSecurityPolicy`): nothing may load from a JSON answer.
 */
export function secureHeaders(env: Pick<Env, "NODE_ENV" | "PUBLIC_URL">): MiddlewareHandler {
  const base = baseSecurityHeaders(env);
  return async (c, next) => {
    await next();
    // Answers served from ready-made bytes carry these headers already (see public-cache.ts).
    if (c.get("securityHeadersSet")) return;
    for (const [name, value] of Object.entries(base)) setHeader(c, name, value);
    if (!c.res.headers.has("Content-Security-Policy")) {
      const html = c.res.headers.get("content-type")?.includes("text/html");
      // HTML we did not render ourselves (better-auth's error page): its inline styles only.
      setHeader(c, "Content-Security-Policy", html ? FOREIGN_HTML_POLICY : JSON_POLICY);
    }
  };
}

const JSON_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";
const FOREIGN_HTML_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** The headers every answer carries, whatever produced it (HSTS only in production over https). */
export function baseSecurityHeaders(env: Pick<Env, "NODE_ENV" | "PUBLIC_URL">): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
    ...(env.NODE_ENV === "production" && env.PUBLIC_URL.startsWith("https://") ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/** The headers of a JSON answer: the base set plus a policy that lets nothing load from it. */
export function jsonSecurityHeaders(env: Pick<Env, "NODE_ENV" | "PUBLIC_URL">): Record<string, string> {
  return { ...baseSecurityHeaders(env), "Content-Security-Policy": JSON_POLICY };
}

/** The origins allowed to send state-changing requests: the shop's own (PUBLIC_URL). */
function ownOrigin(env: Pick<Env, "PUBLIC_URL">): string {
  return new URL(env.PUBLIC_URL).origin;
}

const originOf = (url: string | undefined): string | null => {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Cross-site request forgery guard for every state-changing request (API calls and page actions),
 * except /api/auth/*, where better-auth applies the same rules itself (and OAuth providers may post
 * their answer cross-site). A browser names the page that sent a request in Origin (and in
 * Sec-Fetch-Site): it must be the shop itself. A request that carries cookies must prove that
 * (Origin, Referer or Sec-Fetch-Site: same-origin); one without cookies and without those headers
 * comes from a script or a server, which a forged page cannot make act as a signed-in customer.
 */
export function originGuard(env: Pick<Env, "PUBLIC_URL">): MiddlewareHandler {
  const allowed = ownOrigin(env);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || c.req.path.startsWith("/api/auth/")) return next();
    const origin = c.req.header("origin");
    const site = c.req.header("sec-fetch-site");
    const referer = originOf(c.req.header("referer"));
    let verdict: "ok" | "foreign" | "unproven";
    if (origin && origin !== "null") verdict = origin === allowed ? "ok" : "foreign";
    else if (origin === "null") verdict = "foreign";
    else if (site === "cross-site" || site === "same-site") verdict = "foreign";
    else if (site === "same-origin") verdict = "ok";
    else if (referer) verdict = referer === allowed ? "ok" : "foreign";
    else verdict = c.req.header("cookie") ? "unproven" : "ok";
    if (verdict === "ok") return next();
    const message =
      verdict === "foreign"
        ? `This request came from another site${origin && origin !== "null" ? ` (${origin})` : ""} and was blocked for your security. If you opened the shop at another address than ${allowed}, set PUBLIC_URL to it.`
        : "This request carries cookies but no Origin header, so it was blocked for your security. Send the shop's own Origin with it.";
    if (c.req.path.startsWith("/api/")) return c.json({ error: { code: "forbidden", message } }, 403);
    return c.text(message, 403);
  };
}

export interface PageCspOptions {
  /** The nonce the page gave its inline scripts; without it inline scripts are allowed ('unsafe-inline'). */
  nonce?: string;
  /** Or the sha256 sources of every inline script of the page (a cached page, which has no nonce). */
  hashes?: string[];
  /** The live-chat widget of the site settings: its hosts are allowed only when a provider is set. */
  liveChat?: LiveChat;
  /** The tracking pixel is active with an id: only then may the page load and talk to Facebook. */
  pixel?: boolean;
  /** Where stored pictures load from (the object store's public address): its origin may serve images, over http too. */
  pictures?: string;
}

/**
 * The Content-Security-Policy of a rendered page: scripts from the shop itself (inline ones only
 * with the page's nonce once the page passes it to its scripts, or by their hashes on a cached page), the Facebook pixel while active, the live-chat
 * widget of the settings and, when card payments are configured, Stripe.js and its frames;
 * pictures from any https host (profile pictures of sign-in providers, a bucket or a CDN) and from
 * the object store's origin whatever its scheme (a local MinIO); forms posting only to the
 * shop and the configured sign-in providers; no framing.
 */
export function pageContentSecurityPolicy(env: Env, options: PageCspOptions): string {
  const dev = env.NODE_ENV === "development";
  const chat = liveChatSources(options.liveChat ?? NO_LIVE_CHAT);
  // Stripe.js only when the shop takes cards (the payment page loads it).
  const stripe = env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY ? STRIPE : { script: [], connect: [], frame: [] };
  const frames = [...chat.https, ...stripe.frame];
  // Facebook only while the pixel is active: an inactive pixel's page can neither load fbevents.js nor send to Facebook.
  const facebook = options.pixel ? { script: [FACEBOOK.script], connect: [FACEBOOK.script, FACEBOOK.img] } : { script: [], connect: [] };
  // https: covers a store served over https already.
  const store = originOf(options.pictures);
  const pictureOrigin = store && !store.startsWith("https:") ? [store] : [];
  const inline = dev ? ["'unsafe-inline'"] : options.nonce ? [`'nonce-${options.nonce}'`] : (options.hashes ?? ["'unsafe-inline'"]);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...inline, ...facebook.script, ...chat.https, ...stripe.script, ...(dev ? ["'unsafe-eval'"] : [])],
    "style-src": ["'self'", "'unsafe-inline'", ...chat.https],
    "img-src": ["'self'", "data:", "blob:", "https:", ...pictureOrigin],
    "font-src": ["'self'", "data:", ...chat.https],
    "connect-src": ["'self'", ...facebook.connect, ...chat.https, ...chat.wss, ...stripe.connect, ...(dev ? ["ws:", "wss:"] : [])],
    "media-src": ["'self'", ...chat.https],
    "frame-src": frames.length ? frames : ["'none'"],
    "worker-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'", ...providerOrigins(env)],
    "frame-ancestors": ["'none'"],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${[...new Set(values)].join(" ")}`);
  if (env.PUBLIC_URL.startsWith("https://")) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}
