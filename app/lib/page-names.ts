import type { MessageKey } from "#common/i18n/catalogs";
import type { Translate } from "#common/i18n/translate";

/**
 * Each storefront page whose address names no product or category, by its path without the
 * language: the title of its other languages' pages (the default language's follow the spec's
 * rule, see pageTitle). One list for every route of routes.ts's storefront.
 */
const PAGE_NAME_KEYS: Record<string, MessageKey> = {
  "/": "shop.page.home",
  "/product-category": "shop.page.allProducts",
  "/search": "shop.page.search",
  "/contact-us": "shop.page.contact",
  "/privacy-policy": "shop.page.privacy",
  "/login": "shop.page.login",
  "/register": "shop.page.register",
  "/forgot-password": "shop.page.forgotPassword",
  "/reset-password": "shop.page.resetPassword",
  "/verify-email": "shop.page.verifyEmail",
  "/update-profile": "shop.page.updateProfile",
  "/my-profile": "shop.page.myProfile",
  "/shopping-cart": "shop.page.cart",
  "/wishlist": "shop.page.wishlist",
  "/checkout": "shop.page.checkout",
  "/checkout/payment": "shop.page.payment",
  "/order-confirmation": "shop.page.orderConfirmation",
  "/my-orders": "shop.page.myOrders",
};

/** The storefront pages' names in a language, by their path without the language (`/shopping-cart` → "Warenkorb"). */
export function pageNames(t: Translate): Record<string, string> {
  return Object.fromEntries(Object.entries(PAGE_NAME_KEYS).map(([path, key]) => [path, t(key)]));
}
