import { useCallback, useEffect, useRef } from "react";
import { Link, useSubmit } from "react-router";
import type { Category } from "#modules/catalog";
import { useMoney } from "~/lib/shop";
import type { Sort } from "#common/catalog/catalog.schema";
import { cleanParams } from "./listing-url";
import { useHydrated } from "./use-hydrated";
import type { MessageKey } from "#common/i18n/catalogs";
import { useLocalePath, useT } from "~/lib/i18n";
import { Stars } from "../star-rating";

export const FILTER_FORM_ID = "listing-filters";

// The labels are the list (not catalog.schema's SORTS) so zod stays out of the browser bundle.
export const SORT_LABELS: Record<Sort, MessageKey> = {
  newest: "shop.sort.newest",
  "price-asc": "shop.sort.priceAsc",
  "price-desc": "shop.sort.priceDesc",
  discount: "shop.sort.discount",
  rating: "shop.sort.rating",
};

/** The one star filter the listing offers: products rated this many stars and up. */
export const MIN_RATING_OFFERED = 4;

const PRICE_DEBOUNCE_MS = 600;

/**
 * Applies the filter form without a full page load: the form's fields become the query string
 * (blanks and defaults left out, page back to 1), replacing the history entry and keeping the
 * scroll position. Typing in a price field waits for a pause first.
 */
// One pending submission for the page: the sort select and the price fields share it, so a sort
// change during a price pause sends one navigation, not two.
let pending: ReturnType<typeof setTimeout> | undefined;

export function useApplyFilters() {
  const submit = useSubmit();
  useEffect(() => () => clearTimeout(pending), []);
  return useCallback(
    (form: HTMLFormElement | null, delay = 0) => {
      clearTimeout(pending);
      if (!form) return;
      pending = setTimeout(() => {
        // Let the browser say what is wrong with a field (e.g. a negative price) instead of asking the server.
        if (!form.checkValidity()) {
          form.reportValidity();
          return;
        }
        const entries = [...new FormData(form).entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""] as [string, string]);
        submit(cleanParams(entries), { method: "get", action: form.getAttribute("action") ?? undefined, replace: true, preventScrollReset: true });
      }, delay);
    },
    [submit],
  );
}

/** Keeps an uncontrolled field in step with the URL, except while the shopper is typing in it. */
function useSyncedValue<T extends HTMLInputElement | HTMLSelectElement>(value: string) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && document.activeElement !== el && el.value !== value) el.value = value;
  }, [value]);
  return ref;
}

