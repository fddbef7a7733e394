import { type Kysely, sql } from "kysely";
import type { Dialect } from "../db/database";

/**
 * Categories and banners become editable in the admin. Categories get a
 * `hidden` flag (off the storefront's menus, listings and sitemap; decision record 0022), an
 * optional description, `updated_at` and a `version` for stale-write checks; a renamed or merged
 * category's old slug is kept in `category_slug_redirects`, so its old listing URL answers 301.
 * Banners get alt text for their picture, an optional window (`starts_at`, `ends_at`) in which
 * they show, `updated_at` and a `version`. Existing rows keep showing as before: visible, no
 * window, and empty alt text (the picture stays decorative, as the carousel treated it).
 */
export function categoriesBannersAdminMigration(dialect: Dialect) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("categories")
        .addColumn("hidden", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("categories").addColumn("description", "text").execute();
      await db.schema.alterTable("categories").addColumn("updated_at", ts).execute();
      await db.schema
        .alterTable("categories")
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
      await sql`UPDATE categories SET updated_at = created_at`.execute(db);

      await db.schema
        .createTable("category_slug_redirects")
        .addColumn("old_slug", "text", (c) => c.primaryKey())
        .addColumn("category_id", "text", (c) => c.notNull().references("categories.id").onDelete("cascade"))
        .addColumn("created_at", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("category_slug_redirects_category_idx").on("category_slug_redirects").column("category_id").execute();

      await db.schema
        .alterTable("banners")
        .addColumn("alt", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema.alterTable("banners").addColumn("starts_at", ts).execute();
      await db.schema.alterTable("banners").addColumn("ends_at", ts).execute();
      await db.schema.alterTable("banners").addColumn("updated_at", ts).execute();
      await db.schema
        .alterTable("banners")
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
      await sql`UPDATE banners SET updated_at = created_at`.execute(db);
    },
  };
}
