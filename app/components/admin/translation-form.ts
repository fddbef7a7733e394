import { TRANSLATABLE_LANGUAGES } from "#common/translations";

/**
 * The translations a form posted (`translations.de.name`…) as the API's `translations` object,
 * for the fields given; `{}` when the form has no translation fields at all, so a form without
 * the tabs leaves the stored translations as they are.
 */
export function translationsFromForm(form: FormData, fields: readonly string[]): { translations?: Record<string, Record<string, string>> } {
  if (![...form.keys()].some((key) => key.startsWith("translations."))) return {};
  const translations: Record<string, Record<string, string>> = {};
  for (const language of TRANSLATABLE_LANGUAGES) {
    const entry: Record<string, string> = {};
    for (const field of fields) {
      const value = form.get(`translations.${language}.${field}`);
      if (typeof value === "string") entry[field] = value;
    }
    translations[language] = entry;
  }
  return { translations };
}
