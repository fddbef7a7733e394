import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { LANGUAGES, LANGUAGE_NAMES, type Language, pathInLanguage, preferredLanguage } from "#common/i18n/languages";
import type { MessageKey } from "#common/i18n/catalogs";
import { useLanguage, useT } from "~/lib/i18n";
import { useDismissableDetails } from "~/lib/use-dismissable-details";

/** Set once a visitor has picked a language or turned the offer down: the offer is not shown again. */
const CHOSEN_KEY = "shop.language-chosen";

function remember() {
  try {
    localStorage.setItem(CHOSEN_KEY, "1");
  } catch {
    /* private mode: the offer may come back */
  }
}

/** The address of this page in `language`, its query and fragment kept. */
function useAddressIn(): (language: Language) => string {
  const { pathname, search, hash } = useLocation();
  return (language) => pathInLanguage(pathname + search + hash, language);
}

/**
 * The language menu of the header (from tablet width) and the footer: this page in each language,
 * each name written in its own language. A choice loads the page in that language (a plain link: the document
 * brings the language's messages).
 */
export function LanguageSwitcher({ placement }: { placement: "header" | "footer" }) {
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
        {LANGUAGES.map((code) => (
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
 * On a first visit, the offer of the page in the language the browser prefers, when that is
 * another shipped one: a note in that language, never a redirect (crawlers and shoppers who chose
 * stay where they are). Shown after hydration only, so every visitor gets the same cached page.
 */
export function LanguageSuggestion() {
  const t = useT();
  const { language } = useLanguage();
  const addressIn = useAddressIn();
  const [offer, setOffer] = useState<Language | null>(null);
  useEffect(() => {
    let chosen = false;
    try {
      chosen = localStorage.getItem(CHOSEN_KEY) !== null;
    } catch {
      /* no storage: offer anyway */
    }
    const preferred = preferredLanguage(navigator.languages.join(","));
    setOffer(!chosen && preferred && preferred !== language ? preferred : null);
  }, [language]);
  if (!offer) return null;
  const their = (key: MessageKey) => t(`${key}@${offer}` as MessageKey);
  return (
    <section lang={offer} aria-label={LANGUAGE_NAMES[offer]} className="border-b border-amber-200 bg-amber-50" data-testid="language-suggestion">
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
