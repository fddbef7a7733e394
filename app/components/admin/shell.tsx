import { useEffect, useId, useRef } from "react";
import { Link, useLocation, useMatches } from "react-router";
import { showToast } from "~/lib/toast";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { type AdminCounts, type ADMIN_NAV, adminCrumbs, screenName } from "~/components/admin/admin-nav";
import { trapTab } from "~/lib/focus-trap";
import { useT } from "~/lib/i18n";
import { Breadcrumbs } from "./ui";

type Nav = typeof ADMIN_NAV;

/**
 * The admin screens a user may open, grouped by area, with the sidebar's figures as badges (their
 * accessible text reads "3 pending"). The current screen has aria-current="page".
 */
export function AdminNav({ nav, counts, label }: { nav: Nav; counts: AdminCounts; label: string }) {
  const { pathname } = useLocation();
  const uid = useId();
  const t = useT();
  const current = pathname.replace(/\/+$/, "");
  const item = (to: string) => {
    const active = current === to;
    return {
      to,
      "aria-current": active ? ("page" as const) : undefined,
      className: `flex min-h-10 items-center justify-between gap-2 rounded-lg px-3 text-sm ${active ? "bg-stone-700 font-semibold text-white" : "text-stone-200 hover:bg-stone-800 hover:text-white"}`,
    };
  };
  return (
    <nav aria-label={label}>
      <ul>
        <li>
          <Link {...item("/admin-dashboard")}>{t("admin.nav.dashboard")}</Link>
        </li>
      </ul>
      {nav.map((group) => (
        <div key={group.title} className="mt-5">
          <p id={`${uid}-${group.title}`} className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-stone-400">
            {t(group.title)}
          </p>
          <ul aria-labelledby={`${uid}-${group.title}`}>
            {group.screens.map((s) => {
              const n = s.badge ? counts[s.badge.count] : undefined;
              return (
                <li key={s.path}>
                  <Link {...item(`/admin-dashboard/${s.path}`)}>
                    <span>{t(s.label)}</span>
                    {n !== undefined && n > 0 && s.badge && (
                      <span
                        className="min-w-6 rounded-full bg-amber-400 px-1.5 py-0.5 text-center text-xs font-bold text-stone-950"
                        data-testid={`badge-${s.badge.count}`}
                      >
                        <span aria-hidden="true">{n > 999 ? "999+" : n}</span>
                        <span className="sr-only"> {t(s.badge.text, { count: n })}</span>
                      </span>
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/**
 * The sidebar on phones: a "Menu" button opening a modal drawer (native `<dialog>` with showModal:
 * the page behind is inert, Tab stays inside, Escape closes it, focus returns to the button); it
 * closes when a screen is chosen. Without JavaScript the button is a link to the same menu at the
 * foot of the page (`#admin-menu`, rendered by the layout).
 */
export function AdminDrawer({ nav, counts, siteName }: { nav: Nav; counts: AdminCounts; siteName: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const hydrated = useHydrated();
  const t = useT();

  useEffect(() => {
    if (ref.current?.open) ref.current.close();
  }, [location.key]);

  const trigger = "flex h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold text-white ring-1 ring-stone-600 hover:bg-stone-800 lg:hidden";
  const icon = (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" focusable="false" className="size-5">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
  if (!hydrated) {
    return (
      <a href="#admin-menu" className={trigger}>
        {icon}
        {t("admin.shell.menu")}
      </a>
    );
  }
  return (
    <>
      <button ref={buttonRef} type="button" aria-haspopup="dialog" onClick={() => ref.current?.showModal()} className={trigger}>
        {icon}
        {t("admin.shell.menu")}
      </button>
      <dialog
        ref={ref}
        aria-labelledby="admin-drawer-title"
        onKeyDown={trapTab}
        onClose={() => buttonRef.current?.focus()}
        onClick={(e) => {
          // The backdrop (the dialog box itself) or a chosen screen closes the drawer at once.
          if (e.target === e.currentTarget || (e.target as HTMLElement).closest("a")) e.currentTarget.close();
        }}
        className="m-0 h-dvh max-h-none w-[min(20rem,86vw)] max-w-none bg-transparent p-0 backdrop:bg-stone-950/60 open:animate-slide-in-left"
        data-testid="admin-drawer"
      >
        <div className="focus-light flex h-full flex-col bg-stone-900 text-stone-100 shadow-2xl">
          <div className="flex items-center justify-between border-b border-stone-700 px-4 py-3">
            <p id="admin-drawer-title" className="truncate text-base font-bold">
              {t("admin.shell.drawerTitle", { siteName })}
            </p>
            <button
              type="button"
              onClick={() => ref.current?.close()}
              className="-mr-2 grid size-11 place-items-center rounded-full text-stone-200 hover:bg-stone-800"
            >
              <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" focusable="false" className="size-6">
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
              <span className="sr-only">{t("admin.shell.closeMenu")}</span>
            </button>
          </div>
          <div className="flex-1 overflow-y-auto px-2 pb-6 pt-3">
            <AdminNav nav={nav} counts={counts} label={t("admin.shell.menuLabel")} />
          </div>
        </div>
      </dialog>
    </>
  );
}

/** The breadcrumb trail of the current admin page, with the screen's own last crumb (`handle.breadcrumb`). */
export function AdminBreadcrumbs() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const t = useT();
  const crumbs = adminCrumbs(pathname, t, screenName(matches.at(-1), t));
  // On the dashboard itself the trail would be one word: the page's heading says it.
  if (crumbs.length < 2) return null;
  return (
    <div className="mb-4">
      <Breadcrumbs items={crumbs} />
    </div>
  );
}

/**
 * Shows the toast an admin action left (toast.server.ts; the layout's loader hands it over),
 * once per toast. Without JavaScript the same message is a status line at the top of the page.
 */
export function AdminToast({ toast }: { toast: { id: string; kind: "success" | "error" | "info"; message: string; description?: string } | null }) {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!toast || shown.current === toast.id) return;
    shown.current = toast.id;
    showToast(toast.kind, toast.message, toast.description);
  }, [toast]);
  if (!toast) return null;
  return (
    <noscript>
      <p
        role="status"
        className={`mb-4 rounded-xl border p-4 text-sm font-medium ${toast.kind === "error" ? "border-rose-200 bg-rose-50 text-rose-900" : "border-emerald-200 bg-emerald-50 text-emerald-900"}`}
      >
        {toast.message}
        {toast.description && <span className="block font-normal">{toast.description}</span>}
      </p>
    </noscript>
  );
}
