import { describe, expect, it } from "vitest";
import { computeTotals, payWithGiftCards, quantityCapProblem, stockProblem } from "./cart.pricing";
import { cartRowsOf, priceCart } from "./cart.repo";
import { lineLabel } from "#common/catalog/line-label";
import { taxSettingsSchema } from "#common/tax/tax.schema";
import type { Purchasable } from "#modules/catalog";

const settings = {
  currency: "USD",
  freeShippingThreshold: 0,
  shippingZones: [
    { id: "inside-city", name: "Inside the city", rate: 5, country: "US", regions: ["OR"], cities: ["Portland"] },
    { id: "outside-city", name: "Outside the city", rate: 12, country: "US", regions: [], cities: [] },
  ],
};

describe("computeTotals", () => {
  const lines = [
    { price: 4500, finalPrice: 4050, shippingCost: 200, quantity: 2 },
    { price: 1000, finalPrice: 1000, shippingCost: 0, quantity: 1 },
  ];

  it("sums subtotal, discount, zone rate plus per-product shipping, and the total", () => {
    const t = computeTotals(lines, settings, "inside-city");
    expect(t.itemCount).toBe(3);
    expect(t.subtotal).toBe(10000);
    expect(t.discount).toBe(900);
    expect(t.shipping).toBe(500 + 400);
    expect(t.total).toBe(10000 - 900 + 900);
    expect(t.shippingMethod).toEqual({ id: "inside-city", name: "Inside the city" });
    expect(t.freeShipping).toBe(false);
  });

  it("gives the items' subtotal as the lines add up at their discounted prices, and the total from it", () => {
    const t = computeTotals(lines, settings, "inside-city");
    expect(t.itemsSubtotal).toBe(4050 * 2 + 1000);
    expect(t.itemsSubtotal).toBe(t.subtotal - t.discount);
    expect(t.total).toBe(t.itemsSubtotal + t.shipping);
  });

  it("uses the chosen zone; without one (or for an unknown id) shipping goes from the cheapest to the dearest zone", () => {
    expect(computeTotals(lines, settings, "outside-city")).toMatchObject({
      shipping: 1200 + 400,
      shippingMax: 1200 + 400,
      shippingMethod: { id: "outside-city" },
    });
    for (const method of [undefined, "moon"]) {
      const t = computeTotals(lines, settings, method);
      expect(t).toMatchObject({ shipping: 500 + 400, shippingMax: 1200 + 400, total: 10000 - 900 + 900, shippingMethod: null });
    }
  });

  it("ships free once subtotal − discount reaches the threshold, and says how much is missing below it", () => {
    const at = computeTotals(lines, { ...settings, freeShippingThreshold: 91 });
    expect(at.shippingMax).toBe(0);
    expect(at.shipping).toBe(0);
    expect(at.freeShipping).toBe(true);
    expect(at.total).toBe(9100);
    expect(at.amountToFreeShipping).toBe(0);
    const below = computeTotals(lines, { ...settings, freeShippingThreshold: 91.01 });
    expect(below.shipping).toBe(900);
    expect(below.amountToFreeShipping).toBe(1);
  });

  it("offers no free shipping when the threshold is 0, and charges nothing for an empty cart", () => {
    expect(computeTotals(lines, settings).amountToFreeShipping).toBe(0);
    const empty = computeTotals([], { ...settings, freeShippingThreshold: 50 });
    expect(empty).toMatchObject({ itemCount: 0, subtotal: 0, shipping: 0, total: 0, amountToFreeShipping: 5000, freeShipping: false });
  });
});

