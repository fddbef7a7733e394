import type { CartTotals, CartView } from "#modules/cart";
import { shippingAmountText } from "#common/cart/shipping";
import { priceTaxNote } from "#common/tax/price-tax-note";
import { useMoney, useShop } from "~/lib/shop";
import { useT } from "~/lib/i18n";
import { useTaxRowLabel } from "~/lib/tax";
import { type GiftCardRefusalWords, giftCardRefusalText } from "#common/giftcards/gift-card-refusal";

/**
 * Subtotal (the lines at their discounted prices, so the savings are said, not subtracted again),
 * shipping (with what is left for free shipping), each promotion's discount and total, as the server computed them. Until the checkout knows the address, shipping and total read "from" the cheapest
 * zone, worded by the one shipping rule the product page and the checkout use. The tax is the
 * shop's own region's until then (the server prices the cart so), and a note says so.
 */
export function CartSummary({
  totals,
  taxLines = [],
  discounts = [],
  giftCards = [],
  compact = false,
}: {
  totals: CartTotals;
  taxLines?: CartView["taxLines"];
  discounts?: CartView["discounts"];
  /** The gift cards on the cart: their rows and what is left to pay come after the total. */
  giftCards?: CartView["giftCards"];
  compact?: boolean;
}) {
  const money = useMoney();
  const t = useT();
  const taxLabel = useTaxRowLabel();
  const taxNote = priceTaxNote(useShop().settings.taxes);
  const varies = totals.shippingMax > totals.shipping;
  // With gift cards, the total is the order's before them, and what is left to pay follows the cards.
  const orderTotal = giftCards.length ? totals.orderTotal : totals.total;
  const row = `flex items-baseline justify-between gap-4 ${compact ? "py-0.5" : "py-1.5"}`;
  const included = totals.pricesIncludeTax;
  const taxRows = taxLines.map((line) => (
    <div key={line.label} className={included ? "flex items-baseline justify-between gap-4 text-xs text-stone-600" : row} data-testid="cart-tax">
      <dt>{taxLabel(line, included)}</dt>
      <dd className={included ? "tabular-nums" : "tabular-nums text-stone-900"}>{money(line.amount)}</dd>
    </div>
  ));
  const taxed = taxLines.some((line) => line.amount > 0);
  return (
    <div data-testid="cart-summary">
      <dl className="text-sm text-stone-700">
        <div className={`${row} flex-wrap`}>
          <dt>{t("cart.summary.subtotal")}</dt>
          <dd className="tabular-nums text-stone-900" data-testid="cart-subtotal">
            {money(totals.itemsSubtotal)}
          </dd>
          {totals.discount > 0 && (
            <dd className="w-full text-xs text-emerald-800" data-testid="cart-savings">
              {t("cart.summary.savings", { amount: money(totals.discount) })}
            </dd>
          )}
        </div>
        <div className={row}>
          <dt>{t("cart.summary.shipping")}</dt>
          <dd className="tabular-nums text-stone-900" data-testid="cart-shipping">
            {shippingAmountText({ from: totals.shipping, to: totals.shippingMax }, money, t)}
          </dd>
        </div>
        <DiscountRows discounts={discounts} format={money} rowClass={row} />
        {!included && taxRows}
        <div className={`${row} mt-1 border-t border-stone-200 pt-3 text-base font-semibold text-stone-900`}>
          <dt>{t(giftCards.length ? "cart.summary.orderTotal" : "cart.summary.total")}</dt>
          <dd className="tabular-nums" data-testid="cart-total">
            {varies ? t("cart.shipping.from", { amount: money(orderTotal) }) : money(orderTotal)}
          </dd>
        </div>
        {included && taxRows}
        <GiftCardRows
          giftCards={giftCards}
          toPay={totals.total}
          from={varies}
          format={money}
          rowClass={row}
          toPayClass={`${row} mt-1 border-t border-stone-200 pt-3 text-base font-semibold text-stone-900`}
        />
      </dl>
      {taxNote && (
        <p className="mt-1 text-xs text-stone-600" data-testid="cart-tax-note">
          {t(taxNote === "included" ? "cart.tax.noteIncluded" : taxed ? "cart.tax.noteEstimated" : "cart.tax.noteAdded")}
        </p>
      )}
      {varies && (
        <p className="mt-1 text-xs text-stone-600" data-testid="shipping-depends">
          {t("cart.summary.shippingDepends")}
        </p>
      )}
      {totals.amountToFreeShipping > 0 ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="free-shipping-hint">
          {t("cart.summary.toFreeShipping", { amount: money(totals.amountToFreeShipping) })}
        </p>
      ) : (
        totals.freeShippingThreshold > 0 && (
          <p className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="free-shipping-hint">
            {t("cart.summary.shipsFree")}
          </p>
        )
      )}
    </div>
  );
}

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

/** A gift card that paid (or pays) for a cart or order, as their answers give it; `problem` when it pays nothing now. */
export interface GiftCardEntry {
  last4: string;
  amount: number;
  problem?: string | null;
  refusal?: GiftCardRefusalWords | null;
}

/**
 * The gift cards' rows of a summary, after its total: one per card ("Gift card ••••ABCD −$10.00",
 * or why it pays nothing now), then what is left to pay ("from" it while the shipping is not chosen
 * yet). None without cards.
 */
export function GiftCardRows({
  giftCards,
  toPay,
  from = false,
  format,
  rowClass,
  toPayClass = rowClass,
}: {
  giftCards: readonly GiftCardEntry[];
  toPay: number;
  from?: boolean;
  format: (amount: number) => string;
  rowClass: string;
  toPayClass?: string;
}) {
  const t = useT();
  if (giftCards.length === 0) return null;
  return (
    <>
      {giftCards.map((card) => (
        <div key={card.last4} className={rowClass} data-testid="gift-card-row">
          <dt>
            {t("cart.giftCard.row", { last4: card.last4 })}
            {card.refusal && <span className="block text-xs text-amber-900">{giftCardRefusalText(t, card.refusal)}</span>}
          </dt>
          <dd className="tabular-nums text-emerald-800">−{format(card.amount)}</dd>
        </div>
      ))}
      <div className={toPayClass}>
        <dt>{t("cart.summary.toPay")}</dt>
        <dd className="tabular-nums" data-testid="gift-card-to-pay">
          {from ? t("cart.shipping.from", { amount: format(toPay) }) : format(toPay)}
        </dd>
      </div>
    </>
  );
}
