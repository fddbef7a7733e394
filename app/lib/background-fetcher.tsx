import { type ComponentProps, useCallback, useEffect, useMemo, useRef } from "react";
import { type DataStrategyResult, type FetcherWithComponents, type MiddlewareFunction, data, isRouteErrorResponse, useFetcher } from "react-router";
import { showToast } from "~/lib/toast";

/**
 * The field (or, for a load, the query parameter) every background request carries: it tells an
 * action to answer with data instead of the redirect a plain HTML form gets, and tells
 * `keepPageOnFailedFetch` that a failure of this request must not replace the page.
 */
export const FETCH_FIELD = "_fetch";

/** What a background request that got no usable answer (network down, a 5xx, an unreadable reply) resolves to. */
export interface BackgroundFailure {
  backgroundFailure: true;
  message: string;
}

function isBackgroundFailure(value: unknown): value is BackgroundFailure {
  return typeof value === "object" && value !== null && (value as Partial<BackgroundFailure>).backgroundFailure === true;
}

const UNREACHABLE = "The shop could not be reached. Check your connection and try again.";
const BROKEN = "Something went wrong on our side. Please try again.";

/** Whether a client-side request was sent by `useBackgroundFetcher` (read from a copy, so the request's body stays unread). */
async function sentInBackground(request: Request): Promise<boolean> {
  if (request.method === "GET") return new URL(request.url).searchParams.get(FETCH_FIELD) === "1";
  const body = await request.formData().catch(() => null);
  return body?.get(FETCH_FIELD) === "1";
}

/**
 * Client middleware of the root route: a background request (fetcher) whose action or loader
 * failed (network error, a thrown or undecodable 5xx answer, any error React Router would send to
 * an error boundary) resolves to a `BackgroundFailure` with status 503 instead. The page stays as
 * it was, the status keeps React Router from reloading the page's data (which would fail the same
 * way), and `useBackgroundFetcher` turns the value into its caller's toast. Navigations and plain
 * form posts keep their error pages.
 */
export const keepPageOnFailedFetch: MiddlewareFunction<Record<string, DataStrategyResult>> = async ({ request }, next) => {
  const copy = request.method === "GET" ? request : request.clone();
  const results = await next();
  // A redirect comes back as a thrown Response: not a failure.
  const failed = Object.entries(results).filter(
    ([, r]) => r.type === "error" && !(r.result instanceof Response && r.result.status >= 300 && r.result.status < 400),
  );
  if (failed.length === 0 || !(await sentInBackground(copy))) return results;
  for (const [routeId, { result }] of failed) {
    // An action's error arrives wrapped in `data(error)` (React Router's single fetch).
    const error = (result as { type?: unknown })?.type === "DataWithResponseInit" ? (result as { data: unknown }).data : result;
    const offline = error instanceof TypeError;
    const message = offline || (isRouteErrorResponse(error) && error.status === 503) ? UNREACHABLE : BROKEN;
    results[routeId] = { type: "data", result: data<BackgroundFailure>({ backgroundFailure: true, message }, { status: 503 }) };
  }
  return results;
};

/** The toast title for a failed request: fixed, or chosen from what was sent (its `intent`). */
export type FailureText = string | ((sent: FormData | undefined) => string);

/** A fetcher whose failures are a toast: `data` never holds one, `failed` says the last request failed. */
export type BackgroundFetcher<T> = ReturnType<typeof useFetcher<T>> & { failed: boolean };

/**
 * React Router's `useFetcher` for every background control of the shop and the admin (cart,
 * wishlist, admin row actions…). Its `submit`, `load` and `Form` mark the request (FETCH_FIELD),
 * so that a request that fails is never an error page (`keepPageOnFailedFetch`) but the toast
 * `failure` with the reason below it; the page stays as it was, and whatever the caller showed
 * from `formData` while the request was under way (an optimistic change) goes back by itself.
 */
export function useBackgroundFetcher<T = unknown>(failure: FailureText, options?: { key?: string }): BackgroundFetcher<T> {
  const fetcher = useFetcher<T>(options);
  const raw: unknown = fetcher.data;
  const sent = useRef<FormData | undefined>(undefined);
  const text = useRef(failure);
  text.current = failure;
  const told = useRef<unknown>(undefined);

  useEffect(() => {
    if (fetcher.formData) sent.current = fetcher.formData;
  }, [fetcher.formData]);
  useEffect(() => {
    if (fetcher.state !== "idle" || !isBackgroundFailure(raw) || told.current === raw) return;
    told.current = raw;
    const f = text.current;
    showToast("error", typeof f === "string" ? f : f(sent.current), raw.message);
  }, [fetcher.state, raw]);

  const { submit: send, load: fetch, Form: FetcherForm } = fetcher;
  const submit = useCallback<FetcherWithComponents<unknown>["submit"]>(
    (target, opts) => {
      const body = target instanceof HTMLFormElement ? new FormData(target) : target instanceof FormData ? target : null;
      if (!body) throw new Error("A background request sends a form or FormData.");
      body.set(FETCH_FIELD, "1");
      return send(body, opts);
    },
    [send],
  );
  const load = useCallback<FetcherWithComponents<unknown>["load"]>(
    (href, opts) => {
      const url = new URL(href, window.location.href);
      url.searchParams.set(FETCH_FIELD, "1");
      return fetch(url.pathname + url.search, opts);
    },
    [fetch],
  );
  const submitRef = useRef(submit);
  submitRef.current = submit;
  // The fetcher's own form, sending through `submit` above (with the button pressed) instead.
  const Form = useMemo(
    () =>
      function BackgroundForm(props: ComponentProps<typeof FetcherForm>) {
        return (
          <FetcherForm
            {...props}
            onSubmit={(event) => {
              props.onSubmit?.(event);
              if (event.defaultPrevented) return;
              event.preventDefault();
              submitForm(submitRef.current, event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
            }}
          />
        );
      },
    [FetcherForm],
  ) as FetcherWithComponents<unknown>["Form"];

  const failed = isBackgroundFailure(raw);
  return { ...fetcher, data: failed ? undefined : fetcher.data, failed, submit, load, Form };
}

/**
 * Sends `form` (with `submitter`, the button that submitted it, when it belongs to the form)
 * through a fetcher to the form's own action, with `fields` set over the form's. Forms keep
 * `method="post"` and `action`, so they work the same way before JavaScript has loaded.
 */
export function submitForm(
  submit: FetcherWithComponents<unknown>["submit"],
  form: HTMLFormElement,
  submitter: HTMLElement | null,
  fields: Record<string, string> = {},
): FormData {
  const formData = new FormData(form, submitter instanceof HTMLButtonElement && submitter.form === form ? submitter : null);
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  void submit(formData, { method: "post", action: form.getAttribute("action") ?? undefined });
  return formData;
}
