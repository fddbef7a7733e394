import { useFetcher, useLocation } from "react-router";
import { type WishlistActionResult, submitWithFetcher, useFetcherResult } from "~/components/cart/cart-forms";
import { useStorefrontData } from "~/components/cart/storefront-data";
import { showToast } from "~/components/layout/client-toaster";

/**
 * The heart that puts a product on the wishlist or takes it off: a form posting intent=toggle to
 * /wishlist (back to this page without JavaScript); with it, a fetcher, the new state at once, and
 * the spec's toasts ('Added to wishlist', '{name} Removed from wishlist', 'Failed to update wishlist').
 */
export function WishlistButton({
  productId,
  name,
  className = "",
  buttonClassName = "wish-btn",
  children,
}: {
  productId: string;
  name: string;
  className?: string;
  buttonClassName?: string;
  /** The button's content for its state (default: the label for screen readers; `wish-btn` draws the heart). */
  children?: (pressed: boolean) => React.ReactNode;
}) {
  const fetcher = useFetcher<WishlistActionResult>();
  const location = useLocation();
  const saved = useStorefrontData().wishlist.includes(productId);
  // While the toggle is on its way (and the page data reloads), show where it is going.
  const pressed = fetcher.formData ? !saved : saved;

  useFetcherResult(fetcher, (result) => {
    if (!result.ok) showToast("error", "Failed to update wishlist", result.message);
    else if (result.added) showToast("success", "Added to wishlist");
    else showToast("success", `${result.name} Removed from wishlist`);
  });

  return (
    <form method="post" action="/wishlist" className={className} onSubmit={(e) => (fetcher.state === "idle" ? submitWithFetcher(fetcher, e) : e.preventDefault())}>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        name="intent"
        value="toggle"
        aria-pressed={pressed}
        className={buttonClassName}
        data-testid="wishlist-toggle"
      >
        {children ? (
          children(pressed)
        ) : (
          // The heart itself is the .wish-btn class's (app.css).
          <span className="sr-only">{pressed ? `Remove ${name} from wishlist` : `Add ${name} to wishlist`}</span>
        )}
      </button>
    </form>
  );
}
