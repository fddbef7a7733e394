/** The administration's texts (English only for now): navigation, screens, forms, tables, toasts. */
export default {
  "admin.translations.title": "Translations",
  "admin.translations.intro":
    "What shoppers read in the other languages. A field left blank shows the {language} text; a language with nothing filled in is not translated.",
  "admin.translations.languages": "Languages",
  "admin.translations.notTranslated": "Not translated yet: shoppers reading {language} see the {fallback} text.",
  "admin.translations.hasErrors": "{language} (has errors)",
  "admin.translations.keptSpecifications":
    "{count, plural, one {# translated specification is} other {# translated specifications are}} kept as they are (change them through the CSV import or the API).",
  "admin.translations.field.name": "Name",
  "admin.translations.field.description": "Description",
  "admin.translations.field.descriptionHtml": "Description (HTML)",
  "admin.translations.field.title": "Title",
  "admin.translations.field.subtitle": "Text",
  "admin.translations.field.alt": "Picture's alt text",
  "admin.translations.field.siteName": "Shop name",
  "admin.translations.field.tagline": "Tagline",
  "admin.translations.field.announcement": "Announcement bar",
};
