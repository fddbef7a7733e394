import { Link } from "react-router";
import type { Category } from "#modules/catalog";
import type { SiteSettings } from "#common/content/content.schema";
import { Avatar, SignOutButton, accountLinks } from "~/components/auth/account-links";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { preloadCartPanel } from "~/components/cart/lazy-cart-panel";
import { setCartOpen } from "~/lib/cart-panel";
import { useUser } from "~/lib/use-auth";
import { useDismissableDetails } from "~/lib/use-dismissable-details";
import { imageSrcSet, imageVariantUrl, publicImageUrl } from "#common/images/image-sizes";
import { useImageBase } from "~/lib/image-base";
import { CategoryMenu } from "./category-menu";
import { ShopLink } from "../shop-link";
import { BagIcon, CartIcon, HeartIcon, UserIcon } from "~/components/icons";
import { MobileMenu } from "./mobile-menu";
import { SearchBox } from "./search-box";
import { servedLanguages } from "#common/i18n/languages";
import { LanguageSuggestion, LanguageSwitcher } from "./language-switcher";
import { CurrencyMenu } from "./currency-menu";
import type { PageCurrencies } from "~/lib/shop";
import { useLocalePath, useT } from "~/lib/i18n";
import { accountHref } from "./account-href";

/** What the header's counters show; the cart and wishlist features provide the numbers. */
export interface HeaderCounts {
  cart: number;
  wishlist: number;
}

const iconButton = "relative grid size-11 place-items-center rounded-full text-stone-800 hover:bg-stone-100";

/** The storefront header: announcement, logo, search, account, wishlist and cart, category bar. */
export function SiteHeader({
  settings,
  categories,
  counts,
  currencies,
}: {
  settings: SiteSettings;
  categories: Category[];
  counts: HeaderCounts;
  /** The currency shown and those offered (the switcher's); none where a page has no root data. */
  currencies?: PageCurrencies;
}) {
  const t = useT();
  const localePath = useLocalePath();
  // The announcement bar of the settings; empty: no bar.
  const announcement = settings.announcement;
  return (
    <header className="border-b border-stone-200 bg-white">
      <LanguageSuggestion languages={servedLanguages(settings)} />
      {announcement && (
        <p className="bg-stone-900 px-4 py-2 text-center text-xs font-medium tracking-wide text-white sm:text-sm" data-testid="announcement-bar">
          {announcement}
        </p>
      )}
      <div className="container-page grid grid-cols-[auto_1fr_auto] items-center gap-x-2 gap-y-2.5 py-2.5 lg:grid-cols-[minmax(12rem,1fr)_minmax(0,36rem)_minmax(12rem,1fr)] lg:gap-x-8 lg:py-4">
        <div className="flex min-w-0 items-center gap-1">
          <MobileMenu siteName={settings.siteName} categories={categories} />
          <Logo settings={settings} />
        </div>
        <SearchBox className="col-span-3 row-start-2 lg:col-span-1 lg:col-start-2 lg:row-start-1" />
        <div className="col-start-3 row-start-1 flex items-center justify-end gap-0.5 sm:gap-1">
          <LanguageSwitcher placement="header" languages={servedLanguages(settings)} />
          <CurrencyMenu placement="header" currencies={currencies} />
          <AccountMenu />
          <CounterLink to={localePath("/wishlist")} label={t("shop.header.wishlist")} count={counts.wishlist} testId="wishlist-count">
            <HeartIcon className="size-6" />
          </CounterLink>
          <CartButton count={counts.cart} />
        </div>
      </div>
      <CategoryMenu categories={categories} />
    </header>
  );
}

function Logo({ settings }: { settings: SiteSettings }) {
  const base = useImageBase();
  const t = useT();
  const localePath = useLocalePath();
  return (
    <ShopLink
      to={localePath("/")}
      className="flex min-w-0 items-center gap-2 rounded-md py-1 text-stone-900"
      aria-label={t("shop.header.home", { siteName: settings.siteName })}
    >
      {settings.logo ? (
        <img
          src={publicImageUrl(imageVariantUrl(settings.logo, "logo", 160), base)}
          srcSet={imageSrcSet(settings.logo, "logo", "webp", base)}
          sizes="128px"
          alt=""
          width={128}
          height={32}
          className="h-8 w-auto max-w-32 object-contain"
          data-testid="site-logo"
        />
      ) : (
        <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-stone-900 text-amber-400">
          <BagIcon className="size-5" />
        </span>
      )}
      <span className="truncate text-lg font-bold tracking-tight sm:text-xl">{settings.siteName}</span>
    </ShopLink>
  );
}

