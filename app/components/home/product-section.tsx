import { type CardData, ProductCard as Card } from "~/components/product-card";
import { ArrowRightIcon } from "~/components/icons";
import { ShopLink } from "../shop-link";
import { useLocalePath, useT } from "~/lib/i18n";

/** A home-page section: heading, optional "view all" link (`href`: a shop path, put in the page's language) and content. */
export function HomeSection({
  id,
  title,
  subtitle,
  href,
  linkLabel,
  children,
}: {
  id: string;
  title: string;
  subtitle?: string;
  href?: string;
  linkLabel?: string;
  children: React.ReactNode;
}) {
  const t = useT();
  const localePath = useLocalePath();
  return (
    <section aria-labelledby={id} className="container-page mt-14 sm:mt-20">
      <div className="mb-5 flex items-end justify-between gap-4 sm:mb-6">
        <div>
          <h2 id={id} className="text-xl font-bold tracking-tight text-stone-900 sm:text-2xl">
            {title}
          </h2>
          {subtitle && <p className="mt-1 text-sm text-stone-600 sm:text-base">{subtitle}</p>}
        </div>
        {href && (
          <ShopLink
            to={localePath(href)}
            className="inline-flex shrink-0 items-center gap-1.5 rounded text-sm font-semibold text-stone-900 underline-offset-4 hover:underline"
          >
            {linkLabel ?? t("shop.home.viewAll")}
            <span className="sr-only">{t("shop.linkOf", { title })}</span>
            <ArrowRightIcon className="size-4" />
          </ShopLink>
        )}
      </div>
      {children}
    </section>
  );
}

/**
 * Products as a swipeable row on phones and a grid of four columns from tablets up. Rendered from
 * loader values, outside any Suspense boundary: React moves a large finished boundary into a hidden
 * fragment that only its inline script reveals, so shoppers without JavaScript and crawlers would
 * see nothing.
 */
export function ProductRow({ products, emptyText }: { products: CardData[]; emptyText?: string }) {
  if (products.length === 0) {
    if (!emptyText) return null;
    return <p className="rounded-xl border border-dashed border-stone-300 p-10 text-center text-stone-600">{emptyText}</p>;
  }
  return (
    <ul className="rail">
      {products.map((p) => (
        <li key={p._id} className="rail-item">
          <Card product={p} />
        </li>
      ))}
    </ul>
  );
}
