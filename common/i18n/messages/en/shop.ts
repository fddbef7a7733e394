/** The storefront's frame and catalogue: header, footer, menus, home, listings, product pages, search, wishlist, errors. */
export default {
  "shop.settings.failed": "Failed to load settings",
  "shop.error.status": "Error {status}",
  "shop.error.title": "Something went wrong",
  "shop.error.notFoundTitle": "Page not found",
  "shop.error.notFoundText": "We couldn’t find that page.",
  "shop.error.shopDownText": "The shop is having trouble right now. Please try again in a moment.",
  "shop.error.backToShop": "Back to the shop",
  "shop.language.label": "Language",
  "shop.language.suggest": "This page is also available in English.",
  "shop.language.suggestSwitch": "Switch to English",
  "shop.language.suggestDismiss": "Stay here",
};
