import type { Context } from "hono";
import type { SessionUser } from "../auth/auth.service";
import type { AddToCartInput, CartService, CartView } from "#modules/cart";
import type { Services } from "../wiring/services";
import type { Shopper } from "../lib/shopper";
import type { AppEnv } from "./context";

/** The shopper of one request, for Hono handlers and React Router loaders/actions alike. */
export interface ShopperContext {
  shopper: Shopper;
  /**
   * The shopper with an owner for writing a cart or wishlist: a browser without a user or visitor
   * id gets a new visitor id, and its cookie is added to `setCookies`.
   */
  ensureOwner(): Shopper;
  /** True once `ensureOwner` made a visitor id for this request: that visitor has no cart or wishlist yet. */
  readonly newVisitor: boolean;
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
  if (userId && visitorId) await services.shoppers.mergeVisitorIntoUser(visitorId, userId);
  const shopper: Shopper = { userId, visitorId };
  const setCookies: string[] = [];
  let newVisitor = false;
  return {
    shopper,
    setCookies,
    ensureOwner() {
      if (!shopper.userId && !shopper.visitorId) {
        shopper.visitorId = services.visitors.newId();
        newVisitor = true;
        setCookies.push(services.visitors.serialize(shopper.visitorId));
      }
      return shopper;
    },
    get newVisitor() {
      return newVisitor;
    },
  };
}

/**
 * Adds to the shopper's cart, giving a browser without a user or visitor id a visitor id first.
 * A visitor made by this request has no cart yet, so the cart writes the cart and its line in one
 * statement. The API and the pages' forms all add through here.
 */
export function addToCart(ctx: ShopperContext, cart: Pick<CartService, "addItem">, input: AddToCartInput): Promise<CartView> {
  const shopper = ctx.ensureOwner();
  return cart.addItem(shopper, input, { newOwner: ctx.newVisitor });
}

/** The shopper of an API request, with the signed-in user (session cookie) and the cookies to pass on. */
export interface ApiShopper extends ShopperContext {
  user: SessionUser | null;
  /** Sets the private-answer headers and every cookie this request produced (session refresh, new visitor). */
  finish(c: Context<AppEnv>): void;
}

/**
 * Resolves the shopper of a JSON API request. `fresh` reads the session from the database (orders:
 * a sign-out or ban applies at once); otherwise better-auth's signed cookie cache answers.
 */
export async function apiShopper(c: Context<AppEnv>, options: { fresh?: boolean } = {}): Promise<ApiShopper> {
  const services = c.var.services;
  const session = await services.auth.getSession(c.req.raw.headers, { fresh: options.fresh === true });
  const ctx = await resolveShopper(services, c.req.raw.headers, session.user?.id ?? null);
  // Onto ctx itself (a spread would copy `newVisitor` as it is now, before any ensureOwner).
  return Object.assign(ctx, {
    user: session.user,
    finish(c: Context<AppEnv>) {
      c.header("Cache-Control", "private, no-store");
      for (const cookie of [...session.setCookies, ...ctx.setCookies]) c.header("Set-Cookie", cookie, { append: true });
    },
  });
}
