import { useRef } from "react";
import { PriceDropSwitch } from "~/components/wishlist/price-drop-switch";
import { Link, data, redirect } from "react-router";
import { z } from "zod";
import { AppError } from "#common/errors";
import { parseInput } from "#common/validate";
import type { WishlistEntry } from "#modules/wishlist";
import { FETCH_FIELD, type WishlistActionResult, type WishlistIntent, submitWithFetcher, useFetcherResult } from "~/lib/cart-forms";
import { HeartIcon } from "~/components/icons";
import { ShopperNotices } from "~/components/cart/shopper-notices";
import { showToast } from "~/lib/toast";
import { Price } from "~/components/price";
import { safeRedirect } from "~/lib/auth-form.server";
import { setCartOpen } from "~/lib/cart-panel";
import { seoMeta } from "~/lib/seo";
import { emitShopEvent } from "~/lib/shop-events";
import { useShop } from "~/lib/shop";
import { actionFailure } from "~/lib/action-failure.server";
import { useBackgroundFetcher } from "~/lib/background-fetcher";
import { addToCart, getShopper, withShopperCookies } from "~/lib/shopper.server";
import type { Route } from "./+types/wishlist";
import { publicImageUrl } from "#common/images/image-sizes";
import { useImageBase } from "~/lib/image-base";
import { RouteMessages, useLocalePath, useRichT, useT } from "~/lib/i18n";
import { routeMessages } from "#common/i18n/messages.server";
import type { CompiledCatalog } from "#common/i18n/translate";
import { pageMarket } from "~/lib/market.server";
import { localizeMessage, localizedPath, requestLanguage, requestT } from "~/lib/i18n.server";

export const meta: Route.MetaFunction = ({ matches, location }) => seoMeta(matches, location, { noindex: true });

/** The shopper's wishlist, newest first (nothing to read for a browser without a session or visitor cookie). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { shopper } = await getShopper(request, context);
  const known = Boolean(shopper.userId || shopper.visitorId);
  const { wishlist } = context.services;
  // `notices`: given once, e.g. a saved product the shop withdrew ("… was removed from your wishlist").
  const [listed, notices] = known ? await Promise.all([wishlist.list(shopper, requestLanguage(request)), wishlist.takeNotices(shopper)]) : [[], []];
  // Their prices in the currency the page shows.
  const entries = await context.services.catalog.listedInMarket(listed, await pageMarket(request, context.services));
  // The price-drop switch's texts: only this page and the alerts' pages show them.
  const messages = routeMessages(requestLanguage(request), ["alerts"]);
  return data({ entries, notices, messages }, { headers: { "Cache-Control": "private, no-store" } });
}

const INTENTS = ["toggle", "remove", "move-to-cart"] as const satisfies readonly WishlistIntent[];
const UNKNOWN_ACTION = "Unknown wishlist action.";
const productSchema = z.object({ productId: z.string().trim().min(1, "Please choose a product") });

/**
 * Toggle (the hearts), remove, and move to cart (adds one and takes the product off the list). A
 * fetcher gets `{ ok, intent, added?, name?, message? }` for its toasts; a plain form goes back to
 * the page it came from (a toggle) or to this page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const viaFetcher = form.get(FETCH_FIELD) === "1";
  const intent = INTENTS.find((i) => i === form.get("intent")) ?? null;
  const shopperCtx = await getShopper(request, context);
  const { wishlist, cart } = context.services;
  let result: WishlistActionResult;
  try {
    const { productId } = parseInput(productSchema, Object.fromEntries(form));
    if (intent === "toggle") {
      const { added, name } = await wishlist.toggle(shopperCtx.ensureOwner(), productId);
      result = { ok: true, intent, added, name };
    } else if (intent === "remove") {
      await wishlist.remove(shopperCtx.shopper, productId);
      result = { ok: true, intent };
    } else if (intent === "move-to-cart") {
      const view = await addToCart(shopperCtx, cart, { productId, quantity: 1 });
      await wishlist.remove(shopperCtx.shopper, productId);
      result = { ok: true, intent, name: view.lines.find((l) => l.productId === productId)?.name };
    } else {
      throw new AppError("invalid_input", UNKNOWN_ACTION);
    }
  } catch (err) {
    const { message, status } = actionFailure(err, "wishlist action");
    return data<WishlistActionResult>(
      { ok: false, intent, message: failureText(request, message, status) },
      { status, headers: withShopperCookies(shopperCtx) },
    );
  }
  const headers = withShopperCookies(shopperCtx);
  if (viaFetcher) return data(result, { headers });
  const list = localizedPath(request, "/wishlist");
  return redirect(intent === "toggle" ? safeRedirect(form.get("redirectTo"), list) : list, { headers });
}

/** A failure's message in the page's language: this route's own words, the server's (errors catalog), or the apology for the unexpected. */
function failureText(request: Request, message: string, status: number): string {
  const t = requestT(request);
  if (status >= 500) return t("shop.error.tryAgain");
  if (message === UNKNOWN_ACTION) return t("shop.wishlist.unknownAction");
  return localizeMessage(t, message);
}

