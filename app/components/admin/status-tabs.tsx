import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { tableHref } from "./table-query";

/** One tab of a StatusTabs row: the URL value it sets (null: the list's default), its label and its count. */
export interface StatusTab {
  value: string | null;
  label: string;
  count?: number;
}

/**
 * The status tabs over an admin list (New 3 · Read 12 · Archived · Spam): links that set `param`
 * in the URL (keeping the search, back to page 1), the current one marked aria-current. Links,
 * not ARIA tabs, because each is a page of its own (reload, back, shared links and no JavaScript
 * work); on phones the row scrolls sideways.
 */
export function StatusTabs({ label, param = "status", tabs, current }: { label: string; param?: string; tabs: readonly StatusTab[]; current: string | null }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const ref = useRef<HTMLElement>(null);
  // On a phone the row scrolls: bring the current tab into view (All, last, starts off screen).
  useEffect(() => {
    const nav = ref.current;
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (nav && active && active.offsetLeft + active.offsetWidth > nav.scrollLeft + nav.clientWidth)
      nav.scrollLeft = active.offsetLeft + active.offsetWidth - nav.clientWidth;
  }, [current]);
  return (
    <nav ref={ref} aria-label={label} className="relative -mx-1 mb-4 overflow-x-auto px-1" data-testid="status-tabs">
      <ul className="flex min-w-max gap-1 border-b border-stone-200">
        {tabs.map((tab) => {
          const active = tab.value === current;
          return (
            <li key={tab.value ?? "default"}>
              <Link
                to={tableHref(location.pathname, params, { [param]: tab.value, page: null })}
                aria-current={active ? "page" : undefined}
                preventScrollReset
                className={`-mb-px inline-flex h-11 items-center gap-1.5 border-b-2 px-2.5 text-sm font-semibold sm:gap-2 sm:px-3 whitespace-nowrap ${
                  active ? "border-stone-900 text-stone-900" : "border-transparent text-stone-600 hover:border-stone-300 hover:text-stone-900"
                }`}
              >
                {tab.label}
                {tab.count !== undefined && (
                  <span className={`rounded-full px-2 py-0.5 text-xs tabular-nums ${active ? "bg-stone-900 text-white" : "bg-stone-100 text-stone-700"}`}>
                    {tab.count.toLocaleString("en")}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
