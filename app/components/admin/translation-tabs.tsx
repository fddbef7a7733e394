import { useState } from "react";
import { useActionData } from "react-router";
import type { MessageKey } from "#common/i18n/catalogs";
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, type Language } from "#common/i18n/languages";
import { TRANSLATABLE_LANGUAGES } from "#common/translations";
import { useT } from "~/lib/i18n";
import { FormText, FormTextarea } from "./form";

// The language tabs of the admin's forms (product, category, banner, settings): one panel per
// language other than the default, each with the form's translatable fields named
// `translations.<language>.<field>`, the names the server reads (productFormInput for products,
// translationsFromForm for the others). Every panel stays in the form, so a save sends them all.

/** A translatable field of a form: its key in the translation, and whether it takes several lines. */
export interface TranslatedField {
  key: keyof typeof LABELS;
  multiline?: boolean;
  maxLength?: number;
}

const LABELS = {
  name: "admin.translations.field.name",
  description: "admin.translations.field.description",
  descriptionHtml: "admin.translations.field.descriptionHtml",
  title: "admin.translations.field.title",
  subtitle: "admin.translations.field.subtitle",
  alt: "admin.translations.field.alt",
  siteName: "admin.translations.field.siteName",
  tagline: "admin.translations.field.tagline",
  announcement: "admin.translations.field.announcement",
} satisfies Record<string, MessageKey>;

/** The posted name of a field's translation (`descriptionHtml` is the description, written as HTML). */
const fieldName = (language: Language, key: TranslatedField["key"]) => `translations.${language}.${key === "descriptionHtml" ? "description" : key}`;

type Stored = Partial<Record<Language, Record<string, unknown> | undefined>>;

const given = (v: unknown) => (typeof v === "string" ? v.trim() !== "" : Array.isArray(v) ? v.length > 0 : v != null);

export function TranslationTabs({
  idPrefix,
  fields,
  initial,
  extra,
}: {
  /** Makes the tabs' ids unique on the page. */
  idPrefix: string;
  fields: TranslatedField[];
  /** The stored translations (`{ de: { name } }`). */
  initial: Stored | undefined;
  /** More of a language's panel (hidden inputs that keep what the form does not edit). */
  extra?: (language: Language) => React.ReactNode;
}) {
  const t = useT();
  const [active, setActive] = useState<Language>(TRANSLATABLE_LANGUAGES[0]!);
  const [filled, setFilled] = useState<Partial<Record<Language, boolean>>>(() =>
    Object.fromEntries(TRANSLATABLE_LANGUAGES.map((l) => [l, Object.values(initial?.[l] ?? {}).some(given)])),
  );
  const move = (step: number) => {
    const at = TRANSLATABLE_LANGUAGES.indexOf(active);
    const next = TRANSLATABLE_LANGUAGES[(at + step + TRANSLATABLE_LANGUAGES.length) % TRANSLATABLE_LANGUAGES.length]!;
    setActive(next);
    document.getElementById(`${idPrefix}-tab-${next}`)?.focus();
  };

  // Closed until the owner opens it, and open when the server refused a translated field: the
  // form's own fields come first, and its translations (labelled alike) stay out of their way.
  const refused = (useActionData() as { error?: { fields?: Record<string, string> } } | undefined)?.error?.fields ?? {};
  const failed = Object.keys(refused).some((field) => field.startsWith("translations."));
  const done = TRANSLATABLE_LANGUAGES.filter((language) => filled[language]).length;
  return (
    <details open={failed || undefined} data-testid={`${idPrefix}-details`}>
      <summary className="cursor-pointer rounded-lg py-1 text-sm font-medium text-slate-800">
        {t("admin.translations.summary", { done, total: TRANSLATABLE_LANGUAGES.length })}
      </summary>
      <p className="mt-2 text-sm text-slate-600">{t("admin.translations.intro", { language: LANGUAGE_NAMES[DEFAULT_LANGUAGE] })}</p>
      <div role="tablist" aria-label={t("admin.translations.languages")} className="mt-3 flex gap-1 border-b border-slate-200">
        {TRANSLATABLE_LANGUAGES.map((language) => (
          <LanguageTab
            key={language}
            idPrefix={idPrefix}
            language={language}
            selected={active === language}
            onSelect={() => setActive(language)}
            onKey={(e) => {
              if (e.key === "ArrowRight") move(1);
              else if (e.key === "ArrowLeft") move(-1);
            }}
          />
        ))}
      </div>
      {TRANSLATABLE_LANGUAGES.map((language) => (
        <div
          key={language}
          role="tabpanel"
          id={`${idPrefix}-panel-${language}`}
          aria-labelledby={`${idPrefix}-tab-${language}`}
          hidden={active !== language}
          className="space-y-4 pt-4"
          onInput={(e) => {
            const inputs = e.currentTarget.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input:not([type=hidden]), textarea");
            const any = [...inputs].some((input) => input.value.trim() !== "") || Boolean(extra && e.currentTarget.querySelector("input[type=hidden]"));
            setFilled((was) => (was[language] === any ? was : { ...was, [language]: any }));
          }}
        >
          {filled[language] ? null : (
            <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid={`not-translated-${language}`}>
              {t("admin.translations.notTranslated", { language: LANGUAGE_NAMES[language], fallback: LANGUAGE_NAMES[DEFAULT_LANGUAGE] })}
            </p>
          )}
          {fields.map((field) => {
            const name = fieldName(language, field.key);
            const value = initial?.[language]?.[field.key === "descriptionHtml" ? "description" : field.key];
            // Named with the language: "Shop name (Deutsch)" is not the form's own "Shop name".
            const label = t("admin.translations.fieldIn", { field: t(LABELS[field.key]), language: LANGUAGE_NAMES[language] });
            const props = { name, label, defaultValue: typeof value === "string" ? value : "", maxLength: field.maxLength };
            return field.multiline ? <FormTextarea key={name} {...props} rows={4} /> : <FormText key={name} {...props} />;
          })}
          {extra?.(language)}
        </div>
      ))}
    </details>
  );
}

/** One language's tab; it says so when a field of its panel was refused. */
function LanguageTab({
  idPrefix,
  language,
  selected,
  onSelect,
  onKey,
}: {
  idPrefix: string;
  language: Language;
  selected: boolean;
  onSelect: () => void;
  onKey: (e: React.KeyboardEvent) => void;
}) {
  const t = useT();
  // Page forms answer a refusal as their action's data: `fields` names each refused field.
  const refused = (useActionData() as { error?: { fields?: Record<string, string> } } | undefined)?.error?.fields ?? {};
  const failed = Object.keys(refused).some((field) => field === `translations.${language}` || field.startsWith(`translations.${language}.`));
  return (
    <button
      type="button"
      role="tab"
      id={`${idPrefix}-tab-${language}`}
      aria-selected={selected}
      aria-controls={`${idPrefix}-panel-${language}`}
      tabIndex={selected ? 0 : -1}
      onClick={onSelect}
      onKeyDown={onKey}
      className={`-mb-px rounded-t-lg border px-3 py-1.5 text-sm font-medium ${
        selected ? "border-slate-200 border-b-white bg-white text-slate-900" : "border-transparent text-slate-600 hover:text-slate-900"
      } ${failed ? "text-red-700" : ""}`}
    >
      {failed ? t("admin.translations.hasErrors", { language: LANGUAGE_NAMES[language] }) : LANGUAGE_NAMES[language]}
    </button>
  );
}
