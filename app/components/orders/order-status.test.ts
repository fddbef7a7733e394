import { describe, expect, it } from "vitest";
import type { OrderEvent } from "#modules/orders";
import { translatorFor } from "#common/i18n/messages.server";
import { orderTimeline, paymentStatusLabel } from "./order-status";

const en = translatorFor("en");
const de = translatorFor("de");

const event = (status: OrderEvent["status"], at: string): OrderEvent => ({ status, actor: "shop", note: null, at });

describe("orderTimeline", () => {
  it("marks the steps up to the current status as reached, with their dates", () => {
    const steps = orderTimeline(en, {
      status: "shipped",
      createdAt: "2026-01-01T10:00:00.000Z",
      history: [event("pending", "2026-01-01T10:00:00.000Z"), event("processing", "2026-01-02T09:00:00.000Z"), event("shipped", "2026-01-03T08:00:00.000Z")],
    });
    expect(steps.map((s) => [s.status, s.reached, s.current, s.at])).toEqual([
      ["pending", true, false, "2026-01-01T10:00:00.000Z"],
      ["processing", true, false, "2026-01-02T09:00:00.000Z"],
      ["shipped", true, true, "2026-01-03T08:00:00.000Z"],
      ["delivered", false, false, null],
      ["completed", false, false, null],
    ]);
  });

  it("names the steps in the page's language", () => {
    const steps = orderTimeline(de, { status: "processing", createdAt: "2026-01-01T10:00:00.000Z", history: [] });
    expect(steps.map((s) => [s.label, s.note])).toEqual([
      ["Eingegangen", "Bestellung aufgegeben"],
      ["In Bearbeitung", "Wird vorbereitet"],
      ["Versandt", "Unterwegs zu dir"],
      ["Zugestellt", "Bei dir angekommen"],
      ["Abgeschlossen", "Alles erledigt"],
    ]);
  });

  it("shows a cancelled order as the steps it had reached, then Cancelled", () => {
    const steps = orderTimeline(en, {
      status: "cancelled",
      createdAt: "2026-01-01T10:00:00.000Z",
      history: [event("pending", "2026-01-01T10:00:00.000Z"), event("cancelled", "2026-01-01T11:00:00.000Z")],
    });
    expect(steps.map((s) => [s.label, s.current, s.at])).toEqual([
      ["Pending", false, "2026-01-01T10:00:00.000Z"],
      ["Cancelled", true, "2026-01-01T11:00:00.000Z"],
    ]);
  });

  it("dates the first step with the order's creation when its event is missing", () => {
    const [first] = orderTimeline(en, { status: "pending", createdAt: "2026-02-02T00:00:00.000Z", history: [] });
    expect(first).toMatchObject({ status: "pending", reached: true, current: true, at: "2026-02-02T00:00:00.000Z" });
  });
});

describe("paymentStatusLabel", () => {
  it("reads an unpaid cash order as paid on delivery and an unpaid card order as awaiting payment", () => {
    expect(paymentStatusLabel(en, "cod", "unpaid")).toBe("To pay on delivery");
    expect(paymentStatusLabel(en, "card", "unpaid")).toBe("Awaiting payment");
    expect(paymentStatusLabel(en, "card", "paid")).toBe("Paid");
  });

  it("says how much a refund gave back, in the page's language", () => {
    const refund = { refunded: "$20.00", total: "$99.99" };
    expect(paymentStatusLabel(en, "card", "partially_refunded", refund)).toBe("Partly refunded · $20.00 of $99.99");
    expect(paymentStatusLabel(en, "cod", "refunded", refund)).toBe("Refunded · $20.00");
    expect(paymentStatusLabel(de, "card", "partially_refunded", { refunded: "20,00 €", total: "99,99 €" })).toBe("Teilweise erstattet · 20,00 € von 99,99 €");
    expect(paymentStatusLabel(de, "card", "unpaid")).toBe("Zahlung ausstehend");
  });
});
