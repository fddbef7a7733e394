import { describe, expect, it } from "vitest";
import { actionLabel, auditValue } from "./audit-history";

describe("auditValue", () => {
  it("shows a value as one short line a person reads", () => {
    expect(auditValue(null)).toBe("—");
    expect(auditValue("")).toBe("—");
    expect(auditValue(undefined)).toBe("—");
    expect(auditValue(12.5)).toBe("12.5");
    expect(auditValue(false)).toBe("false");
    expect(auditValue(["catalog", "orders"])).toBe("catalog, orders");
    expect(auditValue([])).toBe("none");
    expect(auditValue({ name: "Red", hex: "#f00" })).toBe('{"name":"Red","hex":"#f00"}');
    expect(auditValue("<p><strong>Soft</strong> linen,<br>washed</p>")).toBe("Soft linen, washed");
    expect(auditValue("2 < 3 and 4 > 1")).toBe("2 < 3 and 4 > 1");
  });

  it("cuts long values with an ellipsis", () => {
    const long = auditValue("x".repeat(500), 20);
    expect(long).toHaveLength(20);
    expect(long.endsWith("…")).toBe(true);
  });
});

describe("actionLabel", () => {
  it("names known verbs and shows unknown actions as written", () => {
    expect(actionLabel("product.update")).toBe("Updated");
    expect(actionLabel("user.role")).toBe("Role changed");
    expect(actionLabel("order.refund")).toBe("order.refund");
  });
});
