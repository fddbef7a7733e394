import { Link } from "react-router";
import { LineList, TotalsList } from "~/components/orders/order-view";
import type { CheckoutQuote } from "#modules/orders";
import { useLocalePath, useT } from "~/lib/i18n";
import { DiscountCodes } from "~/components/cart/discount-codes";
import { GiftCards } from "~/components/cart/gift-cards";

/** The id of the forms the summary's discount code fields belong to (the checkout renders them outside its own form). */
export const CHECKOUT_CODE_FORMS = "checkout-code";
/** The id of the forms the summary's gift card fields belong to, likewise. */
export const CHECKOUT_GIFT_CARD_FORMS = "checkout-gift-card";

/**
 * The lines and the server's totals for the chosen shipping method, beside the checkout form; when
 * no zone delivers to the address, the reason instead of a total.
 */
export function CheckoutSummary({
  quote,
  busy,
  unavailable,
  children,
}: {
  quote: CheckoutQuote;
  busy: boolean;
  unavailable?: string | null;
  children?: React.ReactNode;
}) {
  const { cart } = quote;
  const shipping = quote.shippingOptions.find((o) => o.id === quote.shippingMethod);
  const count = cart.totals.itemCount;
  const t = useT();
  const localePath = useLocalePath();
  return (
    <section
      aria-labelledby="summary-title"
      aria-busy={busy || undefined}
      className="rounded-2xl border border-stone-200 bg-stone-50 p-5 sm:p-6 lg:sticky lg:top-24"
      data-testid="checkout-summary"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="summary-title" className="text-lg font-semibold text-stone-900">
          {t("cart.summary.title")}
        </h2>
        <Link to={localePath("/shopping-cart")} className="text-sm font-semibold text-stone-900 underline underline-offset-4 hover:text-stone-700">
          {t("cart.checkout.editCart")}
        </Link>
      </div>
      <p className="mt-1 text-sm text-stone-600">{t("cart.itemCount", { count })}</p>
      <div className={`mt-3 transition-opacity ${busy ? "opacity-60" : ""}`}>
        <LineList lines={cart.lines} currency={cart.totals.currency} />
        <div className="mt-3 border-t border-stone-200 pt-4" aria-live="polite">
          {unavailable ? (
            <p className="text-sm font-medium text-stone-900" data-testid="summary-unavailable">
              {unavailable}
            </p>
          ) : (
            <TotalsList totals={cart.totals} shippingLabel={shipping?.name} taxLines={cart.taxLines} discounts={cart.discounts} giftCards={cart.giftCards} />
          )}
        </div>
        <DiscountCodes cart={cart} detached={CHECKOUT_CODE_FORMS} />
        <GiftCards cart={cart} detached={CHECKOUT_GIFT_CARD_FORMS} />
      </div>
      {children}
    </section>
  );
}