/** The wishlist: each product with its price and stock, "Move to cart" and "Remove"; an empty state. */
export default function WishlistPage(props: Route.ComponentProps) {
  return (
    <RouteMessages messages={props.loaderData.messages as CompiledCatalog}>
      <WishlistView {...props} />
    </RouteMessages>
  );
}

function WishlistView({ loaderData, actionData }: Route.ComponentProps) {
  const { entries, notices } = loaderData;
  const failure = actionData && !actionData.ok ? actionData.message : null;
  // One fetcher for the rows' buttons: its answer arrives after the row it came from is gone.
  const t = useT();
  const localePath = useLocalePath();
  const fetcher = useBackgroundFetcher<WishlistActionResult>((sent) =>
    sent?.get("intent") === "move-to-cart" ? t("shop.wishlist.cartFailed") : t("shop.wishlist.failed"),
  );
  const pendingId = fetcher.formData?.get("productId");
  const { settings } = useShop();
  // The entry being moved to the cart: gone from the list by the time the answer comes.
  const moving = useRef<WishlistEntry | null>(null);

  useFetcherResult(fetcher, (result) => {
    const moved = moving.current;
    moving.current = null;
    if (result.ok) {
      if (result.intent === "move-to-cart") {
        if (moved)
          emitShopEvent({
            type: "add_to_cart",
            productId: moved.productId,
            name: moved.name,
            quantity: 1,
            value: moved.finalPrice,
            currency: settings.currency,
          });
        setCartOpen(true);
        showToast("success", t("shop.product.addedToCart"));
      }
      return;
    }
    showToast("error", result.intent === "move-to-cart" ? t("shop.wishlist.cartFailed") : t("shop.wishlist.failed"), result.message);
  });

  return (
    <div className="container-page pb-16 pt-6 sm:pt-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">{t("shop.wishlist.title")}</h1>
        {entries.length > 0 && <p className="text-sm text-stone-600">{t("shop.products.count", { count: entries.length })}</p>}
      </div>
      <ShopperNotices notices={notices} />
      <PriceDropSwitch />
      {failure && (
        <div role="alert" className="mt-4 rounded-xl border border-rose-300 bg-rose-50 p-4 text-sm font-medium text-rose-900" data-testid="wishlist-error">
          {failure}
        </div>
      )}
      {entries.length > 0 ? (
        <ul className="mt-6 divide-y divide-stone-200 border-y border-stone-200">
          {entries.map((entry) =>
            // Removed or moved: gone from the list at once (it comes back if the server says no).
            entry.productId === pendingId ? null : (
              <WishlistRow
                key={entry.productId}
                entry={entry}
                send={(e) => {
                  const sent = submitWithFetcher(fetcher, e);
                  moving.current = sent.get("intent") === "move-to-cart" ? entry : null;
                }}
              />
            ),
          )}
        </ul>
      ) : (
        <div
          className="mx-auto mt-10 flex max-w-md flex-col items-center rounded-2xl border border-dashed border-stone-300 px-6 py-12 text-center"
          data-testid="wishlist-empty"
        >
          <span className="grid size-14 place-items-center rounded-full bg-stone-100 text-stone-700">
            <HeartIcon className="size-7" />
          </span>
          <h2 className="mt-4 text-lg font-semibold text-stone-900">{t("shop.wishlist.empty")}</h2>
          <p className="mt-1 text-sm text-stone-600">{t("shop.wishlist.emptyText")}</p>
          <Link
            to={localePath("/product-category")}
            className="mt-6 inline-flex h-11 items-center rounded-full bg-stone-900 px-6 text-sm font-semibold text-white hover:bg-stone-700"
          >
            {t("shop.wishlist.browse")}
          </Link>
        </div>
      )}
    </div>
  );
}

