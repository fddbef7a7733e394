import type { AppLoadContext } from "react-router";
import { type ShopperContext, resolveShopper } from "../../server/http/shopper";

/**
 * The shopper of a page request (signed-in user and/or anonymous visitor), for loaders and
 * actions. Pass `withShopperCookies(shopperCtx)` as the answer's headers when a write may have
 * created the visitor cookie (`data(…, { headers })`, `redirect(…, { headers })`).
 */
export function getShopper(request: Request, context: AppLoadContext): Promise<ShopperContext> {
  return resolveShopper(context.services, request.headers, context.user?.id ?? null);
}

/** Headers carrying the visitor cookie a write created (empty otherwise). */
export function withShopperCookies(ctx: ShopperContext, headers: HeadersInit = {}): Headers {
  const out = new Headers(headers);
  for (const cookie of ctx.setCookies) out.append("Set-Cookie", cookie);
  return out;
}
