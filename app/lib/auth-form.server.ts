import { type AppLoadContext, redirect } from "react-router";
import { sameSitePath } from "#common/same-site-path";
import { PASSWORD_MAX, PASSWORD_MIN } from "#common/auth/password-rules";
import type { AuthProvider } from "#server/auth/providers";
import { waitText } from "#server/lib/rate-limit";

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

/** A sentence a shopper can act on, for a failed better-auth call. */
export function authErrorMessage(
  result: Pick<AuthResult, "status" | "code" | "message" | "retryAfter">,
  fallback = "Something went wrong. Please try again.",
): string {
  if (result.status === 429) {
    if (result.code === "RATE_LIMITED" && result.message) return result.message;
    const wait = result.retryAfter && result.retryAfter > 0 ? waitText(result.retryAfter) : "a minute";
    return `Too many attempts. For your security, please wait ${wait} and try again.`;
  }
  switch (result.code) {
    case "INVALID_EMAIL_OR_PASSWORD":
      return "That e-mail address and password don’t match an account. Check them and try again.";
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return "An account with this e-mail address already exists. Sign in instead, or reset your password.";
    case "PASSWORD_TOO_SHORT":
      return "Your password is too short: use at least 8 characters.";
    case "PASSWORD_TOO_LONG":
      return "Your password is too long: use at most 128 characters.";
    case "INVALID_EMAIL":
      return "Please enter a valid e-mail address.";
    case "EMAIL_NOT_VERIFIED":
      return "Please confirm your e-mail address first: we have sent you a new link. Open it to finish signing in.";
    case "INVALID_PASSWORD":
      return "Your current password is not correct.";
    case "INVALID_NAME":
    case "INVALID_IMAGE":
      return result.message ?? fallback;
    case "CREDENTIAL_ACCOUNT_NOT_FOUND":
      return "Your account has no password yet (you signed in with another service). Use “Forgot password?” on the sign-in page to set one.";
    case "INVALID_TOKEN":
    case "TOKEN_EXPIRED":
      return "This link is invalid or has expired. Please ask for a new one.";
    case "BANNED_USER":
      return "This account has been suspended. Please contact us if you think this is a mistake.";
    case "INVALID_ORIGIN":
    case "MISSING_OR_NULL_ORIGIN":
    case "CROSS_SITE_NAVIGATION_LOGIN_BLOCKED":
      return "Your request was blocked for your security. Please reload the page and try again.";
  }
  if (result.status >= 500) return "Our sign-in service is having trouble. Please try again in a moment.";
  return result.message && result.status < 500 && result.status !== 403 ? `${result.message.replace(/\.?$/, ".")}` : fallback;
}

/** A form's text value, trimmed (passwords are not trimmed). */
export function formText(form: FormData, name: string, { trim = true } = {}): string {
  const value = form.get(name);
  if (typeof value !== "string") return "";
  return trim ? value.trim() : value;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The e-mail field's error, if any. */
export function emailError(email: string): string | undefined {
  if (!email) return "Please enter your e-mail address";
  if (email.length > 254 || !EMAIL.test(email)) return "Please enter a valid e-mail address";
  return undefined;
}

/** A new password's error, if any (better-auth enforces the same bounds). */
export function newPasswordError(password: string): string | undefined {
  if (!password) return "Please choose a password";
  if (password.length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters`;
  return undefined;
}

/**
 * The no-JavaScript path of a third-party button (the form posts `intent=social`): asks better-auth
 * for the provider's address and sends the browser there with the OAuth state cookie.
 */
export async function socialSignInRedirect(context: AppLoadContext, request: Request, form: FormData) {
  const provider = formText(form, "provider");
  const redirectTo = safeRedirect(form.get("redirectTo"));
  const errorCallbackURL = `/login?${new URLSearchParams({ redirectTo, provider_error: "1" })}`;
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

/** Where the e-mail confirmation link lands (then on to `redirectTo`). */
export function verifyEmailCallback(redirectTo: string): string {
  return redirectTo === "/" ? "/verify-email" : `/verify-email?${new URLSearchParams({ redirectTo })}`;
}
