import { COUNTRIES, countryName } from "../geo";
import { DEFAULT_LANGUAGE, type Language, LOCALES } from "../i18n/languages";

// Countries in the page's language. English keeps the shop's own list (common/geo.ts); the other
// languages ask Intl. A browser's Intl may name a country a little differently from the server's,
// so a page that lists countries gets their names from its loader (`countryNamesIn`) rather than
// from its own Intl, and server and browser render the same text.

const displayNames = new Map<Language, Intl.DisplayNames>();

/** A country's name (by ISO code) in a language; a code Intl does not know stays as the English list has it. */
export function localCountryName(code: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE || !COUNTRIES[code]) return countryName(code);
  let names = displayNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([LOCALES[language]], { type: "region", fallback: "none" });
    displayNames.set(language, names);
  }
  return names.of(code) ?? countryName(code);
}

/** Every country's name in a language, by code; null for English (the pages use the shop's own list). */
export function countryNamesIn(language: Language): Record<string, string> | null {
  if (language === DEFAULT_LANGUAGE) return null;
  return Object.fromEntries(Object.keys(COUNTRIES).map((code) => [code, localCountryName(code, language)]));
}