function WishlistRow({ entry, send }: { entry: WishlistEntry; send: (e: React.FormEvent<HTMLFormElement>) => void }) {
  const t = useT();
  const richT = useRichT();
  const localePath = useLocalePath();
  const href = localePath(`/products/${entry.slug}`);
  const action = localePath("/wishlist");
  const named = <span className="sr-only">{` ${entry.name}`}</span>;
  const base = useImageBase();
  const button = "inline-flex h-10 items-center justify-center rounded-lg px-4 text-sm font-semibold";

  return (
    <li className="flex gap-4 py-5" data-testid="wishlist-entry">
      <Link to={href} tabIndex={-1} aria-hidden="true" className="size-20 shrink-0 overflow-hidden rounded-lg bg-stone-100 sm:size-24">
        {entry.image && (
          <img src={publicImageUrl(entry.image, base)} alt="" width={96} height={96} loading="lazy" decoding="async" className="h-full w-full object-cover" />
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
        <div className="min-w-0">
          <p className="text-xs uppercase tracking-wide text-stone-600">{entry.category}</p>
          <Link to={href} className="line-clamp-2 text-sm font-semibold text-stone-900 hover:underline sm:text-base">
            {entry.name}
          </Link>
          <div className="mt-1 text-sm">
            <Price price={entry.price} finalPrice={entry.finalPrice} discount={entry.discount} from={entry.priceVaries} />
          </div>
          <p className={`mt-1 text-sm font-medium ${entry.inStock ? "text-emerald-800" : "text-stone-600"}`} data-testid="wishlist-stock">
            {entry.inStock ? t("shop.product.inStock") : t("shop.product.outOfStock")}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {!entry.inStock ? null : entry.hasVariants ? (
            <Link to={href} className={`${button} bg-stone-900 text-white hover:bg-stone-700`}>
              {richT("shop.wishlist.chooseOptions", {
                name: <span className="sr-only">{` ${t("shop.wishlist.forProduct", { name: entry.name })}`}</span>,
              })}
            </Link>
          ) : (
            <form method="post" action={action} onSubmit={send}>
              <input type="hidden" name="productId" value={entry.productId} />
              <button type="submit" name="intent" value="move-to-cart" className={`${button} bg-stone-900 text-white hover:bg-stone-700`}>
                {richT("shop.wishlist.moveToCart", { name: named })}
              </button>
            </form>
          )}
          <form method="post" action={action} onSubmit={send}>
            <input type="hidden" name="productId" value={entry.productId} />
            <button type="submit" name="intent" value="remove" className={`${button} border border-stone-300 text-stone-900 hover:bg-stone-50`}>
              {richT("shop.wishlist.removeEntry", { name: named })}
            </button>
          </form>
        </div>
      </div>
    </li>
  );
}