/** The "4 stars & up" box, kept in step with the URL. */
function RatingFilter({ checked }: { checked: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  const t = useT();
  useEffect(() => {
    if (ref.current) ref.current.checked = checked;
  }, [checked]);
  return (
    <fieldset className="mt-5">
      <legend className="mb-2 text-sm font-semibold text-stone-900">{t("shop.filters.rating")}</legend>
      <label className="flex items-center gap-2 text-sm text-stone-800">
        <input
          ref={ref}
          type="checkbox"
          name="minRating"
          value={MIN_RATING_OFFERED}
          defaultChecked={checked}
          className="h-4 w-4 rounded border-stone-400 accent-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
        />
        <Stars average={MIN_RATING_OFFERED} />
        {t("shop.filters.minRating", { stars: MIN_RATING_OFFERED })}
      </label>
    </fieldset>
  );
}

/** One end of the price range: its label and number input, kept in step with the URL's value. */
function PriceBound({
  name,
  label,
  value,
  placeholder,
  state,
}: {
  name: string;
  label: string;
  value: string;
  placeholder: string;
  state: React.InputHTMLAttributes<HTMLInputElement>;
}) {
  const ref = useSyncedValue<HTMLInputElement>(value);
  return (
    <div className="flex-1">
      <label htmlFor={name} className="mb-1 block text-xs font-medium text-stone-700">
        {label}
      </label>
      <input ref={ref} id={name} name={name} type="number" inputMode="decimal" min={0} step="0.01" defaultValue={value} placeholder={placeholder} {...state} />
    </div>
  );
}

interface FiltersProps {
  /** The form's address: the listing's own, in the page's language. */
  action: string;
  categories: Category[];
  category: Category | null;
  subCategory: { name: string; slug: string } | null;
  minPrice: string;
  maxPrice: string;
  /** The star filter in the URL (only the offered one is shown ticked). */
  minRating?: number;
  sort: string;
  priceBounds: { min: number; max: number } | null;
  activeCount: number;
  /** Query parameters the server rejected: their fields are marked invalid and point at the message. */
  invalid: string[];
  /** Query of the category links: the sort order survives a change of category. */
  keepQuery: string;
}

const fieldBase =
  "w-full rounded-lg border px-3 py-2 text-sm text-stone-900 placeholder:text-stone-500 focus:border-stone-900 focus:outline-2 focus:outline-offset-1 focus:outline-stone-900";

/**
 * The filter panel: categories as links, the price range as a GET form. A disclosure on phones,
 * always open from the `lg` breakpoint (by CSS before JavaScript, by the `open` attribute after).
 */
export function ListingFilters(props: FiltersProps) {
  const { action, categories, category, subCategory, priceBounds, activeCount, keepQuery, invalid } = props;
  const fieldState = (name: string) =>
    invalid.includes(name)
      ? { "aria-invalid": true, "aria-describedby": "price-hint filter-errors", className: `${fieldBase} border-red-700 bg-red-50` }
      : { "aria-describedby": "price-hint", className: `${fieldBase} border-stone-400 bg-white` };
  const money = useMoney();
  const t = useT();
  const localePath = useLocalePath();
  const apply = useApplyFilters();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const detailsRef = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const details = detailsRef.current;
    if (!details) return;
    const wide = window.matchMedia("(min-width: 1024px)");
    const sync = () => {
      if (wide.matches) details.open = true;
    };
    sync();
    wide.addEventListener("change", sync);
    return () => wide.removeEventListener("change", sync);
  }, []);

  const lo = priceBounds ? Math.floor(priceBounds.min) : 0;
  const hi = priceBounds ? Math.ceil(priceBounds.max) : undefined;

  return (
    <details
      ref={detailsRef}
      className="group rounded-xl border border-stone-200 bg-white lg:sticky lg:top-4 lg:border-0 lg:bg-transparent lg:details-content:[content-visibility:visible]"
      data-testid="filters"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-4 py-3 text-sm font-semibold text-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 lg:hidden [&::-webkit-details-marker]:hidden">
        <span className="flex items-center gap-2">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5">
            <path d="M3 5h14M6 10h8M8 15h4" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
          </svg>
          {t("shop.filters.title")}
          {activeCount > 0 && (
            <span className="rounded-full bg-stone-900 px-2 py-0.5 text-xs text-white">
              {activeCount}
              <span className="sr-only">{` ${t("shop.filters.active", { count: activeCount })}`}</span>
            </span>
          )}
        </span>
        <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4 transition group-open:rotate-180">
          <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </summary>

      <div className="space-y-6 border-t border-stone-200 px-4 pb-5 pt-4 lg:border-0 lg:p-0">
        <nav aria-labelledby="filter-categories">
          <h2 id="filter-categories" className="mb-2 text-sm font-semibold text-stone-900">
            {t("shop.filters.category")}
          </h2>
          <ul className="space-y-0.5 text-sm">
            <li>
              <Link
                to={localePath(`/product-category${keepQuery}`)}
                aria-current={!category ? "page" : undefined}
                className="flex justify-between rounded-md px-2 py-1.5 text-stone-700 hover:bg-stone-100 hover:text-stone-900 aria-[current=page]:bg-stone-900 aria-[current=page]:font-medium aria-[current=page]:text-white"
              >
                {t("shop.menu.allProducts")}
              </Link>
            </li>
            {categories.map((c) => (
              <li key={c._id}>
                <Link
                  to={localePath(`/product-category/${c.slug}${keepQuery}`)}
                  aria-current={category?._id === c._id && !subCategory ? "page" : undefined}
                  className={`flex justify-between gap-2 rounded-md px-2 py-1.5 hover:bg-stone-100 hover:text-stone-900 aria-[current=page]:bg-stone-900 aria-[current=page]:text-white ${category?._id === c._id ? "font-medium text-stone-900" : "text-stone-700"}`}
                >
                  <span>{c.name}</span>
                  <span className="tabular-nums opacity-80">
                    <span aria-hidden="true">{c.productCount}</span>
                    <span className="sr-only">{t("shop.filters.productCount", { count: c.productCount })}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <form
          id={FILTER_FORM_ID}
          ref={formRef}
          method="get"
          action={action}
          onChange={(e) => {
            const target = e.target as unknown as HTMLInputElement;
            apply(formRef.current, target.type === "number" ? PRICE_DEBOUNCE_MS : 0);
          }}
          onSubmit={(e) => {
            e.preventDefault();
            apply(formRef.current);
            // On a phone the results are under the panel: fold it away once the shopper applies.
            const details = detailsRef.current;
            if (details && !window.matchMedia("(min-width: 1024px)").matches) details.open = false;
          }}
        >
          {subCategory && <input type="hidden" name="subCategory" value={subCategory.slug} />}
          <fieldset>
            <legend className="mb-1 text-sm font-semibold text-stone-900">{t("shop.filters.price")}</legend>
            <p id="price-hint" className="mb-3 text-xs text-stone-600">
              {priceBounds ? t("shop.filters.priceRange", { min: money(priceBounds.min), max: money(priceBounds.max) }) : t("shop.filters.afterDiscounts")}
            </p>
            <div className="flex items-end gap-2">
              <PriceBound name="minPrice" label={t("shop.filters.minPrice")} value={props.minPrice} placeholder={String(lo)} state={fieldState("minPrice")} />
              <span aria-hidden="true" className="pb-2 text-stone-500">
                –
              </span>
              <PriceBound
                name="maxPrice"
                label={t("shop.filters.maxPrice")}
                value={props.maxPrice}
                placeholder={hi !== undefined ? String(hi) : ""}
                state={fieldState("maxPrice")}
              />
            </div>
          </fieldset>
          <RatingFilter checked={props.minRating === MIN_RATING_OFFERED} />
          <button
            type="submit"
            className={`mt-4 w-full rounded-lg bg-stone-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 ${hydrated ? "lg:hidden" : ""}`}
          >
            {t("shop.filters.apply")}
          </button>
        </form>
      </div>
    </details>
  );
}

/** The sort order: applies at once with JavaScript; without it, the "Sort" button submits the filter form. */
export function SortSelect({ value }: { value: string }) {
  const apply = useApplyFilters();
  const hydrated = useHydrated();
  const ref = useSyncedValue<HTMLSelectElement>(value);
  const t = useT();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="sort" className="text-sm text-stone-700">
        {t("shop.sort.label")}
      </label>
      <select
        ref={ref}
        id="sort"
        name="sort"
        form={FILTER_FORM_ID}
        defaultValue={value}
        onChange={(e) => apply(e.currentTarget.form)}
        className="rounded-lg border border-stone-400 bg-white py-2 pl-3 pr-8 text-sm text-stone-900 focus:border-stone-900 focus:outline-2 focus:outline-offset-1 focus:outline-stone-900"
      >
        {(Object.keys(SORT_LABELS) as Sort[]).map((s) => (
          <option key={s} value={s}>
            {t(SORT_LABELS[s])}
          </option>
        ))}
      </select>
      {!hydrated && (
        <button
          type="submit"
          form={FILTER_FORM_ID}
          className="rounded-lg border border-stone-400 bg-white px-3 py-2 text-sm font-medium text-stone-900 hover:bg-stone-100"
        >
          {t("shop.sort.submit")}
        </button>
      )}
    </div>
  );
}
