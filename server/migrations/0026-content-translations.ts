import type { Kysely } from "kysely";

/**
 * Translations of the catalogue's and the site's content, one row per thing and language (never the
 * default language: the thing's own columns are that). A null column is not translated: readers
 * fall back to the default language's text. Slugs are shared by every language. Products: name,
 * description (sanitised rich text) and specifications (JSON list); categories: name and
 * description; banners: title, subtitle and alt text. The settings' texts keep theirs inside the
 * settings JSON (`translations`).
 */
export function contentTranslationsMigration() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("product_translations")
        .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("language", "text", (c) => c.notNull())
        .addColumn("name", "text")
        .addColumn("description", "text")
        .addColumn("specifications", "text")
        .addPrimaryKeyConstraint("product_translations_pk", ["product_id", "language"])
        .execute();
      await db.schema
        .createTable("category_translations")
        .addColumn("category_id", "text", (c) => c.notNull().references("categories.id").onDelete("cascade"))
        .addColumn("language", "text", (c) => c.notNull())
        .addColumn("name", "text")
        .addColumn("description", "text")
        .addPrimaryKeyConstraint("category_translations_pk", ["category_id", "language"])
        .execute();
      await db.schema
        .createTable("banner_translations")
        .addColumn("banner_id", "text", (c) => c.notNull().references("banners.id").onDelete("cascade"))
        .addColumn("language", "text", (c) => c.notNull())
        .addColumn("title", "text")
        .addColumn("subtitle", "text")
        .addColumn("alt", "text")
        .addPrimaryKeyConstraint("banner_translations_pk", ["banner_id", "language"])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("banner_translations").execute();
      await db.schema.dropTable("category_translations").execute();
      await db.schema.dropTable("product_translations").execute();
    },
  };
}
