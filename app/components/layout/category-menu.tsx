import { Link, NavLink } from "react-router";
import type { Category } from "../../../server/modules/catalog/catalog.types";
import { useDismissableDetails } from "~/lib/use-dismissable-details";
import { ChevronDownIcon } from "./icons";

export const categoryHref = (slug: string) => `/product-category/${encodeURIComponent(slug)}`;
export const subCategoryHref = (slug: string, sub: string) => `${categoryHref(slug)}?subCategory=${encodeURIComponent(sub)}`;

const itemClass = "menu-item";

/** The desktop category bar: a link per category, a drop-down (a `<details>`) for those with sub-categories. */
export function CategoryMenu({ categories }: { categories: Category[] }) {
  return (
    <nav aria-label="Categories" className="hidden border-t border-stone-200 lg:block">
      <ul className="container-page flex flex-wrap items-center justify-center gap-x-0.5">
        <li>
          <NavLink to="/product-category" end className={({ isActive }) => `${itemClass} ${isActive ? "text-stone-950 underline decoration-2 underline-offset-8" : ""}`}>
            All products
          </NavLink>
        </li>
        {categories.map((c) => (
          <li key={c._id} className="relative">
            {c.subCategories.length === 0 ? (
              <NavLink to={categoryHref(c.slug)} className={({ isActive }) => `${itemClass} ${isActive ? "text-stone-950 underline decoration-2 underline-offset-8" : ""}`}>
                {c.name}
              </NavLink>
            ) : (
              <CategoryDropdown category={c} />
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function CategoryDropdown({ category }: { category: Category }) {
  const ref = useDismissableDetails<HTMLDetailsElement>();
  return (
    <details ref={ref} name="category-menu" className="group">
      <summary className={`${itemClass} list-none group-open:bg-stone-100 group-open:text-stone-950`}>
        {category.name}
        <ChevronDownIcon className="size-3.5 text-stone-500 transition group-open:rotate-180" />
      </summary>
      <div className="absolute left-0 top-full z-30 mt-1 w-64 rounded-xl border border-stone-200 bg-white p-2 shadow-xl">
        <ul>
          <li>
            <Link to={categoryHref(category.slug)} className="menu-link font-semibold text-stone-900">
              All {category.name}
            </Link>
          </li>
          {category.subCategories.map((s) => (
            <li key={s._id}>
              <Link to={subCategoryHref(category.slug, s.slug)} className="menu-link">
                {s.name}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
