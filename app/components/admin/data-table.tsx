import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { useT } from "~/lib/i18n";
import { ConfirmButton, type ConfirmOptions } from "./dialog";
import { type TableQuery, nextSort, pageCount, sortParam, tableHref } from "./table-query";
import { EmptyState, buttonClass } from "./ui";

/** One column of a DataTable. */
export interface Column<Row> {
  /** Unique in the table; also the URL's sort key when the column is sortable (`sort=price`, `sort=-price`). */
  key: string;
  /** The header text (also the column's accessible name). */
  header: string;
  /** What a row shows in this column. */
  cell: (row: Row) => React.ReactNode;
  /** Sortable by `key`: true (ascending first) or the direction of the first press ("desc" for dates and amounts). */
  sortable?: boolean | "asc" | "desc";
  /**
   * Classes for the column's header and cells: "hidden md:table-cell" drops a low-priority column
   * on phones (and from the phone's cards), "text-right" for amounts.
   */
  className?: string;
  /** This column names the row (a row header for screen readers); the first column when none says so. */
  rowHeader?: boolean;
}

/** A filter of a DataTable, held in the URL under `name`. */
export interface TableFilter {
  name: string;
  label: string;
  /** A select of `options` (with an "all" choice first, `allLabel`; changing it applies it at once), a date input (YYYY-MM-DD) or a text input (an id). */
  type?: "select" | "date" | "text";
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** The select's "no filter" choice: "All statuses". */
  allLabel?: string;
}

/** An action on the selected rows, posted to the route's action as `intent` (or `confirm`) with `ids`. */
export interface BulkAction {
  intent: string;
  /** The button: "Set status", "Delete". */
  label: string;
  /** A value chosen with it, posted as `value-<intent>` (readBulkAction gives it as `value`), e.g. the new status. */
  value?: { label: string; options: ReadonlyArray<{ value: string; label: string }> };
  /**
   * Ask first (destructive actions): the dialog for `count` selected rows, whose button states the
   * action ("Delete 3 products"). `count` is null without JavaScript (the page cannot count then).
   * The submission then carries `confirm=<intent>` (readBulkAction's `confirmed`).
   */
  confirm?: (count: number | null) => ConfirmOptions;
}

export interface DataTableProps<Row> {
  /** The table's accessible name (its caption): "Products". */
  caption: string;
  rows: readonly Row[];
  /** A row's id (the value its checkbox posts as `ids`). */
  rowKey: (row: Row) => string;
  columns: ReadonlyArray<Column<Row>>;
  /** The URL state as the loader parsed it (parseTableQuery): search, sort, page, filters. */
  query: TableQuery;
  /** Rows matching the search and filters, over all pages. */
  total: number;
  /** What a row is, for "3 products selected", "120 products": { one: "product", other: "products" }. */
  noun?: { one: string; other: string };
  /** A server-side search box (`q`), with its label ("Search products"). */
  search?: { label: string; placeholder?: string };
  filters?: readonly TableFilter[];
  /** Selection: a checkbox per row, select-all on the page, and these actions on the selected rows. */
  bulkActions?: readonly BulkAction[];
  /** The name a row's checkbox reads with: "Select Linen shirt" (default: its id). */
  rowLabel?: (row: Row) => string;
  /** What the table says when there is nothing at all yet (not when filters find nothing): a title, a sentence and an action. */
  empty: { title: string; description?: React.ReactNode; action?: React.ReactNode };
  /** Test id of the table's frame. */
  testId?: string;
  /**
   * The table's least width from the small breakpoint on (Tailwind classes; default
   * "min-w-[36rem]", scrolled sideways when the screen is narrower). Phones get cards instead.
   */
  minWidth?: string;
}

/**
 * The one list of the admin area. Everything it shows is in the URL (`q`, `sort`, `page` and each
 * filter), read by the loader with parseTableQuery, so reload, back and shared links work, and so
 * does a browser without JavaScript (GET forms and links). Sortable headers (aria-sort), pagination
 * (page N of M, previous/next, total), a row checkbox and select-all with a toolbar of bulk actions
 * that posts `intent`/`confirm`, `ids` and `value-<intent>` to the route's action (readBulkAction);
 * an empty state that tells "nothing yet" from "no results for these filters" (with "Clear
 * filters"); and while the next state of the same list loads, the table dims and says so (aria-busy).
 * On phones (below the small breakpoint) each row is a card: its checkbox and row header on top,
 * then each other column as "label: value" on a line of its own, so nothing is off-screen; the
 * header row becomes a strip of the sort links (and select-all). Columns whose `className` hides
 * them on small screens ("hidden md:table-cell") stay out of the cards.
 */
