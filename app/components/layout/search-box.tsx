import { useEffect, useId, useRef, useState } from "react";
import { Form, useLocation, useNavigate } from "react-router";
import { ResponsiveImage } from "~/components/responsive-image";
import { useProductSearch } from "~/lib/use-product-search";
import { useMoney } from "~/lib/shop";
import { SearchIcon } from "~/components/icons";
import { useLocalePath, useT } from "~/lib/i18n";
import { pathWithoutLanguage } from "#common/i18n/languages";

/**
 * The header's product search: a plain GET form to /search (works without JavaScript) enhanced
 * into an ARIA combobox with suggestions as you type (listbox, aria-activedescendant, arrow keys).
 */
export function SearchBox({ className = "" }: { className?: string }) {
  const id = useId();
  const inputId = `${id}-q`;
  const listboxId = `${id}-listbox`;
  const optionId = (i: number) => `${id}-opt-${i}`;
  const search = useProductSearch();
  const navigate = useNavigate();
  const location = useLocation();
  const money = useMoney();
  const t = useT();
  const localePath = useLocalePath();
  const formRef = useRef<HTMLFormElement>(null);
  const [value, setValue] = useState(() => initialValue(location));
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // Show the current query on the results page; start empty elsewhere.
  useEffect(() => {
    setValue(initialValue(location));
    setOpen(false);
    setActive(-1);
    if (pathWithoutLanguage(location.pathname) !== "/search") search.clear();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname, location.search]);

  const term = value.trim();
  const hasTerm = term.length > 0;
  // The latest results (possibly of the previous term while the next one is on its way).
  const products = hasTerm ? search.searchProducts : [];
  // One option per product plus "See all results" at the end.
  const optionCount = products.length > 0 ? products.length + 1 : 0;
  const showPopup = open && hasTerm && (search.isLoading || search.isError || search.isSettled || products.length > 0);
  const expanded = showPopup && optionCount > 0;

  useEffect(() => setActive(-1), [search.lastSearched]);

  function choose(index: number) {
    setOpen(false);
    if (index < products.length) navigate(localePath(`/products/${products[index].slug}`));
    else formRef.current?.requestSubmit();
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    switch (e.key) {
      case "ArrowDown":
        e.preventDefault();
        setOpen(true);
        if (optionCount) setActive((i) => (i + 1) % optionCount);
        break;
      case "ArrowUp":
        e.preventDefault();
        setOpen(true);
        if (optionCount) setActive((i) => (i <= 0 ? optionCount - 1 : i - 1));
        break;
      case "Enter":
        if (expanded && active >= 0) {
          e.preventDefault();
          choose(active);
        } else {
          setOpen(false);
        }
        break;
      case "Escape":
        if (showPopup) {
          e.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (value) {
          e.preventDefault();
          setValue("");
          search.clear();
        }
        break;
      case "Tab":
        setOpen(false);
        break;
    }
  }

  let status = "";
  if (hasTerm && open) {
    // The search state holds the spec's English words (use-product-search.ts); the box says them in the page's language.
    if (search.isLoading && products.length === 0) status = t("shop.search.searching");
    else if (search.isError) status = t("shop.search.failed");
    else if (search.isSettled) status = products.length ? t("shop.search.suggestionCount", { count: products.length }) : t("shop.search.noProducts");
  }

  return (
    <div className={`relative ${className}`}>
      <Form
        ref={formRef}
        method="get"
        action={localePath("/search")}
        role="search"
        aria-label={t("shop.search.formLabel")}
        onSubmit={(e) => {
          // Submit the trimmed term (React Router reads the form after this handler).
          const input = e.currentTarget.elements.namedItem("q") as HTMLInputElement;
          input.value = input.value.trim();
          setValue(input.value);
          setOpen(false);
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          {t("shop.search.label")}
        </label>
        <div className="relative">
          <input
            id={inputId}
            name="q"
            type="search"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              search.setSearchTerm(e.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            onFocus={() => hasTerm && setOpen(true)}
            onBlur={() => setOpen(false)}
            placeholder={t("shop.search.label")}
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={200}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listboxId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            className="h-11 w-full rounded-full border border-stone-300 bg-white pl-4 pr-12 text-base text-stone-900 placeholder:text-stone-500 focus:border-stone-900 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-stone-900 [&::-webkit-search-cancel-button]:hidden"
          />
          <button type="submit" className="absolute right-1 top-1 grid size-9 place-items-center rounded-full bg-stone-900 text-white hover:bg-stone-700">
            <SearchIcon className="size-4.5" />
            <span className="sr-only">{t("shop.search.submit")}</span>
          </button>
        </div>
      </Form>

      <div
        className={`absolute inset-x-0 top-full z-40 mt-2 overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-xl ${showPopup ? "" : "hidden"}`}
        data-testid="search-suggestions"
      >
        {status && !(products.length > 0 && !search.isLoading) && (
          <p className="px-4 py-3 text-sm text-stone-600" aria-hidden="true">
            {status}
          </p>
        )}
        <ul
          id={listboxId}
          role="listbox"
          aria-label={t("shop.search.suggestions")}
          className={`max-h-[min(70vh,32rem)] overflow-y-auto py-1 ${expanded ? "" : "hidden"}`}
        >
          {products.map((p, i) => (
            <li
              key={p._id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => setActive(i)}
              onClick={() => choose(i)}
              className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${i === active ? "bg-stone-100" : ""}`}
            >
              <span className="size-12 shrink-0 overflow-hidden rounded-lg bg-stone-100">
                <ResponsiveImage src={p.image[0]} alt="" kind="product" sizes="48px" className="size-full object-cover" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-stone-900">{p.name}</span>
                <span className="block truncate text-xs text-stone-600">{p.subCategory ?? p.category}</span>
              </span>
              <span className="shrink-0 text-right text-sm">
                <span className="font-semibold text-stone-900">
                  {p.priceVaries && <span className="font-normal text-stone-600">{`${t("shop.price.from")} `}</span>}
                  {money(p.finalPrice)}
                </span>
                {p.discount > 0 && <s className="ml-1.5 hidden text-xs text-stone-500 sm:inline">{money(p.price)}</s>}
              </span>
            </li>
          ))}
          {products.length > 0 && (
            <li
              id={optionId(products.length)}
              role="option"
              aria-selected={active === products.length}
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => setActive(products.length)}
              onClick={() => choose(products.length)}
              className={`mt-1 flex cursor-pointer items-center gap-2 border-t border-stone-200 px-4 py-3 text-sm font-medium text-stone-900 ${active === products.length ? "bg-stone-100" : ""}`}
            >
              <SearchIcon className="size-4" />
              {t("shop.search.seeAll", { term })}
            </li>
          )}
        </ul>
      </div>
      <p role="status" className="sr-only">
        {status}
      </p>
    </div>
  );
}

function initialValue(location: { pathname: string; search: string }): string {
  return pathWithoutLanguage(location.pathname) === "/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "";
}
