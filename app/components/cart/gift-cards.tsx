import { useId, useRef, useState } from "react";
import type { CartView } from "#modules/cart";
import { giftCardRefusalText } from "#common/giftcards/gift-card-refusal";
import { type CartActionResult, submitButtonWithFetcher, submitWithFetcher, useFetcherResult } from "~/lib/cart-forms";
import { useBackgroundFetcher } from "~/lib/background-fetcher";
import { useLocalePath, useT } from "~/lib/i18n";
import { showToast } from "~/lib/toast";

/**
 * The gift card field of the cart panel, the cart page and the checkout, beside the discount code
 * field and made the same way: a plain form posting to /shopping-cart (back to `returnTo` without
 * JavaScript), and the cards on the cart, each with what it pays or why it pays nothing now, and a
 * remove button. Inside another form (the checkout's), `detached` names the forms its fields belong
 * to, which the page renders outside with GiftCardForms (forms cannot nest).
 */
export function GiftCards({ cart, returnTo, detached }: { cart: Pick<CartView, "giftCards" | "totals">; returnTo?: string; detached?: string }) {
  const t = useT();
  const id = useId();
  const localePath = useLocalePath();
  const fetcher = useBackgroundFetcher<CartActionResult>(t("cart.giftCard.label"));
  const remover = useBackgroundFetcher<CartActionResult>(t("cart.failure.remove"));
  const [error, setError] = useState<string | null>(null);
  const [value, setValue] = useState("");
  const applyButton = useRef<HTMLButtonElement>(null);

  useFetcherResult(fetcher, (result) => {
    if (!result.ok) return setError(result.message);
    setError(null);
    setValue("");
    if (result.code) showToast("success", t("cart.giftCard.applied", { last4: result.code }));
  });
  useFetcherResult(remover, (result) => {
    if (!result.ok) showToast("error", t("cart.failure.remove"), result.message);
    else if (result.code) showToast("success", t("cart.giftCard.removed", { last4: result.code }));
  });

  const cartPath = localePath("/shopping-cart");
  const back = returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null;
  const busy = fetcher.state !== "idle";
  const removing = remover.formData?.get("last4");
  const applyForm = detached ? `${detached}-apply` : undefined;
  const removeForm = detached ? `${detached}-remove` : undefined;
  const onEnter = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (!detached || e.key !== "Enter") return;
    e.preventDefault();
    applyButton.current?.click();
  };
  const applyFields = (
    <>
      <label htmlFor={`${id}-gift-card`} className="block text-sm font-medium text-stone-800">
        {t("cart.giftCard.label")}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`${id}-gift-card`}
          form={applyForm}
          onKeyDown={onEnter}
          name="code"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={100}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-gift-card-error` : undefined}
          className="h-10 min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 text-sm uppercase text-stone-900 placeholder:normal-case focus:border-stone-900 focus:outline-none focus:ring-2 focus:ring-stone-900/20"
        />
        <button
          ref={applyButton}
          type="submit"
          form={applyForm}
          onClick={detached ? (e) => submitButtonWithFetcher(fetcher, e) : undefined}
          disabled={busy}
          className="h-10 shrink-0 rounded-lg border border-stone-900 px-4 text-sm font-semibold text-stone-900 hover:bg-stone-100 disabled:opacity-60"
        >
          {t("cart.giftCard.apply")}
        </button>
      </div>
      {error && (
        <p id={`${id}-gift-card-error`} role="alert" className="mt-1 text-sm text-rose-800" data-testid="gift-card-error">
          {error}
        </p>
      )}
    </>
  );
  const cards = cart.giftCards.filter((c) => c.last4 !== removing);
  return (
    <div className="mt-3" data-testid="gift-cards">
      {detached ? (
        <div>{applyFields}</div>
      ) : (
        <form method="post" action={cartPath} onSubmit={(e) => submitWithFetcher(fetcher, e)} aria-busy={busy}>
          <input type="hidden" name="intent" value="apply-gift-card" />
          {back}
          {applyFields}
        </form>
      )}
      {cards.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm" data-testid="gift-card-list">
          {cards.map((c) => (
            <li key={c.last4} className="flex items-start justify-between gap-2" data-testid="gift-card">
              <span className={c.refusal ? "text-amber-900" : "font-medium text-emerald-800"}>
                {c.refusal
                  ? t("cart.giftCard.paysNothing", { last4: c.last4, reason: giftCardRefusalText(t, c.refusal) })
                  : t("cart.giftCard.row", { last4: c.last4 })}
              </span>
              {detached ? (
                <button
                  type="submit"
                  form={removeForm}
                  name="last4"
                  value={c.last4}
                  onClick={(e) => submitButtonWithFetcher(remover, e)}
                  className="rounded px-1.5 text-stone-600 underline underline-offset-2 hover:text-stone-900"
                  aria-label={t("cart.giftCard.remove", { last4: c.last4 })}
                >
                  {t("cart.line.remove")}
                </button>
              ) : (
                <form method="post" action={cartPath} onSubmit={(e) => submitWithFetcher(remover, e)}>
                  <input type="hidden" name="intent" value="remove-gift-card" />
                  <input type="hidden" name="last4" value={c.last4} />
                  {back}
                  <button
                    type="submit"
                    className="rounded px-1.5 text-stone-600 underline underline-offset-2 hover:text-stone-900"
                    aria-label={t("cart.giftCard.remove", { last4: c.last4 })}
                  >
                    {t("cart.line.remove")}
                  </button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The forms a detached GiftCards' fields belong to, rendered by the page outside its own form. */
export function GiftCardForms({ id, returnTo }: { id: string; returnTo: string }) {
  const cartPath = useLocalePath()("/shopping-cart");
  return (
    <>
      <form id={`${id}-apply`} method="post" action={cartPath} hidden>
        <input type="hidden" name="intent" value="apply-gift-card" />
        <input type="hidden" name="returnTo" value={returnTo} />
      </form>
      <form id={`${id}-remove`} method="post" action={cartPath} hidden>
        <input type="hidden" name="intent" value="remove-gift-card" />
        <input type="hidden" name="returnTo" value={returnTo} />
      </form>
    </>
  );
}
