import { describe, expect, it } from "vitest";
import { SLUG_PATTERN } from "#common/catalog/catalog.admin.schema";
import { slugFromName } from "./slug";

describe("slugFromName", () => {
  const names = [
    "Linen Shirt",
    "Crème Brûlée Candle",
    "Salt & Pepper Mill",
    "Kids’ Rain Boots",
    "  --Spaced   out--  ",
    'Über 4K Monitor 27"',
    "a".repeat(79) + " b",
    "日本語",
  ];

  it("never ends an address in a dash, even where a long name is cut", () => {
    expect(slugFromName("a".repeat(79) + " b")).toBe("a".repeat(79));
  });

  it("makes addresses the product schema accepts (or nothing, for a name without letters it knows)", () => {
    for (const name of names) {
      const slug = slugFromName(name);
      if (slug) expect(slug, name).toMatch(SLUG_PATTERN);
    }
  });
});
