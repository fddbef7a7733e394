import type { Category } from "#modules/catalog";
import { ResponsiveImage } from "~/components/responsive-image";
import { categoryHref } from "~/components/layout/category-menu";
import { ShopLink } from "../shop-link";
import { CachedInside } from "~/lib/html-fragments";
import { useImageBase } from "~/lib/image-base";
import type { Translate } from "#common/i18n/translate";
import { useLanguage, useLocalePath, useT } from "~/lib/i18n";

const TINTS = [
  "bg-amber-100 text-amber-900",
  "bg-sky-100 text-sky-900",
  "bg-rose-100 text-rose-900",
  "bg-emerald-100 text-emerald-900",
  "bg-violet-100 text-violet-900",
  "bg-orange-100 text-orange-900",
];

/** "Shop by category": a tile per top-level category with its image (or initial) and product count. */
export function CategoryGrid({ categories }: { categories: Category[] }) {
  const base = useImageBase();
  const t = useT();
  const { language } = useLanguage();
  const localePath = useLocalePath();
  if (categories.length === 0) {
    return <p className="rounded-xl border border-dashed border-stone-300 p-8 text-center text-stone-600">{t("shop.categories.empty")}</p>;
  }
  // On wide screens, the column count (4–6) that leaves the fewest gaps in the last row.
  const wide = [6, 5, 4].reduce((best, n) => ((categories.length % n || n) > (categories.length % best || best) ? n : best), 6);
  const wideClass = { 4: "lg:grid-cols-4", 5: "lg:grid-cols-5", 6: "lg:grid-cols-6" }[wide];
  // The same for every shopper of a language: the server takes the list's inside from html-fragments.tsx.
  return (
    <CachedInside
      as="ul"
      className={`grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 ${wideClass}`}
      cacheKey={JSON.stringify([categories, base, language])}
      inside={() => <CategoryTiles categories={categories} base={base} t={t} localePath={localePath} />}
    />
  );
}

function CategoryTiles({ categories, base, t, localePath }: { categories: Category[]; base: string; t: Translate; localePath: (path: string) => string }) {
  return (
    <>
      {categories.map((c, i) => (
        <li key={c._id}>
          <ShopLink
            to={localePath(categoryHref(c.slug))}
            className="group flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white transition hover:border-stone-300 hover:shadow-md"
          >
            <span className="block aspect-square overflow-hidden bg-stone-100">
              {c.image ? (
                <ResponsiveImage
                  src={c.image}
                  alt=""
                  kind="category"
                  sizes="(min-width: 1024px) 200px, (min-width: 640px) 30vw, 45vw"
                  className="size-full object-cover transition duration-300 group-hover:scale-105"
                  base={base}
                />
              ) : (
                <span aria-hidden="true" className={`grid size-full place-items-center text-5xl font-bold ${TINTS[i % TINTS.length]}`}>
                  {c.name.charAt(0).toUpperCase()}
                </span>
              )}
            </span>
            <span className="flex flex-1 flex-col px-3 py-3">
              <span className="font-semibold text-stone-900 group-hover:underline group-hover:underline-offset-4">{c.name}</span>
              <span className="mt-0.5 text-xs text-stone-600">{t("shop.products.count", { count: c.productCount })}</span>
            </span>
          </ShopLink>
        </li>
      ))}
    </>
  );
}