export function DataTable<Row>({
  caption,
  rows,
  rowKey,
  columns,
  query,
  total,
  noun: nounProp,
  search,
  filters = [],
  bulkActions = [],
  rowLabel,
  empty,
  testId = "data-table",
  minWidth = "min-w-[36rem]",
}: DataTableProps<Row>) {
  const location = useLocation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const uid = useId();
  const t = useT();
  const noun = nounProp ?? { one: t("admin.table.row"), other: t("admin.table.rows") };
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const href = (changes: Record<string, string | number | null | undefined>) => tableHref(location.pathname, params, changes, query.defaultSort);

  // Loading: a navigation to this same list (another page, sort, filter) or a bulk submission to it.
  const pending = navigation.state !== "idle" && navigation.location?.pathname === location.pathname;
  const keys = rows.map(rowKey);
  const selectable = bulkActions.length > 0;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const keysSignature = keys.join("\n");
  // New rows (another page, after a bulk action): nothing is selected.
  useEffect(() => setSelected(new Set()), [keysSignature]);

  const count = (n: number) => t("admin.table.count", { count: n.toLocaleString("en"), noun: n === 1 ? noun.one : noun.other });
  const pages = pageCount(total, query.pageSize);
  const from = total === 0 ? 0 : Math.min(query.offset + 1, total);
  const to = Math.min(query.offset + rows.length, total);
  const captionId = `${uid}-caption`;

  const toolbar = (search || filters.length > 0) && (
    <TableToolbar
      query={query}
      search={search}
      filters={filters}
      hydrated={hydrated}
      clearHref={href(Object.fromEntries([["q", null], ["page", null], ...filters.map((f) => [f.name, null])]))}
    />
  );

  let body: React.ReactNode;
  if (rows.length === 0) {
    body = query.narrowed ? (
      <EmptyState
        title={t("admin.table.noMatch", { noun: noun.other })}
        action={
          <Link to={href(Object.fromEntries([["q", null], ["page", null], ...filters.map((f) => [f.name, null])]))} className={buttonClass("secondary")}>
            {t("admin.table.clearFilters")}
          </Link>
        }
      >
        {t("admin.table.noMatchText")}
      </EmptyState>
    ) : query.page > 1 && total > 0 ? (
      <EmptyState
        title={t("admin.table.pastEnd")}
        action={
          <Link to={href({ page: null })} className={buttonClass("secondary")}>
            {t("admin.table.firstPage")}
          </Link>
        }
      >
        {t("admin.table.pages", { pages })}
      </EmptyState>
    ) : (
      <EmptyState title={empty.title} action={empty.action}>
        {empty.description}
      </EmptyState>
    );
  } else {
    const headerIndex = Math.max(
      0,
      columns.findIndex((c) => c.rowHeader),
    );
    // On phones the header row shows what can be used there (select-all, sort links) or nothing.
    const phoneHeader = selectable || columns.some((c) => c.sortable && !offPhone(c));
    const allSelected = keys.length > 0 && keys.every((k) => selected.has(k));
    const someSelected = !allSelected && keys.some((k) => selected.has(k));
    const table = (
      <div
        role="region"
        aria-labelledby={captionId}
        // A region that scrolls sideways on phones must be reachable by keyboard to scroll it.
        tabIndex={0}
        aria-busy={pending || undefined}
        // relative: visually hidden (absolute) text in a wide row is clipped here too, instead of
        // widening the page (its containing block would otherwise be the page).
        className={`relative overflow-x-auto rounded-xl border border-stone-200 bg-white shadow-sm transition-opacity ${pending ? "opacity-60" : ""}`}
      >
        <table className={`w-full ${minWidth} border-collapse text-left text-sm max-sm:block max-sm:min-w-0`}>
          <caption id={captionId} className="sr-only">
            {caption}
            {query.page > 1 || pages > 1 ? t("admin.table.captionPage", { page: query.page, pages }) : ""}
          </caption>
          <thead
            className={`border-b border-stone-200 bg-stone-50 text-xs uppercase tracking-wide text-stone-700 max-sm:block ${phoneHeader ? "" : "max-sm:sr-only"}`}
          >
            <tr className="max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-1 max-sm:px-2">
              {selectable && (
                <th scope="col" className="w-12 px-4 py-3 max-sm:w-auto max-sm:px-2">
                  {hydrated ? (
                    <SelectAll
                      label={t("admin.table.selectAll", { rows: count(keys.length) })}
                      checked={allSelected}
                      indeterminate={someSelected}
                      onChange={(on) => setSelected(on ? new Set(keys) : new Set())}
                    />
                  ) : (
                    <span className="sr-only">{t("admin.table.select")}</span>
                  )}
                </th>
              )}
              {columns.map((c) => (
                <HeaderCell key={c.key} column={c} query={query} href={href} />
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200 max-sm:block">
            {rows.map((row, i) => {
              const key = keys[i]!;
              const isSelected = selected.has(key);
              return (
                <tr
                  key={key}
                  className={`${isSelected ? "bg-amber-50" : "hover:bg-stone-50"} max-sm:flex max-sm:flex-wrap max-sm:items-start max-sm:gap-x-3 max-sm:px-4 max-sm:py-3`}
                >
                  {selectable && (
                    <td className="px-4 py-3 align-top max-sm:order-first max-sm:p-0">
                      <input
                        type="checkbox"
                        name="ids"
                        value={key}
                        aria-label={t("admin.table.selectRow", { row: rowLabel ? rowLabel(row) : key })}
                        checked={isSelected}
                        onChange={(e) => {
                          const on = e.currentTarget.checked;
                          setSelected((prev) => {
                            const next = new Set(prev);
                            if (on) next.add(key);
                            else next.delete(key);
                            return next;
                          });
                        }}
                        className="size-5 rounded border-stone-400 accent-stone-900"
                      />
                    </td>
                  )}
                  {columns.map((c, ci) =>
                    ci === headerIndex ? (
                      <th
                        key={c.key}
                        scope="row"
                        className={`px-4 py-3 align-top font-medium text-stone-900 ${c.className ?? ""} ${offPhone(c) ? "" : "max-sm:order-first max-sm:block max-sm:w-auto max-sm:min-w-0 max-sm:max-w-none max-sm:flex-1 max-sm:p-0"}`}
                      >
                        {c.cell(row)}
                      </th>
                    ) : (
                      <td
                        key={c.key}
                        className={`px-4 py-3 align-top text-stone-800 ${c.className ?? ""} ${offPhone(c) ? "" : `max-sm:grid max-sm:w-auto max-sm:min-w-0 max-sm:max-w-none max-sm:basis-full max-sm:grid-cols-[minmax(0,6rem)_minmax(0,1fr)] max-sm:items-baseline max-sm:gap-3 max-sm:px-0 max-sm:pt-1.5 max-sm:pb-0 ${selectable ? "max-sm:pl-8" : ""}`}`}
                      >
                        {/* The column's name beside its value in a phone's card (the header row is a strip there). */}
                        <span aria-hidden="true" className="text-left text-xs font-semibold uppercase tracking-wide text-stone-600 sm:hidden">
                          {c.header}
                        </span>
                        <div className="min-w-0">{c.cell(row)}</div>
                      </td>
                    ),
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );
    body = selectable ? (
      <Form method="post" className="space-y-3">
        {(!hydrated || selected.size > 0) && (
          <BulkBar actions={bulkActions} count={hydrated ? selected.size : null} noun={noun} onClear={() => setSelected(new Set())} hydrated={hydrated} />
        )}
        {table}
      </Form>
    ) : (
      table
    );
  }

  return (
    <div className="space-y-4" data-testid={testId}>
      {toolbar}
      <p role="status" className="sr-only">
        {pending
          ? t("admin.table.loading", { noun: noun.other })
          : selectable && selected.size > 0
            ? t("admin.table.selected", { rows: count(selected.size) })
            : ""}
      </p>
      {body}
      {rows.length > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-stone-700">
          <p data-testid="table-range">
            {from === to ? count(total) : t("admin.table.showing", { from: from.toLocaleString("en"), to: to.toLocaleString("en"), total: count(total) })}
          </p>
          {pages > 1 && <TablePagination page={query.page} pages={pages} href={href} />}
        </div>
      )}
    </div>
  );
}

/** Whether a column's classes hide it on small screens ("hidden md:table-cell"): then it stays out of the phone's cards. */
const offPhone = (c: Pick<Column<never>, "className">) => /(^|\s)hidden(\s|$)/.test(c.className ?? "");

function HeaderCell<Row>({ column, query, href }: { column: Column<Row>; query: TableQuery; href: (changes: Record<string, string | null>) => string }) {
  const active = query.sort?.key === column.key ? query.sort : undefined;
  const ariaSort = active ? (active.dir === "asc" ? "ascending" : "descending") : column.sortable ? "none" : undefined;
  return (
    <th
      scope="col"
      aria-sort={ariaSort}
      className={`px-4 py-3 font-semibold whitespace-nowrap ${column.className ?? ""} ${offPhone(column) ? "" : column.sortable ? "max-sm:w-auto max-sm:min-w-0 max-sm:px-2 max-sm:py-2.5" : "max-sm:sr-only"}`}
    >
      {column.sortable ? (
        <Link
          to={href({ sort: nextSort(query.sort, column.key, column.sortable === "desc" ? "desc" : "asc"), page: null })}
          preventScrollReset
          className="-mx-1 inline-flex items-center gap-1 rounded px-1 hover:text-stone-950 hover:underline underline-offset-4"
        >
          {column.header}
          <SortIcon dir={active?.dir} />
        </Link>
      ) : (
        column.header
      )}
    </th>
  );
}

function SortIcon({ dir }: { dir?: "asc" | "desc" }) {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false" className={`size-3.5 ${dir ? "text-stone-900" : "text-stone-400"}`}>
      <path
        d="M5 6.5 8 3.5l3 3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
        opacity={dir === "desc" ? 0.3 : 1}
      />
      <path
        d="m5 9.5 3 3 3-3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
        opacity={dir === "asc" ? 0.3 : 1}
      />
    </svg>
  );
}

function SelectAll({ label, checked, indeterminate, onChange }: { label: string; checked: boolean; indeterminate: boolean; onChange: (on: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={(e) => onChange(e.currentTarget.checked)}
      className="size-5 rounded border-stone-400 accent-stone-900"
    />
  );
}

/** The search box and filters: a GET form, so the state lands in the URL (and works without JavaScript). */
function TableToolbar({
  query,
  search,
  filters,
  hydrated,
  clearHref,
}: {
  query: TableQuery;
  search?: { label: string; placeholder?: string };
  filters: readonly TableFilter[];
  hydrated: boolean;
  clearHref: string;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const uid = useId();
  const t = useT();
  const formRef = useRef<HTMLFormElement>(null);

  // With JavaScript: a clean address (no blank keys) and page 1, as a navigation that keeps the scroll.
  function go(form: HTMLFormElement) {
    const data = new FormData(form);
    const changes: Record<string, string | null> = { page: null };
    for (const key of ["q", ...filters.map((f) => f.name)]) changes[key] = String(data.get(key) ?? "").trim() || null;
    navigate(tableHref(location.pathname, new URLSearchParams(location.search), changes, query.defaultSort), { preventScrollReset: true });
  }

  const control = "block h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm text-stone-900 focus:border-stone-900";
  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      aria-label={search?.label ?? t("admin.table.filters")}
      preventScrollReset
      onSubmit={(e) => {
        e.preventDefault();
        go(e.currentTarget);
      }}
      className="flex flex-wrap items-end gap-3 rounded-xl border border-stone-200 bg-white p-3 shadow-sm"
    >
      {search && (
        <div className="min-w-[12rem] flex-[2_1_16rem]">
          <label htmlFor={`${uid}-q`} className="block text-xs font-semibold text-stone-700">
            {search.label}
          </label>
          <input
            id={`${uid}-q`}
            type="search"
            name="q"
            defaultValue={query.q ?? ""}
            key={query.q ?? ""}
            placeholder={search.placeholder}
            maxLength={200}
            className={`${control} mt-1`}
          />
        </div>
      )}
      {filters.map((f) => (
        <div key={f.name} className="min-w-[9rem] flex-[1_1_10rem]">
          <label htmlFor={`${uid}-${f.name}`} className="block text-xs font-semibold text-stone-700">
            {f.label}
          </label>
          {f.type === "date" || f.type === "text" ? (
            // Applied with the form's button: a date being typed passes through valid dates (year 0002…).
            <input
              id={`${uid}-${f.name}`}
              type={f.type}
              name={f.name}
              defaultValue={query.filters[f.name] ?? ""}
              key={query.filters[f.name] ?? ""}
              maxLength={200}
              className={`${control} mt-1`}
            />
          ) : (
            <select
              id={`${uid}-${f.name}`}
              name={f.name}
              defaultValue={query.filters[f.name] ?? ""}
              key={query.filters[f.name] ?? ""}
              onChange={(e) => hydrated && go(e.currentTarget.form!)}
              className={`${control} mt-1 pr-8`}
            >
              <option value="">{f.allLabel ?? t("admin.table.all")}</option>
              {(f.options ?? []).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </div>
      ))}
      {query.sort && sortParam(query.sort) !== query.defaultSort && <input type="hidden" name="sort" value={sortParam(query.sort)} />}
      <div className="flex items-center gap-2">
        {(search || !hydrated || filters.some((f) => f.type === "date" || f.type === "text")) && (
          <button type="submit" className={buttonClass("primary", "sm")}>
            {search ? t("admin.table.search") : t("admin.table.applyFilters")}
          </button>
        )}
        {query.narrowed && (
          <Link to={clearHref} preventScrollReset className={buttonClass("ghost", "sm")}>
            {t("admin.table.clearFilters")}
          </Link>
        )}
      </div>
    </Form>
  );
}

/** The toolbar over the table while rows are selected (always, without JavaScript: it cannot know). */
function BulkBar({
  actions,
  count,
  noun,
  onClear,
  hydrated,
}: {
  actions: readonly BulkAction[];
  count: number | null;
  noun: { one: string; other: string };
  onClear: () => void;
  hydrated: boolean;
}) {
  const uid = useId();
  const t = useT();
  return (
    <div
      role="group"
      aria-label={t("admin.table.bulkActions")}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm"
      data-testid="bulk-actions"
    >
      <p className="font-semibold text-stone-900">
        {count === null
          ? t("admin.table.withSelected", { noun: noun.other })
          : t("admin.table.selected", { rows: t("admin.table.count", { count, noun: count === 1 ? noun.one : noun.other }) })}
      </p>
      {actions.map((a) => {
        const confirm = a.confirm?.(count);
        return (
          <div key={a.intent} className="flex flex-wrap items-center gap-2">
            {a.value && (
              <>
                <label htmlFor={`${uid}-${a.intent}`} className="sr-only">
                  {a.value.label}
                </label>
                <select
                  id={`${uid}-${a.intent}`}
                  name={`value-${a.intent}`}
                  defaultValue=""
                  className="h-9 rounded-lg border border-stone-300 bg-white px-2 pr-8 text-sm"
                >
                  <option value="">{a.value.label}…</option>
                  {a.value.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </>
            )}
            {confirm ? (
              <ConfirmButton value={a.intent} {...confirm} className={buttonClass(confirm.tone === "primary" ? "secondary" : "danger", "sm")}>
                {a.label}
              </ConfirmButton>
            ) : (
              <button type="submit" name="intent" value={a.intent} className={buttonClass("secondary", "sm")}>
                {a.label}
              </button>
            )}
          </div>
        );
      })}
      {hydrated && (
        <button type="button" onClick={onClear} className={`${buttonClass("ghost", "sm")} ml-auto`}>
          {t("admin.table.clearSelection")}
        </button>
      )}
    </div>
  );
}

/** Previous / "Page N of M" / Next, keeping the rest of the URL state. */
function TablePagination({ page, pages, href }: { page: number; pages: number; href: (changes: Record<string, number | null>) => string }) {
  const link = buttonClass("secondary", "sm");
  const off = "inline-flex h-9 items-center rounded-full border border-stone-200 px-3.5 text-sm font-semibold text-stone-500";
  const t = useT();
  const previous = (
    <>
      {t("admin.table.previous")}
      <span className="sr-only"> {t("admin.table.page")}</span>
    </>
  );
  const next = (
    <>
      {t("admin.table.next")}
      <span className="sr-only"> {t("admin.table.page")}</span>
    </>
  );
  return (
    <nav aria-label={t("admin.table.pagesLabel")} className="flex items-center gap-2" data-testid="table-pagination">
      {page > 1 ? (
        <Link to={href({ page: page - 1 })} rel="prev" className={link}>
          {previous}
        </Link>
      ) : (
        <span aria-disabled="true" className={off}>
          {previous}
        </span>
      )}
      <span className="px-1 whitespace-nowrap">{t("admin.table.pageOf", { page: Math.min(page, pages), pages })}</span>
      {page < pages ? (
        <Link to={href({ page: page + 1 })} rel="next" className={link}>
          {next}
        </Link>
      ) : (
        <span aria-disabled="true" className={off}>
          {next}
        </span>
      )}
    </nav>
  );
}
