import { useState } from "react";
import { useLocation } from "react-router";
import type { Category } from "#modules/catalog";
import { useDismissableDetails } from "~/lib/use-dismissable-details";
import { ShopLink } from "../shop-link";
import { useLocalePath, useT } from "~/lib/i18n";

export const categoryHref = (slug: string) => `/product-category/${encodeURIComponent(slug)}`;
export const subCategoryHref = (slug: string, sub: string) => `${categoryHref(slug)}?subCategory=${encodeURIComponent(sub)}`;

const itemClass = "menu-item";

/** A link of the bar (`to` in the page's language), marked as the current page (as a NavLink) when the shopper is on it or below it. */
function BarLink({ to, pathname, end = false, children }: { to: string; pathname: string; end?: boolean; children: React.ReactNode }) {
  const active = pathname === to || (!end && pathname.startsWith(`${to}/`));
  return (
    <ShopLink
      to={to}
      aria-current={active ? "page" : undefined}
      className={`${itemClass} ${active ? "text-stone-950 underline decoration-2 underline-offset-8" : ""}`}
    >
      {children}
    </ShopLink>
  );
}

/** The desktop category bar: a link per category, a drop-down (a `<details>`) for those with sub-categories. */
export function CategoryMenu({ categories }: { categories: Category[] }) {
  const { pathname } = useLocation();
  const t = useT();
  const localePath = useLocalePath();
  return (
    <nav aria-label={t("shop.menu.categories")} className="hidden border-t border-stone-200 lg:block">
      <ul className="container-page flex flex-wrap items-center justify-center gap-x-0.5">
        <li>
          <BarLink to={localePath("/product-category")} pathname={pathname} end>
            {t("shop.menu.allProducts")}
          </BarLink>
        </li>
        {categories.map((c) => (
          <li key={c._id} className="relative">
            {c.subCategories.length === 0 ? (
              <BarLink to={localePath(categoryHref(c.slug))} pathname={pathname}>
                {c.name}
              </BarLink>
            ) : (
              <CategoryDropdown category={c} />
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A category's drop-down. Its sub-categories' links are rendered once the shopper reaches for it
 * (pointer over it, focus on it, or opened): the eleven drop-downs' links and their chevrons'
 * <svg>s (now drawn by CSS) were about 110 of the elements of every page's server render, for a
 * menu opened on few of them. Without JavaScript it opens on the category's own link, whose page
 * leads on to its sub-categories.
 */
function CategoryDropdown({ category }: { category: Category }) {
  const ref = useDismissableDetails<HTMLDetailsElement>();
  const t = useT();
  const localePath = useLocalePath();
  const [reached, setReached] = useState(false);
  const reach = () => setReached(true);
  return (
    <details ref={ref} name="category-menu" className="group" onPointerEnter={reach} onFocus={reach} onToggle={reach}>
      <summary className={`${itemClass} menu-drop list-none group-open:bg-stone-100 group-open:text-stone-950`}>{category.name}</summary>
      <div className="absolute left-0 top-full z-30 mt-1 w-64 rounded-xl border border-stone-200 bg-white p-2 shadow-xl">
        <ul>
          <li>
            <ShopLink to={localePath(categoryHref(category.slug))} className="menu-link font-semibold text-stone-900">
              {t("shop.menu.allOf", { category: category.name })}
            </ShopLink>
          </li>
          {reached &&
            category.subCategories.map((s) => (
              <li key={s._id}>
                <ShopLink to={localePath(subCategoryHref(category.slug, s.slug))} className="menu-link">
                  {s.name}
                </ShopLink>
              </li>
            ))}
        </ul>
      </div>
    </details>
  );
}
