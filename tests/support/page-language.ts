import { type ReactNode, createElement } from "react";
import { MemoryRouter } from "react-router";
import { type Language, LOCALES, pathInLanguage } from "#common/i18n/languages";
import { pageMessagesJson } from "#common/i18n/messages.server";
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
