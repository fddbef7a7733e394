import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { LANGUAGE_NAMES, type Language, pathInLanguage, preferredLanguage } from "#common/i18n/languages";
import { useLanguage, useT } from "~/lib/i18n";
import { useDismissableDetails } from "~/lib/use-dismissable-details";

/** Set once a visitor has picked a language or turned the offer down: the offer is not shown again. */
export const CHOSEN_KEY = "shop.language-chosen";

export function remember() {
  try {
    localStorage.setItem(CHOSEN_KEY, "1");
  } catch {
    /* private mode: the offer may come back */
  }
}

/** The address of this page in `language`, its query and fragment kept. */
export function useAddressIn(): (language: Language) => string {
  const { pathname, search, hash } = useLocation();
  return (language) => pathInLanguage(pathname + search + hash, language);
}

/**
 * The language menu of the header (from tablet width) and the footer: this page in each language,
 * each name written in its own language. A choice loads the page in that language (a plain link: the document
 * brings the language's messages).
 */
export function LanguageSwitcher({ placement, languages }: { placement: "header" | "footer"; languages: readonly Language[] }) {
  const ref = useDismissableDetails<HTMLDetailsElement>();
  const t = useT();
  const { language } = useLanguage();
  const addressIn = useAddressIn();
  const dark = placement === "footer";
  return (
    <details ref={ref} className={placement === "header" ? "relative hidden sm:block" : "relative"} data-testid={`language-switcher-${placement}`}>
      <summary
        className={`flex h-11 cursor-pointer list-none items-center gap-1.5 rounded-full px-3 text-sm font-semibold ${dark ? "text-stone-200 hover:bg-stone-800" : "text-stone-800 hover:bg-stone-100"}`}
      >
        <span className="sr-only">{t("shop.language.label")}: </span>
        <span aria-hidden="true" className="uppercase">
          {language}
        </span>
        <span className="sr-only">{LANGUAGE_NAMES[language]}</span>
      </summary>
      <ul
        className={`absolute z-40 mt-2 w-44 rounded-xl border border-stone-200 bg-white p-2 shadow-xl ${dark ? "bottom-full left-0 mb-2" : "right-0 top-full"}`}
        aria-label={t("shop.language.label")}
      >
        {languages.map((code) => (
          <li key={code}>
            <a
              href={addressIn(code)}
              hrefLang={code}
              lang={code}
              aria-current={code === language ? "true" : undefined}
              onClick={remember}
              className="flex items-center justify-between rounded-lg px-3 py-2 text-sm text-stone-800 hover:bg-stone-100 aria-[current=true]:font-semibold"
            >
              {LANGUAGE_NAMES[code]}
              <span aria-hidden="true" className="text-xs uppercase text-stone-500">
                {code}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * The offer of the browser's language (language-suggestion.tsx), client-only: its code loads only
 * when the browser prefers another shipped language and the visitor has not chosen yet.
 */
export function LanguageSuggestion({ languages }: { languages: readonly Language[] }) {
  const { language } = useLanguage();
  const [Offer, setOffer] = useState<React.ComponentType<{ offer: Language }> | null>(null);
  const [offer, setOfferLanguage] = useState<Language | null>(null);
  // The list by value: a new array of the same languages is no reason to look again.
  const served = languages.join(",");
  useEffect(() => {
    let chosen = false;
    try {
      chosen = localStorage.getItem(CHOSEN_KEY) !== null;
    } catch {
      /* no storage: offer anyway */
    }
    const preferred = preferredLanguage(navigator.languages.join(","), served.split(",") as Language[]);
    if (chosen || !preferred || preferred === language) return;
    setOfferLanguage(preferred);
    void import("./language-suggestion").then((m) => setOffer(() => m.LanguageOffer));
  }, [language, served]);
  return Offer && offer ? <Offer offer={offer} /> : null;
}
