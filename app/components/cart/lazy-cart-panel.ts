import { lazy } from "react";

// The panel's code is not part of the first paint of any page: it loads when the panel first opens
// (or a moment earlier, when the cart button is pointed at or an add-to-cart starts).
const loadPanel = () => import("./cart-panel");

/** Starts loading the panel's code ahead of time. */
export function preloadCartPanel() {
  void loadPanel();
}

export const LazyCartPanel = lazy(loadPanel);
