import { useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import { submitForm } from "~/lib/background-fetcher";

// The field a background request adds to a cart or wishlist form: the action answers such a
// request with data (for toasts and the panel) instead of the redirect a plain HTML form gets.
export { FETCH_FIELD } from "~/lib/background-fetcher";

export type CartIntent = "add-to-cart" | "buy-now" | "update-quantity" | "remove" | "apply-code" | "remove-code" | "apply-gift-card" | "remove-gift-card";

/** What /shopping-cart's action answers a fetcher (`code`: the discount code applied or removed, as stored; a gift card's last four characters). */
export type CartActionResult = { ok: true; intent: CartIntent; code?: string } | { ok: false; intent: CartIntent | null; message: string };

/**
 * Sends a plain form's submission (with the button that submitted it) through a background
 * fetcher (`useBackgroundFetcher`) instead of a page load, with `fields` set over the form's own.
 * Returns the submitted data. Forms keep `method="post"` and `action`, so they work the same way
 * before JavaScript has loaded.
 */
export function submitWithFetcher(
  fetcher: Pick<FetcherWithComponents<unknown>, "submit">,
  event: React.FormEvent<HTMLFormElement>,
  fields: Record<string, string> = {},
): FormData {
  event.preventDefault();
  return submitForm(fetcher.submit, event.currentTarget, (event.nativeEvent as SubmitEvent).submitter, fields);
}

/**
 * The same for a click on a submit button whose form is elsewhere on the page (its `form`
 * attribute): the form's fields and the button's own go through the fetcher.
 */
export function submitButtonWithFetcher(fetcher: Pick<FetcherWithComponents<unknown>, "submit">, event: React.MouseEvent<HTMLButtonElement>): void {
  const button = event.currentTarget;
  if (!button.form) return;
  event.preventDefault();
  submitForm(fetcher.submit, button.form, button);
}

/** Calls `onResult` once for each answer a fetcher receives, after the pages' data has been reloaded. */
export function useFetcherResult<T>(fetcher: { state: string; data: T | undefined }, onResult: (data: T) => void) {
  const seen = useRef<T | undefined>(undefined);
  const callback = useRef(onResult);
  callback.current = onResult;
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || fetcher.data === seen.current) return;
    seen.current = fetcher.data;
    callback.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}

export type WishlistIntent = "toggle" | "remove" | "move-to-cart";

/** What /wishlist's action answers a fetcher (`added` and `name` for a toggle, `name` for the others). */
export type WishlistActionResult =
  | { ok: true; intent: WishlistIntent; added?: boolean; name?: string }
  | { ok: false; intent: WishlistIntent | null; message: string };
