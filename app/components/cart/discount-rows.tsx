import { useT } from "~/lib/i18n";

/** A promotion a cart or order got, as its answers give it. */
export interface DiscountEntry {
  code?: string;
  label: string;
  amount: number;
}

/**
 * The promotions' rows of a summary, one per promotion with its name (and code) and what it takes
 * off: the cart's summary, the checkout's and every order's print them so.
 */
export function DiscountRows({ discounts, format, rowClass }: { discounts: readonly DiscountEntry[]; format: (amount: number) => string; rowClass: string }) {
  const t = useT();
  return discounts.map((d) => (
    <div key={d.code ?? d.label} className={rowClass} data-testid="discount-row">
      <dt>{d.code ? t("cart.summary.discountWithCode", { label: d.label, code: d.code }) : d.label}</dt>
      <dd className="tabular-nums text-emerald-800">−{format(d.amount)}</dd>
    </div>
  ));
}
