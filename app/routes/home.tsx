import { Link } from "react-router";
import { pageMarket } from "~/lib/market.server";
import { BannerCarousel } from "~/components/home/banner-carousel";
import { CategoryGrid } from "~/components/home/category-grid";
import { HomeSection, ProductRow } from "~/components/home/product-section";
import { toCardData } from "~/components/product-card";
import { ArrowRightIcon, ChatIcon, ReturnIcon, ShieldIcon, TagIcon, TruckIcon } from "~/components/icons";
import { categoryHref } from "~/components/layout/category-menu";
import { seoMeta } from "~/lib/seo";
import { type RootData, paymentMethodsText, returnsText, useMoney, useShop } from "~/lib/shop";
import type { Route } from "./+types/home";
import { useLocalePath, useT } from "~/lib/i18n";
import { requestLanguage } from "~/lib/i18n.server";

const PER_ROW = 4;

// The shop's own tags plus structured data: the site with its search (for a sitelinks search
// box) and the organisation behind it.
export const meta: Route.MetaFunction = ({ matches, location }) => {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
  if (!root) return seoMeta(matches, location);
  const { settings, publicUrl } = root;
  const sameAs = Object.values(settings.socialLinks).filter(Boolean);
  return [
    ...seoMeta(matches, location),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "WebSite",
        name: settings.siteName,
        url: `${publicUrl}/`,
        potentialAction: { "@type": "SearchAction", target: `${publicUrl}/search?q={search_term_string}`, "query-input": "required name=search_term_string" },
      },
    },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Organization",
        name: settings.siteName,
        url: `${publicUrl}/`,
        ...(settings.logo ? { logo: settings.logo.startsWith("http") ? settings.logo : `${publicUrl}${settings.logo}` } : {}),
        ...(settings.contactEmail || settings.contactPhone
          ? {
              contactPoint: {
                "@type": "ContactPoint",
                contactType: "customer service",
                ...(settings.contactEmail ? { email: settings.contactEmail } : {}),
                ...(settings.contactPhone ? { telephone: settings.contactPhone } : {}),
              },
            }
          : {}),
        ...(sameAs.length ? { sameAs } : {}),
      },
    },
  ];
};

