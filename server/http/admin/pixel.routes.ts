import { pixelInputSchema } from "#modules/content";
import { type AdminRoute, actorOf, jsonBody } from "./admin-route";

/** The tracking pixel (Facebook/Meta): read it, replace it (audited; the storefront and its CSP follow at once). */
export const PIXEL_ROUTES: AdminRoute[] = [
  {
    method: "GET",
    path: "/facebook-pixel",
    summary: "The tracking pixel's config as `data`: `pixelId` (empty when none) and `status` (active or inactive).",
    async handler(c) {
      return c.json({ data: await c.var.services.pixelAdmin.read() });
    },
  },
  {
    method: "PUT",
    path: "/facebook-pixel",
    summary:
      "Replace the tracking pixel's config: `pixelId` (15 or 16 digits, or empty) and `status` (active or inactive). Active without an id is refused. A bad field is a 400 whose `fields` names it and nothing is stored. Audited; GET /api/facebook-pixel, every page and its Content-Security-Policy follow at once.",
    body: pixelInputSchema,
    async handler(c) {
      return c.json({ data: await c.var.services.pixelAdmin.update(actorOf(c), await jsonBody(c)) });
    },
  },
];
