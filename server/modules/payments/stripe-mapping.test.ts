import { describe, expect, it } from "vitest";
import { cardPaymentEventOf, fromStripeAmount, toStripeAmount } from "./stripe-mapping";

const intentEvent = (type: string, object: Record<string, unknown> = { id: "pi_123", object: "payment_intent" }) => ({ id: "evt_1", type, data: { object } });

describe("Stripe event mapping", () => {
  it("a succeeded PaymentIntent pays the order", () => {
    expect(cardPaymentEventOf(intentEvent("payment_intent.succeeded"))).toEqual({
      eventId: "evt_1",
      type: "payment_intent.succeeded",
      intentId: "pi_123",
      outcome: "paid",
    });
  });

  it("a failed payment marks it failed", () => {
    expect(cardPaymentEventOf(intentEvent("payment_intent.payment_failed"))).toMatchObject({ intentId: "pi_123", outcome: "failed" });
  });

  it("other PaymentIntent events are ignored", () => {
    for (const type of ["payment_intent.created", "payment_intent.processing", "payment_intent.canceled", "payment_intent.requires_action"]) {
      expect(cardPaymentEventOf(intentEvent(type)).outcome).toBe("ignored");
    }
  });

  it("events about other objects are ignored, even under a handled type", () => {
    expect(cardPaymentEventOf(intentEvent("charge.succeeded", { id: "ch_1", object: "charge" }))).toMatchObject({ intentId: "", outcome: "ignored" });
    expect(cardPaymentEventOf(intentEvent("payment_intent.succeeded", { id: "ch_1", object: "charge" }))).toMatchObject({ intentId: "", outcome: "ignored" });
  });
});

describe("amounts for Stripe", () => {
  it("two-decimal currencies go as they are stored", () => {
    expect(toStripeAmount(1250, "usd")).toBe(1250);
    expect(toStripeAmount(1999, "EUR")).toBe(1999);
    expect(fromStripeAmount(1250, "usd")).toBe(1250);
  });

  it("zero-decimal currencies go in whole units", () => {
    expect(toStripeAmount(123400, "JPY")).toBe(1234);
    expect(toStripeAmount(123450, "jpy")).toBe(1235);
    expect(fromStripeAmount(1234, "jpy")).toBe(123400);
  });

  it("three-decimal currencies go in thousandths", () => {
    expect(toStripeAmount(1250, "KWD")).toBe(12500);
    expect(fromStripeAmount(12500, "kwd")).toBe(1250);
  });
});
