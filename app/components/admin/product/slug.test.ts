import { describe, expect, it } from "vitest";
import { slugify } from "../../../../server/lib/ids";
import { SLUG_PATTERN } from "../../../../server/modules/catalog/catalog.admin.schema";
import { slugFromName } from "./slug";

describe("slugFromName", () => {
  const names = [
    "Linen Shirt",
    "Crème Brûlée Candle",
    "Salt & Pepper Mill",
    "Kids’ Rain Boots",
    "  --Spaced   out--  ",
    "Über 4K Monitor 27\"",
    "a".repeat(79) + " b",
    "日本語",
  ];

  it("previews the address the server makes of a name", () => {
    for (const name of names) expect(slugFromName(name), name).toBe(slugify(name).replace(/-+$/, ""));
  });

  it("makes addresses the product schema accepts (or nothing, for a name without letters it knows)", () => {
    for (const name of names) {
      const slug = slugFromName(name);
      if (slug) expect(slug, name).toMatch(SLUG_PATTERN);
    }
  });
});
