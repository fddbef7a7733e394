import { useId, useRef, useState } from "react";
import type { CartView } from "#modules/cart";
import { refusalText } from "#common/promotions/refusal-words";
import { type CartActionResult, submitButtonWithFetcher, submitWithFetcher, useFetcherResult } from "~/lib/cart-forms";
import { useBackgroundFetcher } from "~/lib/background-fetcher";
import { useLanguage, useLocalePath, useT } from "~/lib/i18n";
import { useShop } from "~/lib/shop";
import { showToast } from "~/lib/toast";

/**
 * The discount code field of the cart panel, the cart page and the checkout: a plain form posting
 * to /shopping-cart (back to `returnTo` without JavaScript), and the codes on the cart, each
 * applied or with why it gives nothing now ("Add $5.00 more to use this code"), with a remove
 * button. A refused code's reason shows under the field. Inside another form (the checkout's),
 * `detached` names the forms its fields belong to, which the page renders outside with
 * DiscountCodeForms (forms cannot nest).
 */
export function DiscountCodes({ cart, returnTo, detached }: { cart: Pick<CartView, "codes" | "totals">; returnTo?: string; detached?: string }) {
  const t = useT();
  const id = useId();
  const localePath = useLocalePath();
  const { locale } = useLanguage();
  const { settings } = useShop();
  const fetcher = useBackgroundFetcher<CartActionResult>(t("cart.code.label"));
  const remover = useBackgroundFetcher<CartActionResult>(t("cart.failure.remove"));
  const [error, setError] = useState<string | null>(null);
  const [value, setValue] = useState("");
  const applyButton = useRef<HTMLButtonElement>(null);
  const wording = { currency: cart.totals.currency, locale, timeZone: settings.timeZone };

  useFetcherResult(fetcher, (result) => {
    if (!result.ok) return setError(result.message);
    setError(null);
    setValue("");
    if (result.code) showToast("success", t("cart.code.applied", { code: result.code }));
  });
  useFetcherResult(remover, (result) => {
    if (!result.ok) showToast("error", t("cart.failure.remove"), result.message);
    else if (result.code) showToast("success", t("cart.code.removed", { code: result.code }));
  });

  const cartPath = localePath("/shopping-cart");
  const back = returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null;
  const busy = fetcher.state !== "idle";
  const removing = remover.formData?.get("code");
  const applyForm = detached ? `${detached}-apply` : undefined;
  const removeForm = detached ? `${detached}-remove` : undefined;
  // Detached, the fields are the outside forms' by their `form` attribute: a click or Enter sends them through the fetchers.
  const onEnter = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (!detached || e.key !== "Enter") return;
    e.preventDefault();
    applyButton.current?.click();
  };
  const applyFields = (
    <>
      <label htmlFor={`${id}-code`} className="block text-sm font-medium text-stone-800">
        {t("cart.code.label")}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`${id}-code`}
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
          aria-describedby={error ? `${id}-error` : undefined}
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
          {t("cart.code.apply")}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-rose-800" data-testid="discount-code-error">
          {error}
        </p>
      )}
    </>
  );
  return (
    <div className="mt-3" data-testid="discount-codes">
      {detached ? (
        <div>{applyFields}</div>
      ) : (
        <form method="post" action={cartPath} onSubmit={(e) => submitWithFetcher(fetcher, e)} aria-busy={busy}>
          <input type="hidden" name="intent" value="apply-code" />
          {back}
          {applyFields}
        </form>
      )}
      {cart.codes.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm" data-testid="discount-code-list">
          {cart.codes
            .filter((c) => c.code !== removing)
            .map((c) => (
              <li key={c.code} className="flex items-start justify-between gap-2" data-testid="discount-code">
                <span className={c.applied ? "font-medium text-emerald-800" : "text-amber-900"}>
                  {c.applied || !c.refusal ? c.code : t("cart.code.notApplied", { code: c.code, reason: refusalText(t, c.refusal, wording) })}
                </span>
                {detached ? (
                  <button
                    type="submit"
                    form={removeForm}
                    name="code"
                    value={c.code}
                    onClick={(e) => submitButtonWithFetcher(remover, e)}
                    className="rounded px-1.5 text-stone-600 underline underline-offset-2 hover:text-stone-900"
                    aria-label={t("cart.code.remove", { code: c.code })}
                  >
                    {t("cart.line.remove")}
                  </button>
                ) : (
                  <form method="post" action={cartPath} onSubmit={(e) => submitWithFetcher(remover, e)}>
                    <input type="hidden" name="intent" value="remove-code" />
                    <input type="hidden" name="code" value={c.code} />
                    {back}
                    <button
                      type="submit"
                      className="rounded px-1.5 text-stone-600 underline underline-offset-2 hover:text-stone-900"
                      aria-label={t("cart.code.remove", { code: c.code })}
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

/** The forms a detached DiscountCodes' fields belong to, rendered by the page outside its own form. */
export function DiscountCodeForms({ id, returnTo }: { id: string; returnTo: string }) {
  const cartPath = useLocalePath()("/shopping-cart");
  return (
    <>
      <form id={`${id}-apply`} method="post" action={cartPath} hidden>
        <input type="hidden" name="intent" value="apply-code" />
        <input type="hidden" name="returnTo" value={returnTo} />
      </form>
      <form id={`${id}-remove`} method="post" action={cartPath} hidden>
        <input type="hidden" name="intent" value="remove-code" />
        <input type="hidden" name="returnTo" value={returnTo} />
      </form>
    </>
  );
}
