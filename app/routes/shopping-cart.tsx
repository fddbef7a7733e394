import { Link, data, redirect } from "react-router";
import { z } from "zod";
import { AppError } from "#common/errors";
import { parseInput } from "#common/validate";
import { addToCartSchema, anyQuantitySchema, cartFormInput, discountCodeSchema, giftCardCodeSchema } from "#common/cart/cart.schema";
import { GiftCardRefused, giftCardRefusalText } from "#common/giftcards/gift-card-refusal";
import { normaliseGiftCardCode } from "#common/giftcards/giftcards.schema";
import { GiftCards } from "~/components/cart/gift-cards";
import { normaliseCode } from "#common/promotions/promotions.compute";
import { CodeRefused, refusalText, refusalWording } from "#common/promotions/refusal-words";
import { sameSitePath } from "#common/same-site-path";
import { DiscountCodes } from "~/components/cart/discount-codes";
import { pageMarket } from "~/lib/market.server";
import { localeOf } from "#common/i18n/languages";
import { FETCH_FIELD, type CartActionResult, type CartIntent } from "~/lib/cart-forms";
import { CartLineItem } from "~/components/cart/cart-line";
import { CartSummary } from "~/components/cart/cart-summary";
import { ShopperNotices } from "~/components/cart/shopper-notices";
import { useStorefrontData } from "~/lib/storefront-data";
import { CartIcon } from "~/components/icons";
import { seoMeta } from "~/lib/seo";
import { actionFailure, shopperMessage } from "~/lib/action-failure.server";
import { localizedPath, requestLanguage, requestT } from "~/lib/i18n.server";
import { useLocalePath, useT } from "~/lib/i18n";
import { addToCart, getShopper, withShopperCookies } from "~/lib/shopper.server";
import type { Route } from "./+types/shopping-cart";

export const meta: Route.MetaFunction = ({ matches, location }) => seoMeta(matches, location, { noindex: true });

