import { describe, expect, it } from "vitest";
import type { Category } from "#modules/catalog";
import { parseListing } from "./listing-query.server";

const categories: Category[] = [
  {
    _id: "c1",
    name: "Men's Fashion",
    slug: "mens-fashion",
    image: null,
    order: 0,
    productCount: 3,
    subCategories: [{ _id: "s1", name: "T-Shirts", slug: "mens-fashion-t-shirts", image: null, order: 0 }],
  },
  {
    _id: "c2",
    name: "Women's Fashion",
    slug: "womens-fashion",
    image: null,
    order: 1,
    productCount: 2,
    subCategories: [{ _id: "s2", name: "Dresses", slug: "dresses", image: null, order: 0 }],
  },
];

const parse = (category: string | undefined, qs: string) => parseListing(category, new URLSearchParams(qs), categories);

describe("parseListing", () => {
  it("reads filters, sort and page, 24 to a page", () => {
    const r = parse("mens-fashion", "minPrice=10&maxPrice=20.5&sort=price-asc&page=2");
    expect(r.errors).toEqual([]);
    expect(r.query).toMatchObject({ category: "mens-fashion", minPrice: 10, maxPrice: 20.5, sort: "price-asc", page: 2, pageSize: 24 });
  });

  it("accepts category and sub-category by name or slug, in any case", () => {
    const r = parse("MEN'S FASHION", "subCategory=t-shirts");
    expect(r.category?._id).toBe("c1");
    expect(r.subCategory?._id).toBe("s1");
    expect(r.query).toMatchObject({ category: "mens-fashion", subCategory: "mens-fashion-t-shirts" });
    expect(parse("mens-fashion", "subCategory=MENS-FASHION-T-SHIRTS").subCategory?._id).toBe("s1");
  });

  it("finds the parent of a sub-category given without a category", () => {
    const r = parse(undefined, "subCategory=Dresses");
    expect(r.category?._id).toBe("c2");
    expect(r.query.category).toBe("womens-fashion");
  });

  it("leaves the category unresolved when it does not exist", () => {
    expect(parse("no-such-thing", "").category).toBeNull();
  });

  it("reports a sub-category of another category and ignores it", () => {
    const r = parse("mens-fashion", "subCategory=dresses");
    expect(r.subCategory).toBeNull();
    expect(r.query.subCategory).toBeUndefined();
    expect(r.errors[0]).toMatch(/no sub-category “dresses” in Men's Fashion/);
    expect(r.invalid).toEqual(["subCategory"]);
  });

  it("rejects a minimum above the maximum with a message and drops both bounds", () => {
    const r = parse("mens-fashion", "minPrice=50&maxPrice=10&sort=price-desc");
    expect(r.errors).toEqual(["The minimum price must not be higher than the maximum price."]);
    expect(r.invalid.sort()).toEqual(["maxPrice", "minPrice"]);
    expect(r.query.minPrice).toBeUndefined();
    expect(r.query.maxPrice).toBeUndefined();
    expect(r.query.sort).toBe("price-desc");
  });

  it("rejects negative or non-numeric prices but keeps the valid filters", () => {
    const r = parse(undefined, "minPrice=-5&maxPrice=abc&sort=price-asc");
    expect(r.errors).toHaveLength(2);
    expect(r.errors[0]).toMatch(/minimum price “-5” is not valid/);
    expect(r.errors[1]).toMatch(/maximum price “abc” is not valid/);
    expect(r.query.sort).toBe("price-asc");
    expect(r.query.minPrice).toBeUndefined();
    expect(r.query.maxPrice).toBeUndefined();
  });

  it("rejects prices above the highest a filter accepts with a message, keeping the other bound", () => {
    const r = parse(undefined, "minPrice=10&maxPrice=99999999999");
    expect(r.query.minPrice).toBe(10);
    expect(r.query.maxPrice).toBeUndefined();
    expect(r.errors).toEqual(["The maximum price “99999999999” is not valid: enter an amount from 0 to 10,000,000."]);
    expect(parse(undefined, "minPrice=1e308").invalid).toEqual(["minPrice"]);
  });

  it("falls back to page 1 and newest first for an unknown page or sort", () => {
    const r = parse(undefined, "page=0&sort=cheapest");
    expect(r.errors).toHaveLength(2);
    expect(r.query).toMatchObject({ page: 1, sort: "newest" });
  });

  it("ignores blank parameters, as a form without JavaScript sends them", () => {
    const r = parse(undefined, "minPrice=&maxPrice=&subCategory=&sort=newest");
    expect(r.errors).toEqual([]);
    expect(r.invalid).toEqual([]);
    expect([r.query.minPrice, r.query.maxPrice, r.query.subCategory]).toEqual([undefined, undefined, undefined]);
  });
});
