import { useLocation } from "react-router";
import { type WishlistActionResult, submitButtonWithFetcher, useFetcherResult } from "~/lib/cart-forms";
import { useWishlisted } from "~/lib/storefront-data";
import { showToast } from "~/lib/toast";
import { useBackgroundFetcher } from "~/lib/background-fetcher";
import type { Translate } from "#common/i18n/translate";
import { useLocalePath, useT } from "~/lib/i18n";

/** The id of the page's one wishlist form (`WishlistForm`), which every heart submits. */
const WISHLIST_FORM = "wishlist-toggle-form";

/**
 * The form every wishlist heart of the page submits, rendered once by the storefront's frame: a
 * post of intent=toggle to /wishlist, which sends the shopper back to this page. A heart is a
 * submit button of it (`form` attribute) carrying its product's id, so a tile holds a button
 * instead of a form with two hidden fields: 48 tiles on the home page.
 */
export function WishlistForm() {
  const location = useLocation();
  const localePath = useLocalePath();
  return (
    <form id={WISHLIST_FORM} method="post" action={localePath("/wishlist")} hidden>
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
    </form>
  );
}

type WishlistButtonProps = {
  productId: string;
  name: string;
  className?: string;
  /** The button's content for its state (default: the label for screen readers; `wish-btn` draws the heart). */
  children?: (pressed: boolean) => React.ReactNode;
};

/**
 * The heart that puts a product on the wishlist or takes it off: a submit button of the page's
 * WishlistForm (a plain post without JavaScript); with it, a fetcher, the new state at once, and
 * the spec's toasts ('Added to wishlist', '{name} Removed from wishlist', 'Failed to update wishlist').
 *
 * The server renders the button alone: the fetcher is React Router's `useFetcher` (through
 * `useBackgroundFetcher`), about fifteen
 * hooks, for a click only a browser makes, in each of a page's tiles (48 on the home page).
 * Hydration needs the same markup, not the same hooks: the browser's first render has no
 * submission under way either, so both show the saved state.
 */
export function WishlistButton(props: WishlistButtonProps) {
  return <WishlistHeart {...props} saved={useWishlisted(props.productId)} t={useT()} />;
}

/** `WishlistButton` with the saved state and the page's words given: on the server it reads no context (a product tile's cached markup). */
export function WishlistHeart({ saved, ...props }: WishlistButtonProps & { saved: boolean; t: Translate }) {
  return import.meta.env.SSR ? <HeartButton {...props} pressed={saved} /> : <LiveWishlistButton {...props} saved={saved} />;
}

function LiveWishlistButton({ saved, ...props }: WishlistButtonProps & { saved: boolean; t: Translate }) {
  const { t } = props;
  const fetcher = useBackgroundFetcher<WishlistActionResult>(t("shop.wishlist.failed"));
  // While the toggle is on its way (and the page data reloads), show where it is going.
  const pressed = fetcher.formData ? !saved : saved;

  useFetcherResult(fetcher, (result) => {
    if (!result.ok) showToast("error", t("shop.wishlist.failed"), result.message);
    else if (result.added) showToast("success", t("shop.wishlist.added"));
    else showToast("success", t("shop.wishlist.removed", { name: result.name }));
  });

  return <HeartButton {...props} pressed={pressed} onClick={(e) => (fetcher.state === "idle" ? submitButtonWithFetcher(fetcher, e) : e.preventDefault())} />;
}

function HeartButton({
  productId,
  name,
  className = "wish-btn",
  children,
  pressed,
  onClick,
  t,
}: WishlistButtonProps & { pressed: boolean; t: Translate; onClick?: React.MouseEventHandler<HTMLButtonElement> }) {
  return (
    <button
      type="submit"
      form={WISHLIST_FORM}
      name="productId"
      value={productId}
      aria-pressed={pressed}
      className={className}
      data-testid="wishlist-toggle"
      onClick={onClick}
    >
      {children ? (
        children(pressed)
      ) : (
        // The heart itself is the .wish-btn class's (app.css).
        <span className="sr-only">{pressed ? t("shop.wishlist.remove", { name }) : t("shop.wishlist.add", { name })}</span>
      )}
    </button>
  );
}
