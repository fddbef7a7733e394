import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A fake of the part of the Stripe REST API the shop and Stripe.js use, for tests: the official SDK
 * talks to it through its host/port/protocol options (STRIPE_API_HOST/PORT/PROTOCOL). It speaks
 * form-encoded requests and Stripe's JSON objects and errors:
 *   POST /v1/payment_intents               (honours Idempotency-Key: same key, same intent)
 *   GET  /v1/payment_intents/:id
 *   POST /v1/payment_intents/:id/confirm   payment_method pm_card_visa (succeeds) or
 *                                          pm_card_chargeDeclined (declined: 402 card_error)
 *   POST /v1/refunds                       payment_intent and amount (the rest when none); honours
 *                                          Idempotency-Key; refuses an unpaid intent and more than
 *                                          the charge has left unrefunded (400, like Stripe)
 *   GET  /v1/refunds/:id
 * A confirmation builds the event Stripe would send (payment_intent.succeeded /
 * payment_intent.payment_failed), signs it with the webhook secret the way Stripe does
 * (Stripe-Signature via the SDK's generateTestHeaderString) and delivers it: to `webhookUrl`, or
 * through `deliver` (an in-process app.request). Every request is recorded.
 */

export const FAKE_STRIPE_KEYS = {
  secretKey: "sk_test_fake_shop_0123456789",
  publishableKey: "pk_test_fake_shop_0123456789",
  webhookSecret: "whsec_fake_shop_0123456789abcdef",
} as const;

export interface RecordedRequest {
  method: string;
  path: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** The form-encoded body, decoded into nested objects (`metadata[orderId]` → metadata.orderId). */
  body: Record<string, unknown>;
  status: number;
}

export interface SignedEvent {
  event: FakeEvent;
  /** The exact body Stripe would post. */
  payload: string;
  /** Its Stripe-Signature header. */
  signature: string;
}

export interface Delivery {
  eventId: string;
  type: string;
  status: number;
  body: string;
}

export interface FakeIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: "requires_payment_method" | "requires_confirmation" | "processing" | "succeeded" | "canceled";
  client_secret: string;
  automatic_payment_methods: { enabled: boolean } | null;
  description: string | null;
  metadata: Record<string, string>;
  receipt_email: string | null;
  payment_method: string | null;
  last_payment_error: { code: string; decline_code?: string; message: string; type: string } | null;
  livemode: false;
  created: number;
}

export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface FakeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
  data: { object: FakeIntent };
}

export interface FakeStripeOptions {
  /** Where confirmations' events are posted (e.g. the e2e shop's /api/payments/stripe/webhook). */
  webhookUrl?: string;
  /** Or: how to deliver them in-process (the test's app.request); answers its Response. */
  deliver?: (payload: string, signature: string) => Response | Promise<Response>;
  /** The webhook signing secret (default FAKE_STRIPE_KEYS.webhookSecret). */
  webhookSecret?: string;
  /** The port to listen on (default: any free port). */
  port?: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** Decodes Stripe's form encoding (`a[b][0]=x`) into nested objects and arrays. */
export function decodeStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const name = part === "" ? String(Object.keys(node).length) : part;
      if (last) node[name] = value;
      else node = (node[name] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}

function stripeError(status: number, error: Record<string, unknown>) {
  return { status, json: { error } };
}

/** Starts the fake on a free port of 127.0.0.1; `env` is what the shop needs to use it. */
export async function startFakeStripe(options: FakeStripeOptions = {}) {
  const webhookSecret = options.webhookSecret ?? FAKE_STRIPE_KEYS.webhookSecret;
  const signer = new Stripe(FAKE_STRIPE_KEYS.secretKey);
  const intents = new Map<string, FakeIntent>();
  const refunds = new Map<string, FakeRefund>();
  const idempotent = new Map<string, { params: string; status: number; json: unknown }>();
  const requests: RecordedRequest[] = [];
  const events: SignedEvent[] = [];
  const deliveries: Delivery[] = [];
  let webhookUrl = options.webhookUrl;
  let deliver = options.deliver;

  function sign(event: FakeEvent): SignedEvent {
    const payload = JSON.stringify(event, null, 2);
    return { event, payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
  }

  async function post(signed: SignedEvent): Promise<Delivery | null> {
    // Like Stripe's retries: same event, same body, a fresh signature (new timestamp).
    const signature = signer.webhooks.generateTestHeaderString({ payload: signed.payload, secret: webhookSecret });
    let res: Response;
    if (deliver) res = await deliver(signed.payload, signature);
    else if (webhookUrl) {
      res = await fetch(webhookUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "stripe-signature": signature,
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        },
        body: signed.payload,
      });
    } else return null;
    const delivery = { eventId: signed.event.id, type: signed.event.type, status: res.status, body: await res.text() };
    deliveries.push(delivery);
    return delivery;
  }

