import { useEffect, useId, useState } from "react";
import { useLocation } from "react-router";
import { useBackgroundFetcher } from "~/lib/background-fetcher";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { useT } from "~/lib/i18n";
import { buttonClass } from "../ui";

/** A product as the picker lists it. */
export interface PickedProduct {
  id: string;
  name: string;
  /** Its category (and SKU) to tell products of the same name apart. */
  detail?: string;
}

/**
 * The promotion's products: each chosen one a ticked checkbox posted as `productIds` (untick to
 * leave it out), and a search of the catalogue (the screen's loader answers `?products=<words>`)
 * whose hits are added with a button. `onPicked` runs after the list changed, for the live example.
 * Without JavaScript the chosen products stay editable by unticking; adding needs the search.
 */
export function ProductPicker({ initial, error, onPicked }: { initial: PickedProduct[]; error?: string; onPicked: () => void }) {
  const t = useT();
  const uid = useId();
  const hydrated = useHydrated();
  const location = useLocation();
  const fetcher = useBackgroundFetcher<{ productResults: PickedProduct[] | null }>(t("admin.promotions.searchFailed"));
  const [chosen, setChosen] = useState<PickedProduct[]>(initial);
  const [words, setWords] = useState("");
  const results = words.trim() ? (fetcher.data?.productResults ?? []) : [];

  // Searches a moment after the admin stops typing.
  useEffect(() => {
    const q = words.trim();
    if (!q) return;
    const timer = setTimeout(() => fetcher.load(`${location.pathname}?products=${encodeURIComponent(q)}`), 250);
    return () => clearTimeout(timer);
  }, [words]);
  useEffect(() => onPicked(), [chosen]);

  const errorId = `${uid}-error`;
  return (
    <fieldset className="space-y-3" aria-describedby={error ? errorId : undefined} data-testid="product-picker">
      <legend className="text-sm font-semibold text-stone-900">{t("admin.promotions.products")}</legend>
      {error && (
        <p id={errorId} className="text-sm font-medium text-rose-800">
          {error}
        </p>
      )}
      {chosen.length === 0 ? (
        <p className="text-sm text-stone-700">{t("admin.promotions.noProducts")}</p>
      ) : (
        <ul className="space-y-1" aria-label={t("admin.promotions.chosenProducts")}>
          {chosen.map((p) => (
            <li key={p.id}>
              <label className="flex min-h-11 items-center gap-3 rounded-lg px-2 text-sm text-stone-900 hover:bg-stone-50">
                <input type="checkbox" name="productIds" value={p.id} defaultChecked className="size-4 accent-stone-900" />
                <span>
                  {p.name}
                  {p.detail && <span className="text-stone-600"> · {p.detail}</span>}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {hydrated ? (
        <div className="space-y-2">
          <label htmlFor={`${uid}-search`} className="block text-sm font-medium text-stone-900">
            {t("admin.promotions.findProduct")}
          </label>
          <input
            id={`${uid}-search`}
            type="search"
            value={words}
            onChange={(e) => setWords(e.target.value)}
            // Enter searches here; it must not submit the promotion.
            onKeyDown={(e) => e.key === "Enter" && e.preventDefault()}
            placeholder={t("admin.promotions.findProductPlaceholder")}
            autoComplete="off"
            // Not a field of the promotion: the form's data leaves it out.
            form=""
            className="h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm text-stone-900 focus:border-stone-900 focus:outline-none focus:ring-2 focus:ring-stone-900/20"
          />
          <div aria-live="polite" className="text-sm text-stone-700">
            {words.trim() && fetcher.state !== "idle" && <p>{t("admin.promotions.searching")}</p>}
            {words.trim() && fetcher.state === "idle" && fetcher.data && results.length === 0 && <p>{t("admin.promotions.noProductFound")}</p>}
          </div>
          {results.length > 0 && (
            <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200" data-testid="product-results">
              {results.map((p) => {
                const taken = chosen.some((c) => c.id === p.id);
                return (
                  <li key={p.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                    <span className="min-w-0">
                      <span className="text-stone-900">{p.name}</span>
                      {p.detail && <span className="text-stone-600"> · {p.detail}</span>}
                    </span>
                    <button
                      type="button"
                      disabled={taken}
                      onClick={() => setChosen((list) => [...list, p])}
                      className={buttonClass("secondary", "sm")}
                      aria-label={taken ? t("admin.promotions.productAdded", { name: p.name }) : t("admin.promotions.addProductNamed", { name: p.name })}
                    >
                      {taken ? t("admin.promotions.added") : t("admin.promotions.add")}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      ) : (
        <p className="text-sm text-stone-700">{t("admin.promotions.searchNeedsScript")}</p>
      )}
    </fieldset>
  );
}
