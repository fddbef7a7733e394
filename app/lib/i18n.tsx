import { Fragment, type ReactNode, createContext, useContext, useMemo } from "react";
import type { MessageKey } from "#common/i18n/catalogs";
import { DEFAULT_LANGUAGE, type Language, LOCALES, isLanguage, pathInLanguage } from "#common/i18n/languages";
import { type CompiledCatalog, type MessageValues, type Translate, createTranslate } from "#common/i18n/translate";

/**
 * The page's language, its translate function and the messages' JSON the document carries. One
 * language per document: switching language loads the other language's document, so the browser
 * holds the messages of one language only.
 */
export interface PageLanguage {
  language: Language;
  locale: string;
  t: Translate;
  /** The compiled messages as the document's script element holds them (the same text on both sides). */
  messagesJson: string;
}

const LanguageContext = createContext<PageLanguage | null>(null);

export function LanguageProvider({ value, children }: { value: PageLanguage; children?: ReactNode }) {
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

/** The page's language, for a server render (entry.server.tsx) or the browser's (entry.client.tsx). */
export function pageLanguage(language: Language, locale: string, messagesJson: string): PageLanguage {
  const messages = JSON.parse(messagesJson) as CompiledCatalog;
  return { language, locale, t: createTranslate(locale, messages), messagesJson };
}

const MESSAGES_ELEMENT_ID = "shop-messages";

/** The browser's page language, read from the document the server sent. */
export function documentLanguage(): PageLanguage {
  const element = document.getElementById(MESSAGES_ELEMENT_ID);
  const language = document.documentElement.dataset.language;
  const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  return pageLanguage(lang, document.documentElement.lang || LOCALES[lang], element?.textContent || "{}");
}

/** The script element with the page's messages; the browser reads it before it hydrates. */
export function MessagesScript() {
  const { messagesJson } = usePageLanguage();
  return <script id={MESSAGES_ELEMENT_ID} type="application/json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: messagesJson }} />;
}

/** The page's language with its messages, for a provider that adds messages of its own (the admin area's). */
export function usePageLanguage(): PageLanguage {
  const value = useContext(LanguageContext);
  if (!value) throw new Error("no LanguageProvider above this component");
  return value;
}

/**
 * Adds the messages a route's loader handed over (`routeMessages`: namespaces only some pages
 * show) to the page's translate function, for everything below it, lazy parts included.
 */
export function RouteMessages({ messages, children }: { messages: CompiledCatalog; children?: ReactNode }) {
  const page = usePageLanguage();
  const value = useMemo(() => {
    const own = createTranslate(page.locale, messages);
    const t: Translate = (key, values) => (key in messages ? own(key, values) : page.t(key, values));
    return { ...page, t };
  }, [page, messages]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

/** The page's translate function: `t("cart.empty")`, `t("cart.items", { count })`. */
export function useT(): Translate {
  return usePageLanguage().t;
}

/** The page's language and its `Intl` locale. */
export function useLanguage(): { language: Language; locale: string } {
  const { language, locale } = usePageLanguage();
  return { language, locale };
}

/** Puts a shop path (`/products/x`) in the page's language (`/de/products/x`). */
export function useLocalePath(): (path: string) => string {
  const { language } = usePageLanguage();
  return useMemo(() => (path: string) => pathInLanguage(path, language), [language]);
}

/**
 * A message with elements in it: each `{name}` whose value is an element is that element, the rest
 * is text (`t("cart.terms", { link: <a href="/privacy-policy">{t("cart.termsLink")}</a> })`).
 */
export function useRichT(): (key: MessageKey, values: Record<string, ReactNode>) => ReactNode[] {
  const t = useT();
  return (key, values) => richText(t, key, values);
}

const MARK = "\u0000";

export function richText(t: Translate, key: MessageKey, values: Record<string, ReactNode>): ReactNode[] {
  const plain: MessageValues = {};
  const nodes: ReactNode[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === "string" || typeof value === "number") plain[name] = value;
    else {
      plain[name] = `${MARK}${nodes.length}${MARK}`;
      nodes.push(value);
    }
  }
  return t(key, plain)
    .split(MARK)
    .map((part, i) => (i % 2 === 1 ? <Fragment key={i}>{nodes[Number(part)]}</Fragment> : part))
    .filter((part) => part !== "");
}
