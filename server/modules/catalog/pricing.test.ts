import { describe, expect, it } from "vitest";
import { discountedPrice, listedPrice, variantPrice } from "./pricing";
import { toMajor, toMinor } from "#common/money";

describe("price rules", () => {
  it("takes the discount percent off the price, rounded to the cent", () => {
    expect(discountedPrice(10000, 20)).toBe(8000);
    expect(discountedPrice(999, 15)).toBe(849); // 149.85 rounds to 150 off
  });

  it("treats a missing discount as none", () => {
    expect(discountedPrice(2500, undefined)).toBe(2500);
    expect(discountedPrice(2500, null)).toBe(2500);
    expect(discountedPrice(2500, 0)).toBe(2500);
  });

  it("adds a variant's additional price before the discount", () => {
    expect(variantPrice(10000, 500, 10)).toEqual({ price: 10500, finalPrice: 9450 });
    // The same rule prices a cart line (cart.repo priceLine) and an order line.
    expect(variantPrice(999, 0, 15)).toEqual({ price: 999, finalPrice: 849 });
    expect(variantPrice(999, 0, null)).toEqual({ price: 999, finalPrice: 999 });
  });

  it("converts between minor units and the JSON contract's major unit", () => {
    expect(toMajor(1250)).toBe(12.5);
    expect(toMinor(12.5)).toBe(1250);
    expect(toMinor(0.1 + 0.2)).toBe(30);
  });

  describe("listed price", () => {
    const v = (additional_price: number, stock: number) => ({ additional_price, stock });

    it("lists a product without variants at its discounted price", () => {
      expect(listedPrice({ price: 2000, discount: 10, stock: 3 }, [])).toEqual({
        price: 2000,
        finalPrice: 1800,
        varies: false,
        inStock: true,
        variantIndex: null,
      });
      expect(listedPrice({ price: 2000, discount: 0, stock: 0 }, []).inStock).toBe(false);
    });

    it("lists the cheapest variant one can buy, not the base price nobody pays", () => {
      // Aero Pro: no variant at the base price; the cheapest one is sold out.
      const listed = listedPrice({ price: 95999, discount: 0, stock: 5 }, [v(0, 0), v(10000, 5), v(20000, 3)]);
      expect(listed).toEqual({ price: 105999, finalPrice: 105999, varies: true, inStock: true, variantIndex: 1 });
    });

    it("says From only when the buyable variants cost different amounts", () => {
      expect(listedPrice({ price: 1000, discount: 0, stock: 2 }, [v(0, 1), v(0, 1)]).varies).toBe(false);
      expect(listedPrice({ price: 1000, discount: 0, stock: 2 }, [v(0, 1), v(500, 0)]).varies).toBe(false);
      expect(listedPrice({ price: 1000, discount: 0, stock: 2 }, [v(0, 1), v(500, 1)]).varies).toBe(true);
    });

    it("lists a sold-out product at its lowest variant price, not in stock", () => {
      const listed = listedPrice({ price: 1000, discount: 20, stock: 0 }, [v(300, 0), v(100, 0)]);
      expect(listed).toEqual({ price: 1100, finalPrice: 880, varies: true, inStock: false, variantIndex: 1 });
    });

    it("applies the discount to the variant's price and keeps the first variant on a tie", () => {
      expect(listedPrice({ price: 1999, discount: 15, stock: 4 }, [v(200, 2), v(0, 0), v(200, 2)])).toMatchObject({
        price: 2199,
        finalPrice: 1869,
        variantIndex: 0,
      });
    });
  });
});
