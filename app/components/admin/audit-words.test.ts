import { describe, expect, it } from "vitest";
import { adminTranslate } from "#tests/support/page-language";
import * as words from "./audit-words";

// The words as the admin area shows them: through the admin catalog (English).
const t = adminTranslate();
const auditValue = (value: unknown, field: string, money: words.MoneyFormat, max?: number) => words.auditValue(value, field, money, t, max);
const actionLabel = (action: string) => words.actionLabel(action, t);
const fieldLabel = (field: string) => words.fieldLabel(field, t);
const entityLabel = (entity: string) => words.entityLabel(entity, t);

const money = (n: number) => `$${n.toFixed(2)}`;

describe("auditValue", () => {
  it("shows a value as one short line a person reads", () => {
    expect(auditValue(null, "brand", money)).toBe("none");
    expect(auditValue("", "brand", money)).toBe("none");
    expect(auditValue(undefined, "brand", money)).toBe("none");
    expect(auditValue(12.5, "price", money)).toBe("$12.50");
    expect(auditValue(99, "freeShippingThreshold", money)).toBe("$99.00");
    expect(auditValue(15, "discount", money)).toBe("15%");
    expect(auditValue(0, "sortOrder", money)).toBe("1");
    expect(auditValue(1200, "stock", money)).toBe("1,200");
    expect(auditValue(false, "cashOnDelivery", money)).toBe("No");
    expect(auditValue(true, "hidden", money)).toBe("Yes");
    expect(auditValue(["catalog", "orders"], "permissions", money)).toBe("catalog, orders");
    expect(auditValue([], "permissions", money)).toBe("none");
    expect(auditValue(["/uploads/a.webp", "/uploads/b.webp"], "image", money)).toBe("2 pictures");
    expect(auditValue("/uploads/logo.png", "logo", money)).toBe("a picture");
    expect(auditValue([{ name: "Material", value: "Linen" }], "specifications", money)).toBe("Material: Linen");
    expect(auditValue({ id: "r1", amount: 12.5, method: "manual", providerRefundId: null, reason: "Damaged" }, "refund", money)).toBe(
      "amount $12.50, method manual, reason Damaged",
    );
    expect(auditValue("<p><strong>Soft</strong> linen,<br>washed</p>", "description", money)).toBe("Soft linen, washed");
    expect(auditValue("2 < 3 and 4 > 1", "note", money)).toBe("2 < 3 and 4 > 1");
    expect(auditValue("buy_x_get_y", "kind", money)).toBe("Buy X, get Y");
    expect(auditValue(25, "minSubtotal", money)).toBe("$25.00");
  });

  it("reads a stored moment as a date and time, not as its ISO text", () => {
    expect(auditValue("2026-12-05T18:29:33.535Z", "banExpires", money)).toBe("Dec 5, 2026, 6:29 PM UTC");
    expect(auditValue("2026-12-05", "note", money)).toBe("2026-12-05");
  });

  it("never shows JSON", () => {
    for (const value of [{ a: { b: 1 } }, [{ x: 1 }, { y: 2 }], [[1]]]) expect(auditValue(value, "whatever", money)).not.toMatch(/[{}[\]"]/);
  });

  it("cuts long values with an ellipsis", () => {
    const long = auditValue("word ".repeat(100), "description", money, 20);
    expect(long.length).toBeLessThanOrEqual(20);
    expect(long.endsWith("…")).toBe(true);
  });
});

describe("actionLabel", () => {
  it("says every action in words, and an unknown one from its parts", () => {
    expect(actionLabel("pixel.update")).toBe("Updated tracking pixel");
    expect(actionLabel("product.update")).toBe("Updated product");
    expect(actionLabel("user.role")).toBe("Changed role and permissions");
    expect(actionLabel("contact_message.reply")).toBe("Replied to message");
    expect(actionLabel("gift_card.disable")).toBe("Disabled gift card");
    expect(actionLabel("product.duplicate")).toBe("Product: duplicate");
    expect(actionLabel("contact_message.archive")).toBe("Contact message: archive");
  });
});

describe("labels", () => {
  it("names fields and entities in words", () => {
    expect(fieldLabel("shippingCost")).toBe("Shipping cost");
    expect(fieldLabel("sortOrder")).toBe("Position");
    expect(fieldLabel("returnWindowDays")).toBe("Return window days");
    expect(entityLabel("contact_message")).toBe("contact message");
  });
});
