import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { ProductDetail } from "#modules/catalog";
import { Price } from "~/components/price";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { type CartActionResult, submitWithFetcher, useFetcherResult } from "~/lib/cart-forms";
import { useCartFailure } from "~/components/cart/cart-messages";
import { useBackgroundFetcher } from "~/lib/background-fetcher";
import { showToast } from "~/lib/toast";
import { preloadCartPanel } from "~/components/cart/lazy-cart-panel";
import { setCartOpen } from "~/lib/cart-panel";
import { useMoney, useShop } from "~/lib/shop";
import { type ShopEvent, emitShopEvent } from "~/lib/shop-events";
import { useLocalePath, useT } from "~/lib/i18n";
import { type Selection, chooseColor, colorOptions, findVariant, initialSelection, nextQuantity, sizeOptions } from "./variants";
import { StockAlert } from "./stock-alert";

const focusRing = "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-stone-900";

/**
 * Price, colour and size pickers, stock, quantity and the cart buttons of a product page. The
 * pickers are radio groups in a plain form that posts productId, color, size and quantity, so it
 * works before JavaScript; with it, the price and stock follow the chosen variant, and the cart
 * buttons go through a fetcher: "Add to cart" opens the cart panel and toasts 'Added to cart';
 * "Buy now" adds without opening it, toasts 'Proceeding to checkout...' and goes to /checkout.
 */
