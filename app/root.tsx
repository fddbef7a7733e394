import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  isRouteErrorResponse,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { useEffect } from "react";
import { useNonce } from "~/lib/nonce";
import { ClientToaster, showToast } from "~/lib/toast";
import { LiveChatScript } from "~/components/layout/live-chat";
import { TrackingPixel } from "~/components/layout/tracking-pixel";
import { ShopLinks } from "~/components/shop-link";
import { keepPageOnFailedFetch } from "~/lib/background-fetcher";
import { loadShopData } from "~/lib/shop-data.server";
import { AuthProvider } from "~/lib/use-auth";
import { ImageBaseProvider } from "~/lib/image-base";
import { MessagesScript, useLanguage, useLocalePath, useT } from "~/lib/i18n";
import { requestLanguage, requestT } from "~/lib/i18n.server";
import { pageNames } from "~/lib/page-names";
import { DEFAULT_LANGUAGE } from "#common/i18n/languages";
import type { Route } from "./+types/root";
import { pageMarket } from "~/lib/market.server";
import { baseMarket, shippingInMarket } from "#common/currency";
import "./app.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const loaded = await loadShopData(context.services, requestLanguage(request));
  // The currency the page shows (the shopper's choice or its language's); the admin area shows the shop's own.
  const market = new URL(request.url).pathname.startsWith("/admin-dashboard") ? baseMarket(loaded.settings) : await pageMarket(request, context.services);
  // What pages say about shipping (rates, the free-shipping threshold) in that currency too.
  // Cash on delivery only where the currency takes it (the owner's choice per currency).
  const shop = {
    ...loaded,
    settings: shippingInMarket(loaded.settings, market),
    paymentMethods: market.cashOnDelivery ? loaded.paymentMethods : loaded.paymentMethods.filter((m) => m !== "cod"),
  };
  const currencies = { shown: market.currency, offered: [loaded.settings.currency, ...loaded.settings.currencies.map((c) => c.code)] };
  // The page's language is its address's: it changes only with a new document, so these stay right
  // for as long as the root's data does. `pageNames` and `defaultDescription` are for meta functions
  // (seoMeta), which cannot translate by themselves.
  const t = requestT(request);
  return {
    ...shop,
    // `user` is the signed-in shopper from the session cookie (null when signed out), for the header and useAuth().
    user: context.user ?? null,
    pageNames: requestLanguage(request) === DEFAULT_LANGUAGE ? {} : pageNames(t),
    currencies,
    defaultDescription: t("shop.seo.description", { siteName: shop.settings.siteName }),
  };
}

// A background request (cart, wishlist, admin row actions…) that fails is its control's toast, never an error page.
export const clientMiddleware = [keepPageOnFailedFetch];

// Settings and categories change rarely; refetch them (and the signed-in user) only after a form
// submission, or when a page asks for it (useRevalidator, e.g. after a new profile photo).
export function shouldRevalidate({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  return !formMethod && currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // The settings' favicon (the defaults when the shop-wide data failed to load).
  const root = useRouteLoaderData("root") as { icons?: { icon: string; type?: string; appleTouch: string }; imageBase?: string } | undefined;
  const icons = root?.icons ?? { icon: "/favicon.svg", type: "image/svg+xml", appleTouch: "/apple-touch-icon.png" };
  // Pictures from another host (a bucket, a CDN): the connection opens while the page's head is read.
  const imageOrigin = root?.imageBase && /^https?:\/\//.test(root.imageBase) ? new URL(root.imageBase).origin : null;
  const { language, locale } = useLanguage();
  return (
    <html lang={locale} data-language={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1c1917" />
        <Meta />
        <link rel="icon" href={icons.icon} type={icons.type} />
        <link rel="apple-touch-icon" href={icons.appleTouch} />
        {imageOrigin && <link rel="preconnect" href={imageOrigin} />}
        <Links />
        <MessagesScript />
      </head>
      <body className="min-h-screen bg-white text-stone-900 antialiased">
        {children}
        <ClientToaster />
        {/* New locations start at the top; back/forward restores the previous position. */}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { settingsError, pixel, user, liveChat, imageBase } = loaderData;
  const nonce = useNonce();

  useEffect(() => {
    // Browser tests wait for this before interacting with client-side behaviour.
    (window as unknown as { __shopHydrated?: boolean }).__shopHydrated = true;
  }, []);

  const t = useT();
  useEffect(() => {
    if (settingsError) showToast("error", t("shop.settings.failed"));
  }, [settingsError, t]);

  return (
    <AuthProvider user={user}>
      <ImageBaseProvider value={imageBase}>
        <Outlet />
        <ShopLinks />
        <TrackingPixel pixel={pixel} />
        {liveChat && <LiveChatScript embed={liveChat} nonce={nonce} />}
      </ImageBaseProvider>
    </AuthProvider>
  );
}

/** Only when the shop-wide data itself failed: a bare page without header and footer. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const t = useT();
  const localePath = useLocalePath();
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center px-6 text-center">
      <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">{t("shop.error.status", { status })}</p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight">{status === 404 ? t("shop.error.notFoundTitle") : t("shop.error.title")}</h1>
      <p className="mt-4 text-stone-600">{status === 404 ? t("shop.error.notFoundText") : t("shop.error.shopDownText")}</p>
      <a
        href={localePath("/")}
        className="mt-8 inline-flex h-11 items-center rounded-full bg-stone-900 px-6 text-sm font-semibold text-white hover:bg-stone-700"
      >
        {t("shop.error.backToShop")}
      </a>
    </main>
  );
}
