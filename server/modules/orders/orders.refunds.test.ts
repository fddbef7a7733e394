import { describe, expect, it } from "vitest";
import { type RefundState, planRefund } from "./orders.refunds";

const state = (over: Partial<RefundState> = {}): RefundState => ({
  orderId: "o1",
  number: "MM-1",
  currency: "USD",
  method: "manual",
  intentId: null,
  paid: 1500,
  refunded: 0,
  refundable: 1500,
  paymentRefundable: 1500,
  giftCards: { paid: 0, refundable: 0 },
  shipping: 500,
  shippingRefunded: 0,
  // Three units for 10.00: 3.33, 3.33 and the last one 3.34.
  lines: [{ lineId: "l1", label: "Mug", image: null, quantity: 3, refundedQuantity: 0, refundedAmount: 0, lineTotal: 1000 }],
  tax: { reverseCharge: false, parts: [], freeRefunded: [] },
  ...over,
});

const input = (over: Partial<Parameters<typeof planRefund>[1]> = {}) => ({ lines: [], reason: "x", ...over });

describe("planRefund", () => {
  it("prices units from the line's total, and the last units take what is left of it (no cent lost)", () => {
    expect(planRefund(state(), input({ lines: [{ lineId: "l1", quantity: 1 }] })).total).toBe(333);
    // Two units refunded one at a time (3.33 each): the last one gives back the 3.34 left.
    expect(
      planRefund(
        state({ lines: [{ lineId: "l1", label: "Mug", image: null, quantity: 3, refundedQuantity: 2, refundedAmount: 666, lineTotal: 1000 }] }),
        input({ lines: [{ lineId: "l1", quantity: 1 }] }),
      ).total,
    ).toBe(334);
    expect(planRefund(state(), input({ lines: [{ lineId: "l1", quantity: 3 }], shipping: 5 })).total).toBe(1500);
  });

  it("refuses more units, more shipping or more money than is left, and a refund of nothing", () => {
    const refusal = (s: RefundState, i: Parameters<typeof planRefund>[1]) => {
      try {
        planRefund(s, i);
        return null;
      } catch (err) {
        return (err as { code: string }).code;
      }
    };
    expect(refusal(state(), input({ lines: [{ lineId: "l1", quantity: 4 }] }))).toBe("conflict");
    expect(refusal(state(), input({ shipping: 5.01 }))).toBe("conflict");
    expect(refusal(state({ refunded: 1000, refundable: 500 }), input({ amount: 5.01 }))).toBe("conflict");
    expect(refusal(state({ paid: 0, refundable: 0 }), input({ amount: 1 }))).toBe("conflict");
    expect(refusal(state(), input())).toBe("invalid_input");
    expect(refusal(state(), input({ lines: [{ lineId: "nope", quantity: 1 }] }))).toBe("invalid_input");
  });
});
