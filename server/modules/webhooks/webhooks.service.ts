import { type AuditActor, appendAudit } from "#modules/audit";
import type { SiteSettings } from "#common/content/content.schema";
import { AppError } from "#common/errors";
import { parseInput } from "#common/validate";
import {
  DELIVERY_STATUSES,
  type DeliveryListQuery,
  type DeliveryStatus,
  type WebhookEvent,
  type WebhookEventType,
  deliveryListQuerySchema,
  isWebhookEvent,
  webhookCreateSchema,
  webhookPatchSchema,
} from "#common/webhooks/webhooks.schema";
import type { JobQueue } from "#modules/jobs";
import type { Mailer } from "#modules/mail";
import type { Db } from "../../db/database";
import { toIso } from "../../db/database";
import type { Epoch } from "../../lib/cache";
import { newId } from "../../lib/ids";
import type { Logger } from "../../lib/logger";
import { type DeliveryJob, createDeliverer } from "./webhooks.delivery";
import { type NetworkPolicy, RefusedTarget, checkTarget } from "./webhooks.network";
import {
  type DeliveryRow,
  type EndpointRow,
  type Executor,
  countDeliveriesByStatus,
  countDeliveryRows,
  deleteEndpoint,
  deleteOldDeliveries,
  getDelivery,
  getEndpoint,
  insertDeliveries,
  insertEndpoint,
  listActiveEndpoints,
  listDeliveryRows,
  listEndpointRows,
  setDeliveryPending,
  updateEndpoint,
} from "./webhooks.repo";
import { maskSecret, newSecret } from "./webhooks.signature";
import type { WebhookDelivery, WebhookDeliveryDetail, WebhookDeliveryList, WebhookEndpoint } from "./webhooks.types";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The tries of an event's delivery: the job queue waits `firstDelayMs` before the second and twice
 * as long before each next one, so the first retry comes within a minute and the last about a
 * day after the first try; then the delivery fails.
 */
export const RETRY = { attempts: 13, firstDelayMs: 20_000 };

/** How long after the first try the last one comes: the waits, doubling from the first. */
export const retrySpanMs = (retry: { attempts: number; firstDelayMs: number }) => retry.firstDelayMs * (2 ** (retry.attempts - 1) - 1);

/** The job that delivers an event, tried as RETRY says; and the one try an admin asks for (a test ping, a redelivery). */
export const DELIVER_JOB = "webhooks.deliver";
export const SEND_ONCE_JOB = "webhooks.send-once";

/** How long the active endpoints read by an event are kept in memory; every write here and every data epoch bump drops them sooner. */
const ENDPOINT_CACHE_MS = 10_000;

export interface WebhooksDeps {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  settings: () => Promise<Pick<SiteSettings, "siteName" | "contactEmail">>;
  logger: Logger;
  /** The data epoch: bumped by an endpoint write (other instances hear of it through the epoch relay), it drops the cached endpoints. */
  epoch: Epoch;
  /** The shop's address (PUBLIC_URL, no trailing slash): the mail's link to the admin's screen. */
  publicUrl: string;
  /** Where the switched-off mail goes when the settings have no contact address (ADMIN_EMAIL). */
  adminEmail?: string;
  /** Where webhooks may go: production refuses plain http and private addresses. */
  network: NetworkPolicy;
  /** How often and how soon an event's delivery is tried again (default RETRY). */
  retry?: { attempts: number; firstDelayMs: number };
  /** An endpoint whose tries have all failed for this long is switched off (default 3 days). */
  disableAfterMs?: number;
  /** How long one try may take (default 10 s). */
  timeoutMs?: number;
  now?: () => Date;
}

const parseEvents = (json: string): WebhookEvent[] => {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? list.filter(isWebhookEvent) : [];
  } catch {
    return [];
  }
};

function endpointView(row: EndpointRow, counts: Record<DeliveryStatus, number>, fullSecret = false): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: parseEvents(row.events),
    active: row.active === 1,
    secret: fullSecret ? row.secret : maskSecret(row.secret),
    failingSince: toIso(row.failing_since),
    disabledAt: toIso(row.disabled_at),
    disabledReason: row.disabled_reason,
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
    deliveries: counts,
  };
}

function deliveryView(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event as WebhookEventType,
    status: row.status as DeliveryStatus,
    attempts: row.attempts,
    responseStatus: row.response_status,
    createdAt: toIso(row.created_at)!,
    deliveredAt: toIso(row.delivered_at),
    lastAttemptAt: toIso(row.last_attempt_at),
    error: row.error,
  };
}

