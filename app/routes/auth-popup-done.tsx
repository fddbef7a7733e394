import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { POPUP_MESSAGE, type PopupMessage } from "~/components/auth/social-sign-in";
import { sameSitePath } from "#common/same-site-path";
import type { Route } from "./+types/auth-popup-done";

export const meta: Route.MetaFunction = () => [{ title: "Signing in…" }, { name: "robots", content: "noindex" }];

/**
 * Where a third-party sign-in in a popup lands (better-auth's callbackURL / errorCallbackURL): it
 * tells the page that opened it (same origin only) and closes. When it cannot close, it continues
 * to where the shopper was going, in this window.
 */
export default function AuthPopupDone() {
  const [params] = useSearchParams();
  const error = params.get("error");
  const to = sameSitePath(params.get("to")) ?? "/";

  useEffect(() => {
    const message: PopupMessage = { type: POPUP_MESSAGE, ok: !error, ...(error ? { error } : {}) };
    const opener = window.opener as Window | null;
    if (opener && !opener.closed) opener.postMessage(message, window.location.origin);
    // The shop's Cross-Origin-Opener-Policy cuts the link to the opener once the popup has been on
    // the provider's site; same-origin pages still hear a BroadcastChannel.
    if ("BroadcastChannel" in window) {
      const channel = new BroadcastChannel(POPUP_MESSAGE);
      channel.postMessage(message);
      channel.close();
    }
    window.close();
    // Still open (not a popup after all, or the browser refused): continue in this window.
    const timer = setTimeout(() => {
      window.location.replace(error ? `/login?${new URLSearchParams({ redirectTo: to, provider_error: error })}` : to);
    }, 400);
    return () => clearTimeout(timer);
  }, [error, to]);

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-xl font-semibold text-stone-900">{error ? "Sign-in didn’t finish" : "You’re signed in"}</h1>
      <p className="text-stone-700">This window closes by itself. If it stays open, you can close it.</p>
      <Link to={error ? "/login" : to} className="font-semibold text-stone-900 underline underline-offset-4">
        Continue to the shop
      </Link>
    </main>
  );
}
