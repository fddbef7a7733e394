import { compileMessage } from "@lingui/message-utils/compileMessage";
import { ADMIN_MESSAGES, CATALOGS, NAMESPACES, type Namespace } from "./catalogs";
import { LANGUAGES, LOCALES, type Language } from "./languages";
import { type CompiledCatalog, type Translate, createTranslate } from "./translate";

/** What every page of the storefront carries in its document: the layout's, the cart panel's, the forms' and errors' texts. */
export const PAGE_NAMESPACES = ["shop", "cart", "account", "market", "errors"] as const satisfies readonly Namespace[];

/**
 * Namespaces only some pages show: a route's loader hands them to its page (`routeMessages`), so
 * every other page's document stays without them. Not the mails' texts either.
 */
export type RouteNamespace = Exclude<Namespace, (typeof PAGE_NAMESPACES)[number] | "mail">;

/** A language's compiled messages of namespaces one route shows, for its loader to hand to `<RouteMessages>`. */
export function routeMessages(language: Language, namespaces: readonly RouteNamespace[]): CompiledCatalog {
  return compiledMessages(language, namespaces);
}

const compiled = new Map<string, CompiledCatalog>();

/** A language's messages of `namespaces`, compiled once per process. */
export function compiledMessages(language: Language, namespaces: readonly Namespace[]): CompiledCatalog {
  const key = `${language}:${namespaces.join(",")}`;
  let catalog = compiled.get(key);
  if (!catalog) {
    catalog = {};
    for (const namespace of namespaces) {
      for (const [id, message] of Object.entries(CATALOGS[language][namespace])) catalog[id] = compileMessage(message);
    }
    compiled.set(key, catalog);
  }
  return catalog;
}

/** The offer of another language, which a page shows in that language (`shop.language.suggest@de`). */
export const SUGGESTION_KEYS = ["shop.language.suggest", "shop.language.suggestSwitch", "shop.language.suggestDismiss"] as const;

const pageJson = new Map<Language, string>();

/**
 * A page's messages as the JSON of the script element the browser reads them from before it
 * hydrates, with the offer of each other language in that language. `<` is escaped so that no
 * message can close the element.
 */
export function pageMessagesJson(language: Language): string {
  let json = pageJson.get(language);
  if (json === undefined) {
    const messages = { ...compiledMessages(language, PAGE_NAMESPACES) };
    for (const other of LANGUAGES) {
      if (other === language) continue;
      const theirs = compiledMessages(other, ["shop"]);
      for (const key of SUGGESTION_KEYS) messages[`${key}@${other}`] = theirs[key];
    }
    json = JSON.stringify(messages).replace(/</g, "\\u003c");
    pageJson.set(language, json);
  }
  return json;
}

let adminJson: string | null = null;

/** The administration's compiled messages (English), as the admin area's loader hands them to its pages once. */
export function adminMessages(): CompiledCatalog {
  adminJson ??= JSON.stringify(Object.fromEntries(Object.entries(ADMIN_MESSAGES).map(([id, message]) => [id, compileMessage(message)])));
  return JSON.parse(adminJson) as CompiledCatalog;
}

const translators = new Map<string, Translate>();

/** The server's translate function for a language (pages, mails, answers to forms), in `locale` or the language's own. */
export function translatorFor(language: Language, locale: string = LOCALES[language]): Translate {
  const key = `${language}|${locale}`;
  let t = translators.get(key);
  if (!t) {
    t = createTranslate(locale, compiledMessages(language, NAMESPACES));
    translators.set(key, t);
  }
  return t;
}
