import { describe, expect, it } from "vitest";
import { cleanParams, pageItems, pageParam, rangeOf, withParams } from "./listing-url";

describe("listing URLs", () => {
  it("leaves out blanks and defaults so equal filters share one URL", () => {
    const qs = cleanParams([
      ["minPrice", ""],
      ["sort", "newest"],
      ["page", "1"],
      ["maxPrice", " 20 "],
      ["subCategory", "T-Shirts"],
    ]);
    expect(qs.toString()).toBe("maxPrice=20&subCategory=T-Shirts");
  });

  it("changes one parameter and keeps the others", () => {
    const current = new URLSearchParams("minPrice=5&page=3&sort=price-asc");
    expect(withParams("/product-category/men", current, { page: 4 })).toBe("/product-category/men?minPrice=5&page=4&sort=price-asc");
    expect(withParams("/product-category/men", current, { page: null, minPrice: null, sort: null })).toBe("/product-category/men");
  });
});

describe("pagination", () => {
  it("lists every page when there are few", () => {
    expect(pageItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("keeps the first, last and the current page's neighbours, with gaps between", () => {
    expect(pageItems(6, 12)).toEqual([1, "gap", 5, 6, 7, "gap", 12]);
    expect(pageItems(1, 12)).toEqual([1, 2, 3, 4, "gap", 12]);
    expect(pageItems(12, 12)).toEqual([1, "gap", 9, 10, 11, 12]);
  });

  it("shows a single left-out page instead of a gap", () => {
    expect(pageItems(4, 12)).toEqual([1, 2, 3, 4, 5, "gap", 12]);
  });

  it("counts the products shown on a page", () => {
    expect(rangeOf(2, 24, 57)).toEqual({ from: 25, to: 48 });
    expect(rangeOf(3, 24, 57)).toEqual({ from: 49, to: 57 });
    expect(rangeOf(1, 24, 0)).toEqual({ from: 0, to: 0 });
  });

  it("reads a page number, falling back to the first page", () => {
    expect(pageParam("3")).toBe(3);
    expect(pageParam(null)).toBe(1);
    expect(pageParam("-2")).toBe(1);
    expect(pageParam("2.5")).toBe(1);
    expect(pageParam("abc")).toBe(1);
  });
});
