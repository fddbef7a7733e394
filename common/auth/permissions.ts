/**
 * Roles and permissions of the shop, and the one table of who may use which admin screen and
 * admin API route. Pure data and functions: the pages (app/) and the API (server/http/admin) both
 * read it, and tests/api/admin-permissions.test.ts walks it for every kind of user.
 */

export { type Access, type AccessHolder, PERMISSIONS, type Permission, ROLES, type Role, can, isStaff, permissionsOf, roleOf } from "./roles";
import type { Access, Permission } from "./roles";

export const PERMISSION_LABELS: Record<Permission, string> = {
  catalog: "Catalogue: products, variants, stock, categories and promotions",
  orders: "Orders: see, move and cancel orders; gift cards",
  customers: "Customers: accounts and bans",
  content: "Content: banners, contact messages and product reviews",
  reports: "Reports: sales and tax reports and analytics",
  settings: "Settings: site settings, the tracking pixel, webhooks and background jobs",
};

/**
 * Every admin screen (path under /admin-dashboard, as in app/routes.ts) with what it needs.
 * A screen missing here cannot be opened (the guard refuses unknown screens).
 */
export const ADMIN_SCREEN_ACCESS: Record<string, Access> = {
  "": "staff",
  "all-products": "catalog",
  "add-product": "catalog",
  "edit-product/:id": "catalog",
  "add-category": "catalog",
  "banner-management": "content",
  orders: "orders",
  "orders/pending": "orders",
  "orders/completed": "orders",
  "orders/management": "orders",
  "orders/:id": "orders",
  "orders/print": "orders",
  returns: "orders",
  "orders/:id/returns-action": "orders",
  "orders/:id/credit-note/:refundId": "orders",
  users: "customers",
  "users/:id": "customers",
  "contact-messages": "content",
  "background-jobs": "settings",
  "contact-messages/:id": "content",
  reviews: "content",
  "sales-report": "reports",
  "tax-report": "reports",
  "cart-reminders": "reports",
  analytics: "reports",
  settings: "settings",
  "settings/taxes": "settings",
  "facebook-pixel": "settings",
  webhooks: "settings",
  "webhooks/:id": "settings",
  "audit-log": "admin",
  promotions: "catalog",
  "promotions/new": "catalog",
  "promotions/:id": "catalog",
  "gift-cards": "orders",
  "gift-cards/:id": "orders",
  "stock-alerts": "catalog",
};

/**
 * Every admin API route ("METHOD /path" under /api/admin) with what it needs. The admin router
 * refuses to mount a route that is not listed here, so no route can go without a check.
 */
