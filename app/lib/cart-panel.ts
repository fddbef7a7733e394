import { useSyncExternalStore } from "react";
import { pathWithoutLanguage } from "#common/i18n/languages";

/** The local-storage key of the panel's open flag (spec section 9), stored as JSON true/false. */
export const CART_OPEN_KEY = "isCartOpen";
/** Beside the flag: when the panel was last opened (milliseconds since 1970), so a stale flag can be told apart. */
export const CART_OPENED_AT_KEY = "isCartOpenSince";
/**
 * How long after the panel opened a full page load still shows it again: a reload right after an
 * add keeps the panel, a page typed into the address bar later does not open over it.
 */
export const REOPEN_WITHIN_MS = 5_000;

/**
 * Whether a page that has just loaded shows the panel the stored flag left open: only shortly after
 * it was opened, and never on the checkout pages (the shopper is already checking out).
 */
export function reopensOnLoad(stored: { open: boolean; openedAt: number | null }, pathname: string, now: number): boolean {
  if (!stored.open || stored.openedAt === null || isCheckoutPath(pathname)) return false;
  const age = now - stored.openedAt;
  return age >= 0 && age <= REOPEN_WITHIN_MS;
}

/** /checkout and the pages under it (payment), in any language (/de/checkout), where the panel never opens by itself. */
export function isCheckoutPath(pathname: string): boolean {
  const path = pathWithoutLanguage(pathname);
  return path === "/checkout" || path.startsWith("/checkout/");
}

let open = false;
const listeners = new Set<() => void>();

if (typeof window !== "undefined") {
  try {
    const stored = {
      open: JSON.parse(localStorage.getItem(CART_OPEN_KEY) ?? "false") === true,
      openedAt: Number(localStorage.getItem(CART_OPENED_AT_KEY)) || null,
    };
    open = reopensOnLoad(stored, window.location.pathname, Date.now());
    // A flag left open that does not reopen the panel now says what the page shows: closed.
    if (stored.open && !open) localStorage.setItem(CART_OPEN_KEY, "false");
  } catch {
    open = false;
  }
}

/** Opens or closes the slide-out cart panel and remembers it (and when it opened) across reloads. */
export function setCartOpen(value: boolean) {
  open = value;
  try {
    localStorage.setItem(CART_OPEN_KEY, JSON.stringify(value));
    if (value) localStorage.setItem(CART_OPENED_AT_KEY, String(Date.now()));
  } catch {
    // Private mode or storage full: the panel still works for this page view.
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the cart panel is open: false on the server and during hydration, then the stored flag. */
export function useCartOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}
