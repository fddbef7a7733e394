import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { LOCALES } from "#common/i18n/languages";
import { adminMessages } from "#common/i18n/messages.server";
import { createTranslate } from "#common/i18n/translate";
import { LanguageProvider, pageLanguage } from "~/lib/i18n";
import { translationsFromForm } from "./translation-form";
import { TranslationTabs } from "./translation-tabs";

/** The tabs as the admin area renders them (its `admin.*` messages). */
function render(initial: Parameters<typeof TranslationTabs>[0]["initial"]) {
  const page = pageLanguage("en", LOCALES.en, "{}");
  const admin = createTranslate(page.locale, adminMessages());
  const value = { ...page, t: admin as typeof page.t };
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () =>
        createElement(
          LanguageProvider,
          { value },
          createElement(TranslationTabs, { idPrefix: "x", fields: [{ key: "name" }, { key: "descriptionHtml", multiline: true }], initial }),
        ),
    },
  ]);
  return renderToString(createElement(Stub, { initialEntries: ["/"] }));
}

describe("the admin's translation tabs", () => {
  it("show a tab per language other than English, its fields named as the API reads them, and say which languages are not translated yet", () => {
    const html = render({ de: { name: "Leinenhemd", description: "<p>Leinen</p>", specifications: null } });
    expect(html).toContain(">Deutsch<");
    expect(html).toContain(">Français<");
    expect(html).toContain(">Español<");
    expect(html).not.toContain(">English<");
    expect(html).toContain('name="translations.de.name"');
    expect(html).toContain('value="Leinenhemd"');
    expect(html).toContain('name="translations.fr.description"');
    expect(html).not.toContain('data-testid="not-translated-de"');
    expect(html).toContain('data-testid="not-translated-fr"');
    expect(html).toContain("Not translated yet: shoppers reading Français see the English text.");
  });
});

describe("translationsFromForm", () => {
  it("reads the tabs' fields as the API's translations, and nothing from a form without them", () => {
    const form = new FormData();
    form.set("name", "Shirts");
    expect(translationsFromForm(form, ["name"])).toEqual({});
    form.set("translations.de.name", "Hemden");
    form.set("translations.fr.name", "");
    expect(translationsFromForm(form, ["name", "description"])).toEqual({ translations: { de: { name: "Hemden" }, fr: { name: "" }, es: {} } });
  });
});
