import type { Hono } from "hono";
import type { AppEnv } from "../context";
import { adminRoutes } from "../admin";
import { analyticsRoutes } from "../analytics.routes";
import { authRoutes } from "../auth.routes";
import { cartRoutes } from "../cart.routes";
import { catalogRoutes } from "../catalog.routes";
import { contentRoutes } from "../content.routes";
import { openApiRoutes } from "../openapi/openapi";
import { orderRoutes } from "../orders.routes";
import { paymentRoutes } from "../payments.routes";
import { reviewRoutes } from "../reviews.routes";
import { alertRoutes } from "../alerts.routes";
import { reminderRoutes } from "../reminders.routes";
import { wishlistRoutes } from "../wishlist.routes";

/**
 * Mounts every router of the API under /api, and answers any other /api address 404 in JSON (never
 * a page). It sits in a folder of its own because it imports `admin/` and `openapi/`, which import
 * `http/` themselves: from `http/` it would close a cycle between the folders.
 */
export function mountApi(app: Hono<AppEnv>): void {
  app.route("/api", authRoutes());
  app.route("/api/admin", adminRoutes());
  app.route("/api", openApiRoutes());
  app.route("/api", catalogRoutes());
  app.route("/api", reviewRoutes());
  app.route("/api", alertRoutes());
  app.route("/api", contentRoutes());
  app.route("/api", analyticsRoutes());
  app.route("/api", cartRoutes());
  app.route("/api", reminderRoutes());
  app.route("/api", wishlistRoutes());
  app.route("/api", orderRoutes());
  app.route("/api", paymentRoutes());
  app.all("/api/*", (c) => c.json({ error: { code: "not_found", message: "No such API endpoint" } }, 404));
}
