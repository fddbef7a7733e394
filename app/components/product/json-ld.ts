import type { ProductDetail } from "#modules/catalog";
import type { PublicReview, ReviewSummary } from "#modules/reviews";
import { publicImageUrl } from "#common/images/image-sizes";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

/** Plain text of (already sanitised) HTML, for meta descriptions and structured data. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6])>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (m, e: string) => {
      const lower = e.toLowerCase();
      if (lower.startsWith("#x")) return String.fromCodePoint(parseInt(lower.slice(2), 16));
      if (lower.startsWith("#") && lower !== "#39") return String.fromCodePoint(Number(lower.slice(1)));
      return ENTITIES[lower] ?? m;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** Shortens text at a word boundary to at most `max` characters, with an ellipsis when cut. */
export function truncate(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const endsOnWord = /\s/.test(text[cut.length]);
  const space = cut.lastIndexOf(" ");
  return `${(endsOnWord || space <= max * 0.6 ? cut : cut.slice(0, space)).replace(/[\s.,;:]+$/, "")}…`;
}

/** An absolute URL from a path, against the shop's public URL. */
export function absoluteUrl(base: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${base.replace(/\/$/, "")}${path.startsWith("/") ? "" : "/"}${path}`;
}

/** JSON safe to place inside a <script> element: no "</script>" or HTML comment can break out. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

type JsonLdProduct = Pick<
  ProductDetail,
  "name" | "slug" | "image" | "description" | "sku" | "brand" | "finalPrice" | "inStock" | "category" | "priceVaries"
> & {
  variants: Array<Pick<ProductDetail["variants"][number], "finalPrice" | "stock">>;
};

/** What the page shows of a product's reviews: its figures and the reviews listed first. */
export interface JsonLdReviews {
  summary: Pick<ReviewSummary, "average" | "count">;
  reviews: Array<Pick<PublicReview, "rating" | "title" | "text" | "author" | "createdAt">>;
}

/** schema.org `aggregateRating` and `review` of the reviews the page shows; nothing without reviews. */
function reviewsJsonLd(given: JsonLdReviews | undefined) {
  if (!given || given.summary.count === 0 || given.summary.average === null) return {};
  return {
    aggregateRating: { "@type": "AggregateRating", ratingValue: given.summary.average, reviewCount: given.summary.count, bestRating: 5, worstRating: 1 },
    review: given.reviews.map((r) => ({
      "@type": "Review",
      // A review without a name on its account is still a person's.
      author: { "@type": "Person", name: r.author ?? "Anonymous" },
      datePublished: r.createdAt.slice(0, 10),
      name: r.title,
      reviewBody: r.text,
      reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}

/**
 * schema.org Product with its listed price (the cheapest variant one can buy): one Offer when
 * every buyable variant costs the same, else an AggregateOffer from that price to the dearest of
 * them, for search engines' rich results; with its rating and first reviews when it has any.
 */
export function productJsonLd(product: JsonLdProduct, opts: { baseUrl: string; currency: string; imageBase?: string; reviews?: JsonLdReviews }) {
  const url = absoluteUrl(opts.baseUrl, `/products/${product.slug}`);
  const availability = product.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock";
  const offered = product.inStock ? product.variants.filter((v) => v.stock > 0) : product.variants;
  const offers = product.priceVaries
    ? {
        "@type": "AggregateOffer",
        url,
        lowPrice: product.finalPrice.toFixed(2),
        highPrice: Math.max(product.finalPrice, ...offered.map((v) => v.finalPrice)).toFixed(2),
        offerCount: offered.length,
        priceCurrency: opts.currency,
        availability,
        itemCondition: "https://schema.org/NewCondition",
      }
    : {
        "@type": "Offer",
        url,
        price: product.finalPrice.toFixed(2),
        priceCurrency: opts.currency,
        availability,
        itemCondition: "https://schema.org/NewCondition",
      };
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    image: product.image.map((src) => absoluteUrl(opts.baseUrl, publicImageUrl(src, opts.imageBase))),
    description: truncate(htmlToText(product.description), 5000),
    ...(product.sku ? { sku: product.sku } : {}),
    ...(product.brand ? { brand: { "@type": "Brand", name: product.brand } } : {}),
    category: product.category,
    url,
    offers,
    ...reviewsJsonLd(opts.reviews),
  };
}

/** schema.org BreadcrumbList for the trail shown above the product. */
export function breadcrumbJsonLd(items: Array<{ name: string; href: string }>, baseUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, name: item.name, item: absoluteUrl(baseUrl, item.href) })),
  };
}
