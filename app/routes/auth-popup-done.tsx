import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { POPUP_MESSAGE, type PopupMessage } from "~/components/auth/social-sign-in";
import { sameSitePath } from "#common/same-site-path";
import { languageOfPath, pathInLanguage } from "#common/i18n/languages";
import { useT } from "~/lib/i18n";
import { requestT } from "~/lib/i18n.server";
import type { Route } from "./+types/auth-popup-done";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];

/** The window's title (meta functions cannot translate). */
export function loader({ request }: Route.LoaderArgs) {
  return { title: requestT(request)("account.popup.title") };
}

/**
 * Where a third-party sign-in in a popup lands (better-auth's callbackURL / errorCallbackURL): it
 * tells the page that opened it (same origin only) and closes. When it cannot close, it continues
 * to where the shopper was going, in this window. This page has one address for every language
 * (it is outside them): a way back to the sign-in page takes the language of `to`, the page the
 * shopper came from.
 */
export default function AuthPopupDone() {
  const t = useT();
  const [params] = useSearchParams();
  const error = params.get("error");
  const to = sameSitePath(params.get("to")) ?? "/";
  const loginPath = pathInLanguage("/login", languageOfPath(to.split(/[?#]/, 1)[0]!));

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
      window.location.replace(error ? `${loginPath}?${new URLSearchParams({ redirectTo: to, provider_error: error })}` : to);
    }, 400);
    return () => clearTimeout(timer);
  }, [error, to, loginPath]);

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-xl font-semibold text-stone-900">{error ? t("account.popup.failed") : t("account.popup.signedIn")}</h1>
      <p className="text-stone-700">{t("account.popup.closes")}</p>
      <Link to={error ? loginPath : to} className="font-semibold text-stone-900 underline underline-offset-4">
        {t("account.popup.continue")}
      </Link>
    </main>
  );
}
