import { afterEach, describe, expect, it, vi } from "vitest";
import { SEARCH_FAILED, fetchSearchProducts, initialSearchState, searchReducer } from "./use-product-search";

const product = { _id: "p1", name: "Tee", slug: "tee" } as never;

describe("search state", () => {
  it("pending sets loading; fulfilled stores results and the term as lastSearched", () => {
    let s = searchReducer({ ...initialSearchState, searchTerm: "tee" }, { type: "pending" });
    expect(s.isLoading).toBe(true);
    s = searchReducer(s, { type: "fulfilled", term: "tee", products: [product] });
    expect(s).toMatchObject({ isLoading: false, searchProducts: [product], lastSearched: "tee", isError: false });
  });

  it("rejected stores the error and empties the results", () => {
    const s = searchReducer({ ...initialSearchState, searchProducts: [product], isLoading: true }, { type: "rejected", error: SEARCH_FAILED });
    expect(s).toMatchObject({ isLoading: false, isError: true, error: SEARCH_FAILED, searchProducts: [] });
  });

  it("clearing resets all search state", () => {
    const s = searchReducer({ ...initialSearchState, searchTerm: "x", lastSearched: "x", searchProducts: [product] }, { type: "clear" });
    expect(s).toEqual(initialSearchState);
  });
});

describe("fetchSearchProducts", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends the trimmed, URL-encoded term with limit 10", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, message: "1 products found", data: { products: [product] } })));
    vi.stubGlobal("fetch", fetchMock);
    await expect(fetchSearchProducts("  red & blue ")).resolves.toEqual([product]);
    expect(fetchMock).toHaveBeenCalledWith("/api/products/search/ser?q=red%20%26%20blue&limit=10", expect.anything());
  });

  it("makes no call for a blank term", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    await expect(fetchSearchProducts("   ")).resolves.toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("fails with 'Failed to search products' when the answer is not flagged successful or the call fails", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ success: false, message: "boom" }))),
    );
    await expect(fetchSearchProducts("tee")).rejects.toThrow(SEARCH_FAILED);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("offline"))),
    );
    await expect(fetchSearchProducts("tee")).rejects.toThrow(SEARCH_FAILED);
  });
});
