import { describe, expect, it } from "vitest";
import type { Market } from "#common/currency";
import { cardInMarket, listedInMarket } from "./catalog.market";
import type { ProductCard } from "./catalog.types";

const eur: Market = { currency: "EUR", rate: 0.92, rounding: "0.99", base: false, cashOnDelivery: true };
const card = { _id: "p1", price: 24, discount: 10, finalPrice: 21.6, selectedAditionalPrice: 0, shippingCost: 5 } as ProductCard;

describe("a product's price in a shopper's currency", () => {
  it("is the same on its card and in a wishlist (listed price, discount after the rounding)", () => {
    const shown = cardInMarket(card, undefined, eur);
    // $24 × 0.92 = €22.08 → €22.99, less 10 % (€2.30) = €20.69; shipping to the cent.
    expect([shown.price, shown.finalPrice, shown.shippingCost]).toEqual([22.99, 20.69, 4.6]);
    expect(listedInMarket({ price: 24, discount: 10 }, undefined, eur)).toEqual({ price: 22.99, finalPrice: 20.69 });
  });

  it("takes the price list's price where the product has one", () => {
    expect(cardInMarket(card, 1990, eur).finalPrice).toBe(17.91);
    expect(listedInMarket({ price: 24, discount: 10 }, 1990, eur)).toEqual({ price: 19.9, finalPrice: 17.91 });
  });
});
