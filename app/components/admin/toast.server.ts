import { data, redirect } from "react-router";

/** A toast for the admin layout to show after an action: top-center, green, red or neutral. */
export interface AdminToast {
  kind: "success" | "error" | "info";
  message: string;
  description?: string;
}

const COOKIE = "admin_toast";

function setCookie(toast: AdminToast): string {
  // An id makes the same message twice two toasts; the cookie lives for one read (a minute at most).
  const value = Buffer.from(JSON.stringify({ ...toast, id: Math.random().toString(36).slice(2, 10) })).toString("base64url");
  return `${COOKIE}=${value}; Path=/admin-dashboard; HttpOnly; SameSite=Lax; Max-Age=60`;
}

/**
 * The admin's one way to say "Saved" after an action: a page form's action redirects (POST,
 * redirect, GET, so a reload does not post again) with the toast in a one-read cookie; the admin
 * layout's loader reads it on the next page and shows it. Works the same with or without JavaScript
 * (without it the layout shows the message as a status line).
 */
export function redirectWithToast(url: string, toast: AdminToast, init?: ResponseInit): Response {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", setCookie(toast));
  return redirect(url, { ...init, headers });
}

/**
 * The same toast for an answer that stays on the page: for fetcher submissions (JavaScript), after
 * which React Router reloads the layout's data and the layout shows it. A page form should
 * redirect with `redirectWithToast` instead.
 */
export function dataWithToast<T>(value: T, toast: AdminToast, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", setCookie(toast));
  return data(value, { ...init, headers });
}

/** The toast waiting in this request's cookie (for the admin layout's loader), with the header that clears it. */
export function readToast(request: Request): { toast: (AdminToast & { id: string }) | null; headers?: Headers } {
  const raw = request.headers
    .get("Cookie")
    ?.split(/;\s*/)
    .find((c) => c.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (!raw) return { toast: null };
  const headers = new Headers({ "Set-Cookie": `${COOKIE}=; Path=/admin-dashboard; HttpOnly; SameSite=Lax; Max-Age=0` });
  try {
    const parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Partial<AdminToast & { id: string }>;
    const kind = parsed.kind === "error" || parsed.kind === "info" ? parsed.kind : "success";
    if (typeof parsed.message !== "string" || !parsed.message) return { toast: null, headers };
    return {
      toast: {
        kind,
        message: parsed.message.slice(0, 300),
        description: typeof parsed.description === "string" ? parsed.description.slice(0, 500) : undefined,
        id: String(parsed.id ?? ""),
      },
      headers,
    };
  } catch {
    return { toast: null, headers };
  }
}
