import { type ReactNode, createElement } from "react";
import { MemoryRouter } from "react-router";
import { type Language, LOCALES, pathInLanguage } from "#common/i18n/languages";
import { adminMessages, pageMessagesJson } from "#common/i18n/messages.server";
import { type Translate, createTranslate } from "#common/i18n/translate";
import { LanguageProvider, pageLanguage } from "~/lib/i18n";

/** A component with the messages and locale of a page in `language` (inside a router of the test's own). */
export function withLanguage(node: ReactNode, language: Language = "en") {
  const value = pageLanguage(language, LOCALES[language], pageMessagesJson(language));
  return createElement(LanguageProvider, { value }, node);
}

/**
 * A component as a page in `language` shows it (its messages, its locale, a location at `path` in
 * that language), for tests that render components on their own.
 */
export function inPage(node: ReactNode, { language = "en", path = "/" }: { language?: Language; path?: string } = {}) {
  return createElement(MemoryRouter, { initialEntries: [pathInLanguage(path, language)] }, withLanguage(node, language));
}

/** The admin area's translate function: its `admin.*` messages, the storefront's English for the rest (as app/routes/admin/admin-language.tsx). */
export function adminTranslate(): Translate {
  const page = pageLanguage("en", LOCALES.en, pageMessagesJson("en"));
  const admin = createTranslate(LOCALES.en, adminMessages());
  return (key, values) => (key.startsWith("admin.") ? admin(key, values) : page.t(key, values));
}

/** A component as an admin page shows it (the admin's messages, a location at `path`), for tests that render admin components. */
export function inAdmin(node: ReactNode, path = "/admin-dashboard") {
  const value = { ...pageLanguage("en", LOCALES.en, pageMessagesJson("en")), t: adminTranslate() };
  return createElement(MemoryRouter, { initialEntries: [path] }, createElement(LanguageProvider, { value }, node));
}
