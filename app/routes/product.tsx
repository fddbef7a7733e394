import { type PromotionOffer, PromotionNotes, promotionOffer } from "~/components/product/promotion-notes";
import { useEffect, useState } from "react";
import { pageMarket } from "~/lib/market.server";
import { data, redirect, useLocation } from "react-router";
import type { Route } from "./+types/product";
import { AppError } from "#common/errors";
import { ProductGrid, toCardData } from "~/components/product-card";
import { Breadcrumbs, type Crumb } from "~/components/catalog/breadcrumbs";
import { BuyBox } from "~/components/product/buy-box";
import { initialSelection } from "~/components/product/variants";
import { picturesFor } from "#common/catalog/pictures";
import { Gallery } from "~/components/product/gallery";
import { WishlistButton } from "~/components/wishlist/wishlist-button";
import { ShippingNote } from "~/components/shipping-note";
import { HeartIcon } from "~/components/icons";
import { breadcrumbJsonLd, htmlToText, productJsonLd, scriptJson, truncate } from "~/components/product/json-ld";
import { seoMeta } from "~/lib/seo";
import { emitShopEvent } from "~/lib/shop-events";
import { type RootData, paymentMethodsText, returnsText, useShop } from "~/lib/shop";
import { getUser } from "~/lib/auth.server";
import { can } from "#common/auth/permissions";
import type { ProductDetail } from "#modules/catalog";
import type { CompiledCatalog, Translate } from "#common/i18n/translate";
import { RouteMessages, useLocalePath, useRichT, useT } from "~/lib/i18n";
import { localizedPath, requestLanguage } from "~/lib/i18n.server";
import { routeMessages } from "#common/i18n/messages.server";
import { type ReviewWriter, ReviewsSection } from "~/components/reviews/reviews-section";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { catalog } = context.services;
  const language = requestLanguage(request);
  let product: ProductDetail;
  try {
    product = await catalog.requireProduct(params.slug, language);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") {
      // Staff with the catalogue permission see a product that is not on sale as it would look, marked, and only for them.
      const user = getUser(context);
      const preview = user && can(user, "catalog") ? await catalog.getPreview(params.slug, language) : null;
      if (preview) {
        const shown = await catalog.detailInMarket(preview.product, await pageMarket(request, context.services));
        return data(
          {
            product: shown,
            related: [],
            preview: preview.status,
            promotions: [] as PromotionOffer[],
            reviews: null,
            writer: null,
            messages: routeMessages(language, PAGE_MESSAGES),
          },
          { headers: { "Cache-Control": "private, no-store" } },
        );
      }
      // A renamed product's old address keeps working (migration 0010).
      const moved = await catalog.findProductRedirect(params.slug);
      if (moved) throw redirect(localizedPath(request, `/products/${encodeURIComponent(moved)}`), 301);
      // The storefront layout's error boundary renders the 404 page.
      throw data(null, { status: 404 });
    }
    throw err;
  }
  // Awaited, not streamed: a streamed section sits in a hidden fragment that crawlers and shoppers
  // without JavaScript never see. One cached, indexed read; a failure only hides the section.
  const market = await pageMarket(request, context.services);
  const user = getUser(context);
  const asked = new URL(request.url).searchParams;
  const [related, promotions, reviews, mine] = await Promise.all([
    catalog.listRelated(product, 8, language).catch(() => []),
    context.services.promotions.forProduct({ productId: product._id, categorySlugs: [product.categorySlug, product.subCategorySlug ?? ""].filter(Boolean) }),
    // The page of reviews the address asks for (a grouped count and one indexed page): crawlers and
    // shoppers without JavaScript see them, and the JSON-LD rating comes from them. A failure only hides the section.
    context.services.reviews
      .forPage(product._id, { sort: asked.get("sort") ?? undefined, rating: asked.get("rating") ?? undefined, page: asked.get("page") ?? undefined })
      .catch(() => null),
    // A signed-in customer's page is theirs alone (never cached): whether they may review, and their review to edit.
    user ? context.services.reviews.mine(user.id, product._id).catch(() => null) : null,
  ]);
  const writer: ReviewWriter = { signedIn: user !== null, canReview: mine?.canReview ?? false, review: mine?.review ?? null };
  return {
    product: await catalog.detailInMarket(product, market),
    related: (await catalog.cardsInMarket(related, market)).map(toCardData),
    preview: null,
    promotions: promotions.map((rule) => promotionOffer(rule, market)),
    reviews,
    writer,
    messages: routeMessages(language, PAGE_MESSAGES),
  };
}

