import { useShop } from "~/lib/shop";
import { useT } from "~/lib/i18n";
import { NavigationProgress } from "./navigation-progress";
import { type HeaderCounts, SiteHeader } from "./site-header";
import { SiteFooter } from "./site-footer";
import { WishlistForm } from "../wishlist/wishlist-button";

/** The frame of every public page: skip link, progress bar, header, the page as `<main>`, footer. */
export function StorefrontShell({ children, counts = { cart: 0, wishlist: 0 } }: { children: React.ReactNode; counts?: HeaderCounts }) {
  const { settings, categories, currencies } = useShop();
  const t = useT();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-stone-900 px-4 py-3 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:outline-offset-2"
      >
        {t("shop.nav.skipToContent")}
      </a>
      <NavigationProgress />
      <SiteHeader settings={settings} categories={categories} counts={counts} currencies={currencies} />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter settings={settings} categories={categories} currencies={currencies} />
      <WishlistForm />
    </div>
  );
}
