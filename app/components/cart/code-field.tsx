import { useId, useRef, useState } from "react";
import { type CartActionResult, type CartIntent, submitButtonWithFetcher, submitWithFetcher, useFetcherResult } from "~/lib/cart-forms";
import { useBackgroundFetcher } from "~/lib/background-fetcher";
import { useLocalePath, useT } from "~/lib/i18n";
import { showToast } from "~/lib/toast";

/** One thing a code put on the cart (a discount code, a gift card): how the list says it and how its remove button is named. */
export interface CodeEntry {
  /** What the remove form sends as `removeField` (the code, a card's last four characters). */
  key: string;
  text: string;
  /** It gives something now (green) or says why not (amber). */
  ok: boolean;
  removeLabel: string;
}

/** What tells one code field from another: its words, its cart intents, the field its remove form sends, its test ids' stem. */
export interface CodeFieldKind {
  label: string;
  applyText: string;
  intents: { apply: CartIntent; remove: CartIntent };
  removeField: string;
  /** `${testId}s` the block, `${testId}-error`, `${testId}-list`, `${testId}` each entry. */
  testId: string;
  applied: (key: string) => string;
  removed: (key: string) => string;
}

/**
 * A code field of the cart panel, the cart page and the checkout: a plain form posting to
 * /shopping-cart (back to `returnTo` without JavaScript), and what the codes put on the cart, each
 * with a remove button. A refused code's reason shows under the field. Inside another form (the
 * checkout's), `detached` names the forms its fields belong to, which the page renders outside with
 * CodeForms (forms cannot nest). Discount codes and gift cards are two kinds of it.
 */
export function CodeField({ kind, entries, returnTo, detached }: { kind: CodeFieldKind; entries: CodeEntry[]; returnTo?: string; detached?: string }) {
  const t = useT();
  const id = useId();
  const localePath = useLocalePath();
  const fetcher = useBackgroundFetcher<CartActionResult>(kind.label);
  const remover = useBackgroundFetcher<CartActionResult>(t("cart.failure.remove"));
  const [error, setError] = useState<string | null>(null);
  const [value, setValue] = useState("");
  const applyButton = useRef<HTMLButtonElement>(null);

  useFetcherResult(fetcher, (result) => {
    if (!result.ok) return setError(result.message);
    setError(null);
    setValue("");
    if (result.code) showToast("success", kind.applied(result.code));
  });
  useFetcherResult(remover, (result) => {
    if (!result.ok) showToast("error", t("cart.failure.remove"), result.message);
    else if (result.code) showToast("success", kind.removed(result.code));
  });

  const cartPath = localePath("/shopping-cart");
  const back = returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null;
  const busy = fetcher.state !== "idle";
  const removing = remover.formData?.get(kind.removeField);
  const applyForm = detached ? `${detached}-apply` : undefined;
  const removeForm = detached ? `${detached}-remove` : undefined;
  const fieldId = `${id}-${kind.testId}`;
  // Detached, the fields are the outside forms' by their `form` attribute: a click or Enter sends them through the fetchers.
  const onEnter = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (!detached || e.key !== "Enter") return;
    e.preventDefault();
    applyButton.current?.click();
  };
  const removeClass = "rounded px-1.5 text-stone-600 underline underline-offset-2 hover:text-stone-900";
  const applyFields = (
    <>
      <label htmlFor={fieldId} className="block text-sm font-medium text-stone-800">
        {kind.label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={fieldId}
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
          aria-describedby={error ? `${fieldId}-error` : undefined}
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
          {kind.applyText}
        </button>
      </div>
      {error && (
        <p id={`${fieldId}-error`} role="alert" className="mt-1 text-sm text-rose-800" data-testid={`${kind.testId}-error`}>
          {error}
        </p>
      )}
    </>
  );
  const shown = entries.filter((e) => e.key !== removing);
  return (
    <div className="mt-3" data-testid={`${kind.testId}s`}>
      {detached ? (
        <div>{applyFields}</div>
      ) : (
        <form method="post" action={cartPath} onSubmit={(e) => submitWithFetcher(fetcher, e)} aria-busy={busy}>
          <input type="hidden" name="intent" value={kind.intents.apply} />
          {back}
          {applyFields}
        </form>
      )}
      {shown.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm" data-testid={`${kind.testId}-list`}>
          {shown.map((entry) => (
            <li key={entry.key} className="flex items-start justify-between gap-2" data-testid={kind.testId}>
              <span className={entry.ok ? "font-medium text-emerald-800" : "text-amber-900"}>{entry.text}</span>
              {detached ? (
                <button
                  type="submit"
                  form={removeForm}
                  name={kind.removeField}
                  value={entry.key}
                  onClick={(e) => submitButtonWithFetcher(remover, e)}
                  className={removeClass}
                  aria-label={entry.removeLabel}
                >
                  {t("cart.line.remove")}
                </button>
              ) : (
                <form method="post" action={cartPath} onSubmit={(e) => submitWithFetcher(remover, e)}>
                  <input type="hidden" name="intent" value={kind.intents.remove} />
                  <input type="hidden" name={kind.removeField} value={entry.key} />
                  {back}
                  <button type="submit" className={removeClass} aria-label={entry.removeLabel}>
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

/** The forms a detached CodeField's fields belong to, rendered by the page outside its own form. */
export function CodeForms({ id, returnTo, intents }: { id: string; returnTo: string; intents: CodeFieldKind["intents"] }) {
  const cartPath = useLocalePath()("/shopping-cart");
  return (
    <>
      <form id={`${id}-apply`} method="post" action={cartPath} hidden>
        <input type="hidden" name="intent" value={intents.apply} />
        <input type="hidden" name="returnTo" value={returnTo} />
      </form>
      <form id={`${id}-remove`} method="post" action={cartPath} hidden>
        <input type="hidden" name="intent" value={intents.remove} />
        <input type="hidden" name="returnTo" value={returnTo} />
      </form>
    </>
  );
}