describe("the tax in the totals", () => {
  const taxed = {
    ...settings,
    country: "US",
    taxes: taxSettingsSchema.parse({
      region: "NY",
      regions: [{ country: "US", region: "NY", name: "Sales tax", rates: { standard: 8.875, reduced: 4 } }],
    }),
  };
  const classed = [
    { price: 4500, finalPrice: 4050, shippingCost: 200, quantity: 2, key: "shirt", taxClass: null },
    { price: 1000, finalPrice: 1000, shippingCost: 0, quantity: 1, key: "book", taxClass: "reduced" },
  ];

  it("taxes each line at its class's rate for the address, adds it to the total where prices exclude it, and names it per rate", () => {
    const t = computeTotals(classed, taxed, "inside-city", { address: { country: "US", region: "NY" } });
    // 8.875 % of 81.00 = 7.19; 4 % of 10.00 = 0.40
    expect(t.tax.taxLines.map((l) => [l.label, l.base, l.amount])).toEqual([
      ["Sales tax 8.875%", 8100, 719],
      ["Sales tax 4%", 1000, 40],
    ]);
    expect(t.tax.lines.map((l) => [l.key, l.taxClass, l.amount])).toEqual([
      ["shirt", "standard", 719],
      ["book", "reduced", 40],
    ]);
    expect(t).toMatchObject({ taxTotal: 759, pricesIncludeTax: false, total: 9100 + 900 + 759 });
  });

  it("is the shop's own region's before an address is known, none for an address no region covers, and none unless asked", () => {
    expect(computeTotals(classed, taxed, "inside-city", { address: null }).taxTotal).toBe(759);
    expect(computeTotals(classed, taxed, "inside-city", { address: { country: "US", region: "OR" } })).toMatchObject({ taxTotal: 0, total: 10000 });
    expect(computeTotals(classed, taxed, "inside-city")).toMatchObject({ taxTotal: 0, total: 10000 });
  });

  it("reads a cart line's class from the catalogue's entry", () => {
    const item: Purchasable & { taxClass: string } = {
      productId: "p1",
      variantId: "",
      name: "Cookbook",
      slug: "cookbook",
      price: 2000,
      discount: 0,
      shippingCost: 0,
      status: "active",
      sku: null,
      productStock: 5,
      categoryName: "Books",
      categorySlugs: ["books"],
      image: null,
      variant: null,
      taxClass: "reduced",
    };
    const rows = cartRowsOf([{ id: "l1", cart_id: "c1", product_id: "p1", variant_id: "", quantity: 1 }], [item]);
    const cart = priceCart(rows, taxed, "inside-city", { address: { country: "US", region: "NY" } });
    expect(cart.view.taxLines).toEqual([{ label: "Sales tax 4%", name: "Sales tax", reverseCharge: false, rate: 4, base: 20, amount: 0.8 }]);
    expect(cart.view.totals).toMatchObject({ taxTotal: 0.8, total: 25.8, pricesIncludeTax: false });
  });
});

describe("messages", () => {
  it("names the line with its colour and size", () => {
    expect(lineLabel("Linen Shirt", "Blue", "M")).toBe("Linen Shirt (Blue, M)");
    expect(lineLabel("Mug", null, null)).toBe("Mug");
  });
  it("says sold out or how many are left", () => {
    expect(stockProblem("Mug", 1, 0)).toBe("Mug is sold out");
    expect(stockProblem("Mug", 3, 2)).toBe("Only 2 left of Mug");
    expect(stockProblem("Mug", 2, 2)).toBeNull();
  });
});

describe("quantityCapProblem", () => {
  it("names the product when a quantity is over the shop's per-order cap, and nothing when within it or without a cap", () => {
    expect(quantityCapProblem("Mug", 11, 10)).toBe("You can order at most 10 of Mug in one order");
    expect(quantityCapProblem("Mug", 10, 10)).toBeNull();
    expect(quantityCapProblem("Mug", 500, undefined)).toBeNull();
  });
});

describe("payWithGiftCards", () => {
  const card = (id: string, balance: number) => ({ id, last4: id.toUpperCase(), currency: "USD", balance, refusal: null });
  it("pays in the order applied, each at most its balance and what is left", () => {
    expect(payWithGiftCards(3000, [card("a", 1000), card("b", 5000)])).toMatchObject({ paid: 3000, due: 0, shares: [{ amount: 1000 }, { amount: 2000 }] });
  });
  it("leaves the gift cards an order buys for another payment: cards do not buy cards", () => {
    expect(payWithGiftCards(3000, [card("a", 5000)], 1000)).toMatchObject({ paid: 2000, due: 1000, shares: [{ amount: 2000 }] });
    expect(payWithGiftCards(1000, [card("a", 5000)], 1000)).toMatchObject({ paid: 0, due: 1000, shares: [{ amount: 0 }] });
  });
});
