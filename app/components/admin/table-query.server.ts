import { z } from "zod";
import { type TableQuery, type TableSort, readSort, sortParam } from "./table-query";

/** A filter's allowed values: a list (a select's options) or a zod schema for free values (a date, an id). */
export type FilterSpec = readonly string[] | z.ZodType<string>;

export interface TableQueryOptions<S extends string, F extends Record<string, FilterSpec>> {
  /** The column keys the list may be sorted by; the URL's `sort` is one of them, `-` first for descending. */
  sorts: readonly S[];
  /** The sort when the URL gives none (or an unknown one), e.g. "-updated". */
  defaultSort?: S | `-${S}`;
  /** The filters and what each accepts; a value outside it is ignored (the list is shown unfiltered by it). */
  filters?: F;
  /** Rows per page (default 50). */
  pageSize?: number;
}

export type ParsedTableQuery<S extends string, F extends Record<string, FilterSpec>> = TableQuery & {
  sort?: TableSort & { key: S };
  filters: { [K in keyof F]?: string };
};

const MAX_PAGE = 100_000;
const pageSchema = z.coerce.number().int().min(1).max(MAX_PAGE).catch(1);
const searchSchema = z
  .string()
  .trim()
  .max(200)
  .transform((v) => v || undefined)
  .optional()
  .catch(undefined);

/**
 * The URL state of an admin list (search `q`, `sort`, `page` and the filters), parsed with zod the
 * same way for every list. Bad values never fail the page: an unknown sort falls back to the
 * default, a bad page to 1, a filter value outside its list is dropped. Loaders pass the result to
 * their service (`q`, `sort`, `filters`, `offset`, `pageSize`) and return it for the DataTable.
 */
export function parseTableQuery<S extends string, F extends Record<string, FilterSpec> = Record<never, FilterSpec>>(
  input: URL | Request | string,
  options: TableQueryOptions<S, F>,
): ParsedTableQuery<S, F> {
  const url = input instanceof URL ? input : new URL(typeof input === "string" ? input : input.url, "http://local");
  const params = url.searchParams;
  const pageSize = options.pageSize ?? 50;
  const page = pageSchema.parse(params.get("page") ?? undefined);
  const q = searchSchema.parse(params.get("q") ?? undefined);

  const wanted = readSort(params.get("sort"));
  const fallback = options.defaultSort ? readSort(options.defaultSort) : undefined;
  const sort = (wanted && (options.sorts as readonly string[]).includes(wanted.key) ? wanted : fallback) as (TableSort & { key: S }) | undefined;

  const filters: Record<string, string | undefined> = {};
  for (const [key, spec] of Object.entries(options.filters ?? {}) as Array<[string, FilterSpec]>) {
    const raw = params.get(key)?.trim() || undefined;
    filters[key] = raw === undefined ? undefined : isList(spec) ? (spec.includes(raw) ? raw : undefined) : accept(spec, raw);
  }

  return {
    q,
    sort,
    defaultSort: fallback ? sortParam(fallback) : undefined,
    page,
    pageSize,
    offset: (page - 1) * pageSize,
    filters: filters as { [K in keyof F]?: string },
    narrowed: Boolean(q) || Object.values(filters).some((v) => v !== undefined),
  };
}

function isList(spec: FilterSpec): spec is readonly string[] {
  return Array.isArray(spec);
}

function accept(schema: z.ZodType<string>, raw: string): string | undefined {
  const result = schema.safeParse(raw);
  return result.success ? result.data : undefined;
}

/** A filter for a calendar date typed in a date input (YYYY-MM-DD). */
export const dateFilter: z.ZodType<string> = z.iso.date();
