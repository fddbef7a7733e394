import { useEffect, useId, useLayoutEffect, useRef } from "react";
import { createPortal } from "react-dom";
import { Link, useLocation, useNavigate } from "react-router";
import { CloseIcon } from "~/components/icons";
import { showToast } from "~/lib/toast";
import { isCheckoutPath, setCartOpen, useCartOpen } from "~/lib/cart-panel";
import { CartLineItem } from "./cart-line";
import { CartSummary } from "./cart-summary";
import { DiscountCodes } from "./discount-codes";
import { GiftCards } from "./gift-cards";
import { useStorefrontData } from "~/lib/storefront-data";
import { useLocalePath, useT } from "~/lib/i18n";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';
// The toasts stay usable above the panel (they answer what the shopper just did in it). Found by
// sonner's own marks, not its label, which speaks the page's language.
const TOASTER = "section[data-react-aria-top-layer][aria-live]";

/**
 * The slide-out cart panel (loaded on first use): a modal dialog on the right with the cart's
 * lines, totals, "View cart" and "Checkout". While it is open the page behind is inert, Tab stays
 * inside, Escape, the close button or a click beside it close it, and focus goes back to where it
 * was. It is not a native modal <dialog> because that would cover the toasts it raises.
 */
export default function CartPanel() {
  const open = useCartOpen();
  const { cart } = useStorefrontData();
  const navigate = useNavigate();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const t = useT();
  const localePath = useLocalePath();
  const lines = cart?.lines ?? [];
  const count = cart?.totals.itemCount ?? 0;

  const close = () => setCartOpen(false);
  useModal(open, panelRef, closeRef, close);

  // Arriving on the checkout (Back or Forward while the panel is open) closes it: never over the checkout.
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    if (isCheckoutPath(pathname)) setCartOpen(false);
  }, [pathname]);

  // A removed line takes the focus with it: keep it in the panel.
  useEffect(() => {
    const panel = panelRef.current;
    if (open && panel && !panel.contains(document.activeElement)) panel.focus({ preventScroll: true });
  }, [open, lines.length]);

  function checkout() {
    if (lines.length === 0) return showToast("info", t("cart.empty"));
    close();
    navigate(localePath("/checkout"));
  }

  return createPortal(
    <div data-cart-panel hidden={!open} className="fixed inset-0 z-50">
      <div aria-hidden="true" onClick={close} className="absolute inset-0 bg-[rgb(12_10_9/0.55)] motion-safe:animate-fade-in" />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="absolute inset-y-0 right-0 flex w-full max-w-md flex-col bg-white shadow-2xl outline-none transition-transform duration-200 ease-out motion-reduce:transition-none starting:translate-x-full sm:w-[26rem]"
        data-testid="cart-panel"
      >
        <div className="flex items-center justify-between gap-3 border-b border-stone-200 px-4 py-3 sm:px-5">
          <h2 id={titleId} className="text-lg font-semibold text-stone-900">
            {t("cart.title")}
          </h2>
          <span className="mr-auto rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700" data-testid="panel-count">
            {t("cart.itemCount", { count })}
          </span>
          <button ref={closeRef} type="button" onClick={close} className="-mr-2 grid size-11 place-items-center rounded-full text-stone-700 hover:bg-stone-100">
            <CloseIcon className="size-6" />
            <span className="sr-only">{t("cart.panel.close")}</span>
          </button>
        </div>

        {lines.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center" data-testid="panel-empty">
            <p className="text-base font-semibold text-stone-900">{t("cart.empty")}</p>
            <p className="text-sm text-stone-600">{t("cart.panel.emptyHint")}</p>
            <Link
              to={localePath("/product-category")}
              onClick={close}
              className="mt-2 rounded-full border border-stone-300 px-5 py-2.5 text-sm font-semibold text-stone-900 hover:bg-stone-50"
            >
              {t("cart.continueShopping")}
            </Link>
          </div>
        ) : (
          <ul className="flex-1 divide-y divide-stone-200 overflow-y-auto overscroll-contain px-4 sm:px-5" aria-label={t("cart.itemsInCart")}>
            {lines.map((line) => (
              <CartLineItem key={line.id} line={line} compact onNavigate={close} />
            ))}
          </ul>
        )}

        <div className="border-t border-stone-200 px-4 pb-4 pt-3 sm:px-5">
          {cart && lines.length > 0 && (
            <>
              <CartSummary totals={cart.totals} taxLines={cart.taxLines} discounts={cart.discounts} giftCards={cart.giftCards} compact />
              <DiscountCodes cart={cart} />
              <GiftCards cart={cart} />
            </>
          )}
          <div className="mt-3 grid grid-cols-2 gap-2">
            <Link
              to={localePath("/shopping-cart")}
              onClick={close}
              className="flex h-12 items-center justify-center rounded-lg border-2 border-stone-900 px-4 text-sm font-semibold text-stone-900 hover:bg-stone-100"
            >
              {t("cart.panel.viewCart")}
            </Link>
            <button type="button" onClick={checkout} className="h-12 rounded-lg bg-stone-900 px-4 text-sm font-semibold text-white hover:bg-stone-700">
              {t("cart.toCheckout")}
            </button>
          </div>
        </div>
      </div>
    </div>,
    document.body,
  );
}

/**
 * While `open`: the rest of the page is inert (except the toasts) and does not scroll, focus moves
 * to the close button, Tab and Shift+Tab cycle inside the panel, Escape closes it, and on closing
 * focus returns to the element that had it.
 */
function useModal(open: boolean, panelRef: React.RefObject<HTMLDivElement | null>, initialFocus: React.RefObject<HTMLElement | null>, close: () => void) {
  const returnTo = useRef<HTMLElement | null>(null);
  const onClose = useRef(close);
  onClose.current = close;

  useEffect(() => {
    if (!open) return;
    function onKeyDown(e: KeyboardEvent) {
      const panel = panelRef.current;
      if (!panel) return;
      if (e.key === "Escape") {
        e.preventDefault();
        return onClose.current();
      }
      if (e.key !== "Tab") return;
      const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.getClientRects().length > 0);
      if (items.length === 0) return;
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      const inside = panel.contains(active);
      if (e.shiftKey && (!inside || active === first || active === panel)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (!inside || active === last)) {
        e.preventDefault();
        first.focus();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, panelRef]);

  useLayoutEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    const container = panel?.closest("[data-cart-panel]");
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const madeInert: Element[] = [];
    for (const el of Array.from(document.body.children)) {
      if (el === container || el.matches(TOASTER) || el.tagName === "SCRIPT" || el.hasAttribute("inert")) continue;
      el.setAttribute("inert", "");
      madeInert.push(el);
    }
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    initialFocus.current?.focus();
    return () => {
      for (const el of madeInert) el.removeAttribute("inert");
      root.style.overflow = overflow;
      const back = returnTo.current;
      if (back?.isConnected && !back.closest("[data-cart-panel]")) back.focus({ preventScroll: true });
    };
  }, [open, panelRef, initialFocus]);
}
