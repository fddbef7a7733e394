import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "./order-status";
import { ORDER_TRANSITIONS, allowedTransitions, canTransition, isOrderStatus } from "./order-status";

describe("the order status table", () => {
  it("walks the shop through pending → processing → shipped → delivered → completed, one step at a time", () => {
    const path = ["pending", "processing", "shipped", "delivered", "completed"] as const;
    for (let i = 0; i + 1 < path.length; i++) {
      expect(canTransition(path[i]!, path[i + 1]!, "shop")).toBe(true);
      expect(canTransition(path[i]!, path[i + 1]!, "customer")).toBe(false);
      // No skipping and no going back.
      if (i + 2 < path.length) expect(canTransition(path[i]!, path[i + 2]!, "shop")).toBe(false);
      expect(canTransition(path[i + 1]!, path[i]!, "shop")).toBe(false);
    }
  });

  it("lets the customer cancel only while pending, and the shop also while processing", () => {
    expect(canTransition("pending", "cancelled", "customer")).toBe(true);
    expect(canTransition("processing", "cancelled", "customer")).toBe(false);
    expect(canTransition("pending", "cancelled", "shop")).toBe(true);
    expect(canTransition("processing", "cancelled", "shop")).toBe(true);
    for (const from of ["shipped", "delivered", "completed", "cancelled"] as const) {
      for (const actor of ["customer", "shop", "system"] as const) expect(canTransition(from, "cancelled", actor)).toBe(false);
    }
  });

  it("ends at completed and cancelled", () => {
    for (const to of ORDER_STATUSES) {
      expect(canTransition("completed", to, "shop")).toBe(false);
      expect(canTransition("cancelled", to, "shop")).toBe(false);
    }
  });

  it("lists what each actor may do now", () => {
    expect(allowedTransitions("pending", "customer")).toEqual(["cancelled"]);
    expect(allowedTransitions("pending", "shop")).toEqual(["processing", "cancelled"]);
    expect(allowedTransitions("processing", "customer")).toEqual([]);
    expect(allowedTransitions("processing", "shop")).toEqual(["shipped", "cancelled"]);
    expect(allowedTransitions("shipped", "shop")).toEqual(["delivered"]);
    expect(allowedTransitions("completed", "shop")).toEqual([]);
  });

  it("covers every status and only known ones", () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const next of Object.values(ORDER_TRANSITIONS)) for (const to of Object.keys(next)) expect(isOrderStatus(to)).toBe(true);
    expect(isOrderStatus("lost")).toBe(false);
  });
});
