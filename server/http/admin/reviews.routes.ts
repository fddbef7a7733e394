import { adminReviewPatchSchema, adminReviewQuerySchema } from "#common/reviews/reviews.schema";
import { type AdminRoute, actorOf, idParam, jsonBody } from "./admin-route";

/** Product reviews' moderation (permission content), through services.reviews (audited; product pages follow at once). */
export const REVIEW_ROUTES: AdminRoute[] = [
  {
    method: "GET",
    path: "/reviews",
    summary:
      "Reviews newest first, 50 a page (`page`), in one `status` (`pending`: the moderation queue, `published`, `hidden`) or all; each with its product, author, `heldFor` (why the rules held it: link, capitals, blocklist) and the shop's reply.",
    query: adminReviewQuerySchema,
    async handler(c) {
      return c.json(await c.var.services.reviews.listForAdmin(c.req.query()));
    },
  },
  {
    method: "PATCH",
    path: "/reviews/:id",
    summary:
      "Moderate a review: `status` `published` or `hidden`, and/or `reply` (the shop's public answer under it; empty or null removes it). Audited; the product's page shows the change at once.",
    body: adminReviewPatchSchema,
    async handler(c) {
      return c.json({ data: await c.var.services.reviews.moderate(actorOf(c), idParam(c, "review id"), await jsonBody(c)) });
    },
  },
];
