import { lazy, useSyncExternalStore } from "react";

/** The local-storage key of the panel's open flag (spec section 9), stored as JSON true/false. */
export const CART_OPEN_KEY = "isCartOpen";

let open = false;
const listeners = new Set<() => void>();

if (typeof window !== "undefined") {
  try {
    open = JSON.parse(localStorage.getItem(CART_OPEN_KEY) ?? "false") === true;
  } catch {
    open = false;
  }
}

/** Opens or closes the slide-out cart panel and remembers it across reloads. */
export function setCartOpen(value: boolean) {
  open = value;
  try {
    localStorage.setItem(CART_OPEN_KEY, JSON.stringify(value));
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

// The panel's code is not part of the first paint of any page: it loads when the panel first opens
// (or a moment earlier, when the cart button is pointed at or an add-to-cart starts).
const loadPanel = () => import("~/components/cart/cart-panel");

/** Starts loading the panel's code ahead of time. */
export function preloadCartPanel() {
  void loadPanel();
}

export const LazyCartPanel = lazy(loadPanel);
