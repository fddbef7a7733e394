import { Suspense, lazy, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useLocation } from "react-router";
import type { Category } from "#modules/catalog";
import { trapTab } from "~/lib/focus-trap";
import { MenuIcon } from "~/components/icons";
import { useT } from "~/lib/i18n";

const loadDrawer = () => import("./mobile-menu-drawer");
const Drawer = lazy(() => loadDrawer().then((m) => ({ default: m.MobileMenuDrawer })));

/**
 * The phone menu: a button opening a modal drawer (a native `<dialog>`: the page behind is inert,
 * Escape closes it). Tab and Shift+Tab cycle inside the drawer; focus returns to the button.
 */
export function MobileMenu({ siteName, categories }: { siteName: string; categories: Category[] }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const t = useT();
  const [hydrated, setHydrated] = useState(false);
  // The drawer's links (every category twice over) are rendered when it first opens, not with
  // every page: they are a fifth of the home page's HTML, and only a phone's tap can show them.
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    setHydrated(true);
    // The drawer's chunk comes once the page is idle, so the first tap opens it at once.
    const idle = window.requestIdleCallback?.bind(window) ?? ((run: () => void) => window.setTimeout(run, 1500));
    idle(() => void loadDrawer());
  }, []);
  useEffect(() => {
    if (dialogRef.current?.open) dialogRef.current.close();
  }, [location.key]);

  const trigger = "-ml-2 grid size-11 place-items-center rounded-full text-stone-800 hover:bg-stone-100 lg:hidden";

  return (
    <>
      {hydrated ? (
        <button
          ref={buttonRef}
          type="button"
          onClick={() => {
            flushSync(() => setOpened(true));
            dialogRef.current?.showModal();
          }}
          aria-haspopup="dialog"
          className={trigger}
        >
          <MenuIcon className="size-6" />
          <span className="sr-only">{t("shop.menu.open")}</span>
        </button>
      ) : (
        // Before JavaScript runs (or without it), the menu button jumps to the footer's category links.
        <a href="#footer-shop" className={trigger}>
          <MenuIcon className="size-6" />
          <span className="sr-only">{t("shop.menu.menu")}</span>
        </a>
      )}
      <dialog
        ref={dialogRef}
        aria-labelledby="mobile-menu-title"
        onKeyDown={trapTab}
        onClose={() => buttonRef.current?.focus()}
        onClick={(e) => {
          // A click on the backdrop (the dialog itself) or on a link closes the drawer at once.
          if (e.target === e.currentTarget || (e.target as HTMLElement).closest("a")) e.currentTarget.close();
        }}
        className="m-0 h-dvh max-h-none w-[min(22rem,88vw)] max-w-none bg-transparent p-0 backdrop:bg-[rgb(12_10_9/0.55)] open:animate-slide-in-left"
      >
        {opened && (
          <Suspense fallback={<div className="h-full bg-white shadow-2xl" />}>
            <Drawer siteName={siteName} categories={categories} onClose={() => dialogRef.current?.close()} />
          </Suspense>
        )}
      </dialog>
    </>
  );
}
