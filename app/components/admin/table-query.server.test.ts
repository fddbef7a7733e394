import { describe, expect, it } from "vitest";
import { z } from "zod";
import { dateFilter, parseTableQuery } from "./table-query.server";
import { nextSort, pageCount, tableHref } from "./table-query";

const options = {
  sorts: ["name", "price", "updated"] as const,
  defaultSort: "-updated" as const,
  filters: { status: ["active", "draft", "archived"] as const, category: z.string().max(100), from: dateFilter },
  pageSize: 50,
};

describe("parseTableQuery", () => {
  it("reads search, sort, page and filters from the address", () => {
    const q = parseTableQuery(
      "http://shop/admin-dashboard/all-products?q=%20linen%20shirt%20&sort=-price&page=3&status=draft&category=shirts&from=2026-05-01",
      options,
    );
    expect(q).toMatchObject({ q: "linen shirt", sort: { key: "price", dir: "desc" }, page: 3, pageSize: 50, offset: 100, narrowed: true });
    expect(q.filters).toEqual({ status: "draft", category: "shirts", from: "2026-05-01" });
  });

  it("gives the defaults for a bare address: page 1, the default sort, nothing narrowed", () => {
    const q = parseTableQuery(new URL("http://shop/x"), options);
    expect(q).toMatchObject({ q: undefined, sort: { key: "updated", dir: "desc" }, defaultSort: "-updated", page: 1, offset: 0, narrowed: false });
    expect(q.filters).toEqual({ status: undefined, category: undefined, from: undefined });
  });

  it("never fails on a hand-edited address: bad values fall back instead", () => {
    const q = parseTableQuery("http://shop/x?page=-4&sort=password&status=deleted&from=yesterday&q=" + "x".repeat(500), options);
    expect(q.page).toBe(1);
    expect(q.sort).toEqual({ key: "updated", dir: "desc" });
    expect(q.filters.status).toBeUndefined();
    expect(q.filters.from).toBeUndefined();
    expect(q.q).toBeUndefined();
    expect(q.narrowed).toBe(false);
    for (const page of ["2.5", "abc", "1e9", ""]) expect(parseTableQuery(`http://shop/x?page=${page}`, options).page).toBe(1);
  });

  it("treats a blank search or filter as none (the GET form sends empty fields)", () => {
    const q = parseTableQuery("http://shop/x?q=+++&status=&category=", options);
    expect(q.q).toBeUndefined();
    expect(q.filters).toEqual({ status: undefined, category: undefined, from: undefined });
    expect(q.narrowed).toBe(false);
  });

  it("reads a page request's own URL", () => {
    expect(parseTableQuery(new Request("http://shop/x?sort=name"), options).sort).toEqual({ key: "name", dir: "asc" });
  });

  it("has no sort when the list has no default and the URL none", () => {
    expect(parseTableQuery("http://shop/x", { sorts: ["at"] }).sort).toBeUndefined();
  });
});

describe("tableHref", () => {
  const current = new URLSearchParams("status=draft&page=4&q=lamp");
  it("keeps the rest of the state, drops page 1, blanks and the default sort, and orders keys", () => {
    expect(tableHref("/a", current, { page: 5 })).toBe("/a?page=5&q=lamp&status=draft");
    expect(tableHref("/a", current, { page: 1, status: null, q: "" })).toBe("/a");
    expect(tableHref("/a", current, { sort: "-updated", page: null }, "-updated")).toBe("/a?q=lamp&status=draft");
  });
});

describe("nextSort", () => {
  it("sorts a new column in its first direction, then flips it", () => {
    expect(nextSort(undefined, "name")).toBe("name");
    expect(nextSort({ key: "price", dir: "asc" }, "name", "desc")).toBe("-name");
    expect(nextSort({ key: "name", dir: "asc" }, "name")).toBe("-name");
    expect(nextSort({ key: "name", dir: "desc" }, "name")).toBe("name");
  });
});

describe("pageCount", () => {
  it("is at least one page", () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
  });
});
