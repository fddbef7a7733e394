import { setupI18n } from "@lingui/core";
import type { CompiledMessage } from "@lingui/message-utils/compileMessage";
import type { MessageKey } from "./catalogs";

/** A catalog whose ICU messages are compiled already (on the server): the browser needs no parser. */
export type CompiledCatalog = Record<string, CompiledMessage>;
export type MessageValues = Record<string, string | number | Date | null | undefined>;
/** A message of the catalogs in one language, with its ICU arguments filled in. */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/**
 * The translate function of one language's compiled catalog. Plurals follow the locale's rules,
 * `{n, number}` and `{d, date}` its `Intl` formats. A key missing from the catalog comes back as
 * itself (the catalogs' test keeps that from shipping).
 */
export function createTranslate(locale: string, messages: CompiledCatalog): Translate {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return (key, values) => i18n._(key, values as Record<string, unknown>);
}
