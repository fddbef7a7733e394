import type { MessageKey } from "#common/i18n/catalogs";
import { CATALOGS } from "#common/i18n/catalogs";
import { type Language, languageOfPath, pathInLanguage } from "#common/i18n/languages";
import { adminMessages, translatorFor } from "#common/i18n/messages.server";
import { type MessageValues, type Translate, createTranslate } from "#common/i18n/translate";

/** The language of the page a request is for (a loader's, an action's): its address's prefix. */
export function requestLanguage(request: Request): Language {
  return languageOfPath(new URL(request.url).pathname);
}

/** The translate function of the request's page, for texts a loader or an action answers with (titles, toasts, errors). */
export function requestT(request: Request): Translate {
  return translatorFor(requestLanguage(request));
}

/** A shop path in the request's page's language, for redirects (`/order-confirmation` → `/de/order-confirmation`). */
export function localizedPath(request: Request, path: string): string {
  return pathInLanguage(path, requestLanguage(request));
}

/** The `errors` catalog by its English texts: the services and schemas answer in English (the API's words). */
const errorKeyByText = new Map(Object.entries(CATALOGS.en.errors).map(([key, text]) => [text, key as MessageKey]));

/**
 * A message of the server (a schema's, a service's: English, as the API answers it) in the page's
 * language: the `errors` catalog holds every one a shopper can meet, under its English text. One
 * it lacks stays as it is.
 */
export function localizeMessage(t: Translate, text: string): string {
  const key = errorKeyByText.get(text);
  return key ? t(key) : text;
}

/** Each field's message of a failed form, in the page's language (`localizeMessage`). */
export function localizeFields(t: Translate, fields: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!fields) return fields;
  return Object.fromEntries(Object.entries(fields).map(([field, text]) => [field, localizeMessage(t, text)]));
}

let admin: Translate | undefined;

/** The administration's messages (English only), for texts an admin loader or action answers with (toasts, errors). */
export function adminT(key: MessageKey, values?: MessageValues): string {
  admin ??= createTranslate("en-US", adminMessages());
  return admin(key, values);
}
