import { useCallback, useEffect, useReducer, useRef } from "react";
import type { ProductCard } from "#modules/catalog";
import { DEFAULT_LANGUAGE, languageOfPath } from "#common/i18n/languages";

export const SEARCH_LIMIT = 10;
export const SEARCH_FAILED = "Failed to search products";
export const NO_PRODUCTS = "No products found";

/** The search state of spec section 3, driven by the transitions of section 4. */
export interface SearchState {
  searchProducts: ProductCard[];
  isLoading: boolean;
  isError: boolean;
  error: string | null;
  searchTerm: string;
  lastSearched: string;
}

export const initialSearchState: SearchState = {
  searchProducts: [],
  isLoading: false,
  isError: false,
  error: null,
  searchTerm: "",
  lastSearched: "",
};

export type SearchAction =
  | { type: "term"; term: string }
  | { type: "pending" }
  | { type: "fulfilled"; term: string; products: ProductCard[] }
  | { type: "rejected"; error: string }
  | { type: "clearResults" }
  | { type: "clear" };

export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case "term":
      return { ...state, searchTerm: action.term };
    case "pending":
      return { ...state, isLoading: true, isError: false, error: null };
    case "fulfilled":
      return { ...state, isLoading: false, searchProducts: action.products, lastSearched: action.term };
    case "rejected":
      return { ...state, isLoading: false, isError: true, error: action.error, searchProducts: [] };
    case "clearResults":
      return { ...initialSearchState, searchTerm: state.searchTerm };
    case "clear":
      return initialSearchState;
  }
}

/**
 * Calls the search API for a trimmed, non-blank term, its prices in `currency` when given (the one
 * the page shows, when it is not the shop's own); throws with the spec's failure message.
 */
export async function fetchSearchProducts(term: string, signal?: AbortSignal, currency?: string): Promise<ProductCard[]> {
  const q = term.trim();
  if (!q) return [];
  let body: { success?: boolean; data?: { products?: ProductCard[] } } | undefined;
  // Products are found and named in the page's language.
  const language = typeof window === "undefined" ? DEFAULT_LANGUAGE : languageOfPath(window.location.pathname);
  const lang = language === DEFAULT_LANGUAGE ? "" : `&lang=${language}`;
  try {
    const inCurrency = currency ? `&currency=${encodeURIComponent(currency)}` : "";
    const res = await fetch(`/api/products/search/ser?q=${encodeURIComponent(q)}&limit=${SEARCH_LIMIT}${lang}${inCurrency}`, {
      credentials: "include",
      headers: { Accept: "application/json" },
      signal,
    });
    body = await res.json();
  } catch {
    throw new Error(SEARCH_FAILED);
  }
  if (!body?.success) throw new Error(SEARCH_FAILED);
  return body.data?.products ?? [];
}

/**
 * Search-as-you-type: debounces the term, skips a search while one is loading or when the trimmed
 * term equals the last searched one, and clears the results (without a request) for a blank term.
 */
export function useProductSearch({ debounceMs = 250, currency }: { debounceMs?: number; currency?: string } = {}) {
  const [state, dispatch] = useReducer(searchReducer, initialSearchState);
  // The term whose request failed: not retried by itself until the term changes.
  const failedTerm = useRef<string | null>(null);
  const term = state.searchTerm.trim();

  useEffect(() => {
    if (!term) {
      failedTerm.current = null;
      if (state.lastSearched || state.searchProducts.length || state.isError) dispatch({ type: "clearResults" });
      return;
    }
    if (state.isLoading || term === state.lastSearched || term === failedTerm.current) return;
    const timer = setTimeout(() => {
      dispatch({ type: "pending" });
      fetchSearchProducts(term, undefined, currency).then(
        (products) => {
          failedTerm.current = null;
          dispatch({ type: "fulfilled", term, products });
        },
        (err: unknown) => {
          failedTerm.current = term;
          dispatch({ type: "rejected", error: err instanceof Error && err.message ? err.message : SEARCH_FAILED });
        },
      );
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [term, state.isLoading, state.lastSearched, state.searchProducts.length, state.isError, debounceMs, currency]);

  const setSearchTerm = useCallback((value: string) => dispatch({ type: "term", term: value }), []);
  const clear = useCallback(() => {
    failedTerm.current = null;
    dispatch({ type: "clear" });
  }, []);

  return {
    ...state,
    /** True once the visible results belong to the term now typed (not an older one). */
    isSettled: !state.isLoading && term !== "" && (term === state.lastSearched || term === failedTerm.current),
    setSearchTerm,
    clear,
  };
}
