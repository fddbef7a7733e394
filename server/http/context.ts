import type { IncomingMessage } from "node:http";
import type { Context } from "hono";
import type { Services } from "../wiring/services";
import type { SessionUser } from "../auth/auth.service";
import { resolveClientIp } from "../lib/client-ip";

export type AppEnv = {
  Variables: {
    services: Services;
    requestId: string;
    securityHeadersSet?: boolean;
    /** The signed-in user as the database has it, once read (http/caller.ts); null for a visitor. */
    freshUser?: SessionUser | null;
  };
};

const NO_PROXY = { hops: 0 };

/**
 * The client's address, the one every per-IP limit counts by: the socket's, or with TRUST_PROXY
 * the address our own proxies saw, counted from the right of X-Forwarded-For (client-ip.ts). A
 * client talking to us directly, or writing the header itself, cannot pick another address.
 */
export function clientIp(c: Context<AppEnv>): string {
  return resolveClientIp(c.var.services?.env.TRUST_PROXY ?? NO_PROXY, nodeRequestOf(c)?.socket?.remoteAddress, c.req.header("x-forwarded-for"));
}

/**
 * The node:http request behind the request, when the shop serves it (@hono/node-server passes it
 * as `c.env.incoming`); undefined when a test calls the app with a Request of its own.
 */
export function nodeRequestOf(c: Context<AppEnv>): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

/**
 * Puts `res` in the context as the answer, as it is. Assigning over an answer already there makes
 * Hono wrap the new one in another Response and copy the old one's headers onto it (its
 * Content-Length among them), which an answer made from the old one's bytes must not get.
 */
export function replaceAnswer(c: Context, res: Response): void {
  c.res = undefined as unknown as Response;
  c.res = res;
}

/**
 * The answer to a request that creates something under an Idempotency-Key (an order, a refund):
 * 201 with what it created, or, when the key was seen before (a replay), 200 with the first result.
 */
export function createdOrReplayed(c: Context, body: object, created: boolean): Response {
  return c.json(body, created ? 201 : 200);
}

/** Public, cacheable catalogue answer: short browser cache, longer shared cache, revalidated by ETag. */
export const PUBLIC_CACHE = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";

/** A catalogue answer made for one shopper's cookie (their currency): their browser keeps it as briefly, no shared cache does. */
export const BROWSER_CACHE = "private, max-age=60";
