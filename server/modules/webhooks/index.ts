// The webhooks module's public face: what the rest of the server may use of it. Every other file of
// this folder is private to the module (server/modules/boundaries.test.ts holds the rule).
// Outgoing webhooks (Standard Webhooks): endpoints, the events writes emit, signed deliveries by job.
export { createWebhooks, DELIVER_JOB, RETRY, retrySpanMs, SEND_ONCE_JOB, type Webhooks, type WebhooksDeps } from "./webhooks.service";
export { isPublicAddress, type NetworkPolicy } from "./webhooks.network";
export type { WebhookDelivery, WebhookDeliveryDetail, WebhookDeliveryList, WebhookEndpoint, WebhookEvents } from "./webhooks.types";
