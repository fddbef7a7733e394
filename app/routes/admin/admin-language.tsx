import { useMemo } from "react";
import { Outlet } from "react-router";
import { adminMessages } from "#common/i18n/messages.server";
import { type CompiledCatalog, createTranslate } from "#common/i18n/translate";
import { LanguageProvider, usePageLanguage } from "~/lib/i18n";
import type { Route } from "./+types/admin-language";

/**
 * The administration's messages (English), loaded once when the admin area is entered (a document
 * or a client-side navigation from the storefront) and never again: they do not change while the
 * server runs.
 */
export function loader() {
  return { messages: adminMessages() };
}

export function shouldRevalidate() {
  return false;
}

/** The admin area's translate function: its own `admin.*` messages, the storefront's for the rest (shared form fields, errors). */
export default function AdminLanguage({ loaderData }: Route.ComponentProps) {
  const page = usePageLanguage();
  const value = useMemo(() => {
    const admin = createTranslate(page.locale, loaderData.messages as CompiledCatalog);
    return { ...page, t: ((key, values) => (key.startsWith("admin.") ? admin(key, values) : page.t(key, values))) as typeof page.t };
  }, [page, loaderData.messages]);
  return (
    <LanguageProvider value={value}>
      <Outlet />
    </LanguageProvider>
  );
}