export const ADMIN_API_ACCESS: Record<string, Access> = {
  "GET /users": "customers",
  "GET /users/export.csv": "customers",
  "POST /users/:id/ban": "customers",
  "POST /users/:id/unban": "customers",
  "PATCH /users/:id/role": "admin",
  "GET /users/:id": "customers",
  "DELETE /users/:id": "customers",
  "GET /users/:id/export": "customers",
  "DELETE /users/:id/sessions/:sessionId": "customers",
  "GET /audit-log": "admin",
  "GET /orders": "orders",
  "GET /orders/export.csv": "orders",
  "POST /orders/bulk": "orders",
  "GET /orders/:id": "orders",
  "POST /orders/:id/transition": "orders",
  "POST /orders/:id/notes": "orders",
  "GET /products": "catalog",
  "POST /products": "catalog",
  "GET /products/export.csv": "catalog",
  "POST /products/bulk": "catalog",
  "POST /products/import": "catalog",
  "GET /products/:id": "catalog",
  "PATCH /products/:id": "catalog",
  "DELETE /products/:id": "catalog",
  "POST /products/:id/duplicate": "catalog",
  "GET /categories": "catalog",
  "POST /categories": "catalog",
  "POST /categories/reorder": "catalog",
  "PATCH /categories/:id": "catalog",
  "DELETE /categories/:id": "catalog",
  "GET /banners": "content",
  "POST /banners": "content",
  "PATCH /banners/:id": "content",
  "DELETE /banners/:id": "content",
  "GET /contact-messages": "content",
  "GET /contact-messages/:id": "content",
  "PATCH /contact-messages/:id": "content",
  "DELETE /contact-messages/:id": "content",
  "POST /contact-messages/:id/reply": "content",
  "GET /analytics": "reports",
  "GET /analytics.csv": "reports",
  "GET /reports/sales": "reports",
  "GET /reports/sales.csv": "reports",
  "GET /reports/taxes": "reports",
  "GET /reports/taxes.csv": "reports",
  "GET /reports/cart-reminders": "reports",
  "GET /returns": "orders",
  "GET /returns/:id": "orders",
  "POST /returns/:id/approve": "orders",
  "POST /returns/:id/refuse": "orders",
  "POST /returns/:id/receive": "orders",
  "POST /orders/:id/refunds": "orders",
  // Any staff member; the route then asks for the permission of what the picture is for:
  // "content" for a banner, "catalog" for a product or category, "settings" for the logo or the
  // favicon (server/http/admin/uploads.routes.ts).
  "POST /uploads": "staff",
  // Any staff member; the dashboard then leaves out what their permissions do not cover (server/flows/dashboard.ts).
  "GET /dashboard": "staff",
  "GET /settings": "settings",
  "PUT /settings": "settings",
  "GET /facebook-pixel": "settings",
  "PUT /facebook-pixel": "settings",
  "GET /jobs": "settings",
  "GET /jobs/:id": "settings",
  "POST /jobs/:id/retry": "settings",
  "DELETE /jobs/:id": "settings",
  "GET /webhooks": "settings",
  "POST /webhooks": "settings",
  "GET /webhooks/:id": "settings",
  "PATCH /webhooks/:id": "settings",
  "DELETE /webhooks/:id": "settings",
  "GET /webhooks/:id/deliveries": "settings",
  "GET /webhooks/:id/deliveries/:deliveryId": "settings",
  "POST /webhooks/:id/deliveries/:deliveryId/redeliver": "settings",
  "POST /webhooks/:id/test": "settings",
  "GET /promotions": "catalog",
  "POST /promotions": "catalog",
  "GET /promotions/:id": "catalog",
  "PATCH /promotions/:id": "catalog",
  "DELETE /promotions/:id": "catalog",
  "GET /gift-cards": "orders",
  "POST /gift-cards": "orders",
  "GET /gift-cards/:id": "orders",
  "PATCH /gift-cards/:id": "orders",
  "GET /reviews": "content",
  "PATCH /reviews/:id": "content",
  "GET /stock-alerts": "catalog",
  "GET /stock-alerts/:id": "catalog",
};

/** The entry of `table` for `key`: its own, else the first whose `:param` segments match it. */
function accessIn(table: Record<string, Access>, key: string): Access | undefined {
  if (key in table) return table[key];
  const pattern = Object.keys(table).find((p) => p.includes(":") && new RegExp(`^${p.replace(/:[^/]+/g, "[^/]+")}$`).test(key));
  return pattern ? table[pattern] : undefined;
}

/** What the admin screen at `pathname` needs, or undefined for a path that is no admin screen. */
export function screenAccess(pathname: string): Access | undefined {
  return accessIn(ADMIN_SCREEN_ACCESS, pathname.replace(/^\/admin-dashboard\/?/, "").replace(/\/+$/, ""));
}

/** What the admin API route for `method` and `pathname` (under /api/admin) needs, or undefined for no such route. */
export function apiAccess(method: string, pathname: string): Access | undefined {
  return accessIn(ADMIN_API_ACCESS, `${method} ${pathname.replace(/^\/api\/admin(?=\/)/, "").replace(/(?<=.)\/+$/, "")}`);
}
