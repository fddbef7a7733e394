/**
 * The URL state of an admin list (DataTable): search, sort, page and filters, as the loader parsed
 * it (table-query.server.ts parseTableQuery) and the table renders it. Client-safe: no server code.
 */

/** A sort as the URL writes it: `name` is ascending, `-name` descending. */
export interface TableSort {
  key: string;
  dir: "asc" | "desc";
}

/** What `parseTableQuery` hands the loader and (serialised in its data) the DataTable. */
export interface TableQuery {
  /** The search box's text, trimmed; undefined when empty. */
  q?: string;
  /** The sort in force (the default one when the URL names none or an unknown one). */
  sort?: TableSort;
  /** The sort when the URL names none: hrefs leave it out so equal states give equal URLs. */
  defaultSort?: string;
  /** 1-based. */
  page: number;
  pageSize: number;
  /** `(page - 1) * pageSize`, for the query's OFFSET. */
  offset: number;
  /** Every filter of the table with its value from the URL (invalid or missing: undefined). */
  filters: Record<string, string | undefined>;
  /** Whether a search or a filter narrows the list (the empty state then offers "Clear filters"). */
  narrowed: boolean;
}

/** The URL writing of a sort (`-price` for price, descending). */
export function sortParam(sort: TableSort): string {
  return sort.dir === "desc" ? `-${sort.key}` : sort.key;
}

/** Reads `name` or `-name`; undefined for anything else. */
export function readSort(value: string | null | undefined): TableSort | undefined {
  if (!value) return undefined;
  const desc = value.startsWith("-");
  const key = desc ? value.slice(1) : value;
  return /^[a-zA-Z][\w.]*$/.test(key) ? { key, dir: desc ? "desc" : "asc" } : undefined;
}

type ParamValue = string | number | null | undefined;

/**
 * The address of the list at `pathname` with the current query changed by `changes` (null or ""
 * removes a key). Page 1 and the default sort are left out, so a state has one short URL.
 */
export function tableHref(pathname: string, current: URLSearchParams, changes: Record<string, ParamValue>, defaultSort?: string): string {
  const merged = new Map<string, string>();
  for (const [k, v] of current) merged.set(k, v);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === undefined || String(v).trim() === "") merged.delete(k);
    else merged.set(k, String(v));
  }
  if (merged.get("page") === "1") merged.delete("page");
  if (defaultSort && merged.get("sort") === defaultSort) merged.delete("sort");
  const qs = new URLSearchParams([...merged].sort(([a], [b]) => a.localeCompare(b))).toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/** The next sort when a column header is pressed: its default direction first, then the other. */
export function nextSort(current: TableSort | undefined, key: string, firstDir: "asc" | "desc" = "asc"): string {
  if (current?.key === key) return sortParam({ key, dir: current.dir === "asc" ? "desc" : "asc" });
  return sortParam({ key, dir: firstDir });
}

/** How many pages `total` rows fill (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
