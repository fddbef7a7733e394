import { useMoney } from "~/lib/shop";
import type { Translate } from "#common/i18n/translate";
import { useT } from "~/lib/i18n";
import { usePriceTaxNote } from "~/lib/price-tax-note";

interface Props {
  price: number;
  finalPrice: number;
  discount: number;
  size?: "sm" | "lg";
  /** The price is the lowest of several (a product's variants differ): "From $X". */
  from?: boolean;
  /** Show the "-N%" badge beside the price (off where the picture already carries it). */
  badge?: boolean;
  /** Classes of the price's own line (its place in a card, say). */
  className?: string;
}

/** What the price says about tax beside it ("incl. VAT", "+ tax"); none where the shop has no tax setup. */
type TaxNote = { taxNote?: string | null };

/** Final price, with the original struck through and the discount badge when discounted; `withTaxNote`: and what it says about tax. */
export function Price({ withTaxNote = false, ...props }: Props & { withTaxNote?: boolean }) {
  const taxNote = usePriceTaxNote();
  return <PriceLine {...props} taxNote={withTaxNote ? taxNote : null} money={useMoney()} t={useT()} />;
}

/** The price line of `Price` with the shop's money format and words given: it reads no context (a product tile's cached markup). */
export function PriceLine({
  price,
  finalPrice,
  discount,
  size = "sm",
  from = false,
  badge = true,
  className,
  money,
  t,
  taxNote,
}: Props & TaxNote & { money: (amount: number) => string; t: Translate }) {
  const big = size === "lg";
  return (
    <p className={className ? `price-row ${className}` : "price-row"} data-testid="price">
      <span className={`font-semibold text-stone-900 ${big ? "text-3xl" : "text-base"}`} data-testid="final-price">
        {from ? (
          <span className={`font-normal text-stone-700 ${big ? "text-lg" : "text-sm"}`}>{`${t("shop.price.from")} `}</span>
        ) : (
          <span className="sr-only">{`${discount > 0 ? t("shop.price.now") : t("shop.price.price")} `}</span>
        )}
        {money(finalPrice)}
      </span>
      {discount > 0 && (
        <>
          <s className={`text-stone-500 ${big ? "text-lg" : "text-sm"}`} data-testid="original-price">
            <span className="sr-only">{`${t("shop.price.was")} `}</span>
            {money(price)}
          </s>
          {badge && <span className={`rounded bg-rose-700 px-1.5 py-0.5 font-medium text-white ${big ? "text-sm" : "text-xs"}`}>-{discount}%</span>}
        </>
      )}
      {taxNote && (
        <span className={`text-stone-600 ${big ? "text-sm" : "text-xs"}`} data-testid="price-tax-note">
          {taxNote}
        </span>
      )}
    </p>
  );
}
