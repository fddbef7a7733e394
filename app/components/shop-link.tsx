import { type AnchorHTMLAttributes, type ReactNode, useEffect, useState } from "react";
import { PrefetchPageLinks, useNavigate } from "react-router";

type ShopLinkProps = {
  /** An absolute path of the shop ("/products/…"). */
  to: string;
  /** Fetch the page's code and data when the pointer rests on the link or it takes focus, as `<Link prefetch="intent">`. */
  prefetchOnIntent?: boolean;
  className?: string;
  "aria-current"?: AnchorHTMLAttributes<HTMLAnchorElement>["aria-current"];
  "aria-label"?: string;
  children?: ReactNode;
};

/**
 * A link to a page of the shop that costs what a plain `<a>` costs to render. React Router's
 * `<Link>` resolves its path, reads the location and sets up click and prefetch handlers for each
 * link: with the ~130 links of the home page (menus, product tiles, footer) that was about 7 % of
 * its server render, and as much again in hydration. `ShopLinks`, rendered once in root.tsx, gives
 * these the same behaviour from the document: a plain click navigates on the client, and intent
 * prefetches. `data-discover` lets React Router load the route's manifest ahead, as for a `<Link>`.
 * Its props are named, not gathered with a rest pattern: copying the rest of an object was about
 * 2 % of a product page's server render, for its ~80 links.
 */
export function ShopLink({ to, prefetchOnIntent, className, "aria-current": current, "aria-label": label, children }: ShopLinkProps) {
  return (
    <a href={to} className={className} aria-current={current} aria-label={label} data-shop-link={prefetchOnIntent ? "intent" : ""} data-discover="true">
      {children}
    </a>
  );
}

const shopLinkOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLAnchorElement>("a[data-shop-link]") : null);

/** How long the pointer rests on a link before its page is prefetched (as React Router's intent). */
const INTENT_DELAY_MS = 100;

/**
 * The behaviour of every `ShopLink` on the page, from listeners on the document: a click without
 * a modifier key (the one that would open the address in this tab) becomes a client-side
 * navigation, replacing the history entry when it leads to where the shopper already is; a
 * `prefetchOnIntent` link's page is prefetched once the pointer has rested on it, or on focus or
 * touch. Handlers of the page run first (React's listener sits on the document before this one):
 * a click they prevented is left alone.
 */
export function ShopLinks() {
  const navigate = useNavigate();
  const [prefetch, setPrefetch] = useState<string | null>(null);

  useEffect(() => {
    let intentTimer: ReturnType<typeof setTimeout> | undefined;
    let intentLink: HTMLAnchorElement | null = null;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = shopLinkOf(event.target);
      if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const to = url.pathname + url.search + url.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      navigate(to, { replace: to === here });
    };
    const intent = (now: boolean) => (event: Event) => {
      const link = shopLinkOf(event.target);
      if (link?.dataset.shopLink !== "intent" || (link === intentLink && !now)) return;
      const page = new URL(link.href).pathname;
      intentLink = link;
      clearTimeout(intentTimer);
      if (now) setPrefetch(page);
      else intentTimer = setTimeout(() => setPrefetch(page), INTENT_DELAY_MS);
    };
    const cancel = (event: Event) => {
      const link = shopLinkOf(event.target);
      if (!link || (event instanceof MouseEvent && link.contains(event.relatedTarget as Node | null))) return;
      intentLink = null;
      clearTimeout(intentTimer);
    };
    // Passive: none of these but the click (registered apart) ever prevents anything.
    const listeners: [string, EventListener][] = [
      ["mouseover", intent(false)],
      ["focusin", intent(false)],
      ["touchstart", intent(true)],
      ["mouseout", cancel],
      ["focusout", cancel],
    ];
    document.addEventListener("click", onClick);
    for (const [type, listener] of listeners) document.addEventListener(type, listener, { passive: true });
    return () => {
      clearTimeout(intentTimer);
      document.removeEventListener("click", onClick);
      for (const [type, listener] of listeners) document.removeEventListener(type, listener);
    };
  }, [navigate]);

  return prefetch ? <PrefetchPageLinks page={prefetch} /> : null;
}
