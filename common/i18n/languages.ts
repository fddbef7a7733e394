/**
 * The languages the shop is written in. The default one keeps the spec's addresses (`/…`); every
 * other lives under its code (`/de/…`). A language's locale decides how `Intl` writes its
 * numbers, dates and money.
 */
export const LANGUAGES = ["en", "de", "fr", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** Each language's own name, as the switcher shows it to a speaker of that language. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", de: "Deutsch", fr: "Français", es: "Español" };

/** The `Intl` locale of each language. */
export const LOCALES: Record<Language, string> = { en: "en-US", de: "de-DE", fr: "fr-FR", es: "es-ES" };

/**
 * The languages a shop serves: those its settings list, in the shipped order, and always the
 * default one (the spec's addresses are its pages).
 */
export function servedLanguages(settings: { languages?: ReadonlyArray<{ code: string }> } | null | undefined): Language[] {
  const listed = new Set(settings?.languages?.map((l) => l.code) ?? LANGUAGES);
  return LANGUAGES.filter((language) => language === DEFAULT_LANGUAGE || listed.has(language));
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The language of a page's path: its first segment when that is another language's code, else the default. */
export function languageOfPath(pathname: string): Language {
  const first = pathname.split("/", 2)[1];
  return first && first !== DEFAULT_LANGUAGE && isLanguage(first) ? first : DEFAULT_LANGUAGE;
}

/** A page's path without its language prefix (`/de/search` → `/search`, `/de` → `/`). */
export function pathWithoutLanguage(pathname: string): string {
  const language = languageOfPath(pathname);
  if (language === DEFAULT_LANGUAGE) return pathname;
  const rest = pathname.slice(language.length + 1);
  return rest === "" ? "/" : rest;
}

/**
 * A shop path (`/products/x?size=M`) in a language: the default's as it is, another's under its
 * prefix (`/de/products/x?size=M`); the home page of another language is `/de`. A path that already
 * carries a prefix is moved to `language`'s.
 */
export function pathInLanguage(path: string, language: Language): string {
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const rest = cut === -1 ? "" : path.slice(cut);
  const bare = pathWithoutLanguage(pathname);
  if (language === DEFAULT_LANGUAGE) return bare + rest;
  return (bare === "/" ? `/${language}` : `/${language}${bare}`) + rest;
}

/**
 * The shipped language (of `among`) a browser prefers most, from its `Accept-Language` header (`de-AT,de;q=0.9,
 * en;q=0.5` → de); null when it names none of them.
 */
export function preferredLanguage(acceptLanguage: string | null | undefined, among: readonly Language[] = LANGUAGES): Language | null {
  if (!acceptLanguage) return null;
  const ranked = acceptLanguage
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { code: tag.trim().toLowerCase().split("-")[0], weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.code).find((code): code is Language => isLanguage(code) && among.includes(code)) ?? null;
}

/** The `Intl` locale of a language's pages: the shop's own locale where it is in that language (en-GB), else the language's. */
export function localeOf(language: Language, shopLocale?: string | null): string {
  return shopLocale && shopLocale.toLowerCase().split("-")[0] === language ? shopLocale : LOCALES[language];
}