  async function emit(type: string, intent: FakeIntent, idempotencyKey: string | null): Promise<SignedEvent> {
    const event: FakeEvent = {
      id: id("evt"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: id("req"), idempotency_key: idempotencyKey },
      type,
      data: { object: structuredClone(intent) },
    };
    const signed = sign(event);
    events.push(signed);
    await post(signed);
    return signed;
  }

  function authorised(headers: http.IncomingHttpHeaders, clientSecret: unknown, intent: FakeIntent): boolean {
    const key = headers.authorization?.replace(/^Bearer\s+/i, "");
    if (key === FAKE_STRIPE_KEYS.secretKey) return true;
    // Stripe.js: the publishable key plus the intent's client secret.
    return key === FAKE_STRIPE_KEYS.publishableKey && clientSecret === intent.client_secret;
  }

  async function handle(method: string, path: string, headers: http.IncomingHttpHeaders, body: Record<string, unknown>, rawBody: string) {
    const key = headers.authorization?.replace(/^Bearer\s+/i, "");
    if (!key) return stripeError(401, { type: "invalid_request_error", message: "You did not provide an API key." });

    if (method === "POST" && path === "/v1/payment_intents") {
      if (key !== FAKE_STRIPE_KEYS.secretKey) return stripeError(401, { type: "invalid_request_error", message: `Invalid API Key provided: ${key}` });
      const idemKey = headers["idempotency-key"] as string | undefined;
      if (idemKey) {
        const seen = idempotent.get(idemKey);
        if (seen) {
          if (seen.params !== rawBody) {
            return stripeError(400, {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`,
            });
          }
          return { status: seen.status, json: seen.json, replayed: true };
        }
      }
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 1)
        return stripeError(400, { type: "invalid_request_error", code: "parameter_invalid_integer", param: "amount", message: "Invalid integer: amount" });
      if (typeof body.currency !== "string" || !/^[a-z]{3}$/.test(body.currency))
        return stripeError(400, { type: "invalid_request_error", param: "currency", message: "Invalid currency" });
      if (amount < 50)
        return stripeError(400, { type: "invalid_request_error", code: "amount_too_small", param: "amount", message: "Amount must be at least $0.50 usd" });
      const intentId = id("pi");
      const intent: FakeIntent = {
        id: intentId,
        object: "payment_intent",
        amount,
        amount_received: 0,
        currency: body.currency,
        status: "requires_payment_method",
        client_secret: `${intentId}_secret_${randomBytes(12).toString("hex")}`,
        automatic_payment_methods: (body.automatic_payment_methods as { enabled: string } | undefined)?.enabled === "true" ? { enabled: true } : null,
        description: typeof body.description === "string" ? body.description : null,
        metadata: (body.metadata as Record<string, string> | undefined) ?? {},
        receipt_email: typeof body.receipt_email === "string" ? body.receipt_email : null,
        payment_method: null,
        last_payment_error: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(intentId, intent);
      const answer = { status: 200, json: intent };
      if (idemKey) idempotent.set(idemKey, { params: rawBody, ...answer, json: structuredClone(intent) });
      return answer;
    }

    if (path === "/v1/refunds" || path.startsWith("/v1/refunds/")) {
      if (key !== FAKE_STRIPE_KEYS.secretKey) return stripeError(401, { type: "invalid_request_error", message: `Invalid API Key provided: ${key}` });
      if (method === "GET") {
        const refund = refunds.get(decodeURIComponent(path.slice("/v1/refunds/".length)));
        return refund
          ? { status: 200, json: refund }
          : stripeError(404, { type: "invalid_request_error", code: "resource_missing", param: "id", message: `No such refund: '${path.slice(12)}'` });
      }
      if (method !== "POST" || path !== "/v1/refunds")
        return stripeError(404, { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` });
      const idemKey = headers["idempotency-key"] as string | undefined;
      const seen = idemKey ? idempotent.get(idemKey) : undefined;
      if (seen) {
        if (seen.params !== rawBody) {
          return stripeError(400, {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`,
          });
        }
        return { status: seen.status, json: seen.json, replayed: true };
      }
      const intent = typeof body.payment_intent === "string" ? intents.get(body.payment_intent) : undefined;
      if (!intent)
        return stripeError(400, {
          type: "invalid_request_error",
          code: "resource_missing",
          param: "payment_intent",
          message: `No such payment_intent: '${String(body.payment_intent)}'`,
        });
      if (intent.status !== "succeeded") {
        return stripeError(400, {
          type: "invalid_request_error",
          code: "charge_not_refundable",
          message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        });
      }
      const refunded = [...refunds.values()].filter((r) => r.payment_intent === intent.id).reduce((sum, r) => sum + r.amount, 0);
      const left = intent.amount_received - refunded;
      const amount = body.amount === undefined ? left : Number(body.amount);
      if (!Number.isInteger(amount) || amount < 1)
        return stripeError(400, { type: "invalid_request_error", code: "parameter_invalid_integer", param: "amount", message: "Invalid integer: amount" });
      if (left <= 0)
        return stripeError(400, {
          type: "invalid_request_error",
          code: "charge_already_refunded",
          message: `Charge for PaymentIntent ${intent.id} has already been refunded.`,
        });
      if (amount > left) {
        return stripeError(400, {
          type: "invalid_request_error",
          code: "amount_too_large",
          param: "amount",
          message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        });
      }
      const refund: FakeRefund = {
        id: id("re"),
        object: "refund",
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: "succeeded",
        reason: typeof body.reason === "string" ? body.reason : null,
        metadata: (body.metadata as Record<string, string> | undefined) ?? {},
        created: Math.floor(Date.now() / 1000),
      };
      refunds.set(refund.id, refund);
      const answer = { status: 200, json: refund };
      if (idemKey) idempotent.set(idemKey, { params: rawBody, status: 200, json: structuredClone(refund) });
      return answer;
    }

    const match = /^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/.exec(path);
    if (match) {
      const intent = intents.get(decodeURIComponent(match[1]!));
      if (!intent) {
        return stripeError(404, { type: "invalid_request_error", code: "resource_missing", param: "intent", message: `No such payment_intent: '${match[1]}'` });
      }
      if (!authorised(headers, body.client_secret, intent))
        return stripeError(401, { type: "invalid_request_error", message: `Invalid API Key provided: ${key}` });
      if (method === "GET" && !match[2]) return { status: 200, json: intent };
      if (method === "POST" && match[2]) {
        if (intent.status === "succeeded") {
          return stripeError(400, {
            type: "invalid_request_error",
            code: "payment_intent_unexpected_state",
            message: "You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.",
          });
        }
        const paymentMethod = body.payment_method;
        intent.payment_method = typeof paymentMethod === "string" ? paymentMethod : null;
        const idemKey = (headers["idempotency-key"] as string | undefined) ?? null;
        if (paymentMethod === "pm_card_visa") {
          intent.status = "succeeded";
          intent.amount_received = intent.amount;
          intent.last_payment_error = null;
          await emit("payment_intent.succeeded", intent, idemKey);
          return { status: 200, json: intent };
        }
        if (paymentMethod === "pm_card_chargeDeclined") {
          const error = { type: "card_error", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." };
          intent.status = "requires_payment_method";
          intent.last_payment_error = error;
          await emit("payment_intent.payment_failed", intent, idemKey);
          return stripeError(402, { ...error, payment_intent: structuredClone(intent) });
        }
        return stripeError(400, {
          type: "invalid_request_error",
          code: "resource_missing",
          param: "payment_method",
          message: `No such PaymentMethod: '${String(paymentMethod)}'`,
        });
      }
    }
    return stripeError(404, { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://fake-stripe");
      const rawBody = req.method === "GET" ? url.searchParams.toString() : Buffer.concat(chunks).toString("utf8");
      const body = decodeStripeForm(rawBody);
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]));
      try {
        const answer = await handle(req.method ?? "GET", url.pathname, req.headers, body, rawBody);
        requests.push({ method: req.method ?? "GET", path: url.pathname, headers, body, status: answer.status });
        res.writeHead(answer.status, {
          "content-type": "application/json",
          "request-id": id("req"),
          "stripe-version": (req.headers["stripe-version"] as string | undefined) ?? Stripe.API_VERSION,
          ...("replayed" in answer && answer.replayed ? { "idempotent-replayed": "true" } : {}),
          // Stripe.js calls from the browser: any origin, as the real API allows.
          "access-control-allow-origin": "*",
        });
        res.end(JSON.stringify(answer.json));
      } catch (err) {
        requests.push({ method: req.method ?? "GET", path: url.pathname, headers, body, status: 500 });
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { type: "api_error", message: String(err) } }));
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    /** The shop's environment for this fake (keys, webhook secret, host, port, protocol). */
    env: {
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEYS.secretKey,
      STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_KEYS.publishableKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_HOST: "127.0.0.1",
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: "http",
    } satisfies Record<string, string>,
    /** An SDK client on this fake with the secret key (what a test uses to confirm, as Stripe.js would). */
    client: () => new Stripe(FAKE_STRIPE_KEYS.secretKey, { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 }),
    requests,
    intents,
    refunds,
    events,
    deliveries,
    /** Where events go from now on. */
    setWebhook(target: { url?: string; deliver?: FakeStripeOptions["deliver"] }) {
      webhookUrl = target.url;
      deliver = target.deliver;
    },
    /** Delivers an event again (Stripe's retry: same body, fresh signature). */
    redeliver: (eventId: string) => {
      const signed = events.find((e) => e.event.id === eventId);
      if (!signed) throw new Error(`no event ${eventId}`);
      return post(signed);
    },
    /** Signs any payload with this fake's webhook secret (e.g. a hand-made event). */
    sign: (payload: string, secret = webhookSecret) => signer.webhooks.generateTestHeaderString({ payload, secret }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
