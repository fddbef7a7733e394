import { deliveryListQuerySchema, webhookCreateSchema, webhookPatchSchema } from "#common/webhooks/webhooks.schema";
import { AppError } from "#common/errors";
import { type AdminContext, type AdminRoute, actorOf, idParam, jsonBody, parseQuery } from "./admin-route";

/** The route's `:deliveryId`. */
function deliveryParam(c: AdminContext): string {
  const id = c.req.param("deliveryId");
  if (!id) throw new AppError("invalid_input", "The delivery id is missing from the address");
  return id;
}

/** The outgoing webhooks (Standard Webhooks): endpoints, their deliveries, a redelivery, a test ping. All through services.webhooks (audited). */
export const WEBHOOK_ROUTES: AdminRoute[] = [
  {
    method: "GET",
    path: "/webhooks",
    summary:
      "Every webhook endpoint, oldest first: url, events, active, the secret masked (`whsec_…abcd`), why and when the shop switched it off, deliveries per status.",
    async handler(c) {
      return c.json({ data: await c.var.services.webhooks.list() });
    },
  },
  {
    method: "POST",
    path: "/webhooks",
    summary:
      "Add an endpoint: `url` (https; in production never an address inside a private network, checked after DNS resolution), `events` (one or more of the event names), `description`, `active` (default true). 201 with the endpoint and its signing `secret` (`whsec_…`) in full: the only time it is shown.",
    body: webhookCreateSchema,
    async handler(c) {
      return c.json({ data: await c.var.services.webhooks.create(actorOf(c), await jsonBody(c)) }, 201);
    },
  },
  {
    method: "GET",
    path: "/webhooks/:id",
    summary: "One endpoint, its secret masked.",
    async handler(c) {
      return c.json({ data: await c.var.services.webhooks.get(idParam(c, "endpoint id")) });
    },
  },
  {
    method: "PATCH",
    path: "/webhooks/:id",
    summary:
      "Change any of `url`, `events`, `description`, `active` (switching it on again clears the shop's reason for switching it off). `rotateSecret: true` makes a new secret, answered in full this once; the old one stops signing at once.",
    body: webhookPatchSchema,
    async handler(c) {
      return c.json({ data: await c.var.services.webhooks.update(actorOf(c), idParam(c, "endpoint id"), await jsonBody(c)) });
    },
  },
  {
    method: "DELETE",
    path: "/webhooks/:id",
    summary: "Delete an endpoint and its deliveries; tries still queued send nothing.",
    async handler(c) {
      await c.var.services.webhooks.remove(actorOf(c), idParam(c, "endpoint id"));
      return c.body(null, 204);
    },
  },
  {
    method: "GET",
    path: "/webhooks/:id/deliveries",
    summary:
      "The endpoint's deliveries, newest first (`status`: pending, delivered or failed; `page`, `pageSize`): id (the `webhook-id` of every try), event, status, attempts, the last answer's status, when it was made and delivered.",
    query: deliveryListQuerySchema,
    async handler(c) {
      return c.json(await c.var.services.webhooks.listDeliveries(idParam(c, "endpoint id"), parseQuery(c, deliveryListQuerySchema)));
    },
  },
  {
    method: "GET",
    path: "/webhooks/:id/deliveries/:deliveryId",
    summary: "One delivery with its request (the last try's headers and the body) and the start of the last answer.",
    async handler(c) {
      return c.json({ data: await c.var.services.webhooks.getDelivery(idParam(c, "endpoint id"), deliveryParam(c)) });
    },
  },
  {
    method: "POST",
    path: "/webhooks/:id/deliveries/:deliveryId/redeliver",
    summary: "Send a delivery again, once, with the same `webhook-id` (also to an endpoint that is switched off). 202 with the delivery, pending.",
    async handler(c) {
      return c.json({ data: await c.var.services.webhooks.redeliver(idParam(c, "endpoint id"), deliveryParam(c)) }, 202);
    },
  },
  {
    method: "POST",
    path: "/webhooks/:id/test",
    summary: "Send the endpoint a `ping` event, once. 202 with its delivery, pending: its deliveries show the answer moments later.",
    async handler(c) {
      return c.json({ data: await c.var.services.webhooks.test(idParam(c, "endpoint id")) }, 202);
    },
  },
];
