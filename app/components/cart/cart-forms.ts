import { useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";

/**
 * The field a fetcher adds to a cart or wishlist form: the action answers such a request with data
 * (for toasts and the panel) instead of the redirect a plain HTML form gets.
 */
export const FETCH_FIELD = "_fetch";

export type CartIntent = "add-to-cart" | "buy-now" | "update-quantity" | "remove";

/** What /shopping-cart's action answers a fetcher. */
export type CartActionResult = { ok: true; intent: CartIntent } | { ok: false; intent: CartIntent | null; message: string };

/**
 * Sends a plain form's submission (with the button that submitted it) through a fetcher instead of
 * a page load, with `fields` set over the form's own. Returns the submitted data. Forms keep `method="post"` and `action`, so they work
 * the same way before JavaScript has loaded.
 */
export function submitWithFetcher(
  fetcher: Pick<FetcherWithComponents<unknown>, "submit">,
  event: React.FormEvent<HTMLFormElement>,
  fields: Record<string, string> = {},
): FormData {
  event.preventDefault();
  const form = event.currentTarget;
  const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
  return sendThroughFetcher(fetcher, form, submitter?.form === form ? submitter : null, fields);
}

/**
 * The same for a click on a submit button whose form is elsewhere on the page (its `form`
 * attribute): the form's fields and the button's own go through the fetcher.
 */
export function submitButtonWithFetcher(fetcher: Pick<FetcherWithComponents<unknown>, "submit">, event: React.MouseEvent<HTMLButtonElement>): void {
  const button = event.currentTarget;
  if (!button.form) return;
  event.preventDefault();
  sendThroughFetcher(fetcher, button.form, button, {});
}

function sendThroughFetcher(fetcher: Pick<FetcherWithComponents<unknown>, "submit">, form: HTMLFormElement, submitter: HTMLButtonElement | null, fields: Record<string, string>): FormData {
  const formData = new FormData(form, submitter);
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  formData.set(FETCH_FIELD, "1");
  void fetcher.submit(formData, { method: "post", action: form.getAttribute("action") ?? undefined });
  return formData;
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