/** Messages given once about this shopper's cart (a product the shop withdrew was removed from it); the lines come from the storefront layout. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { shopper } = await getShopper(request, context);
  const notices = await context.services.cart.takeNotices(shopper);
  return data({ notices: notices.map((n) => shopperMessage(request, n)) }, { headers: { "Cache-Control": "private, no-store" } });
}

const INTENTS = [
  "add-to-cart",
  "buy-now",
  "update-quantity",
  "remove",
  "apply-code",
  "remove-code",
  "apply-gift-card",
  "remove-gift-card",
] as const satisfies readonly CartIntent[];
const lineSchema = z.object({ lineId: z.string().trim().min(1, "No such cart line") });

/**
 * The cart's writes for the buy box, the cart page and the panel. A fetcher (JavaScript) gets
 * `{ ok, intent, message? }` back for its toasts; a plain form is redirected: add-to-cart to this
 * page, buy-now to /checkout, the cart page's own forms back here. Failures (AppError messages
 * such as "Only 3 left of …") come back with their status and show on this page without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const viaFetcher = form.get(FETCH_FIELD) === "1";
  const intent = INTENTS.find((i) => i === form.get("intent")) ?? null;
  const shopperCtx = await getShopper(request, context);
  const { cart } = context.services;
  const t = requestT(request);
  let code: string | undefined;
  try {
    if (intent === "add-to-cart" || intent === "buy-now") {
      const input = parseInput(addToCartSchema, cartFormInput(form), t("cart.action.chooseOptions"));
      await addToCart(shopperCtx, cart, input);
    } else if (intent === "update-quantity") {
      const { lineId } = parseInput(lineSchema, Object.fromEntries(form));
      const wanted = parseInput(z.object({ quantity: anyQuantitySchema }), cartFormInput(form), t("cart.action.enterQuantity")).quantity;
      // A quantity below 1 is ignored (spec section 5); the pages never send one.
      if (wanted >= 1) await cart.updateQuantity(shopperCtx.shopper, lineId, wanted);
    } else if (intent === "remove") {
      const { lineId } = parseInput(lineSchema, Object.fromEntries(form));
      await cart.removeLine(shopperCtx.shopper, lineId);
    } else if (intent === "apply-code" || intent === "remove-code") {
      code = normaliseCode(parseInput(discountCodeSchema, { code: form.get("code") ?? "" }, t("cart.code.missing")).code);
      if (intent === "apply-code") {
        const market = await pageMarket(request, context.services);
        await cart.applyCode(shopperCtx.shopper, code, { market, clientIp: context.clientIp });
      } else await cart.removeCode(shopperCtx.shopper, code);
    } else if (intent === "apply-gift-card") {
      const typed = parseInput(giftCardCodeSchema, { code: form.get("code") ?? "" }, t("cart.giftCard.missing")).code;
      const market = await pageMarket(request, context.services);
      await cart.applyGiftCard(shopperCtx.shopper, typed, { market, clientIp: context.clientIp });
      // The toast names the card by its last four characters, as the cart shows it.
      code = normaliseGiftCardCode(typed).slice(-4);
    } else if (intent === "remove-gift-card") {
      code = String(form.get("last4") ?? "").slice(0, 10);
      await cart.removeGiftCard(shopperCtx.shopper, code, { market: await pageMarket(request, context.services) });
    } else {
      throw new AppError("invalid_input", t("cart.action.unknown"));
    }
  } catch (err) {
    const failed = actionFailure(err, "cart action", request);
    // A refused code's reason in the page's language (the service words it in English).
    const message =
      err instanceof CodeRefused ? await refusalWords(err) : err instanceof GiftCardRefused ? giftCardRefusalText(t, err.refusal) : failed.message;
    return data<CartActionResult>({ ok: false, intent, message }, { status: failed.status, headers: withShopperCookies(shopperCtx) });
  }
  const headers = withShopperCookies(shopperCtx);
  if (viaFetcher) return data<CartActionResult>({ ok: true, intent, ...(code ? { code } : {}) }, { headers });
  // A code form without JavaScript goes back to the page it was on (the checkout), else this page.
  const back = code ? sameSitePath(form.get("returnTo")) : null;
  return redirect(back ?? localizedPath(request, intent === "buy-now" ? "/checkout" : "/shopping-cart"), { headers });

  async function refusalWords(err: CodeRefused): Promise<string> {
    const settings = await context.services.content.getSettings();
    const market = await pageMarket(request, context.services);
    const wording = refusalWording(settings, market.currency, localeOf(requestLanguage(request), settings.locale));
    return refusalText(t, err.refusal, wording);
  }
}

/** The cart page: lines with steppers, the summary with checkout, or the empty state. */
export default function ShoppingCartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart } = useStorefrontData();
  const t = useT();
  const localePath = useLocalePath();
  const lines = cart?.lines ?? [];
  const failure = actionData && !actionData.ok ? actionData.message : null;

  return (
    <div className="container-page pb-16 pt-6 sm:pt-10">
      <h1 className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">{t("cart.title")}</h1>
      <ShopperNotices notices={loaderData.notices} />
      {failure && (
        <div role="alert" className="mt-4 rounded-xl border border-rose-300 bg-rose-50 p-4 text-sm font-medium text-rose-900" data-testid="cart-error">
          {failure}
        </div>
      )}

      {cart && lines.length > 0 ? (
        <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-12">
          <section aria-labelledby="cart-lines-heading">
            <h2 id="cart-lines-heading" className="sr-only">
              {t("cart.itemsInCart")}
            </h2>
            <ul className="divide-y divide-stone-200 border-y border-stone-200">
              {lines.map((line) => (
                <CartLineItem key={line.id} line={line} />
              ))}
            </ul>
          </section>
          <section aria-labelledby="cart-summary-heading" className="rounded-2xl border border-stone-200 bg-stone-50 p-5 lg:sticky lg:top-6">
            <h2 id="cart-summary-heading" className="mb-3 text-lg font-semibold text-stone-900">
              {t("cart.summary.title")}
            </h2>
            <CartSummary totals={cart.totals} taxLines={cart.taxLines} discounts={cart.discounts} giftCards={cart.giftCards} />
            <DiscountCodes cart={cart} />
            <GiftCards cart={cart} />
            <Link
              to={localePath("/checkout")}
              className="mt-5 flex h-12 items-center justify-center rounded-lg bg-stone-900 px-6 text-base font-semibold text-white hover:bg-stone-700"
            >
              {t("cart.toCheckout")}
            </Link>
            <Link
              to={localePath("/product-category")}
              className="mt-2 flex h-12 items-center justify-center rounded-lg px-6 text-sm font-semibold text-stone-900 underline-offset-4 hover:underline"
            >
              {t("cart.continueShopping")}
            </Link>
          </section>
        </div>
      ) : (
        <div
          className="mx-auto mt-10 flex max-w-md flex-col items-center rounded-2xl border border-dashed border-stone-300 px-6 py-12 text-center"
          data-testid="cart-empty"
        >
          <span className="grid size-14 place-items-center rounded-full bg-stone-100 text-stone-700">
            <CartIcon className="size-7" />
          </span>
          <h2 className="mt-4 text-lg font-semibold text-stone-900">{t("cart.empty")}</h2>
          <p className="mt-1 text-sm text-stone-600">{t("cart.page.emptyHint")}</p>
          <Link
            to={localePath("/product-category")}
            className="mt-6 inline-flex h-11 items-center rounded-full bg-stone-900 px-6 text-sm font-semibold text-white hover:bg-stone-700"
          >
            {t("cart.continueShopping")}
          </Link>
        </div>
      )}
    </div>
  );
}
