import { useId, useState } from "react";
import { Link } from "react-router";
import type { CartLine } from "#modules/cart";
import { Price } from "~/components/price";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { showToast } from "~/lib/toast";
import { useMoney } from "~/lib/shop";
import { type CartActionResult, submitWithFetcher, useFetcherResult } from "~/lib/cart-forms";
import { useCartFailure } from "./cart-messages";
import { useBackgroundFetcher } from "~/lib/background-fetcher";
import { publicImageUrl } from "#common/images/image-sizes";
import { useImageBase } from "~/lib/image-base";
import { useLanguage, useLocalePath, useT } from "~/lib/i18n";
import { cartProblemText } from "#common/cart/cart-problems";

const stepButton = "grid w-10 place-items-center text-lg text-stone-900 hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-400";

/**
 * One cart line with its quantity stepper and remove button, for the cart page and the panel.
 * Each control is a plain form posting to /shopping-cart (the stepper's − and + are forms of their
 * own, so Enter in the quantity field never presses them); with JavaScript a fetcher sends them,
 * the new quantity shows at once and the line disappears while it is being removed. A quantity
 * below 1 is never sent.
 */
export function CartLineItem({ line, compact = false, onNavigate }: { line: CartLine; compact?: boolean; onNavigate?: () => void }) {
  const money = useMoney();
  const base = useImageBase();
  const hydrated = useHydrated();
  const t = useT();
  const { language } = useLanguage();
  const localePath = useLocalePath();
  const failure = useCartFailure();
  const fetcher = useBackgroundFetcher<CartActionResult>(failure.fromSent);
  const id = useId();
  const [text, setText] = useState<string | null>(null);

  useFetcherResult(fetcher, (result) => {
    if (!result.ok) showToast("error", failure.title(result.intent), result.message);
  });

  const pending = fetcher.formData;
  if (pending?.get("intent") === "remove") return null;
  const quantity = pending?.get("intent") === "update-quantity" ? Number(pending.get("quantity")) : line.quantity;
  const formId = (what: string) => `${id}-${what}`;

  // What the field holds, when it is a quantity worth sending (a whole number of at least 1 that differs).
  const typed = () => {
    const wanted = Number(text ?? quantity);
    return Number.isInteger(wanted) && wanted >= 1 && wanted !== quantity ? wanted : null;
  };

  function onQuantitySubmit(e: React.FormEvent<HTMLFormElement>) {
    const wanted = typed();
    setText(null);
    if (wanted === null) return e.preventDefault();
    submitWithFetcher(fetcher, e, { quantity: String(wanted) });
  }

  const hidden = (intent: string, qty?: number) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="lineId" value={line.id} />
      {qty !== undefined && <input type="hidden" name="quantity" value={qty} />}
    </>
  );
  const send = (e: React.FormEvent<HTMLFormElement>) => submitWithFetcher(fetcher, e);
  const details = [
    line.selectedColor && t("cart.line.colour", { colour: line.selectedColor }),
    line.selectedSize && t("cart.line.size", { size: line.selectedSize }),
  ]
    .filter(Boolean)
    .join(" · ");
  const cartPath = localePath("/shopping-cart");
  const productPath = localePath(`/products/${line.slug}`);
  const image = compact ? "size-16" : "size-20 sm:size-24";

  return (
    <li className={`flex gap-3 sm:gap-4 ${compact ? "py-4" : "py-5"}`} data-testid="cart-line" data-line-id={line.id}>
      <form id={formId("qty")} method="post" action={cartPath} onSubmit={onQuantitySubmit} noValidate={hydrated} hidden>
        {hidden("update-quantity")}
      </form>
      <form id={formId("less")} method="post" action={cartPath} onSubmit={send} hidden>
        {hidden("update-quantity", quantity - 1)}
      </form>
      <form id={formId("more")} method="post" action={cartPath} onSubmit={send} hidden>
        {hidden("update-quantity", quantity + 1)}
      </form>
      <form id={formId("remove")} method="post" action={cartPath} onSubmit={send} hidden>
        {hidden("remove")}
      </form>

      <Link to={productPath} onClick={onNavigate} tabIndex={-1} aria-hidden="true" className={`${image} shrink-0 overflow-hidden rounded-lg bg-stone-100`}>
        {line.image && (
          <img src={publicImageUrl(line.image, base)} alt="" width={96} height={96} loading="lazy" decoding="async" className="h-full w-full object-cover" />
        )}
      </Link>

      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <Link to={productPath} onClick={onNavigate} className="line-clamp-2 text-sm font-semibold text-stone-900 hover:underline sm:text-base">
              {line.name}
            </Link>
            {details && <p className="mt-0.5 text-xs text-stone-600 sm:text-sm">{details}</p>}
          </div>
          <p className="shrink-0 text-sm font-semibold tabular-nums text-stone-900 sm:text-base" data-testid="line-total">
            <span className="sr-only">{t("cart.line.total")} </span>
            {money(quantity === line.quantity ? line.lineTotal : line.finalPrice * quantity)}
          </p>
        </div>
        <div className="text-sm">
          <Price price={line.price} finalPrice={line.finalPrice} discount={line.discount} />
          {!compact && <span className="sr-only"> {t("cart.line.each")}</span>}
        </div>
        {line.problem && (
          <p className="rounded-md bg-amber-50 px-2 py-1 text-sm font-medium text-amber-900" data-testid="line-problem">
            {cartProblemText(t, line.problem, language) ?? line.problem}
          </p>
        )}

        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-2">
          <div
            className={`flex h-10 items-stretch overflow-hidden rounded-lg border border-stone-400 bg-white ${fetcher.state !== "idle" ? "opacity-70" : ""}`}
          >
            <button type="submit" form={formId("less")} disabled={quantity <= 1} className={stepButton}>
              <span aria-hidden="true">−</span>
              <span className="sr-only">{t("cart.line.less", { name: line.name })}</span>
            </button>
            <input
              form={formId("qty")}
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              aria-label={t("cart.line.quantityOf", { name: line.name })}
              value={text ?? String(quantity)}
              onChange={(e) => setText(e.target.value)}
              onBlur={(e) => {
                if (typed() !== null) e.currentTarget.form?.requestSubmit();
                else setText(null);
              }}
              className="w-12 border-x border-stone-200 text-center text-base tabular-nums text-stone-900 outline-none focus-visible:bg-amber-50 [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
            />
            <button type="submit" form={formId("more")} disabled={quantity >= line.stock} className={stepButton}>
              <span aria-hidden="true">+</span>
              <span className="sr-only">{t("cart.line.more", { name: line.name })}</span>
            </button>
          </div>
          {!hydrated && (
            <button
              type="submit"
              form={formId("qty")}
              className="h-10 rounded-lg border border-stone-300 px-3 text-sm font-semibold text-stone-900 hover:bg-stone-50"
            >
              {t("cart.line.update")}
            </button>
          )}
          <button
            type="submit"
            form={formId("remove")}
            className="ml-auto h-10 rounded-lg px-2 text-sm font-medium text-stone-700 underline-offset-4 hover:text-rose-800 hover:underline"
          >
            {t("cart.line.remove")}
            <span className="sr-only"> {line.name}</span>
          </button>
        </div>
      </div>
    </li>
  );
}
