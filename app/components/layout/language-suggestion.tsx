import { useState } from "react";
import { LANGUAGE_NAMES, type Language } from "#common/i18n/languages";
import type { MessageKey } from "#common/i18n/catalogs";
import { useT } from "~/lib/i18n";
import { remember, useAddressIn } from "./language-switcher";

/**
 * On a first visit, the offer of the page in `offer`, the language the browser prefers: a note in
 * that language, never a redirect (crawlers and shoppers who chose stay where they are). Shown
 * after hydration only (language-switcher.tsx LanguageSuggestion decides), so every visitor gets
 * the same cached page. It sits over the foot of the window rather than above the page, so its
 * arrival moves nothing the visitor is reading.
 */
export function LanguageOffer({ offer: preferred }: { offer: Language }) {
  const t = useT();
  const addressIn = useAddressIn();
  const [offer, setOffer] = useState<Language | null>(preferred);
  if (!offer) return null;
  const their = (key: MessageKey) => t(`${key}@${offer}` as MessageKey);
  return (
    <section
      lang={offer}
      aria-label={LANGUAGE_NAMES[offer]}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-amber-200 bg-amber-50 shadow-[0_-4px_12px_rgba(0,0,0,0.08)]"
      data-testid="language-suggestion"
    >
      <div className="container-page flex flex-wrap items-center justify-center gap-x-4 gap-y-2 py-2 text-sm text-stone-900">
        <p>{their("shop.language.suggest")}</p>
        <a href={addressIn(offer)} hrefLang={offer} onClick={remember} className="font-semibold underline underline-offset-4">
          {their("shop.language.suggestSwitch")}
        </a>
        <button
          type="button"
          className="rounded px-2 py-1 text-stone-700 hover:bg-amber-100"
          onClick={() => {
            remember();
            setOffer(null);
          }}
        >
          {their("shop.language.suggestDismiss")}
        </button>
      </div>
    </section>
  );
}
