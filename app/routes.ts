import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  // The default language's pages at the spec's addresses, every other language's under its code (/de/…).
  route(":lang?", "routes/storefront-layout.tsx", [
    index("routes/home.tsx"),
    route("product-category/:category?", "routes/product-category.tsx"),
    route("products/:slug", "routes/product.tsx"),
    route("search", "routes/search.tsx"),
    route("contact-us", "routes/contact-us.tsx"),
    route("privacy-policy", "routes/privacy-policy.tsx"),
    route("login", "routes/login.tsx"),
    route("register", "routes/register.tsx"),
    route("forgot-password", "routes/forgot-password.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    route("verify-email", "routes/verify-email.tsx"),
    route("update-profile", "routes/update-profile.tsx"),
    route("my-profile", "routes/my-profile.tsx"),
    route("shopping-cart", "routes/shopping-cart.tsx"),
    route("wishlist", "routes/wishlist.tsx"),
    route("checkout", "routes/checkout.tsx"),
    route("checkout/payment", "routes/checkout-payment.tsx"),
    // A reminder mail's links: bring the cart back into this browser, stop the reminders.
    route("cart/restore/:token", "routes/cart-restore.tsx"),
    route("cart/reminders/stop/:token", "routes/cart-reminders-stop.tsx"),
    route("order-confirmation", "routes/order-confirmation.tsx"),
    route("my-orders", "routes/my-orders.tsx"),
    // Back-in-stock alerts: the product page's form posts here; a mail's link opens its alert to confirm or unsubscribe.
    // The page of the link under a review request: no more requests to that address.
    route("review-requests/:token", "routes/review-requests.tsx"),
    // The alerts' texts, around these pages only (routes/alerts-messages.tsx).
    layout("routes/alerts-messages.tsx", [
      route("stock-alerts", "routes/stock-alerts.tsx"),
      route("stock-alerts/:token", "routes/stock-alert.tsx"),
      route("price-drop-alerts/:token", "routes/price-drop-alerts.tsx"),
    ]),
    route("*", "routes/not-found.tsx"),
  ]),
  // Outside the storefront layout: no navbar or footer.
  // The currency switcher's form: keeps the choice in a cookie and goes back (routes/currency.tsx).
  route("currency", "routes/currency.tsx"),
  route("logout", "routes/logout.tsx"),
  // The signed-in account's mail switches, read and changed by the wishlist's price-drop switch.
  route("account/preferences", "routes/account-preferences.tsx"),
  route("auth/popup-done", "routes/auth-popup-done.tsx"),
  // The administration's messages, loaded once around every admin page (routes/admin/admin-language.tsx).
  layout("routes/admin/admin-language.tsx", [
    // Packing slips and invoices: a page of its own to print, without the admin's shell (same guard).
    route("admin-dashboard/orders/print", "routes/admin/orders-print.tsx"),
    // A refund's credit note, printed the same way.
    route("admin-dashboard/orders/:id/credit-note/:refundId", "routes/admin/credit-note.tsx"),
    route("admin-dashboard", "routes/admin/layout.tsx", [
      index("routes/admin/index.tsx"),
      route("all-products", "routes/admin/all-products.tsx"),
      route("add-product", "routes/admin/add-product.tsx"),
      route("edit-product/:id", "routes/admin/edit-product.tsx"),
      route("audit-log", "routes/admin/audit-log.tsx"),
      route("background-jobs", "routes/admin/background-jobs.tsx"),
      route("add-category", "routes/admin/categories.tsx"),
      route("stock-alerts", "routes/admin/stock-alerts.tsx"),
      route("banner-management", "routes/admin/banners.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("settings/taxes", "routes/admin/taxes.tsx"),
      route("facebook-pixel", "routes/admin/facebook-pixel.tsx"),
      route("webhooks", "routes/admin/webhooks.tsx"),
      route("webhooks/:id", "routes/admin/webhook.tsx"),
      // One order list; each spec route opens it on its own tab (orders/management: every order, for bulk moves).
      route("orders", "routes/admin/orders.tsx", { id: "admin/orders" }),
      route("orders/pending", "routes/admin/orders.tsx", { id: "admin/orders/pending" }),
      route("orders/completed", "routes/admin/orders.tsx", { id: "admin/orders/completed" }),
      route("orders/management", "routes/admin/orders.tsx", { id: "admin/orders/management" }),
      route("orders/:id", "routes/admin/order.tsx"),
      route("orders/:id/returns-action", "routes/admin/order-returns-action.tsx"),
      route("returns", "routes/admin/returns.tsx"),
      route("gift-cards", "routes/admin/gift-cards.tsx"),
      route("gift-cards/:id", "routes/admin/gift-card.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("users/:id", "routes/admin/customer.tsx"),
      route("contact-messages", "routes/admin/contact-messages.tsx"),
      route("contact-messages/:id", "routes/admin/contact-messages-message.tsx"),
      route("reviews", "routes/admin/reviews.tsx"),
      route("analytics", "routes/admin/analytics.tsx"),
      route("sales-report", "routes/admin/sales-report.tsx"),
      route("tax-report", "routes/admin/tax-report.tsx"),
      route("cart-reminders", "routes/admin/cart-reminders.tsx"),
      route("promotions", "routes/admin/promotions.tsx"),
      // One screen for a new promotion and an existing one (its id in the address).
      route("promotions/new", "routes/admin/promotion.tsx", { id: "admin/promotion-new" }),
      route("promotions/:id", "routes/admin/promotion.tsx", { id: "admin/promotion" }),
      // Unknown admin paths get the admin's own 404 (behind the same guard), not the storefront's.
      route("*", "routes/admin/not-found.tsx", { id: "admin/not-found" }),
    ]),
  ]),
] satisfies RouteConfig;
