import { type AppLoadContext, data, redirect } from "react-router";
import { type Access, can, isStaff, screenAccess } from "#common/auth/permissions";
import type { SessionUser } from "../../server/auth/auth.service";
import { localizedPath, requestT } from "./i18n.server";
import { pageAddress } from "./page-address.server";

export type { SessionUser };

/** The sign-in page in the language of this request's page, which it returns to afterwards. */
export function loginUrl(request: Request): string {
  return localizedPath(request, `/login?redirectTo=${encodeURIComponent(pageAddress(request))}`);
}

/** The signed-in user of this request, or null (resolved once per request by the server). */
export function getUser(context: AppLoadContext): SessionUser | null {
  return context.user ?? null;
}

/** The signed-in user; a signed-out visitor is sent to the sign-in page (/de/login from /de/…) and comes back here afterwards. */
export function requireUser(context: AppLoadContext, request: Request): SessionUser {
  const user = getUser(context);
  if (!user) throw redirect(loginUrl(request));
  return user;
}

/**
 * A staff member or administrator allowed to use `access`: a signed-out visitor is sent to /login
 * (and back), anyone else gets a 403 error response for the route's error boundary. On
 * /admin-dashboard the server reads the session from the database, so a demotion, a lost
 * permission or a ban applies at once.
 */
export function requireAccess(context: AppLoadContext, request: Request, access: Access): SessionUser {
  const user = requireUser(context, request);
  if (!can(user, access)) {
    const t = requestT(request);
    const message = isStaff(user) ? t("account.guard.noPermission") : t("account.guard.staffOnly");
    throw data({ message }, { status: 403, statusText: "Forbidden" });
  }
  return user;
}

/**
 * The guard of one admin screen: what the screen at this request's path needs comes from the one
 * table (common/auth/permissions.ts ADMIN_SCREEN_ACCESS). React Router runs a page's loaders in
 * parallel, so every admin loader and action calls this itself, not only the layout.
 */
export function requireAdminScreen(context: AppLoadContext, request: Request): SessionUser {
  const access = screenAccess(pageAddress(request).split("?")[0]!);
  if (!access) throw data({ message: requestT(request)("account.guard.noAdminPage") }, { status: 404, statusText: "Not Found" });
  return requireAccess(context, request, access);
}

/**
 * The nonce for this page's inline scripts. Asking for it switches the page's Content-Security-Policy
 * to allow only inline scripts that carry it (instead of 'unsafe-inline'), so give it to every one:
 * `<Scripts nonce>`, `<ScrollRestoration nonce>` in root.tsx (via the root loader's data), and
 * `<ServerRouter nonce>` plus `renderToPipeableStream(…, { nonce })` in app/entry.server.tsx.
 */
export function getCspNonce(context: AppLoadContext): string {
  return context.cspNonce();
}
