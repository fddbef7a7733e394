import { type AppLoadContext, redirect } from "react-router";
import { sameSitePath } from "#common/same-site-path";
import { PASSWORD_MAX, PASSWORD_MIN } from "#common/auth/password-rules";
import { pathInLanguage, pathWithoutLanguage } from "#common/i18n/languages";
import type { Translate } from "#common/i18n/translate";
import type { AuthProvider } from "#server/auth/providers";
import { localizeMessage, localizedPath, requestLanguage } from "./i18n.server";

/** What a better-auth endpoint answered, with the cookies to pass on to the browser. */
export interface AuthResult<T = Record<string, unknown>> {
  ok: boolean;
  status: number;
  data: T | null;
  /** better-auth's error code (INVALID_EMAIL_OR_PASSWORD, USER_ALREADY_EXISTS, …). */
  code?: string;
  message?: string;
  /** Seconds to wait after a 429. */
  retryAfter?: number;
  setCookies: string[];
}

// Headers of the page's request that better-auth needs to see: the session and its origin checks
// (Origin, Referer, Fetch Metadata). The client's address is set from the load context below.
const FORWARDED = /^(cookie|origin|referer|user-agent|accept-language|sec-fetch-.*)$/i;

/**
 * Calls a better-auth endpoint (`/sign-in/email`, `/sign-up/email`, …) for a route action, through
 * better-auth's own request handler so that its origin checks and rate limits apply to the forms
 * exactly as to `/api/auth/*` called from a script.
 */
export async function callAuth<T = Record<string, unknown>>(
  context: AppLoadContext,
  request: Request,
  path: string,
  body?: Record<string, unknown>,
): Promise<AuthResult<T>> {
  const { auth } = context.services;
  const headers = new Headers();
  request.headers.forEach((value, key) => {
    if (FORWARDED.test(key)) headers.set(key, value);
  });
  // The page layer's origin guard has already checked this POST (a request with cookies must prove
  // its origin), so a form from a browser that sent no Origin is the shop's own.
  if (!headers.has("origin")) headers.set("origin", context.services.env.PUBLIC_URL);
  // The page the form is on, when the browser sent no Referer: the account's mails speak its language.
  if (!headers.has("referer")) headers.set("referer", `${context.services.env.PUBLIC_URL.replace(/\/+$/, "")}${new URL(request.url).pathname}`);
  const init: RequestInit = { method: body ? "POST" : "GET", headers };
  if (body) {
    headers.set("content-type", "application/json");
    init.body = JSON.stringify(body);
  }
  // The address better-auth rate-limits by is the server's view of the client, as for /api/auth/*.
  const response = await auth.handler(new Request(`${context.services.env.PUBLIC_URL}/api/auth${path}`, init), context.clientIp);
  const text = await response.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    json = null;
  }
  const ok = response.ok || (response.status >= 300 && response.status < 400);
  const retryAfter = Number(response.headers.get("x-retry-after") ?? response.headers.get("retry-after") ?? NaN);
  return {
    ok,
    status: response.status,
    data: ok ? (json as T | null) : null,
    code: ok ? undefined : typeof json?.code === "string" ? json.code : undefined,
    message: ok ? undefined : typeof json?.message === "string" ? json.message : undefined,
    retryAfter: Number.isFinite(retryAfter) ? retryAfter : undefined,
    setCookies: response.headers.getSetCookie(),
  };
}

/** A redirect that carries the session cookies better-auth set (or cleared). */
export function redirectWithCookies(to: string, result: Pick<AuthResult, "setCookies">, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  return redirect(to, { ...init, headers });
}

