import { Form, useLocation } from "react-router";
import { useT } from "~/lib/i18n";
import type { PageCurrencies } from "~/lib/shop";
import { useDismissableDetails } from "~/lib/use-dismissable-details";

/**
 * The currency menu beside the language one: each offered currency as a button of a plain form
 * (routes/currency.tsx keeps the choice in a cookie and comes back to this page), so it works
 * before JavaScript and from the keyboard.
 */
export function CurrencySwitcher({ placement, currencies }: { placement: "header" | "footer"; currencies: PageCurrencies | undefined }) {
  const ref = useDismissableDetails<HTMLDetailsElement>();
  const t = useT();
  const { pathname, search } = useLocation();
  // A shop that sells in its own currency only has nothing to switch.
  if (!currencies || currencies.offered.length < 2) return null;
  const dark = placement === "footer";
  return (
    <details ref={ref} className={placement === "header" ? "relative hidden sm:block" : "relative"} data-testid={`currency-switcher-${placement}`}>
      <summary
        className={`flex h-11 cursor-pointer list-none items-center rounded-full px-3 text-sm font-semibold ${dark ? "text-stone-200 hover:bg-stone-800" : "text-stone-800 hover:bg-stone-100"}`}
      >
        <span className="sr-only">{t("market.currency.label")}: </span>
        {currencies.shown}
      </summary>
      <Form
        method="post"
        action="/currency"
        reloadDocument
        className={`absolute z-40 mt-2 w-36 rounded-xl border border-stone-200 bg-white p-2 shadow-xl ${dark ? "bottom-full left-0 mb-2" : "right-0 top-full"}`}
        aria-label={t("market.currency.label")}
      >
        <input type="hidden" name="back" value={pathname + search} />
        {currencies.offered.map((code) => (
          <button
            key={code}
            type="submit"
            name="currency"
            value={code}
            aria-pressed={code === currencies.shown}
            aria-label={t("market.currency.choose", { currency: code })}
            className="block w-full rounded-lg px-3 py-2 text-left text-sm text-stone-800 hover:bg-stone-100 aria-pressed:font-semibold"
          >
            {code}
          </button>
        ))}
      </Form>
    </details>
  );
}