/** A staff preview is the viewer's own: no cache may keep it. */
export function headers({ loaderHeaders, parentHeaders }: Route.HeadersArgs) {
  const out = new Headers(parentHeaders);
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) out.set("Cache-Control", cacheControl);
  return out;
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  if (!loaderData || loaderData.preview) return seoMeta(matches, location, { name: loaderData?.product.name, noindex: true });
  const { product } = loaderData;
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
  return [
    ...seoMeta(matches, location, {
      name: product.name,
      description: truncate(htmlToText(product.description), 160) || product.name,
      image: product.image[0] ?? null,
      type: "product",
    }),
    { property: "product:price:amount", content: product.finalPrice.toFixed(2) },
    { property: "product:price:currency", content: root?.settings.currency ?? "USD" },
    { property: "product:availability", content: product.inStock ? "in stock" : "out of stock" },
  ];
}

/** Home › category › sub-category › product; a hidden category (not among the shop's `categories`) has no page to link to and is left out. */
function trail(product: ProductDetail, categories: ReturnType<typeof useShop>["categories"], t: Translate): Crumb[] {
  const crumbs: Crumb[] = [{ name: t("shop.breadcrumb.home"), href: "/" }];
  const category = categories.find((c) => c.slug === product.categorySlug);
  if (category) crumbs.push({ name: product.category, href: `/product-category/${product.categorySlug}` });
  if (category && product.subCategory && product.subCategorySlug && category.subCategories.some((s) => s.slug === product.subCategorySlug)) {
    crumbs.push({ name: product.subCategory, href: `/product-category/${product.categorySlug}?subCategory=${product.subCategorySlug}` });
  }
  crumbs.push({ name: product.name, href: `/products/${product.slug}` });
  return crumbs;
}

/** One of the shop's promises under the buy box (shipping, returns, ways to pay), after its icon's outline. */
function PromiseLine({ icon, children }: { icon: string; children: React.ReactNode }) {
  return (
    <li className="flex gap-2">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0 text-stone-500">
        <path d={icon} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {children}
    </li>
  );
}

/** The reviews' and the stock alert's texts: only this page shows them, so only its data carries them. */
const PAGE_MESSAGES = ["reviews", "alerts"] as const;

export default function ProductPage(props: Route.ComponentProps) {
  return (
    <RouteMessages messages={props.loaderData.messages as CompiledCatalog}>
      <ProductView {...props} />
    </RouteMessages>
  );
}