function CounterLink({ to, label, count, testId, children }: { to: string; label: string; count: number; testId: string; children: React.ReactNode }) {
  return (
    <ShopLink to={to} className={iconButton}>
      <Counted label={label} count={count} testId={testId}>
        {children}
      </Counted>
    </ShopLink>
  );
}

/**
 * The cart counter: a link to /shopping-cart; once JavaScript runs, a plain click opens the cart
 * panel instead (a click with a modifier key still opens the page, e.g. in a new tab).
 */
function CartButton({ count }: { count: number }) {
  const hydrated = useHydrated();
  const t = useT();
  const localePath = useLocalePath();
  return (
    <Link
      to={localePath("/shopping-cart")}
      aria-haspopup={hydrated ? "dialog" : undefined}
      className={iconButton}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        setCartOpen(true);
      }}
      onPointerEnter={preloadCartPanel}
      onFocus={preloadCartPanel}
    >
      <Counted label={t("shop.header.cart")} count={count} testId="cart-count">
        <CartIcon className="size-6" />
      </Counted>
    </Link>
  );
}

function Counted({ label, count, testId, children }: { label: string; count: number; testId: string; children: React.ReactNode }) {
  const t = useT();
  return (
    <>
      {children}
      <span className="sr-only">{t("shop.header.counted", { label, count })}</span>
      <span
        aria-hidden="true"
        data-testid={testId}
        data-count={count}
        className={`absolute right-0.5 top-0.5 min-w-5 rounded-full bg-amber-400 px-1 text-center text-[11px] font-bold leading-5 text-stone-950 ring-2 ring-white ${count > 0 ? "" : "hidden"}`}
      >
        {count > 99 ? "99+" : count}
      </span>
    </>
  );
}

function AccountMenu() {
  const ref = useDismissableDetails<HTMLDetailsElement>();
  const user = useUser();
  const t = useT();
  const localePath = useLocalePath();
  return (
    <details ref={ref} className="relative hidden sm:block">
      <summary className={`${iconButton} list-none`} data-testid="account-menu">
        {user ? <Avatar user={user} /> : <UserIcon className="size-6" />}
        <span className="sr-only">{user ? t("shop.header.accountOf", { name: user.name }) : t("shop.header.account")}</span>
      </summary>
      <div className="absolute right-0 top-full z-40 mt-2 w-64 rounded-xl border border-stone-200 bg-white p-3 shadow-xl">
        {user ? (
          <>
            <div className="flex items-center gap-3 border-b border-stone-200 px-1 pb-3">
              <Avatar user={user} className="size-10 text-sm" />
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold text-stone-900">{user.name}</p>
                <p className="truncate text-xs text-stone-600">{user.email}</p>
              </div>
            </div>
            <ul className="py-2">
              {accountLinks(user, t).map((l) => (
                <li key={l.to}>
                  <ShopLink to={accountHref(l.to, localePath)} className="block rounded-lg px-3 py-2 text-sm text-stone-800 hover:bg-stone-100">
                    {l.label}
                  </ShopLink>
                </li>
              ))}
            </ul>
            <SignOutButton className="block w-full rounded-lg border border-stone-300 px-4 py-2.5 text-center text-sm font-semibold text-stone-900 hover:bg-stone-50 disabled:cursor-wait disabled:opacity-70" />
          </>
        ) : (
          <>
            <p className="px-1 pb-3 text-sm text-stone-600">{t("shop.header.signInPitch")}</p>
            <ShopLink
              to={localePath("/login")}
              className="block rounded-lg bg-stone-900 px-4 py-2.5 text-center text-sm font-semibold text-white hover:bg-stone-700"
            >
              {t("shop.header.signIn")}
            </ShopLink>
            <ShopLink
              to={localePath("/register")}
              className="mt-2 block rounded-lg border border-stone-300 px-4 py-2.5 text-center text-sm font-semibold text-stone-900 hover:bg-stone-50"
            >
              {t("shop.header.createAccount")}
            </ShopLink>
          </>
        )}
      </div>
    </details>
  );
}
