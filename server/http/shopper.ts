import type { Services } from "../services";
import type { Shopper } from "../lib/shopper";

/** The shopper of one request, for Hono handlers and React Router loaders/actions alike. */
export interface ShopperContext {
  shopper: Shopper;
  /**
   * The shopper with an owner for writing a cart or wishlist: a browser without a user or visitor
   * id gets a new visitor id, and its cookie is added to `setCookies`.
   */
  ensureOwner(): Shopper;
  /** Set-Cookie values the answer must carry. */
  setCookies: string[];
}

/**
 * Resolves who is shopping from the request's cookies and the signed-in user. A signed-in user
 * whose browser still holds an anonymous cart or wishlist gets it merged into the account here,
 * whatever way they signed in (password, magic link, provider).
 */
export async function resolveShopper(services: Services, headers: Headers, userId: string | null): Promise<ShopperContext> {
  const visitorId = services.visitors.read(headers.get("cookie"));
  if (userId && visitorId) await services.mergeVisitorIntoUser(visitorId, userId);
  const shopper: Shopper = { userId, visitorId };
  const setCookies: string[] = [];
  return {
    shopper,
    setCookies,
    ensureOwner() {
      if (!shopper.userId && !shopper.visitorId) {
        shopper.visitorId = services.visitors.newId();
        setCookies.push(services.visitors.serialize(shopper.visitorId));
      }
      return shopper;
    },
  };
}