function deliveryDetail(row: DeliveryRow): WebhookDeliveryDetail {
  let headers: Record<string, string> | null = null;
  try {
    headers = row.request_headers ? (JSON.parse(row.request_headers) as Record<string, string>) : null;
  } catch {
    headers = null;
  }
  return {
    ...deliveryView(row),
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    request: { headers, body: row.request_body },
    response: row.response_status === null ? null : { status: row.response_status, body: row.response_body ?? "" },
  };
}

const noCounts = (): Record<DeliveryStatus, number> => Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as Record<DeliveryStatus, number>;

/**
 * The shop's outgoing webhooks (Standard Webhooks): the endpoints the admin sets up, the events
 * that writes emit in their own transaction (one delivery and one job per subscribed endpoint),
 * and the deliveries, tried by the job queue with backoff for about a day, kept with their request
 * and the start of the answer, sent again on demand. Every admin write is audited; the secret is
 * answered whole only when it is made.
 */
export function createWebhooks(deps: WebhooksDeps) {
  const k = deps.db.kysely;
  const now = deps.now ?? (() => new Date());
  const retry = deps.retry ?? RETRY;
  let cached: { epoch: number; until: number; endpoints: Array<{ id: string; events: Set<string> }> } | null = null;

  function changed(): void {
    cached = null;
    deps.epoch.bump();
  }

  const deliver = createDeliverer({
    db: deps.db,
    mailer: deps.mailer,
    settings: deps.settings,
    logger: deps.logger,
    network: deps.network,
    screenUrl: `${deps.publicUrl}/admin-dashboard/webhooks`,
    adminEmail: deps.adminEmail,
    timeoutMs: deps.timeoutMs ?? 10_000,
    disableAfterMs: deps.disableAfterMs ?? 3 * DAY,
    now,
    onDisabled: changed,
  });
  deps.jobs.register<DeliveryJob>(DELIVER_JOB, { maxAttempts: retry.attempts, retryDelayMs: retry.firstDelayMs, handle: deliver });
  deps.jobs.register<DeliveryJob>(SEND_ONCE_JOB, { maxAttempts: 1, handle: deliver });

  /** The active endpoints and their events, read on the caller's executor (inside its transaction) when not held. */
  async function activeEndpoints(executor: Executor) {
    const at = Date.now();
    if (cached && cached.epoch === deps.epoch.value && cached.until > at) return cached.endpoints;
    const epoch = deps.epoch.value;
    const endpoints = (await listActiveEndpoints(executor)).map((e) => ({ id: e.id, events: new Set<string>(parseEvents(e.events)) }));
    cached = { epoch, until: at + ENDPOINT_CACHE_MS, endpoints };
    return endpoints;
  }

  async function requireEndpoint(id: string): Promise<EndpointRow> {
    const row = typeof id === "string" && id.length <= 100 ? await getEndpoint(k, id) : undefined;
    if (!row) throw new AppError("not_found", "There is no such webhook endpoint: it may have been deleted.");
    return row;
  }

  async function countsOf(ids: string[]): Promise<Map<string, Record<DeliveryStatus, number>>> {
    const out = new Map(ids.map((id) => [id, noCounts()]));
    for (const r of await countDeliveriesByStatus(k, ids)) {
      const counts = out.get(r.endpoint_id);
      if (counts && (DELIVERY_STATUSES as readonly string[]).includes(r.status)) counts[r.status as DeliveryStatus] = Number(r.n);
    }
    return out;
  }

  async function readEndpoint(id: string, fullSecret = false): Promise<WebhookEndpoint> {
    const row = await requireEndpoint(id);
    return endpointView(row, (await countsOf([id])).get(id)!, fullSecret);
  }

  /** The address checked under the policy: a refusal is the admin's 400 on the url field. */
  async function requireSafeUrl(url: string): Promise<void> {
    try {
      await checkTarget(url, deps.network);
    } catch (err) {
      if (err instanceof RefusedTarget) throw new AppError("invalid_input", err.message, { url: err.message });
      throw err;
    }
  }

  async function deliveryPage(id: string, query: DeliveryListQuery) {
    const q = parseInput(deliveryListQuerySchema, query, "Invalid list parameters");
    await requireEndpoint(id);
    const [rows, total] = await Promise.all([listDeliveryRows(k, id, q.status, q.pageSize, (q.page - 1) * q.pageSize), countDeliveryRows(k, id, q.status)]);
    return { rows, meta: { page: q.page, pageSize: q.pageSize, total } };
  }

  /** Stores one delivery of an event to each endpoint and queues its job, on `executor`. */
  async function store(executor: Executor, endpointIds: string[], type: WebhookEventType, data: unknown, job: string) {
    const createdAt = now().toISOString();
    const eventId = `evt_${newId()}`;
    const body = JSON.stringify({ id: eventId, type, createdAt, data: data ?? null });
    const rows = endpointIds.map((endpointId) => ({
      id: `msg_${newId()}`,
      endpoint_id: endpointId,
      event_id: eventId,
      event: type,
      status: "pending",
      attempts: 0,
      request_body: body,
      request_headers: null,
      response_status: null,
      response_body: null,
      error: null,
      created_at: createdAt,
      last_attempt_at: null,
      delivered_at: null,
    }));
    await insertDeliveries(executor, rows);
    for (const row of rows) await deps.jobs.enqueue<DeliveryJob>(job, { deliveryId: row.id, manual: job === SEND_ONCE_JOB }, { executor });
    return rows;
  }

  return {
    /**
     * Emits an event in the caller's transaction: one delivery per active endpoint subscribed to
     * it, each with its job, so a rolled-back write sends nothing. Without such an endpoint it
     * costs a look at the cached endpoints and `data` (a function) is never called.
     */
    async emit<T>(executor: Executor, type: WebhookEvent, data: T | (() => T | Promise<T>)): Promise<number> {
      const endpoints = (await activeEndpoints(executor)).filter((e) => e.events.has(type));
      if (endpoints.length === 0) return 0;
      const payload = typeof data === "function" ? await (data as () => T | Promise<T>)() : data;
      const rows = await store(
        executor,
        endpoints.map((e) => e.id),
        type,
        payload,
        DELIVER_JOB,
      );
      return rows.length;
    },

    /** Every endpoint, oldest first, secrets masked, with its deliveries per status. */
    async list(): Promise<WebhookEndpoint[]> {
      const rows = await listEndpointRows(k);
      const counts = await countsOf(rows.map((r) => r.id));
      return rows.map((r) => endpointView(r, counts.get(r.id)!));
    },

    /** One endpoint, its secret masked; not_found for an unknown id. */
    get: (id: string) => readEndpoint(id),

    /** Creates an endpoint (audited) from the body as received; its secret is answered whole, this once. */
    async create(actor: AuditActor, body: unknown): Promise<WebhookEndpoint> {
      const input = parseInput(webhookCreateSchema, body, "Please check the endpoint.");
      await requireSafeUrl(input.url);
      const id = newId();
      const at = now().toISOString();
      await k.transaction().execute(async (trx) => {
        await insertEndpoint(trx, {
          id,
          url: input.url,
          description: input.description,
          events: JSON.stringify(input.events),
          active: input.active ? 1 : 0,
          secret: newSecret(),
          failing_since: null,
          disabled_at: null,
          disabled_reason: null,
          created_at: at,
          updated_at: at,
        });
        await appendAudit(trx, actor, {
          action: "webhook.create",
          entityType: "webhook",
          entityId: id,
          changes: {
            url: { before: null, after: input.url },
            events: { before: null, after: input.events },
            active: { before: null, after: input.active },
          },
        });
      });
      changed();
      return readEndpoint(id, true);
    },

    /**
     * Changes the fields a PATCH carries (audited); `rotateSecret: true` makes a new secret, answered
     * whole this once. Switching an endpoint on again starts its count of failures afresh.
     */
    async update(actor: AuditActor, id: string, body: unknown): Promise<WebhookEndpoint> {
      const input = parseInput(webhookPatchSchema, body, "Please check the endpoint.");
      const before = await requireEndpoint(id);
      if (input.url !== undefined && input.url !== before.url) await requireSafeUrl(input.url);
      const at = now().toISOString();
      const fields: Parameters<typeof updateEndpoint>[2] = {};
      const changes: Record<string, { before: unknown; after: unknown }> = {};
      if (input.url !== undefined && input.url !== before.url) {
        fields.url = input.url;
        changes.url = { before: before.url, after: input.url };
      }
      if (input.events !== undefined && JSON.stringify(input.events) !== before.events) {
        fields.events = JSON.stringify(input.events);
        changes.events = { before: parseEvents(before.events), after: input.events };
      }
      if (input.description !== undefined && input.description !== before.description) {
        fields.description = input.description;
        changes.description = { before: before.description, after: input.description };
      }
      if (input.active !== undefined && (input.active ? 1 : 0) !== before.active) {
        fields.active = input.active ? 1 : 0;
        changes.active = { before: before.active === 1, after: input.active };
        // On again (or off by hand): the shop's reason for switching it off no longer stands.
        Object.assign(fields, { disabled_at: null, disabled_reason: null, failing_since: null });
      }
      if (input.rotateSecret) {
        fields.secret = newSecret();
        changes.secret = { before: "(previous secret)", after: "(new secret)" };
      }
      if (Object.keys(fields).length) {
        fields.updated_at = at;
        await k.transaction().execute(async (trx) => {
          await updateEndpoint(trx, id, fields);
          await appendAudit(trx, actor, { action: "webhook.update", entityType: "webhook", entityId: id, changes });
        });
        changed();
      }
      return readEndpoint(id, Boolean(input.rotateSecret));
    },

    /** Deletes an endpoint and its deliveries (audited); its queued tries find nothing to send. */
    async remove(actor: AuditActor, id: string): Promise<void> {
      const before = await requireEndpoint(id);
      await k.transaction().execute(async (trx) => {
        await deleteEndpoint(trx, id);
        await appendAudit(trx, actor, {
          action: "webhook.delete",
          entityType: "webhook",
          entityId: id,
          changes: { url: { before: before.url, after: null }, events: { before: parseEvents(before.events), after: null } },
        });
      });
      changed();
    },

    /** One page of an endpoint's deliveries, newest first. */
    async listDeliveries(id: string, query: DeliveryListQuery = {}): Promise<WebhookDeliveryList> {
      const { rows, meta } = await deliveryPage(id, query);
      return { data: rows.map(deliveryView), meta };
    },

    /** The same page with each delivery's request and answer (the admin screen shows them). */
    async listDeliveryDetails(id: string, query: DeliveryListQuery = {}): Promise<{ data: WebhookDeliveryDetail[]; meta: WebhookDeliveryList["meta"] }> {
      const { rows, meta } = await deliveryPage(id, query);
      return { data: rows.map(deliveryDetail), meta };
    },

    /** One delivery of the endpoint with its request and the answer; not_found when it is not the endpoint's. */
    async getDelivery(id: string, deliveryId: string): Promise<WebhookDeliveryDetail> {
      const row = typeof deliveryId === "string" && deliveryId.length <= 100 ? await getDelivery(k, deliveryId) : undefined;
      if (!row || row.endpoint_id !== id) throw new AppError("not_found", "There is no such delivery of this endpoint.");
      return deliveryDetail(row);
    },

    /** Sends a delivery again, once, with its own `webhook-id` (also to an endpoint switched off: the admin asked). */
    async redeliver(id: string, deliveryId: string): Promise<WebhookDeliveryDetail> {
      await requireEndpoint(id);
      await k.transaction().execute(async (trx) => {
        if (!(await setDeliveryPending(trx, id, deliveryId))) throw new AppError("not_found", "There is no such delivery of this endpoint.");
        await deps.jobs.enqueue<DeliveryJob>(SEND_ONCE_JOB, { deliveryId, manual: true }, { executor: trx });
      });
      return deliveryDetail((await getDelivery(k, deliveryId))!);
    },

    /** Sends the endpoint a `ping` event, once, to see whether it answers and checks the signature. */
    async test(id: string): Promise<WebhookDeliveryDetail> {
      await requireEndpoint(id);
      const settings = await deps.settings();
      const [row] = await k
        .transaction()
        .execute((trx) => store(trx, [id], "ping", { message: `A test event from ${settings.siteName}.`, endpointId: id }, SEND_ONCE_JOB));
      return deliveryDetail((await getDelivery(k, row.id))!);
    },

    /** Deletes deliveries done (delivered or failed) more than `keepDays` ago; how many went. */
    async pruneDeliveries(keepDays = 30): Promise<number> {
      const before = new Date(now().getTime() - keepDays * DAY).toISOString();
      let total = 0;
      for (;;) {
        const removed = await deleteOldDeliveries(k, before, 500);
        total += removed;
        if (removed < 500) return total;
      }
    },

    /** With this process's worker running: waits until no delivery is due (tests, shutdown). */
    settle: () => deps.jobs.settle([DELIVER_JOB, SEND_ONCE_JOB]),
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
