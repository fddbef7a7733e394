import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Stock has one owner (DESIGN.md, module boundaries): no code outside modules/inventory writes a
// product's or a variant's units. The demo seed and the migrations build tables and are exempt.
const serverDir = path.resolve(__dirname, "../..");

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [full] : [];
  });
}

/** Statements that update products or product_variants and set their stock. */
function stockWrites(text: string): string[] {
  const found: string[] = [];
  const re = /updateTable\(\s*"(products|product_variants)"[^;]*?\.set\([^;]*?\bstock\b/gs;
  for (const m of text.matchAll(re)) found.push(m[0].slice(0, 80));
  return found;
}

describe("the inventory", () => {
  it("is the only writer of stock", () => {
    const writers = sources(serverDir)
      .filter((f) => !f.includes(`${path.sep}db${path.sep}`))
      .filter((f) => stockWrites(fs.readFileSync(f, "utf8")).length > 0)
      .map((f) => path.relative(serverDir, f));
    expect(writers).toEqual([path.join("modules", "inventory", "inventory.repo.ts")]);
  });

  it("is found by the check (a write elsewhere would be seen)", () => {
    expect(stockWrites(`await trx.updateTable("product_variants").set((eb) => ({ stock: eb("stock", "-", 1) })).where("id", "=", id);`)).toHaveLength(1);
    expect(stockWrites(`await trx.updateTable("products").set({ price: 1 }).where("id", "=", id);`)).toHaveLength(0);
  });
});
