import type { DeliveryStatus, WebhookEvent, WebhookEventType } from "#common/webhooks/webhooks.schema";
import type { Executor } from "./webhooks.repo";

/** An endpoint as the admin API shows it: the secret masked (in full only when made: created or rotated). */
export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string | null;
  events: WebhookEvent[];
  active: boolean;
  /** `whsec_…abcd` in lists and reads; the whole secret in the answer that made it. */
  secret: string;
  /** Since when every try has failed (null after a delivered one). */
  failingSince: string | null;
  /** When and why the shop switched it off (null when it is on, or an admin switched it off). */
  disabledAt: string | null;
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
  /** Its deliveries kept, per status. */
  deliveries: Record<DeliveryStatus, number>;
}

/** One event sent to one endpoint, as the deliveries list shows it. */
export interface WebhookDelivery {
  /** Also the `webhook-id` header of every try. */
  id: string;
  event: WebhookEventType;
  status: DeliveryStatus;
  attempts: number;
  responseStatus: number | null;
  createdAt: string;
  deliveredAt: string | null;
  lastAttemptAt: string | null;
  /** Why the last try failed (no answer, refused address…), when it did without an HTTP status. */
  error: string | null;
}

/** A delivery with what was sent and what came back. */
export interface WebhookDeliveryDetail extends WebhookDelivery {
  endpointId: string;
  eventId: string;
  request: { headers: Record<string, string> | null; body: string };
  response: { status: number; body: string } | null;
}

export interface WebhookDeliveryList {
  data: WebhookDelivery[];
  meta: { page: number; pageSize: number; total: number };
}

/**
 * What a write that causes an event calls, in its own transaction: one delivery per active
 * endpoint subscribed to `type`, each with its job, stored on `executor` so they commit or roll
 * back with the write. `data` may be a function: it is called only when an endpoint wants the event.
 */
export interface WebhookEvents {
  emit<T>(executor: Executor, type: WebhookEvent, data: T | (() => T | Promise<T>)): Promise<number>;
}
