import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link, useLocation } from "react-router";
import type { Category } from "../../../server/modules/catalog/catalog.types";
import { Avatar, SignOutButton, accountLinks } from "~/components/auth/account-links";
import { trapTab } from "~/lib/focus-trap";
import { useUser } from "~/lib/use-auth";
import { categoryHref, subCategoryHref } from "./category-menu";
import { ChevronDownIcon, CloseIcon, MenuIcon } from "./icons";

/**
 * The phone menu: a button opening a modal drawer (a native `<dialog>`: the page behind is inert,
 * Escape closes it). Tab and Shift+Tab cycle inside the drawer; focus returns to the button.
 */
export function MobileMenu({ siteName, categories }: { siteName: string; categories: Category[] }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const user = useUser();
  const [hydrated, setHydrated] = useState(false);
  // The drawer's links (every category twice over) are rendered when it first opens, not with
  // every page: they are a fifth of the home page's HTML, and only a phone's tap can show them.
  const [opened, setOpened] = useState(false);

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (dialogRef.current?.open) dialogRef.current.close();
  }, [location.key]);

  const trigger = "-ml-2 grid size-11 place-items-center rounded-full text-stone-800 hover:bg-stone-100 lg:hidden";
  const link = "flex min-h-12 items-center rounded-lg px-3 text-base text-stone-800 hover:bg-stone-100";

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
          <span className="sr-only">Open menu</span>
        </button>
      ) : (
        // Before JavaScript runs (or without it), the menu button jumps to the footer's category links.
        <a href="#footer-shop" className={trigger}>
          <MenuIcon className="size-6" />
          <span className="sr-only">Menu</span>
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
          <div className="flex h-full flex-col bg-white shadow-2xl">
            <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
              <p id="mobile-menu-title" className="text-lg font-semibold text-stone-900">
                {siteName}
              </p>
              <button
                type="button"
                onClick={() => dialogRef.current?.close()}
                className="-mr-2 grid size-11 place-items-center rounded-full text-stone-700 hover:bg-stone-100"
              >
                <CloseIcon className="size-6" />
                <span className="sr-only">Close menu</span>
              </button>
            </div>
            <nav aria-label="Menu" className="flex-1 overflow-y-auto px-2 py-3">
              <p className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wider text-stone-600">Shop</p>
              <ul>
                <li>
                  <Link to="/product-category" className={`${link} font-medium`}>
                    All products
                  </Link>
                </li>
                {categories.map((c) =>
                  c.subCategories.length === 0 ? (
                    <li key={c._id}>
                      <Link to={categoryHref(c.slug)} className={link}>
                        {c.name}
                      </Link>
                    </li>
                  ) : (
                    <li key={c._id}>
                      <details className="group">
                        <summary className={`${link} list-none justify-between`}>
                          {c.name}
                          <ChevronDownIcon className="size-5 text-stone-500 transition group-open:rotate-180" />
                        </summary>
                        <ul className="mb-2 ml-3 border-l border-stone-200 pl-2">
                          <li>
                            <Link to={categoryHref(c.slug)} className={`${link} min-h-11 text-[0.95rem] font-medium`}>
                              All {c.name}
                            </Link>
                          </li>
                          {c.subCategories.map((s) => (
                            <li key={s._id}>
                              <Link to={subCategoryHref(c.slug, s.slug)} className={`${link} min-h-11 text-[0.95rem] text-stone-700`}>
                                {s.name}
                              </Link>
                            </li>
                          ))}
                        </ul>
                      </details>
                    </li>
                  ),
                )}
              </ul>
              <p className="mt-4 border-t border-stone-200 px-3 pb-1 pt-5 text-xs font-semibold uppercase tracking-wider text-stone-600">Your account</p>
              {user && (
                <div className="flex items-center gap-3 px-3 py-2">
                  <Avatar user={user} className="size-9 text-xs" />
                  <div className="min-w-0">
                    <p className="truncate text-sm font-semibold text-stone-900">{user.name}</p>
                    <p className="truncate text-xs text-stone-600">{user.email}</p>
                  </div>
                </div>
              )}
              <ul>
                {user ? (
                  accountLinks(user).map((l) => (
                    <li key={l.to}>
                      <Link to={l.to} className={link}>
                        {l.label}
                      </Link>
                    </li>
                  ))
                ) : (
                  <>
                    <li>
                      <Link to="/login" className={link}>
                        Sign in
                      </Link>
                    </li>
                    <li>
                      <Link to="/register" className={link}>
                        Create account
                      </Link>
                    </li>
                  </>
                )}
                <li>
                  <Link to="/wishlist" className={link}>
                    Wishlist
                  </Link>
                </li>
                <li>
                  <Link to="/shopping-cart" className={link}>
                    Shopping cart
                  </Link>
                </li>
                {user && (
                  <li>
                    <SignOutButton className={`${link} w-full text-left disabled:cursor-wait disabled:opacity-70`} />
                  </li>
                )}
              </ul>
              <p className="mt-4 border-t border-stone-200 px-3 pb-1 pt-5 text-xs font-semibold uppercase tracking-wider text-stone-600">Help</p>
              <ul>
                <li>
                  <Link to="/contact-us" className={link}>
                    Contact us
                  </Link>
                </li>
                <li>
                  <Link to="/privacy-policy" className={link}>
                    Privacy policy
                  </Link>
                </li>
              </ul>
            </nav>
          </div>
        )}
      </dialog>
    </>
  );
}