function ProductView({ loaderData }: Route.ComponentProps) {
  const { product, related, preview, reviews, writer } = loaderData;
  const { settings, publicUrl, imageBase, categories, paymentMethods } = useShop();
  const t = useT();
  const richT = useRichT();
  const localePath = useLocalePath();
  const crumbs = trail(product, categories, t);
  // A mailed review link (`?review=<token>`) opens the form for its holder, signed in or not.
  const reviewToken = new URLSearchParams(useLocation().search).get("review");
  // The gallery shows the chosen colour's pictures; a new product starts on its listed variant's colour.
  const [chosen, setChosen] = useState<{ productId: string; color: string | null } | null>(null);
  const color = chosen?.productId === product._id ? chosen.color : initialSelection(product).color;
  const pictures = picturesFor({ images: product.image, colorImages: product.colorImages }, color);
  // One product view per product shown (a client navigation to another product is another view).
  useEffect(() => {
    emitShopEvent({ type: "product_view", productId: product._id, name: product.name, value: product.finalPrice, currency: settings.currency });
  }, [product._id]);
  const structured = [
    productJsonLd(product, {
      baseUrl: publicUrl,
      currency: settings.currency,
      imageBase,
      reviews: reviews ? { summary: reviews.meta, reviews: reviews.data } : undefined,
    }),
    breadcrumbJsonLd(
      crumbs.map((c) => ({ ...c, href: localePath(c.href) })),
      publicUrl,
    ),
  ];

  return (
    <div className="container-page pb-16 pt-6">
      {preview && (
        <p
          role="status"
          data-testid="preview-banner"
          className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
        >
          {t("shop.product.preview", { status: preview })}
        </p>
      )}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(structured) }} />
      <Breadcrumbs items={crumbs} />

      <div className="mt-6 grid gap-8 lg:grid-cols-2 lg:gap-12">
        <Gallery
          key={`${product._id}-${color}`}
          images={pictures}
          name={color && pictures !== product.image ? t("shop.product.inColour", { name: product.name, colour: color }) : product.name}
        />

        <div className="min-w-0">
          {product.brand && <p className="text-sm font-medium uppercase tracking-wide text-stone-600">{product.brand}</p>}
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">{product.name}</h1>
          {product.sku && <p className="mt-1 text-xs text-stone-600">{t("shop.product.sku", { sku: product.sku })}</p>}

          <div className="mt-6">
            <BuyBox key={product._id} product={product} onColorChange={(c) => setChosen({ productId: product._id, color: c })} />
          </div>
          <PromotionNotes offers={loaderData.promotions ?? []} />

          <WishlistButton
            productId={product._id}
            name={product.name}
            className="mt-3 flex h-12 w-full items-center justify-center gap-2 rounded-lg px-6 text-sm font-semibold text-stone-900 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 aria-pressed:text-rose-800"
          >
            {(saved) => (
              <>
                <HeartIcon className={`size-5 ${saved ? "fill-current" : ""}`} />
                <span>
                  {richT(saved ? "shop.product.removeFromWishlist" : "shop.product.addToWishlist", {
                    name: <span className="sr-only">{` ${product.name}`}</span>,
                  })}
                </span>
              </>
            )}
          </WishlistButton>

          <ul className="mt-6 space-y-2 border-t border-stone-200 pt-6 text-sm text-stone-700">
            <PromiseLine icon="M2 5h10v8H2zM12 8h3l3 3v2h-6zM5 15.5a1.5 1.5 0 100-.01M14 15.5a1.5 1.5 0 100-.01">
              <ShippingNote product={product} />
            </PromiseLine>
            <PromiseLine icon="M4 10a6 6 0 1010.2-4.2M14.5 2.5v3.5H11">
              <span data-testid="returns-note">{returnsText(settings, t)}</span>
            </PromiseLine>
            {paymentMethods.length > 0 && (
              <PromiseLine icon="M2.5 5.5h15v9h-15zM2.5 8.5h15M5 12h3">
                <span data-testid="payment-note">{paymentMethodsText(paymentMethods, t)}</span>
              </PromiseLine>
            )}
          </ul>
        </div>
      </div>

      <div className="mt-14 grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="description-heading">
          <h2 id="description-heading" className="text-xl font-semibold text-stone-900">
            {t("shop.product.description")}
          </h2>
          {/* Sanitised on write by the catalogue; rendered as the shop's editors wrote it. */}
          <div
            className="mt-4 max-w-prose space-y-4 text-base leading-7 text-stone-800 [&_a]:underline [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_strong]:font-semibold [&_ul]:list-disc [&_ul]:pl-6"
            data-testid="description"
            dangerouslySetInnerHTML={{ __html: product.description }}
          />
        </section>
        {product.specifications.length > 0 && (
          <section aria-labelledby="specs-heading">
            <h2 id="specs-heading" className="text-xl font-semibold text-stone-900">
              {t("shop.product.specifications")}
            </h2>
            <table className="mt-4 w-full text-left text-sm">
              <tbody className="divide-y divide-stone-200 border-y border-stone-200">
                {product.specifications.map((s, i) => (
                  <tr key={`${s.name}-${i}`}>
                    <th scope="row" className="w-2/5 py-3 pr-4 align-top font-medium text-stone-900">
                      {s.name}
                    </th>
                    <td className="py-3 text-stone-700">{s.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </div>

      {reviews && writer && (
        <ReviewsSection
          key={product._id}
          slug={product.slug}
          initial={{ data: reviews.data, meta: reviews.meta }}
          query={{ sort: reviews.query.sort, rating: reviews.query.rating ?? null, page: reviews.query.page }}
          writer={writer}
          token={reviewToken}
        />
      )}

      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="mt-16" data-testid="related">
          <h2 id="related-heading" className="mb-6 text-xl font-semibold text-stone-900">
            {t("shop.product.related")}
          </h2>
          <ProductGrid products={related.slice(0, 8)} />
        </section>
      )}
    </div>
  );
}