export function BuyBox({ product, onColorChange }: { product: ProductDetail; onColorChange?: (color: string) => void }) {
  const money = useMoney();
  const hydrated = useHydrated();
  const [sel, setSel] = useState<Selection>(() => initialSelection(product));
  const [qty, setQty] = useState(1);
  const [qtyText, setQtyText] = useState<string | null>(null);
  const failure = useCartFailure("add-to-cart");
  const fetcher = useBackgroundFetcher<CartActionResult>(failure.fromSent);
  const navigate = useNavigate();
  const t = useT();
  const localePath = useLocalePath();
  const busyIntent = fetcher.state === "idle" ? null : fetcher.formData?.get("intent");

  const { settings, currencies } = useShop();
  // "Only n left" from the settings' low-stock threshold, the one the admin's lists use.
  const lowStock = settings.lowStockThreshold;
  // What the last submission put in the cart, told to the shop's event listeners once it succeeded.
  const adding = useRef<Extract<ShopEvent, { type: "add_to_cart" }> | null>(null);

  useFetcherResult(fetcher, (result) => {
    const added = adding.current;
    adding.current = null;
    if (!result.ok) return showToast("error", failure.title(result.intent), result.message);
    if (added) emitShopEvent(added);
    if (result.intent === "buy-now") {
      showToast("success", t("shop.product.toCheckout"));
      navigate(localePath("/checkout"));
    } else {
      setCartOpen(true);
      showToast("success", t("shop.product.addedToCart"));
    }
  });

  const hasVariants = product.variants.length > 0;
  const variant = findVariant(product, sel);
  const stock = hasVariants ? (variant?.stock ?? 0) : product.stock;
  const canBuy = stock > 0;
  const quantity = canBuy ? Math.min(qty, stock) : qty;
  const colors = colorOptions(product);
  const sizes = sizeOptions(product, sel.color);
  const unavailableSizes = sizes.filter((s) => !s.available);
  const price = variant ?? product;

  function changeQuantity(raw: string) {
    if (raw.trim() === "") return setQtyText("");
    // Below 1 (or not a number) is ignored: the field keeps the last good quantity.
    if (!(Number(raw) >= 1)) return;
    const n = nextQuantity(raw, quantity, canBuy ? stock : undefined);
    setQty(n);
    setQtyText(String(n));
  }

  return (
    <>
      <form
        method="post"
        action={localePath("/shopping-cart")}
        className="space-y-6"
        data-testid="buy-box"
        onSubmit={(e) => {
          if (fetcher.state !== "idle") return e.preventDefault();
          if (((e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value !== "buy-now") preloadCartPanel();
          submitWithFetcher(fetcher, e, { quantity: String(quantity) });
          adding.current = {
            type: "add_to_cart",
            productId: product._id,
            name: product.name,
            quantity,
            value: price.finalPrice * quantity,
            currency: currencies?.shown ?? settings.currency,
          };
        }}
      >
        <input type="hidden" name="productId" value={product._id} />

        <div aria-live="polite" aria-atomic="true" data-testid="product-price">
          <Price price={price.price} finalPrice={price.finalPrice} discount={product.discount} size="lg" withTaxNote />
          {product.discount > 0 && (
            <p className="mt-1 text-sm font-medium text-rose-800">{t("shop.product.youSave", { amount: money(price.price - price.finalPrice) })}</p>
          )}
        </div>

        {colors.length > 0 && (
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-stone-900">
              {t("shop.product.colour")}
              {sel.color && <span className="font-normal text-stone-700">{t("shop.product.chosen", { value: sel.color })}</span>}
            </legend>
            <div className="flex flex-wrap gap-2">
              {colors.map((c) => (
                <label key={c.name} className="relative cursor-pointer">
                  <input
                    type="radio"
                    name="color"
                    value={c.name}
                    checked={sel.color === c.name}
                    onChange={() => {
                      setSel((s) => chooseColor(product, s, c.name));
                      onColorChange?.(c.name);
                    }}
                    className="peer sr-only"
                  />
                  <span
                    className={`flex items-center gap-2 rounded-full border py-1.5 pl-1.5 pr-3.5 text-sm ${focusRing} peer-checked:border-stone-900 peer-checked:ring-1 peer-checked:ring-stone-900 ${c.available ? "border-stone-300 bg-white text-stone-900 hover:border-stone-900" : "border-dashed border-stone-300 bg-stone-100 text-stone-600"}`}
                  >
                    <span
                      aria-hidden="true"
                      className="h-6 w-6 rounded-full border border-black/15 shadow-inner"
                      style={{ backgroundColor: c.hex ?? "transparent" }}
                    />
                    <span className={c.available ? "" : "line-through"}>{c.name}</span>
                    {!c.available && <span className="text-xs">{t("shop.product.soldOutNote")}</span>}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        )}

        {sizes.length > 0 && (
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-stone-900">
              {t("shop.product.size")}
              {sel.size && <span className="font-normal text-stone-700">{t("shop.product.chosen", { value: sel.size })}</span>}
            </legend>
            <div className="flex flex-wrap gap-2">
              {sizes.map((s) => (
                <label key={s.size} className={`relative ${s.variant ? "cursor-pointer" : "cursor-not-allowed"}`}>
                  <input
                    type="radio"
                    name="size"
                    value={s.size}
                    checked={sel.size === s.size}
                    disabled={!s.variant}
                    onChange={() => setSel((x) => ({ ...x, size: s.size }))}
                    className="peer sr-only"
                  />
                  <span
                    className={`flex min-w-12 flex-col items-center justify-center rounded-lg border px-3 py-2 text-sm font-medium ${focusRing} peer-checked:border-stone-900 peer-checked:bg-stone-900 peer-checked:text-white ${s.available ? "border-stone-300 bg-white text-stone-900 hover:border-stone-900" : "border-dashed border-stone-300 bg-stone-100 text-stone-600"}`}
                  >
                    <span className={s.available ? "" : "line-through"}>{s.size}</span>
                    {s.variant && s.variant.additionalPrice > 0 && <span className="text-xs font-normal">+{money(s.variant.additionalPrice)}</span>}
                    {!s.available && (
                      <span className="sr-only">{sel.color ? t("shop.product.notAvailableIn", { colour: sel.color }) : t("shop.product.notAvailable")}</span>
                    )}
                  </span>
                </label>
              ))}
            </div>
            {unavailableSizes.length > 0 && (
              <p className="mt-2 text-xs text-stone-600">{sel.color ? t("shop.product.crossedOutIn", { colour: sel.color }) : t("shop.product.crossedOut")}</p>
            )}
          </fieldset>
        )}

        <p role="status" className="flex items-center gap-2 text-sm font-medium" data-testid="stock-status">
          <span
            aria-hidden="true"
            className={`h-2.5 w-2.5 rounded-full ${canBuy ? (stock <= lowStock ? "bg-amber-500" : "bg-emerald-600") : "bg-stone-400"}`}
          />
          {hasVariants && !variant ? (
            <span className="text-stone-700">{t("shop.product.chooseVariant")}</span>
          ) : !canBuy ? (
            <span className="text-stone-700">{t("shop.product.outOfStock")}</span>
          ) : stock <= lowStock ? (
            <span className="text-amber-800">{t("shop.product.fewLeft", { count: stock })}</span>
          ) : (
            <span className="text-emerald-800">{t("shop.product.inStock")}</span>
          )}
        </p>

        <div className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="quantity" className="mb-1 block text-sm font-semibold text-stone-900">
              {t("shop.product.quantity")}
            </label>
            <div className="flex h-12 items-stretch overflow-hidden rounded-lg border border-stone-400 bg-white focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-stone-900">
              <button
                type="button"
                aria-label={t("shop.product.oneLess")}
                disabled={!hydrated || !canBuy || quantity <= 1}
                onClick={() => {
                  setQty(Math.max(1, quantity - 1));
                  setQtyText(null);
                }}
                className="w-11 text-lg text-stone-900 hover:bg-stone-100 disabled:text-stone-400"
              >
                −
              </button>
              <input
                id="quantity"
                name="quantity"
                type="number"
                inputMode="numeric"
                min={1}
                max={canBuy ? stock : undefined}
                step={1}
                value={qtyText ?? String(quantity)}
                disabled={!canBuy}
                onChange={(e) => changeQuantity(e.target.value)}
                onBlur={() => setQtyText(null)}
                className="w-14 border-x border-stone-200 text-center text-base tabular-nums text-stone-900 outline-none disabled:bg-stone-50 disabled:text-stone-500 [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
              />
              <button
                type="button"
                aria-label={t("shop.product.oneMore")}
                disabled={!hydrated || !canBuy || quantity >= stock}
                onClick={() => {
                  setQty(nextQuantity(quantity + 1, quantity, canBuy ? stock : undefined));
                  setQtyText(null);
                }}
                className="w-11 text-lg text-stone-900 hover:bg-stone-100 disabled:text-stone-400"
              >
                +
              </button>
            </div>
          </div>
          <button
            type="submit"
            name="intent"
            value="add-to-cart"
            disabled={!canBuy}
            aria-disabled={busyIntent ? true : undefined}
            className="h-12 flex-1 rounded-lg bg-stone-900 px-6 text-base font-semibold text-white hover:bg-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-700"
          >
            {!canBuy ? t("shop.card.soldOut") : busyIntent === "add-to-cart" ? t("shop.product.adding") : t("shop.product.addToCart")}
          </button>
        </div>
        <button
          type="submit"
          name="intent"
          value="buy-now"
          disabled={!canBuy}
          aria-disabled={busyIntent ? true : undefined}
          className="h-12 w-full rounded-lg border-2 border-stone-900 bg-white px-6 text-base font-semibold text-stone-900 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 disabled:cursor-not-allowed disabled:border-stone-300 disabled:text-stone-600"
        >
          {busyIntent === "buy-now" ? t("shop.product.adding") : t("shop.product.buyNow")}
        </button>
      </form>
      {/* A sold-out product, or a chosen colour and size sold out: ask to be told when it is back (its own form, after this one). */}
      {!canBuy && (!hasVariants || variant) && (
        <StockAlert key={variant?.id ?? product._id} productId={product._id} color={variant?.color ?? null} size={variant?.size ?? null} />
      )}
    </>
  );
}
