/** Products per listing or search results page. */
export const PAGE_SIZE = 24;

export const DEFAULT_SORT = "newest";

type ParamValue = string | number | null | undefined;

/**
 * Query parameters without blanks and defaults (page 1, newest first), so that equal filters give
 * equal, short, shareable URLs.
 */
export function cleanParams(entries: Iterable<[string, ParamValue]>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of entries) {
    if (value === null || value === undefined) continue;
    const text = String(value).trim();
    if (text === "") continue;
    if (key === "page" && text === "1") continue;
    if (key === "sort" && text === DEFAULT_SORT) continue;
    out.set(key, text);
  }
  out.sort();
  return out;
}

/** A URL for `pathname` with the current query changed by `changes` (null removes a parameter). */
export function withParams(pathname: string, current: URLSearchParams, changes: Record<string, ParamValue>): string {
  const merged = new Map<string, ParamValue>(current.entries());
  for (const [k, v] of Object.entries(changes)) merged.set(k, v);
  const qs = cleanParams(merged).toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/**
 * The page links to show: always the first and last, the current one with a neighbour on each
 * side, and "gap" where pages are left out. 1 … 4 5 6 … 12
 */
export function pageItems(current: number, total: number): Array<number | "gap"> {
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  const pages = new Set([1, total, current - 1, current, current + 1]);
  if (current <= 3) [2, 3, 4].forEach((p) => pages.add(p));
  if (current >= total - 2) [total - 3, total - 2, total - 1].forEach((p) => pages.add(p));
  const sorted = [...pages].filter((p) => p >= 1 && p <= total).sort((a, b) => a - b);
  const items: Array<number | "gap"> = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    // A gap of one page shows that page instead: "…" should save space, not hide a single link.
    if (i > 0 && p - prev === 2) items.push(prev + 1);
    else if (i > 0 && p - prev > 2) items.push("gap");
    items.push(p);
  });
  return items;
}

/** "Showing 25–48 of 57 products" figures for a page. */
export function rangeOf(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * pageSize + 1, total);
  return { from, to: Math.min(page * pageSize, total) };
}

/** A page number from the query string: a whole number from 1, else 1. */
export function pageParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}
