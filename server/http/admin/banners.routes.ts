import { bannerCreateSchema, bannerUpdateSchema } from "#common/content/banners.schema";
import { type AdminRoute, actorOf, idParam, parseBody } from "./admin-route";

/** The home banners: list, create, change, delete. All through services.banners (audited). */
export const BANNER_ROUTES: AdminRoute[] = [
  {
    method: "GET",
    path: "/banners",
    summary: "Every banner in carousel order with its `state`: live, scheduled (before its window), expired (after it) or off.",
    async handler(c) {
      return c.json({ data: await c.var.services.banners.listAll() });
    },
  },
  {
    method: "POST",
    path: "/banners",
    summary:
      "Create a banner: picture (an upload of kind banner) with alt text, title, text (`subtitle`), link, position, active, and an optional window `startsAt`…`endsAt`.",
    body: bannerCreateSchema,
    async handler(c) {
      const body = await parseBody(c, bannerCreateSchema);
      return c.json({ data: await c.var.services.banners.createBanner(actorOf(c), body) }, 201);
    },
  },
  {
    method: "PATCH",
    path: "/banners/:id",
    summary: "Change a banner; only the fields sent change, `sortOrder` moves it to that position in the carousel.",
    body: bannerUpdateSchema,
    async handler(c) {
      const body = await parseBody(c, bannerUpdateSchema);
      return c.json({ data: await c.var.services.banners.updateBanner(actorOf(c), idParam(c, "banner id"), body) });
    },
  },
  {
    method: "DELETE",
    path: "/banners/:id",
    summary: "Delete a banner.",
    async handler(c) {
      await c.var.services.banners.deleteBanner(actorOf(c), idParam(c, "banner id"));
      return c.body(null, 204);
    },
  },
];
