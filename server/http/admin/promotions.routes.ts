import { promotionCreateSchema, promotionPatchSchema } from "#common/promotions/promotions.schema";
import { type AdminRoute, actorOf, idParam, jsonBody } from "./admin-route";

/** Promotions and discount codes (permission catalog), through services.promotions (audited). */
export const PROMOTION_ROUTES: AdminRoute[] = [
  {
    method: "GET",
    path: "/promotions",
    summary:
      "Every promotion, newest first, each with its `status` (`scheduled`, `active`, `expired`, `used up`, `inactive`), `uses`, `discountTotal` and `revenue` (the orders' totals it was used on), money in the base currency.",
    async handler(c) {
      return c.json({ data: await c.var.services.promotions.list() });
    },
  },
  {
    method: "POST",
    path: "/promotions",
    summary:
      "Add a promotion: `name`, `kind` (`percentage`, `fixed_amount`, `free_shipping`, `buy_x_get_y`), `value` (percent off, or the amount off in the base currency), `buyQuantity`, `getQuantity`, `getPercent` (buy X get Y; 100 = free, the default), `productIds` and `categorySlugs` (none: the whole order), `minSubtotal`, `startsAt`, `endsAt`, `usageLimit`, `usageLimitPerCustomer`, `firstOrderOnly`, `combinable` (default true), `active` (default true). With a `code` (letters, digits, dashes, case-insensitive) shoppers type it; without, it applies by itself. 201; a code another promotion has is a 409.",
    body: promotionCreateSchema,
    async handler(c) {
      return c.json({ data: await c.var.services.promotions.create(actorOf(c), await jsonBody(c)) }, 201);
    },
  },
  {
    method: "GET",
    path: "/promotions/:id",
    summary: "One promotion with its status, uses, discount given and revenue.",
    async handler(c) {
      return c.json({ data: await c.var.services.promotions.get(idParam(c, "promotion id")) });
    },
  },
  {
    method: "PATCH",
    path: "/promotions/:id",
    summary: "Change any of its fields (null clears an optional one); the whole promotion is checked again.",
    body: promotionPatchSchema,
    async handler(c) {
      return c.json({ data: await c.var.services.promotions.update(actorOf(c), idParam(c, "promotion id"), await jsonBody(c)) });
    },
  },
  {
    method: "DELETE",
    path: "/promotions/:id",
    summary: "Delete a promotion; orders placed with it keep their discounts.",
    async handler(c) {
      await c.var.services.promotions.remove(actorOf(c), idParam(c, "promotion id"));
      return c.body(null, 204);
    },
  },
];
