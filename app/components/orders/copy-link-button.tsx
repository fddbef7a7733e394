import { useHydrated } from "~/components/catalog/use-hydrated";
import { useCopyText } from "~/lib/use-copy-text";
import { useT } from "~/lib/i18n";

/** The order's private link in a read-only field (select and copy it, or bookmark the page), with a "Copy link" button once JavaScript runs. */
export function CopyLinkButton({ link }: { link: string }) {
  const hydrated = useHydrated();
  const { copy, state } = useCopyText(link);
  const t = useT();

  return (
    <div className="mt-4">
      <label htmlFor="order-link" className="block text-sm font-medium">
        {t("cart.confirmation.linkLabel")}
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <input
          id="order-link"
          type="text"
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
          className="h-11 w-full min-w-0 rounded-xl border border-sky-300 sm:flex-1 bg-white px-3 font-mono text-xs text-stone-900 focus:outline-none focus-visible:outline-2 focus-visible:outline-sky-900"
          data-testid="order-link"
        />
        {hydrated && (
          <button
            type="button"
            onClick={() => void copy()}
            className="inline-flex h-11 shrink-0 items-center justify-center rounded-full bg-sky-900 px-5 text-sm font-semibold text-white hover:bg-sky-800"
          >
            {t("cart.confirmation.copyLink")}
          </button>
        )}
      </div>
      <p role="status" className="mt-1.5 min-h-5 text-xs">
        {state === "copied" ? t("cart.confirmation.copied") : state === "failed" ? t("cart.confirmation.copyFailed") : ""}
      </p>
    </div>
  );
}
