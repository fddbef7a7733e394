import { LOCALES } from "#common/i18n/languages";
import { type CompiledCatalog, type Translate, createTranslate } from "#common/i18n/translate";

/** The layout around the admin area that loads its messages (app/routes/admin/admin-language.tsx). */
const ADMIN_LANGUAGE_ROUTE = "routes/admin/admin-language";

const translators = new WeakMap<CompiledCatalog, Translate>();

/**
 * The admin's translate function from the messages its layout loaded, for code that runs outside
 * React (a route's `meta`): components use `useT()`.
 */
export function adminTranslateOf(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): Translate {
  const messages = (matches.find((m) => m?.id === ADMIN_LANGUAGE_ROUTE)?.loaderData as { messages?: CompiledCatalog } | undefined)?.messages ?? {};
  let t = translators.get(messages);
  if (!t) {
    t = createTranslate(LOCALES.en, messages);
    translators.set(messages, t);
  }
  return t;
}
