import { Suspense } from "react";
import { Await, Link } from "react-router";
import type { ProductCard } from "../../../server/modules/catalog/catalog.types";
import { ProductCard as Card } from "~/components/product-card";
import { ArrowRightIcon } from "~/components/layout/icons";

/** A home-page section: heading, optional "view all" link and content. */
export function HomeSection({
  id,
  title,
  subtitle,
  href,
  linkLabel = "View all",
  children,
}: {
  id: string;
  title: string;
  subtitle?: string;
  href?: string;
  linkLabel?: string;
  children: React.ReactNode;
}) {
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
          <Link to={href} className="inline-flex shrink-0 items-center gap-1.5 rounded text-sm font-semibold text-stone-900 underline-offset-4 hover:underline">
            {linkLabel}
            <span className="sr-only">: {title}</span>
            <ArrowRightIcon className="size-4" />
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

/** Placeholder cards while streamed products arrive. */
export function ProductGridSkeleton({ count = 4, label = "Loading products" }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-label={label} data-testid="product-skeleton">
      <ul aria-hidden="true" className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className={`overflow-hidden rounded-xl border border-stone-200 bg-white ${i === 2 ? "hidden md:block" : i >= 3 ? "hidden lg:block" : ""}`}>
            <div className="aspect-square animate-pulse bg-stone-200" />
            <div className="space-y-2 p-3">
              <div className="h-3 w-1/3 animate-pulse rounded bg-stone-200" />
              <div className="h-4 w-4/5 animate-pulse rounded bg-stone-200" />
              <div className="h-4 w-1/4 animate-pulse rounded bg-stone-200" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SectionError({ what }: { what: string }) {
  return (
    <p role="alert" className="rounded-xl border border-rose-200 bg-rose-50 p-6 text-center text-sm text-rose-900">
      Sorry, we couldn’t load {what} right now. Please refresh the page to try again.
    </p>
  );
}

/**
 * A product grid from a loader value or a streamed promise: skeleton first, then the products (or an
 * empty state, or an error). Without JavaScript a still-streaming grid offers a link instead.
 */
export function StreamedProducts({ products, emptyText, what, href }: { products: ProductCard[] | Promise<ProductCard[]>; emptyText: string; what: string; href: string }) {
  return (
    <Suspense
      fallback={
        <>
          <ProductGridSkeleton />
          <noscript>
            <p className="mt-4 text-center text-sm">
              <a href={href} className="font-semibold underline underline-offset-4">
                See {what}
              </a>
            </p>
          </noscript>
        </>
      }
    >
      <Await resolve={products} errorElement={<SectionError what={what} />}>
        {(list) => <ProductRow products={list} emptyText={emptyText} />}
      </Await>
    </Suspense>
  );
}

/** Products as a swipeable row on phones and a grid of four columns from tablets up. */
function ProductRow({ products, emptyText }: { products: ProductCard[]; emptyText: string }) {
  if (products.length === 0) {
    return <p className="rounded-xl border border-dashed border-stone-300 p-10 text-center text-stone-600">{emptyText}</p>;
  }
  return (
    <ul className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 sm:-mx-6 sm:scroll-px-6 sm:px-6 md:mx-0 md:grid md:grid-cols-4 md:gap-4 md:overflow-visible md:px-0 md:pb-0">
      {products.map((p) => (
        <li key={p._id} className="flex w-[44%] shrink-0 snap-start sm:w-[30%] md:w-auto">
          <Card product={p} />
        </li>
      ))}
    </ul>
  );
}
