import { z } from "zod";

/** The events an endpoint may subscribe to (`ping` is sent only by the admin's test button). */
export const WEBHOOK_EVENTS = [
  "order.created",
  "order.status_changed",
  "order.refunded",
  "return.requested",
  "product.created",
  "product.updated",
  "product.deleted",
  "inventory.low",
  "customer.created",
  "contact_message.created",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** What a delivery carries: a subscribed event, or the test ping. */
export type WebhookEventType = WebhookEvent | "ping";

/** What each event means, for the admin screen's checkboxes and the API's document. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "order.created": "An order is placed",
  "order.status_changed": "An order moves to another status (shipped, delivered, cancelled…)",
  "order.refunded": "Money is refunded on an order",
  "return.requested": "A customer asks to return items",
  "product.created": "A product is created (also by a CSV import or a copy)",
  "product.updated": "A product is changed",
  "product.deleted": "A product is deleted",
  "inventory.low": "An order brings a product or variant to the low-stock threshold or under",
  "customer.created": "A customer account is opened",
  "contact_message.created": "A message arrives through the contact form",
};

export const isWebhookEvent = (v: unknown): v is WebhookEvent => (WEBHOOK_EVENTS as readonly unknown[]).includes(v);

/** Where a delivery is: waiting for its next try, received (2xx), or given up on. */
export const DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const url = z
  .string({ error: "Enter the address that receives the events" })
  .trim()
  .min(1, "Enter the address that receives the events")
  .max(2000, "The address is too long (2,000 characters at most)")
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), "Enter a full address starting with https://");

const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `Choose among ${WEBHOOK_EVENTS.join(", ")}` }), { error: "Choose the events to send" })
  .min(1, "Choose at least one event")
  .max(WEBHOOK_EVENTS.length)
  .transform((list) => [...new Set(list)]);

const description = z
  .string({ error: "The description must be text" })
  .trim()
  .max(200, "The description is too long (200 characters at most)")
  .nullish()
  .transform((v) => v || null);

const active = z.boolean({ error: "Active is true or false" });

/** POST /api/admin/webhooks: a new endpoint (active unless said otherwise). */
export const webhookCreateSchema = z.object({ url, events, description, active: active.default(true) });
export type WebhookCreateInput = z.input<typeof webhookCreateSchema>;

/** PATCH /api/admin/webhooks/{id}: any of the endpoint's fields; `rotateSecret: true` makes a new secret (answered once). */
export const webhookPatchSchema = z.object({
  url: url.optional(),
  events: events.optional(),
  description: description.optional(),
  active: active.optional(),
  rotateSecret: z.literal(true, { error: "rotateSecret is true or left out" }).optional(),
});
export type WebhookPatchInput = z.input<typeof webhookPatchSchema>;

/** GET /api/admin/webhooks/{id}/deliveries: one page, newest first, of one status or all. */
export const deliveryListQuerySchema = z.object({
  status: z.enum(DELIVERY_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type DeliveryListQuery = z.input<typeof deliveryListQuerySchema>;
