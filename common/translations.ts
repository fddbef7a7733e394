import { z } from "zod";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "#common/i18n/languages";

// Translations of content the shop owner writes (products, categories, banners, the settings'
// texts): `{ de: { name, description }, fr: {…} }`, one entry per language other than the default
// (whose texts are the thing's own fields). A language left out, and a field left blank, are not
// translated: shoppers read the default language's text there.

/** The languages content can be translated into: every shipped one but the default. */
export const TRANSLATABLE_LANGUAGES: readonly Language[] = LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE);

export type Translations<T> = Partial<Record<Language, T>>;

/**
 * A schema of translations whose entries follow `entry`: keys must be languages the shop
 * translates into (an unknown code or the default language is refused, naming it); entries with
 * nothing translated are dropped.
 */
export function translationsSchema<S extends z.ZodType<Record<string, unknown>>>(entry: S) {
  return z
    .record(z.string(), z.unknown(), { error: "Translations are an object by language code, like { de: {…} }" })
    .superRefine((value, ctx) => {
      for (const code of Object.keys(value)) {
        if (!(TRANSLATABLE_LANGUAGES as readonly string[]).includes(code))
          ctx.addIssue({
            code: "custom",
            path: [code],
            message:
              code === DEFAULT_LANGUAGE
                ? `${code} is the shop's default language: its texts are the fields themselves`
                : `${code} is not a language of the shop (${TRANSLATABLE_LANGUAGES.join(", ")})`,
          });
      }
    })
    .pipe(z.record(z.string(), entry))
    .transform((value) => {
      const out: Translations<z.output<S>> = {};
      for (const language of TRANSLATABLE_LANGUAGES) {
        const entry = value[language];
        if (entry && Object.values(entry).some(isGiven)) out[language] = entry as z.output<S>;
      }
      return out;
    });
}

const isGiven = (v: unknown) => v !== null && v !== undefined && v !== "" && !(Array.isArray(v) && v.length === 0);

/** Blank text is not translated (null). */
export const translatedText = (what: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z
      .string({ error: `${what} must be text` })
      .trim()
      .max(max, `${what} can be at most ${max} characters`)
      .nullish()
      .transform((v) => v ?? null),
  );

/** `value` with each field of `translation` that is given put over it: what a shopper reads in that language. */
export function translated<T extends object>(value: T, translation: Partial<Record<keyof T, unknown>> | undefined | null): T {
  if (!translation) return value;
  const out = { ...value };
  for (const [key, v] of Object.entries(translation)) if (key in value && isGiven(v)) (out as Record<string, unknown>)[key] = v;
  return out;
}
