import type { ProductCard as Card } from "#modules/catalog";
import { useWishlisted } from "~/lib/storefront-data";
import { PriceLine } from "./price";
import { ResponsiveImage } from "./responsive-image";
import { WishlistHeart } from "./wishlist/wishlist-button";
import { ShopLink } from "./shop-link";
import { CachedInside } from "~/lib/html-fragments";
import { useMoney, useShop } from "~/lib/shop";
import { useLanguage, useLocalePath, useT } from "~/lib/i18n";
import type { Translate } from "#common/i18n/translate";
import { useImageBase } from "~/lib/image-base";
import { usePriceTaxNote } from "~/lib/price-tax-note";
import { Stars, ratingLabel } from "./star-rating";

/** What a product tile shows: the fields below and the first picture. */
export type CardData = Pick<
  Card,
  "_id" | "name" | "slug" | "price" | "discount" | "finalPrice" | "priceVaries" | "image" | "category" | "subCategory" | "inStock" | "rating"
>;

/**
 * A listing's product trimmed to what its tile shows, for page loaders: the page's data is sent
 * again inside the HTML for hydration, and the full listing (every picture, brand, dates) doubled
 * the weight of the home page's data.
 */
export function toCardData(p: Card): CardData {
  return {
    _id: p._id,
    name: p.name,
    slug: p.slug,
    price: p.price,
    discount: p.discount,
    finalPrice: p.finalPrice,
    priceVaries: p.priceVaries,
    image: p.image.slice(0, 1),
    category: p.category,
    subCategory: p.subCategory,
    inStock: p.inStock,
    rating: p.rating,
  };
}

/**
 * A product tile for grids and carousels: image, name, category, price and the wishlist heart; the
 * rest of the card is a link. The server takes the tile's inside from html-fragments.tsx, rendered
 * once per product, heart and money format, except for a `priority` tile: React preloads its
 * picture from the page's head, which markup rendered on its own would not do.
 */
export function ProductCard({ product, priority = false }: { product: CardData; priority?: boolean }) {
  const saved = useWishlisted(product._id);
  const { settings, currencies } = useShop();
  const currency = currencies?.shown ?? settings.currency;
  const { language, locale } = useLanguage();
  const money = useMoney();
  const base = useImageBase();
  const t = useT();
  const localePath = useLocalePath();
  const taxNote = usePriceTaxNote();
  return (
    <CachedInside
      as="article"
      className="group card"
      data-testid="product-card"
      cacheKey={priority ? null : JSON.stringify([product, saved, currency, language, locale, base, taxNote])}
      inside={() => (
        <CardInside product={product} priority={priority} saved={saved} money={money} base={base} t={t} localePath={localePath} taxNote={taxNote} />
      )}
    />
  );
}

function CardInside({
  product,
  priority,
  saved,
  money,
  base,
  t,
  localePath,
  taxNote,
}: {
  product: CardData;
  priority: boolean;
  saved: boolean;
  money: (amount: number) => string;
  base: string;
  t: Translate;
  localePath: (path: string) => string;
  taxNote: string | null;
}) {
  return (
    <>
      <div className="card-media">
        <ResponsiveImage
          src={product.image[0]}
          alt=""
          kind="product"
          sizes="(min-width: 1280px) 280px, (min-width: 768px) 30vw, 50vw"
          priority={priority}
          className="card-img"
          base={base}
        />
        {product.discount > 0 && <span className="card-badge top-2 bg-rose-700">{`-${product.discount}%`}</span>}
        {!product.inStock && <span className="card-badge bottom-2 bg-stone-800">{t("shop.card.soldOut")}</span>}
      </div>
      <WishlistHeart productId={product._id} name={product.name} saved={saved} t={t} className="wish-btn absolute right-2 top-2 z-10" />
      <div className="card-body">
        <p className="card-kicker">{product.subCategory ?? product.category}</p>
        <h3 className="card-title">
          <ShopLink to={localePath(`/products/${product.slug}`)} prefetchOnIntent className="stretched-link">
            {product.name}
          </ShopLink>
        </h3>
        {product.rating.count > 0 && (
          <p className="card-rating">
            <Stars average={product.rating.average} label={ratingLabel(t, product.rating.average, product.rating.count)} />
            <span aria-hidden="true">({product.rating.count})</span>
          </p>
        )}
        <PriceLine
          price={product.price}
          finalPrice={product.finalPrice}
          discount={product.discount}
          from={product.priceVaries}
          badge={false}
          className="mt-auto pt-1"
          money={money}
          t={t}
          taxNote={taxNote}
        />
      </div>
    </>
  );
}

/** A responsive grid of product cards, with an empty state. */
export function ProductGrid({ products, emptyText, priorityCount = 0 }: { products: CardData[]; emptyText?: string; priorityCount?: number }) {
  const t = useT();
  if (products.length === 0) {
    return <p className="rounded-xl border border-dashed border-stone-300 p-10 text-center text-stone-600">{emptyText ?? t("shop.products.none")}</p>;
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
      {products.map((p, i) => (
        <li key={p._id} className="flex">
          <ProductCard product={p} priority={i < priorityCount} />
        </li>
      ))}
    </ul>
  );
}
