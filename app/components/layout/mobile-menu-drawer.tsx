import { Link } from "react-router";
import type { Category } from "#modules/catalog";
import { Avatar, SignOutButton, accountLinks } from "~/components/auth/account-links";
import { useUser } from "~/lib/use-auth";
import { categoryHref, subCategoryHref } from "./category-menu";
import { ChevronDownIcon, CloseIcon } from "~/components/icons";
import type { MessageKey } from "#common/i18n/catalogs";
import { useLocalePath, useT } from "~/lib/i18n";
import { accountHref } from "./account-href";

const link = "flex min-h-12 items-center rounded-lg px-3 text-base text-stone-800 hover:bg-stone-100";

type MenuLink = { to: string; label: string };
type MenuEntry = { to: string; key: MessageKey };
const SIGNED_OUT: MenuEntry[] = [
  { to: "/login", key: "shop.header.signIn" },
  { to: "/register", key: "shop.header.createAccount" },
];
const SHOPPING: MenuEntry[] = [
  { to: "/wishlist", key: "shop.menu.wishlist" },
  { to: "/shopping-cart", key: "shop.menu.cart" },
];
const HELP: MenuEntry[] = [
  { to: "/contact-us", key: "shop.menu.contact" },
  { to: "/privacy-policy", key: "shop.menu.privacy" },
];

/** A list's items, one link each, in the page's language (the admin area's stays as it is). */
function MenuLinks({ links }: { links: readonly MenuLink[] }) {
  const localePath = useLocalePath();
  return links.map((l) => (
    <li key={l.to}>
      <Link to={accountHref(l.to, localePath)} className={link}>
        {l.label}
      </Link>
    </li>
  ));
}

/**
 * The phone menu's drawer: the shop's categories, the account's links and help. Its own chunk,
 * downloaded once the page is idle (or on the first tap): only a phone's tap can show it.
 */
export function MobileMenuDrawer({ siteName, categories, onClose }: { siteName: string; categories: Category[]; onClose: () => void }) {
  const user = useUser();
  const t = useT();
  const localePath = useLocalePath();
  const labelled = (entries: readonly MenuEntry[]): MenuLink[] => entries.map((e) => ({ to: e.to, label: t(e.key) }));
  return (
    <div className="flex h-full flex-col bg-white shadow-2xl">
      <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
        <p id="mobile-menu-title" className="text-lg font-semibold text-stone-900">
          {siteName}
        </p>
        <button type="button" onClick={onClose} className="-mr-2 grid size-11 place-items-center rounded-full text-stone-700 hover:bg-stone-100">
          <CloseIcon className="size-6" />
          <span className="sr-only">{t("shop.menu.close")}</span>
        </button>
      </div>
      <nav aria-label={t("shop.menu.menu")} className="flex-1 overflow-y-auto px-2 py-3">
        <p className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wider text-stone-600">{t("shop.menu.shop")}</p>
        <ul>
          <li>
            <Link to={localePath("/product-category")} className={`${link} font-medium`}>
              {t("shop.menu.allProducts")}
            </Link>
          </li>
          {categories.map((c) =>
            c.subCategories.length === 0 ? (
              <li key={c._id}>
                <Link to={localePath(categoryHref(c.slug))} className={link}>
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
                      <Link to={localePath(categoryHref(c.slug))} className={`${link} min-h-11 text-[0.95rem] font-medium`}>
                        {t("shop.menu.allOf", { category: c.name })}
                      </Link>
                    </li>
                    {c.subCategories.map((s) => (
                      <li key={s._id}>
                        <Link to={localePath(subCategoryHref(c.slug, s.slug))} className={`${link} min-h-11 text-[0.95rem] text-stone-700`}>
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
        <p className="mt-4 border-t border-stone-200 px-3 pb-1 pt-5 text-xs font-semibold uppercase tracking-wider text-stone-600">
          {t("shop.menu.yourAccount")}
        </p>
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
          <MenuLinks links={[...(user ? accountLinks(user, t) : labelled(SIGNED_OUT)), ...labelled(SHOPPING)]} />
          {user && (
            <li>
              <SignOutButton className={`${link} w-full text-left disabled:cursor-wait disabled:opacity-70`} />
            </li>
          )}
        </ul>
        <p className="mt-4 border-t border-stone-200 px-3 pb-1 pt-5 text-xs font-semibold uppercase tracking-wider text-stone-600">{t("shop.menu.help")}</p>
        <ul>
          <MenuLinks links={labelled(HELP)} />
        </ul>
      </nav>
    </div>
  );
}
