import type { Context } from "hono";
import type { Services } from "../services";

export type AppEnv = { Variables: { services: Services; requestId: string; securityHeadersSet?: boolean } };

/**
 * The client's address: the first X-Forwarded-For hop when TRUST_PROXY says a proxy sets it,
 * else the socket's (a client talking to us directly could otherwise claim any address and
 * step around per-IP limits).
 */
export function clientIp(c: Context<AppEnv>): string {
  if (c.var.services?.env.TRUST_PROXY) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? "unknown";
}

/** Public, cacheable catalogue answer: short browser cache, longer shared cache, revalidated by ETag. */
export const PUBLIC_CACHE = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";
