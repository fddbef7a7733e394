import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Stripe from "stripe";
import { type FakeStripe, startFakeStripe } from "#tests/support/fake-stripe";
import { loadEnv } from "../../lib/env";
import { createLogger } from "../../lib/logger";
import { AppError } from "#common/errors";
import { createPaymentsService } from "./payments.service";
import type { PaymentsService } from "./payments.types";

let fake: FakeStripe;
let payments: PaymentsService;
const delivered: Array<{ payload: string; signature: string }> = [];
const order = { id: "ord_1", number: "MM-7K3QX9", total: 4599, currency: "USD", email: "ada@example.com" };

beforeAll(async () => {
  fake = await startFakeStripe({
    deliver: async (payload, signature) => {
      delivered.push({ payload, signature });
      return new Response(JSON.stringify({ received: true }));
    },
  });
  payments = createPaymentsService(loadEnv({ ...fake.env, LOG_LEVEL: "silent" }), createLogger("silent"));
});
afterAll(() => fake.close());

const appErrorOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? { code: err.code, status: err.status, message: err.message } : err;
  }
  return null;
};

describe("payments service against the fake Stripe API", () => {
  it("is off without keys: cash on delivery only", async () => {
    const off = createPaymentsService(loadEnv({}), createLogger("silent"));
    expect(off.cardPayments).toBe(false);
    expect(off.publishableKey).toBeNull();
    await expect(off.createIntent(order)).rejects.toBeInstanceOf(AppError);
    expect(appErrorOf(() => off.parseWebhook("{}", "t=1,v1=x"))).toMatchObject({ code: "not_found" });
  });

  it("creates one PaymentIntent per order, however often it is asked", async () => {
    expect(payments.cardPayments).toBe(true);
    expect(payments.publishableKey).toBe(fake.env.STRIPE_PUBLISHABLE_KEY);
    const first = await payments.createIntent(order);
    const again = await payments.createIntent(order);
    expect(again).toEqual(first);
    expect(first.clientSecret).toMatch(new RegExp(`^${first.intentId}_secret_`));
    const creates = fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/payment_intents");
    expect(creates).toHaveLength(2);
    expect(creates.every((r) => r.headers["idempotency-key"] === "order-ord_1")).toBe(true);
    expect(creates[0]!.body).toEqual({
      amount: "4599",
      currency: "usd",
      automatic_payment_methods: { enabled: "true" },
      description: "Order MM-7K3QX9",
      metadata: { orderId: "ord_1", orderNumber: "MM-7K3QX9" },
      receipt_email: "ada@example.com",
    });
    expect([...fake.intents.values()].filter((i) => i.metadata.orderId === "ord_1")).toHaveLength(1);
  });

  it("reads an intent back with its client secret and status", async () => {
    const { intentId, clientSecret } = await payments.createIntent({ ...order, id: "ord_2" });
    expect(await payments.getIntent(intentId)).toEqual({
      intentId,
      clientSecret,
      status: "requires_payment_method",
      amount: 4599,
      currency: "USD",
      orderId: "ord_2",
      lastError: null,
    });
    await expect(payments.getIntent("pi_unknown")).rejects.toMatchObject({ code: "not_found" });
  });

  it("verifies the webhook signature and maps paid and failed payments", async () => {
    const paid = await payments.createIntent({ ...order, id: "ord_3" });
    const declined = await payments.createIntent({ ...order, id: "ord_4" });
    const stripe = fake.client();
    await stripe.paymentIntents.confirm(paid.intentId, { payment_method: "pm_card_visa" });
    await expect(stripe.paymentIntents.confirm(declined.intentId, { payment_method: "pm_card_chargeDeclined" })).rejects.toMatchObject({
      code: "card_declined",
    });
    const [ok, failed] = delivered.slice(-2);
    if (!ok || !failed) throw new Error("the fake delivered no events");
    expect(payments.parseWebhook(ok.payload, ok.signature)).toMatchObject({ type: "payment_intent.succeeded", intentId: paid.intentId, outcome: "paid" });
    expect(payments.parseWebhook(failed.payload, failed.signature)).toMatchObject({
      type: "payment_intent.payment_failed",
      intentId: declined.intentId,
      outcome: "failed",
    });
    expect((await payments.getIntent(declined.intentId)).lastError).toBe("Your card was declined.");
  });

  it("refuses a missing, forged, stale or tampered signature", () => {
    const payload = JSON.stringify({
      id: "evt_forged",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { id: "pi_x", object: "payment_intent" } },
    });
    const refused = { code: "invalid_input", status: 400, message: "Invalid webhook signature" };
    expect(appErrorOf(() => payments.parseWebhook(payload, undefined))).toEqual(refused);
    expect(appErrorOf(() => payments.parseWebhook(payload, ""))).toEqual(refused);
    expect(appErrorOf(() => payments.parseWebhook(payload, fake.sign(payload, "whsec_someone_else")))).toEqual(refused);
    const stale = new Stripe("sk_test_x").webhooks.generateTestHeaderString({
      payload,
      secret: fake.env.STRIPE_WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(appErrorOf(() => payments.parseWebhook(payload, stale))).toEqual(refused);
    const signature = fake.sign(payload);
    expect(appErrorOf(() => payments.parseWebhook(payload.replace("pi_x", "pi_y"), signature))).toEqual(refused);
    expect(payments.parseWebhook(payload, signature)).toMatchObject({ eventId: "evt_forged", outcome: "paid" });
  });

  it("refuses every webhook when no signing secret is configured", () => {
    const noSecret = createPaymentsService(loadEnv({ ...fake.env, STRIPE_WEBHOOK_SECRET: "" }), createLogger("silent"));
    const payload = JSON.stringify({
      id: "evt_1",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { id: "pi_x", object: "payment_intent" } },
    });
    expect(appErrorOf(() => noSecret.parseWebhook(payload, fake.sign(payload)))).toMatchObject({ code: "invalid_input" });
  });
});
