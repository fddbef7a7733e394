import { randomBytes } from "node:crypto";
import { signedIds } from "./signed-token";

/**
 * Who is shopping: the signed-in user, and the anonymous browser (a random id in a signed,
 * HttpOnly cookie, set on the first add to cart or wishlist and kept for a year). Carts and
 * wishlists belong to the user when there is one, else to the visitor; a guest's orders remember
 * the visitor that placed them.
 */
export interface Shopper {
  userId: string | null;
  visitorId: string | null;
}

export const VISITOR_COOKIE = "shop.visitor";
const ONE_YEAR = 60 * 60 * 24 * 365;

/** The key a cart or wishlist is stored under, or null for a browser that has neither yet. */
export function ownerKey(shopper: Shopper): string | null {
  if (shopper.userId) return `user:${shopper.userId}`;
  if (shopper.visitorId) return `visitor:${shopper.visitorId}`;
  return null;
}

/** Reads one cookie's value from a Cookie header; a value we cannot decode counts as no cookie. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** Signs and reads the visitor cookie with the shop's secret (a forged or altered id is ignored). */
export function createVisitorCookies(secret: string, options: { secure: boolean }) {
  const ids = signedIds(secret, "visitor");

  return {
    /** The visitor id from a Cookie header, if its signature holds. */
    read(cookieHeader: string | null | undefined): string | null {
      return ids.read(readCookie(cookieHeader, VISITOR_COOKIE));
    },

    /** A new random visitor id. */
    newId(): string {
      return randomBytes(18).toString("base64url");
    },

    /** The Set-Cookie header value that stores a visitor id for a year. */
    serialize(id: string): string {
      return `${VISITOR_COOKIE}=${ids.sign(id)}; Path=/; Max-Age=${ONE_YEAR}; HttpOnly; SameSite=Lax${options.secure ? "; Secure" : ""}`;
    },
  };
}

export type VisitorCookies = ReturnType<typeof createVisitorCookies>;
