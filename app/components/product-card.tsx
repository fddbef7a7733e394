import { Link } from "react-router";
import type { ProductCard as Card } from "../../server/modules/catalog/catalog.types";
import { Price } from "./price";
import { ResponsiveImage } from "./responsive-image";
import { WishlistButton } from "./wishlist/wishlist-button";

/** A product tile for grids and carousels: image, name, category, price and the wishlist heart; the rest of the card is a link. */
export function ProductCard({ product, priority = false }: { product: Card; priority?: boolean }) {
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white transition focus-within:ring-2 focus-within:ring-stone-900 hover:shadow-md" data-testid="product-card">
      <div className="relative aspect-square overflow-hidden bg-stone-100">
        <ResponsiveImage
          src={product.image[0]}
          alt=""
          kind="product"
          sizes="(min-width: 1280px) 280px, (min-width: 768px) 30vw, 50vw"
          priority={priority}
          className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
        />
        {product.discount > 0 && (
          <span className="absolute left-2 top-2 rounded-full bg-rose-700 px-2 py-0.5 text-xs font-semibold text-white">-{product.discount}%</span>
        )}
        {!product.inStock && (
          <span className="absolute bottom-2 left-2 rounded-full bg-stone-800 px-2 py-0.5 text-xs font-semibold text-white">Sold out</span>
        )}
      </div>
      <WishlistButton productId={product._id} name={product.name} className="absolute right-2 top-2 z-10" />
      <div className="flex flex-1 flex-col gap-1 p-3">
        <p className="text-xs uppercase tracking-wide text-stone-600">{product.subCategory ?? product.category}</p>
        <h3 className="line-clamp-2 text-sm font-medium text-stone-900">
          <Link to={`/products/${product.slug}`} prefetch="intent" className="after:absolute after:inset-0 focus:outline-none">
            {product.name}
          </Link>
        </h3>
        <div className="mt-auto pt-1">
          <Price price={product.price} finalPrice={product.finalPrice} discount={product.discount} from={product.priceVaries} badge={false} />
        </div>
      </div>
    </article>
  );
}

/** A responsive grid of product cards, with an empty state. */
export function ProductGrid({ products, emptyText = "No products found.", priorityCount = 0 }: { products: Card[]; emptyText?: string; priorityCount?: number }) {
  if (products.length === 0) {
    return <p className="rounded-xl border border-dashed border-stone-300 p-10 text-center text-stone-600">{emptyText}</p>;
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
