import type { AppLoadContext } from "react-router";
import { type ShopperContext, resolveShopper } from "#server/http/shopper";

// One resolution per request: the layout's loader, the page's loader and an action all ask, and
// each resolution checks the visitor cookie's signature and, for a signed-in user, whether a
// visitor cart is waiting to be merged. The load context is created once per request.
const resolved = new WeakMap<AppLoadContext, Promise<ShopperContext>>();

/**
 * The shopper of a page request (signed-in user and/or anonymous visitor), for loaders and
 * actions. Pass `withShopperCookies(shopperCtx)` as the answer's headers when a write may have
 * created the visitor cookie (`data(…, { headers })`, `redirect(…, { headers })`).
 */
export function getShopper(request: Request, context: AppLoadContext): Promise<ShopperContext> {
  let shopper = resolved.get(context);
  if (!shopper) {
    shopper = resolveShopper(context.services, request.headers, context.user?.id ?? null);
    resolved.set(context, shopper);
  }
  return shopper;
}

/** Headers carrying the visitor cookie a write created (empty otherwise). */
export function withShopperCookies(ctx: ShopperContext, headers: HeadersInit = {}): Headers {
  const out = new Headers(headers);
  for (const cookie of ctx.setCookies) out.append("Set-Cookie", cookie);
  return out;
}

// The shopper helpers route modules use in their loaders and actions, so a page imports no server code itself.
export { addToCart } from "#server/http/shopper";
export { ownerKey } from "#server/lib/shopper";
