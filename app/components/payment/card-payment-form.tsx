import { useEffect, useRef, useState } from "react";
import type { Appearance, Stripe, StripeElements } from "@stripe/stripe-js";
import { FormAlert, Spinner } from "~/components/auth/ui";
import type { Language } from "#common/i18n/languages";
import { useT } from "~/lib/i18n";

/** How long Stripe.js and the Payment Element may take before the page says they could not load. */
const LOAD_TIMEOUT_MS = 20_000;

/** Stripe's fields in the shop's colours (stone and amber, rounded). */
const APPEARANCE: Appearance = {
  theme: "stripe",
  variables: {
    colorPrimary: "#1c1917",
    colorText: "#1c1917",
    colorTextSecondary: "#57534e",
    colorDanger: "#be123c",
    colorBackground: "#ffffff",
    borderRadius: "12px",
    fontFamily: 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    spacingUnit: "4px",
  },
};

type Phase = "loading" | "ready" | "unavailable";

/**
 * Stripe's Payment Element for one PaymentIntent and a Pay button. Stripe.js is fetched from
 * js.stripe.com only here (a dynamic import of the loader, so no other page carries it). While it
 * loads the form says so; when it cannot load (offline, blocked) it says that and offers to try
 * again. Paying confirms the intent in the browser; Stripe then sends the customer to `returnUrl`
 * (the order confirmation), or the form shows why the payment failed and can be tried again.
 * Stripe's fields and its messages speak the page's `language`.
 */
export function CardPaymentForm({
  publishableKey,
  clientSecret,
  returnUrl,
  amountLabel,
  initialError,
  language,
}: {
  publishableKey: string;
  clientSecret: string;
  returnUrl: string;
  amountLabel: string;
  initialError: string | null;
  language: Language;
}) {
  const t = useT();
  const genericError = t("cart.payment.genericError");
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>("loading");
  const [attempt, setAttempt] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(initialError);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    setPhase("loading");
    stripeRef.current = null;
    const giveUp = () => {
      if (!cancelled) setPhase((p) => (p === "loading" ? "unavailable" : p));
    };
    const timer = window.setTimeout(giveUp, LOAD_TIMEOUT_MS);
    (async () => {
      try {
        const { loadStripe } = await import("@stripe/stripe-js/pure");
        const stripe = await loadStripe(publishableKey);
        if (cancelled) return;
        if (!stripe || !mountRef.current) throw new Error("Stripe.js is not available");
        const elements = stripe.elements({ clientSecret, appearance: APPEARANCE, loader: "never", locale: language });
        const element = elements.create("payment", { layout: "tabs" });
        element.on("ready", () => {
          window.clearTimeout(timer);
          if (!cancelled) setPhase("ready");
        });
        element.on("loaderror", () => {
          window.clearTimeout(timer);
          giveUp();
        });
        element.mount(mountRef.current);
        stripeRef.current = { stripe, elements };
        destroy = () => element.destroy();
      } catch {
        window.clearTimeout(timer);
        giveUp();
      }
    })();
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      destroy?.();
    };
  }, [publishableKey, clientSecret, attempt, language]);

  async function pay(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const ready = stripeRef.current;
    if (!ready || submitting || phase !== "ready") return;
    setSubmitting(true);
    setError(null);
    try {
      const { error: failure } = await ready.stripe.confirmPayment({ elements: ready.elements, confirmParams: { return_url: returnUrl } });
      // Only a failure comes back here: on success Stripe has already sent the browser to returnUrl.
      setError(failure.type === "card_error" || failure.type === "validation_error" ? (failure.message ?? genericError) : genericError);
    } catch {
      setError(genericError);
    }
    setSubmitting(false);
    window.requestAnimationFrame(() => errorRef.current?.focus());
  }

  const busy = phase === "loading" || submitting;
  return (
    <form
      onSubmit={pay}
      aria-labelledby="card-details-title"
      aria-busy={busy}
      noValidate
      className="grid gap-5"
      data-testid="card-payment-form"
      data-phase={phase}
    >
      <h2 id="card-details-title" className="text-lg font-semibold text-stone-900">
        {t("cart.payment.cardDetails")}
      </h2>

      {error && (
        <div ref={errorRef} tabIndex={-1} className="outline-none">
          <FormAlert kind="error" testId="payment-error">
            {error}
          </FormAlert>
        </div>
      )}

      {phase === "loading" && (
        <div
          role="status"
          data-needs-js
          className="flex min-h-40 flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-stone-300 bg-stone-50 p-6 text-center text-sm text-stone-700"
          data-testid="payment-loading"
        >
          <Spinner className="size-6 text-stone-500" />
          <span>{t("cart.payment.loading")}</span>
        </div>
      )}

      {phase === "unavailable" && (
        <div role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-5 text-sm text-amber-950" data-testid="payment-unavailable">
          <p className="font-semibold">{t("cart.payment.loadFailed")}</p>
          <p className="mt-1 leading-relaxed">{t("cart.payment.loadFailedHint")}</p>
          <button
            type="button"
            onClick={() => setAttempt((n) => n + 1)}
            className="mt-4 inline-flex h-11 items-center justify-center rounded-full border border-amber-300 bg-white px-5 text-sm font-semibold text-amber-950 hover:bg-amber-100"
          >
            {t("cart.payment.tryAgain")}
          </button>
        </div>
      )}

      {/* Stripe mounts its fields here; kept in the page while they load so they appear in place. */}
      <div ref={mountRef} hidden={phase === "unavailable"} className={phase === "loading" ? "h-0 overflow-hidden" : ""} data-testid="payment-element" />

      <noscript>
        <style>{"[data-needs-js]{display:none!important}"}</style>
        <FormAlert kind="info">{t("cart.payment.needsJs")}</FormAlert>
      </noscript>

      <button
        type="submit"
        data-needs-js
        hidden={phase === "unavailable"}
        disabled={phase !== "ready" || submitting}
        aria-disabled={phase !== "ready" || submitting || undefined}
        className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-full bg-stone-900 px-6 text-sm font-semibold text-white hover:bg-stone-700 disabled:cursor-not-allowed disabled:opacity-60"
        data-testid="pay-button"
      >
        {submitting && <Spinner />}
        {submitting ? t("cart.payment.processing") : t("cart.payment.pay", { amount: amountLabel })}
      </button>
      <p className="flex items-center justify-center gap-2 text-xs text-stone-600">
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} className="size-4 shrink-0" aria-hidden="true" focusable="false">
          <rect x="4" y="10" width="16" height="11" rx="2" />
          <path d="M8 10V7a4 4 0 0 1 8 0v3" />
        </svg>
        {t("cart.payment.secureNote")}
      </p>
    </form>
  );
}
