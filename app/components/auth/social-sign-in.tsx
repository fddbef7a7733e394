import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { useAuth } from "~/lib/use-auth";
import { useLocalePath, useT } from "~/lib/i18n";
import type { AuthProvider } from "#server/auth/providers";
import { FormAlert, Spinner } from "./ui";

/** A third-party sign-in the server has configured (`GET /api/auth-providers`). */
export type { AuthProvider };

/** postMessage `type` of /auth/popup-done, which ends a popup sign-in. */
export const POPUP_MESSAGE = "shop:auth-popup";
export interface PopupMessage {
  type: typeof POPUP_MESSAGE;
  ok: boolean;
  error?: string;
}

const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 600;
/** After the popup closes without a word, how long a late completion message is still accepted (spec section 9). */
const CLOSED_GRACE_MS = 8_000;
const POLL_MS = 500;

/**
 * One button per configured provider. Without JavaScript each button posts the form (the route
 * action answers with a redirect to the provider). With it, on a desktop the provider opens in a
 * 500×600 popup and this page follows once the popup reports back; on a phone, or when the
 * browser blocks the popup, the whole page goes to the provider instead. `redirectTo` is in the
 * page's language already (the route's loader put it there); a failure comes back to the sign-in
 * page in it too.
 */
export function SocialSignIn({ providers, redirectTo, signUp = false }: { providers: AuthProvider[]; redirectTo: string; signUp?: boolean }) {
  const auth = useAuth();
  const t = useT();
  const localePath = useLocalePath();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const cancelRef = useRef<(() => void) | null>(null);

  useEffect(() => () => cancelRef.current?.(), []);

  if (providers.length === 0) return null;

  async function start(e: React.MouseEvent<HTMLButtonElement>, provider: AuthProvider) {
    e.preventDefault();
    if (busy) return;
    setError(null);
    const wantPopup = !window.matchMedia("(pointer: coarse)").matches && window.innerWidth >= 640;
    // The popup must open in the click itself, or the browser blocks it; it is pointed at the provider below.
    const popup = wantPopup ? openCentredPopup() : null;
    setBusy(provider.id);
    auth.setSigningIn(true);
    const stop = (message?: string) => {
      setBusy(null);
      auth.setSigningIn(false);
      if (message) setError(message);
    };

    const url = await providerUrl(
      provider.id,
      popup ? `/auth/popup-done?to=${encodeURIComponent(redirectTo)}` : redirectTo,
      popup ? "/auth/popup-done" : localePath(loginErrorUrl(redirectTo)),
    );
    if (!url) {
      popup?.close();
      return stop(t("account.social.unreachableProvider", { provider: provider.name }));
    }
    if (!popup) {
      // Phones, and desktops that blocked the popup: continue in this window.
      window.location.assign(url);
      return;
    }
    popup.location.href = url;
    const failed = (outcome: { error?: string }) =>
      outcome.error
        ? t("account.social.failedBecause", { provider: provider.name, reason: outcome.error.replace(/_/g, " ") })
        : t("account.social.failed", { provider: provider.name });
    const outcome = await waitForPopup(popup, {
      onCancel: (cancel) => (cancelRef.current = cancel),
      onLate: (late) => (late === "signed-in" ? window.location.assign(redirectTo) : late !== "cancelled" && setError(failed(late))),
    });
    cancelRef.current = null;
    if (outcome === "signed-in") {
      // A full page load: every part of the page (and the server's session cache) starts signed in.
      window.location.assign(redirectTo);
      return;
    }
    if (outcome === "cancelled") return stop();
    stop(failed(outcome));
  }

  return (
    <div>
      {error && (
        <FormAlert kind="error" className="mb-4" testId="social-error">
          {error}
        </FormAlert>
      )}
      <Form method="post" className="grid gap-3" aria-label={t("account.social.formLabel")}>
        <input type="hidden" name="intent" value="social" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {providers.map((p) => (
          <button
            key={p.id}
            type="submit"
            name="provider"
            value={p.id}
            onClick={(e) => void start(e, p)}
            disabled={busy !== null}
            aria-busy={busy === p.id || undefined}
            className="inline-flex h-12 w-full items-center justify-center gap-3 rounded-full border border-stone-300 bg-white px-5 text-sm font-semibold text-stone-900 hover:bg-stone-50 disabled:cursor-wait disabled:opacity-75"
          >
            {busy === p.id ? <Spinner className="size-5" /> : <ProviderIcon id={p.id} />}
            {busy === p.id
              ? t("account.social.waiting", { provider: p.name })
              : signUp
                ? t("account.social.signUpWith", { provider: p.name })
                : t("account.social.continueWith", { provider: p.name })}
          </button>
        ))}
      </Form>
    </div>
  );
}

function openCentredPopup(): Window | null {
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
  try {
    return window.open("", "shop-sign-in", `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${Math.round(left)},top=${Math.round(top)}`);
  } catch {
    return null;
  }
}