/** Cookie headers to add to a non-redirect answer (an action's data). */
export function cookieHeaders(result: Pick<AuthResult, "setCookies">): Headers {
  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/** Where to send someone a client asked for: a page of this shop (common/same-site-path.ts), else `fallback`. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  return sameSitePath(to) ?? fallback;
}

/** Paths outside the storefront's languages (no /de/… of their own): a way back to one stays as it is. */
const OUTSIDE_LANGUAGES = /^\/(admin-dashboard|auth|logout)(?=[/?#]|$)/;

/**
 * Where a sign-in, sign-up or confirmation sends someone afterwards: `to` when it is a page of this
 * shop (safeRedirect), else the home page, in the language of the request's page (a German form
 * lands on German pages). The admin area and other pages outside the languages keep their address.
 */
export function landingPath(request: Request, to: FormDataEntryValue | string | null | undefined): string {
  const path = safeRedirect(to);
  if (OUTSIDE_LANGUAGES.test(pathWithoutLanguage(path.split(/[?#]/, 1)[0]!))) return path;
  return pathInLanguage(path, requestLanguage(request));
}

/**
 * How long to wait, in the page's language ("42 seconds", "10 minutes"): the same rounding as the
 * server's English `waitText` (server/lib/rate-limit.ts), which its test holds it to.
 */
export function waitIn(t: Translate, seconds: number): string {
  if (seconds < 90) return t("account.wait.seconds", { count: seconds });
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return t("account.wait.minutes", { count: minutes });
  return t("account.wait.hours", { count: Math.ceil(minutes / 60) });
}

/** What server/auth/auth.ts's rate limits say there were too many of, as the account catalog's select names it. */
const TOO_MANY: Record<string, "attempts" | "signIns" | "requests"> = {
  attempts: "attempts",
  "failed sign-ins for this account from your address": "signIns",
  "requests for this e-mail address": "requests",
};
const RATE_LIMITED_TEXT = /^Too many (.+)\. For your security, please wait .+ and try again\.$/;

/** A sentence a shopper can act on, in the page's language (`t`), for a failed better-auth call. */
export function authErrorMessage(
  result: Pick<AuthResult, "status" | "code" | "message" | "retryAfter">,
  t: Translate,
  fallback = t("account.error.generic"),
): string {
  if (result.status === 429) {
    const wait = result.retryAfter && result.retryAfter > 0 ? waitIn(t, result.retryAfter) : null;
    if (result.code === "RATE_LIMITED" && result.message) {
      // The server's sentence, said again in the page's language when it is one of its rate limits'.
      const what = TOO_MANY[RATE_LIMITED_TEXT.exec(result.message)?.[1] ?? ""];
      return what && wait ? t("account.error.tooMany", { what, wait }) : localizeMessage(t, result.message);
    }
    return t("account.error.tooMany", { what: "attempts", wait: wait ?? t("account.wait.aMinute") });
  }
  switch (result.code) {
    case "INVALID_EMAIL_OR_PASSWORD":
      return t("account.error.wrongCredentials");
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return t("account.error.accountExists");
    case "PASSWORD_TOO_SHORT":
      return t("account.error.passwordTooShort", { min: PASSWORD_MIN });
    case "PASSWORD_TOO_LONG":
      return t("account.error.passwordTooLong", { max: PASSWORD_MAX });
    case "INVALID_EMAIL":
      return t("account.error.invalidEmail");
    case "EMAIL_NOT_VERIFIED":
      return t("account.error.emailNotVerified");
    case "INVALID_PASSWORD":
      return t("account.error.wrongPassword");
    case "INVALID_NAME":
    case "INVALID_IMAGE":
      return result.message ? localizeMessage(t, result.message) : fallback;
    case "CREDENTIAL_ACCOUNT_NOT_FOUND":
      return t("account.error.noPassword");
    case "INVALID_TOKEN":
    case "TOKEN_EXPIRED":
      return t("account.error.linkExpired");
    case "BANNED_USER":
      return t("account.error.banned");
    case "INVALID_ORIGIN":
    case "MISSING_OR_NULL_ORIGIN":
    case "CROSS_SITE_NAVIGATION_LOGIN_BLOCKED":
      return t("account.error.blocked");
  }
  if (result.status >= 500) return t("account.error.serviceDown");
  if (!result.message || result.status === 403) return fallback;
  // better-auth's own sentence: in the page's language where the errors catalog has it, else as it came.
  const localized = localizeMessage(t, result.message);
  return localized === result.message ? result.message.replace(/\.?$/, ".") : localized;
}

/** A form's text value, trimmed (passwords are not trimmed). */
export function formText(form: FormData, name: string, { trim = true } = {}): string {
  const value = form.get(name);
  if (typeof value !== "string") return "";
  return trim ? value.trim() : value;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The e-mail field's error, if any, in the page's language. */
export function emailError(email: string, t: Translate): string | undefined {
  if (!email) return t("account.field.emailMissing");
  if (email.length > 254 || !EMAIL.test(email)) return t("account.field.emailInvalid");
  return undefined;
}

/** A new password's error, if any, in the page's language (better-auth enforces the same bounds). */
export function newPasswordError(password: string, t: Translate): string | undefined {
  if (!password) return t("account.field.passwordMissing");
  if (password.length < PASSWORD_MIN) return t("account.field.atLeast", { min: PASSWORD_MIN });
  if (password.length > PASSWORD_MAX) return t("account.field.atMost", { max: PASSWORD_MAX });
  return undefined;
}

/**
 * The no-JavaScript path of a third-party button (the form posts `intent=social`): asks better-auth
 * for the provider's address and sends the browser there with the OAuth state cookie.
 */
export async function socialSignInRedirect(context: AppLoadContext, request: Request, form: FormData) {
  const provider = formText(form, "provider");
  const redirectTo = landingPath(request, form.get("redirectTo"));
  const errorCallbackURL = localizedPath(request, `/login?${new URLSearchParams({ redirectTo, provider_error: "1" })}`);
  const result = await callAuth<{ url?: string }>(context, request, "/sign-in/social", {
    provider,
    callbackURL: redirectTo,
    newUserCallbackURL: redirectTo,
    errorCallbackURL,
    disableRedirect: true,
  });
  if (!result.ok || !result.data?.url) return null;
  return redirectWithCookies(result.data.url, result);
}

/** The third-party sign-ins the server has configured, for the buttons (the same list as GET /api/auth-providers). */
export function authProviders(context: AppLoadContext): AuthProvider[] {
  return context.services.auth.providers;
}

/** Where the e-mail confirmation link lands (then on to `redirectTo`), in the language of the request's page. */
export function verifyEmailCallback(request: Request, redirectTo: string): string {
  const home = localizedPath(request, "/");
  return localizedPath(request, redirectTo === home ? "/verify-email" : `/verify-email?${new URLSearchParams({ redirectTo })}`);
}
