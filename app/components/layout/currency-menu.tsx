import { Suspense, lazy } from "react";
import type { PageCurrencies } from "~/lib/shop";

const Switcher = lazy(() => import("./currency-switcher").then((m) => ({ default: m.CurrencySwitcher })));

/**
 * The currency switcher where the shop offers more than its own currency; its code loads only
 * there (most shops sell in one currency, and their pages carry none of it).
 */
export function CurrencyMenu({ placement, currencies }: { placement: "header" | "footer"; currencies: PageCurrencies | undefined }) {
  if (!currencies || currencies.offered.length < 2) return null;
  return (
    <Suspense fallback={null}>
      <Switcher placement={placement} currencies={currencies} />
    </Suspense>
  );
}