function loginErrorUrl(redirectTo: string) {
  return `/login?${new URLSearchParams({ redirectTo, provider_error: "1" })}`;
}

/** Asks better-auth for the provider's authorisation URL (and sets the state cookie). */
async function providerUrl(provider: string, callbackURL: string, errorCallbackURL: string): Promise<string | null> {
  try {
    const res = await fetch("/api/auth/sign-in/social", {
      method: "POST",
      credentials: "include",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ provider, callbackURL, errorCallbackURL, newUserCallbackURL: callbackURL, disableRedirect: true }),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { url?: string };
    return body.url ?? null;
  } catch {
    return null;
  }
}

type PopupOutcome = "signed-in" | "cancelled" | { error?: string };

/**
 * Resolves with the message of /auth/popup-done, or once the popup is closed without one: then the
 * session decides (the popup may have lost its way to this window). A closed popup without a
 * session resolves "cancelled" at once, but a completion message arriving within the grace period
 * (spec: popup-closed detection waits 8 s) is still honoured through `onLate`.
 */
function waitForPopup(popup: Window, hooks: { onCancel: (cancel: () => void) => void; onLate: (outcome: PopupOutcome) => void }): Promise<PopupOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    let listening = true;
    let graceTimer: ReturnType<typeof setTimeout> | undefined;
    const channel = "BroadcastChannel" in window ? new BroadcastChannel(POPUP_MESSAGE) : null;
    const stopListening = () => {
      if (!listening) return;
      listening = false;
      clearTimeout(graceTimer);
      window.removeEventListener("message", onMessage);
      channel?.close();
    };
    const finish = (outcome: PopupOutcome, keepListening = false) => {
      if (settled) return;
      settled = true;
      clearInterval(poll);
      if (!keepListening) stopListening();
      resolve(outcome);
    };
    function onMessage(e: MessageEvent) {
      const data = e.data as PopupMessage | undefined;
      if (e.origin !== window.location.origin || data?.type !== POPUP_MESSAGE) return;
      const outcome: PopupOutcome = data.ok ? "signed-in" : { error: data.error };
      if (settled) {
        stopListening();
        hooks.onLate(outcome);
      } else finish(outcome);
    }
    // The popup may have lost its link to this window (Cross-Origin-Opener-Policy): it broadcasts too.
    channel?.addEventListener("message", onMessage);
    window.addEventListener("message", onMessage);
    const poll = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(poll);
      void hasSession().then((signedIn) => {
        if (signedIn) return finish("signed-in");
        graceTimer = setTimeout(stopListening, CLOSED_GRACE_MS);
        finish("cancelled", true);
      });
    }, POLL_MS);
    hooks.onCancel(() => {
      popup.close();
      finish("cancelled");
    });
  });
}

async function hasSession(): Promise<boolean> {
  try {
    const res = await fetch("/api/auth/get-session", { credentials: "include", headers: { accept: "application/json" } });
    if (!res.ok) return false;
    const body = (await res.json()) as { user?: unknown } | null;
    return Boolean(body?.user);
  } catch {
    return false;
  }
}

function ProviderIcon({ id }: { id: string }) {
  if (id === "google") {
    return (
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="size-5">
        <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8Z" />
        <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1-3.7 1-2.8 0-5.2-1.9-6.1-4.5H2.2v2.8A11 11 0 0 0 12 23Z" />
        <path fill="#FBBC05" d="M5.9 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.2a11 11 0 0 0 0 9.8l3.7-2.8Z" />
        <path fill="#EA4335" d="M12 5.4c1.6 0 3 .6 4.2 1.6l3.1-3.1A11 11 0 0 0 2.2 7.1l3.7 2.8C6.8 7.3 9.2 5.4 12 5.4Z" />
      </svg>
    );
  }
  if (id === "github") {
    return (
      <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" className="size-5">
        <path d="M12 1.5a10.5 10.5 0 0 0-3.3 20.5c.5.1.7-.2.7-.5v-1.8c-2.9.6-3.5-1.4-3.5-1.4-.5-1.2-1.2-1.5-1.2-1.5-1-.7 0-.7 0-.7 1 .1 1.6 1.1 1.6 1.1.9 1.6 2.5 1.1 3.1.9.1-.7.4-1.1.7-1.4-2.3-.3-4.8-1.2-4.8-5.2 0-1.1.4-2.1 1.1-2.8-.1-.3-.5-1.3.1-2.8 0 0 .9-.3 2.9 1.1a10 10 0 0 1 5.2 0c2-1.4 2.9-1.1 2.9-1.1.6 1.5.2 2.5.1 2.8.7.7 1.1 1.7 1.1 2.8 0 4-2.5 4.9-4.8 5.2.4.3.7 1 .7 1.9v2.9c0 .3.2.6.7.5A10.5 10.5 0 0 0 12 1.5Z" />
      </svg>
    );
  }
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="size-5"
    >
      <circle cx="8" cy="15" r="4" />
      <path d="m10.8 12.2 8.7-8.7M16 7l3 3M14 9l2 2" />
    </svg>
  );
}
