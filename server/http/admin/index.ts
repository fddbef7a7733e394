import { AUDIT_ROUTES } from "./audit.routes";
import { BANNER_ROUTES } from "./banners.routes";
import { MESSAGE_ROUTES } from "./messages.routes";
import { CATEGORY_ROUTES } from "./categories.routes";
import { UPLOAD_ROUTES } from "./uploads.routes";
import { ANALYTICS_ROUTES } from "./analytics.routes";
import { SETTINGS_ROUTES } from "./settings.routes";
import { PIXEL_ROUTES } from "./pixel.routes";
import { PRODUCT_ROUTES } from "./products.routes";
import { RETURN_ROUTES } from "./returns.routes";
import { type AdminRoute, mountAdminRoutes } from "./admin-route";
import { USER_ROUTES } from "./users.routes";
import { ORDER_ROUTES } from "./orders.routes";
import { REPORT_ROUTES } from "./reports.routes";
import { DASHBOARD_ROUTES } from "./dashboard.routes";
import { JOB_ROUTES } from "./jobs.routes";
import { WEBHOOK_ROUTES } from "./webhooks.routes";
import { PROMOTION_ROUTES } from "./promotions.routes";
import { GIFT_CARD_ROUTES } from "./gift-cards.routes";
import { REVIEW_ROUTES } from "./reviews.routes";
import { STOCK_ALERT_ROUTES } from "./stock-alerts.routes";

/** Every admin API route, in one list (mounted under /api/admin; the permission test walks it). */
export const ADMIN_ROUTES: AdminRoute[] = [
  ...USER_ROUTES,
  ...ORDER_ROUTES,
  ...AUDIT_ROUTES,
  ...PRODUCT_ROUTES,
  ...CATEGORY_ROUTES,
  ...BANNER_ROUTES,
  ...MESSAGE_ROUTES,
  ...RETURN_ROUTES,
  ...ANALYTICS_ROUTES,
  ...UPLOAD_ROUTES,
  ...SETTINGS_ROUTES,
  ...PIXEL_ROUTES,
  ...REPORT_ROUTES,
  ...DASHBOARD_ROUTES,
  ...JOB_ROUTES,
  ...WEBHOOK_ROUTES,
  ...PROMOTION_ROUTES,
  ...GIFT_CARD_ROUTES,
  ...REVIEW_ROUTES,
  ...STOCK_ALERT_ROUTES,
];

/** The admin API: every route of `ADMIN_ROUTES`, each behind the permission its table entry names. */
export function adminRoutes() {
  return mountAdminRoutes(ADMIN_ROUTES);
}