/**
 * Everything the page shows, awaited together so the first HTML holds every product (for crawlers,
 * shoppers without JavaScript and the first paint): banners, categories, deals and a row for every
 * category that has products. The reads run at once and are cached for a few seconds.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { banners: bannerService, catalog, images } = context.services;
  const market = await pageMarket(request, context.services);
  const language = requestLanguage(request);
  const [live, categories, discounted] = await Promise.all([
    bannerService.listLive(language).catch(() => []),
    catalog.listCategories(language),
    catalog.listDiscounted(8, language).then((cards) => catalog.cardsInMarket(cards, market)),
  ]);
  // A banner whose picture also exists as AVIF (where smaller) is offered in that format first.
  const banners = await Promise.all(live.map(async (b) => ({ ...b, avif: await images.hasAvif(b.image, "banner") })));
  const rowCategories = categories.filter((c) => c.productCount > 0);
  const rowProducts = await Promise.all(
    rowCategories.map((c) => catalog.listByCategory(c.slug, PER_ROW, 0, language).then((cards) => catalog.cardsInMarket(cards, market))),
  );
  const rows = rowCategories
    .map((c, i) => ({ _id: c._id, name: c.name, slug: c.slug, products: rowProducts[i]!.map(toCardData) }))
    // A count a few seconds old may still promise products that are gone: no empty rows.
    .filter((row) => row.products.length > 0);
  return { banners, discounted: discounted.map(toCardData), rows };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { banners, discounted, rows } = loaderData;
  const { settings, categories } = useShop();
  const t = useT();
  return (
    <>
      {banners.length > 0 ? (
        <>
          <h1 className="sr-only">
            {settings.siteName}
            {settings.tagline ? `: ${settings.tagline}` : ""}
          </h1>
          <div className="sm:container-page sm:pt-6">
            <BannerCarousel banners={banners} />
          </div>
        </>
      ) : (
        <Hero />
      )}

      <ValueProps />

      <HomeSection id="home-categories" title={t("shop.home.byCategory")} href="/product-category" linkLabel={t("shop.menu.allProducts")}>
        <CategoryGrid categories={categories} />
      </HomeSection>

      <HomeSection id="home-deals" title={t("shop.home.deals")} subtitle={t("shop.home.dealsText")} href="/product-category?sort=discount">
        <ProductRow products={discounted} emptyText={t("shop.home.noDeals")} />
      </HomeSection>

      {rows.map((row) => (
        <HomeSection key={row._id} id={`home-category-${row._id}`} title={row.name} href={categoryHref(row.slug)} linkLabel={t("shop.home.shopAll")}>
          <ProductRow products={row.products} />
        </HomeSection>
      ))}
    </>
  );
}

/** Shown instead of the carousel while the shop has no banners. */
function Hero() {
  const { settings } = useShop();
  const t = useT();
  const localePath = useLocalePath();
  return (
    <div className="sm:container-page sm:pt-6">
      <section className="relative overflow-hidden bg-stone-900 px-6 py-14 text-white sm:rounded-2xl sm:px-12 sm:py-20 lg:px-16 lg:py-24">
        <div aria-hidden="true" className="absolute -right-24 -top-24 size-96 rounded-full bg-amber-400/20 blur-3xl" />
        <div aria-hidden="true" className="absolute -bottom-32 right-40 size-80 rounded-full bg-rose-400/10 blur-3xl" />
        <div className="relative max-w-2xl">
          <p className="text-sm font-semibold uppercase tracking-widest text-amber-300">{t("shop.home.welcome", { siteName: settings.siteName })}</p>
          <h1 className="mt-3 text-3xl font-bold leading-tight tracking-tight sm:text-5xl">{settings.tagline || t("shop.home.heroTitle")}</h1>
          <p className="mt-4 max-w-xl text-base leading-relaxed text-stone-300 sm:text-lg">{settings.description || t("shop.home.heroText")}</p>
          <div className="focus-light mt-8 flex flex-wrap gap-3">
            <Link
              to={localePath("/product-category")}
              className="inline-flex h-12 items-center gap-2 rounded-full bg-white px-6 text-sm font-semibold text-stone-900 hover:bg-amber-300"
            >
              {t("shop.home.shopAllProducts")} <ArrowRightIcon className="size-4" />
            </Link>
            <Link
              to={localePath("/contact-us")}
              className="inline-flex h-12 items-center rounded-full border border-white/40 px-6 text-sm font-semibold text-white hover:bg-white/10"
            >
              {t("shop.menu.contact")}
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}

/** Short reasons to trust the shop, from what the settings actually promise. */
function ValueProps() {
  const { settings, paymentMethods } = useShop();
  const money = useMoney();
  const t = useT();
  const localePath = useLocalePath();
  const items = [
    settings.freeShippingThreshold > 0
      ? { Icon: TruckIcon, title: t("shop.home.freeShipping"), text: t("shop.home.freeShippingText", { amount: money(settings.freeShippingThreshold) }) }
      : { Icon: TruckIcon, title: t("shop.home.fastDelivery"), text: t("shop.home.fastDeliveryText") },
    { Icon: ShieldIcon, title: t("shop.home.secureCheckout"), text: paymentMethodsText(paymentMethods, t) || t("shop.home.secureCheckoutText") },
    settings.returnWindowDays > 0
      ? { Icon: ReturnIcon, title: t("shop.home.easyReturns"), text: returnsText(settings, t) }
      : { Icon: TagIcon, title: t("shop.home.fairPrices"), text: t("shop.home.fairPricesText") },
    { Icon: ChatIcon, title: t("shop.home.support"), text: t("shop.home.supportText"), href: localePath("/contact-us") },
  ];
  return (
    <div className="container-page mt-8 sm:mt-10">
      <ul className="grid grid-cols-2 gap-x-4 gap-y-5 rounded-2xl border border-stone-200 bg-stone-50 px-4 py-5 sm:px-6 lg:grid-cols-4">
        {items.map(({ Icon, title, text, href }) => (
          <li key={title} className="flex flex-col items-start gap-2 sm:flex-row sm:gap-3">
            <span className="grid size-9 shrink-0 sm:size-10 place-items-center rounded-full bg-white text-stone-900 shadow-sm ring-1 ring-stone-200">
              <Icon className="size-5" />
            </span>
            <span className="min-w-0">
              <span className="block text-sm font-semibold text-stone-900">
                {href ? (
                  <Link to={href} className="hover:underline hover:underline-offset-4">
                    {title}
                  </Link>
                ) : (
                  title
                )}
              </span>
              <span className="block text-xs leading-snug text-stone-600 sm:text-sm">{text}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
