/**
 * The one rule for every address a client gives the shop to send someone to (`redirectTo`, a
 * sign-in's callback URL, a popup's `to`, a banner's link): a page of this shop, or nothing.
 * Pure, so the browser's code uses it too.
 */

const BASE = "http://same-site.invalid";
// C0 controls and DEL: browsers drop tabs and line breaks from addresses, so "/\t/evil.com" is "//evil.com".
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The path, query and fragment of `to` once normalised as a browser resolves it (dot segments,
 * percent-escaped dots and backslashes), when that is a page of this shop; null otherwise. The
 * check runs on the normalised form: "/.//evil.com" normalises to "//evil.com", another site.
 * An absolute address counts only on `origin` (the shop's own, when given). API endpoints and
 * the sign-out address are no pages to land on.
 */
export function sameSitePath(to: unknown, origin?: string): string | null {
  if (typeof to !== "string") return null;
  const value = to.trim();
  if (!value || CONTROL.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, origin ? `${origin}/` : BASE);
  } catch {
    return null;
  }
  const expected = origin ? new URL(origin).origin : BASE;
  if (url.origin !== expected) return null;
  if (!value.startsWith("/") && !origin) return null;
  // A path that still begins with "//" (or "/\") after normalisation names another host in a Location header.
  const path = url.pathname;
  if (!path.startsWith("/") || path.startsWith("//") || path.includes("\\")) return null;
  if (path.startsWith("/api/") || path === "/logout") return null;
  return `${path}${url.search}${url.hash}`;
}
