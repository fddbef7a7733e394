import { useId } from "react";
import { useBackgroundFetcher } from "~/lib/background-fetcher";
import { TextField } from "~/components/form/fields";
import type { StockAlertResult } from "~/lib/alerts.server";
import { useLocalePath, useT } from "~/lib/i18n";
import { useUser } from "~/lib/use-auth";

/**
 * "Tell me when it's back" under a sold-out product or chosen colour and size: an e-mail field
 * (the account's address when signed in) that posts to /stock-alerts, through a fetcher once
 * JavaScript runs (a plain form before). A signed-in shopper's own address waits at once; any
 * other gets a confirmation mail first, and the answer says which.
 */
export function StockAlert({ productId, color, size }: { productId: string; color: string | null; size: string | null }) {
  const t = useT();
  const localePath = useLocalePath();
  const user = useUser();
  const fetcher = useBackgroundFetcher<StockAlertResult>(t("alerts.form.failed"));
  const headingId = useId();
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  const failed = result && !result.ok ? result : null;

  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-xl border border-stone-200 bg-stone-50 p-4 sm:p-5" data-testid="stock-alert">
      <h2 id={headingId} className="text-base font-semibold text-stone-900">
        {t("alerts.form.title")}
      </h2>
      {result?.ok ? (
        <p role="status" className="mt-2 text-sm font-medium text-emerald-800" data-testid="stock-alert-done">
          {t(result.status === "pending" ? "alerts.form.pending" : "alerts.form.waiting")}
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-stone-700">{t("alerts.form.intro")}</p>
          <fetcher.Form method="post" action={localePath("/stock-alerts")} noValidate className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
            <input type="hidden" name="productId" value={productId} />
            {color && <input type="hidden" name="color" value={color} />}
            {size && <input type="hidden" name="size" value={size} />}
            <TextField
              name="email"
              type="email"
              label={t("alerts.form.email")}
              required
              autoComplete="email"
              inputMode="email"
              maxLength={254}
              defaultValue={user?.email}
              error={failed?.field === "email" ? failed.message : undefined}
              className="flex-1"
            />
            <button
              type="submit"
              aria-disabled={busy || undefined}
              onClick={(e) => busy && e.preventDefault()}
              className="h-12 shrink-0 rounded-xl bg-stone-900 px-5 text-base font-semibold text-white hover:bg-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 sm:mt-7"
            >
              {busy ? t("alerts.form.sending") : t("alerts.form.submit")}
            </button>
          </fetcher.Form>
          {failed && !failed.field && (
            <p role="alert" className="mt-2 text-sm font-medium text-rose-800" data-testid="stock-alert-error">
              {failed.message}
            </p>
          )}
        </>
      )}
    </section>
  );
}
