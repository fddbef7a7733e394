import { type Kysely, sql } from "kysely";
import { TRANSLATABLE_LANGUAGES } from "#common/translations";
import { NEGATIONS, TEXT_SEARCH_CONFIGS } from "#modules/search";
import type { Dialect } from "../db/database";

/**
 * Translations of the catalogue's and the site's content, one row per thing and language (never the
 * default language: the thing's own columns are that). A null column is not translated: readers
 * fall back to the default language's text. Slugs are shared by every language. Products: name,
 * description (sanitised rich text) and specifications (JSON list); categories: name and
 * description; banners: title, subtitle and alt text. The settings' texts keep theirs inside the
 * settings JSON (`translations`).
 *
 * The search index reads translations too: a product's translated names join its name, its
 * translated descriptions its description, its categories' translated names its keywords, so a
 * shopper finds it by the words of any language, typos forgiven as for English ones (the
 * vocabulary holds them all). On PostgreSQL the translated texts are also indexed with their
 * language's configuration (german, french, spanish), so their stems are words of the index.
 * Triggers on the translation tables keep the index in step, as those on products do. No product
 * has a translation yet, so the index is already right.
 */
export function contentTranslationsMigration(dialect: Dialect) {
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
      const statements = dialect === "sqlite" ? sqliteSearch() : postgresSearch();
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
    async down(db: Kysely<any>) {
      // The search view and its triggers go with the tables only on a fresh database: down is for tests.
      await db.schema.dropTable("banner_translations").execute();
      await db.schema.dropTable("category_translations").execute();
      await db.schema.dropTable("product_translations").execute();
    },
  };
}

// As in 0002-search and 0008-search-negations: the characters that join the parts of one word,
// the punctuation PostgreSQL's parser would keep inside one token, and the negative phrases
// (0027-search-languages builds the index's view from the same parts).
export const joined = (col: string) => `replace(replace(replace(${col}, '-', ''), '''', ''), '’', '')`;
export const split = (expr: string) => `translate(${expr}, '-./@:_+', '       ')`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

function negated(text: string): string {
  const free = NEGATIONS.filter(([from]) => from.endsWith("-free"));
  const other = NEGATIONS.filter(([from]) => !from.endsWith("-free"));
  let withFree = text;
  for (const [from, to] of free) withFree = `replace(${withFree}, ${literal(from)}, ${literal(to)})`;
  let out = `CASE WHEN ${text} LIKE '%-free%' THEN ${withFree} ELSE ${text} END`;
  for (const [from, to] of other) out = `replace(${out}, ${literal(from)}, ${literal(to)})`;
  return out;
}

/** The translations of a product (`products.id` as `id`) or category, joined with spaces: `agg` is the engine's string aggregate. */
const translatedNames = (agg: (expr: string) => string) =>
  `coalesce((SELECT ${agg("t.name")} FROM product_translations t WHERE t.product_id = products.id), '')`;
const translatedDescriptions = (agg: (expr: string) => string) =>
  `coalesce((SELECT ${agg("t.description")} FROM product_translations t WHERE t.product_id = products.id), '')`;
const categoryNames = (agg: (expr: string) => string, category: string) =>
  `coalesce(${category}.name, '') || ' ' || coalesce((SELECT ${agg("ct.name")} FROM category_translations ct WHERE ct.category_id = ${category}.id), '')`;

/** Active products with their names and descriptions (the default language's and the translations') as the index reads them, and the name as written (`raw_name`). */
export const active = (
  agg: (expr: string) => string,
) => `(SELECT id, category_id, subcategory_id, brand, raw_name, ${negated("name")} AS name, ${negated("description")} AS description
          FROM (SELECT id, category_id, subcategory_id, brand, name AS raw_name,
                       ' ' || lower(name || ' ' || ${translatedNames(agg)}) AS name,
                       ' ' || lower(description || ' ' || ${translatedDescriptions(agg)}) AS description
                FROM products WHERE status = 'active') lowered)`;

function sqliteSearch(): string[] {
  const agg = (expr: string) => `group_concat(${expr}, ' ')`;
  // Index rows are replaced for the products `products` selects (alias p) and `source` selects (alias s).
  const reindex = (products: string, source: string) => `
       DELETE FROM product_search WHERE rowid IN (SELECT k.rid FROM product_search_keys k JOIN products p ON p.id = k.product_id WHERE ${products});
       INSERT INTO product_search (rowid, name, alias, keywords, description)
         SELECT k.rid, s.name, s.alias, s.keywords, s.description
         FROM product_search_source s JOIN product_search_keys k ON k.product_id = s.product_id
         WHERE ${source};`;
  const row = (event: string) => (event === "DELETE" ? "old" : "new");
  return [
    `DROP VIEW product_search_source`,
    `CREATE VIEW product_search_source AS
       SELECT p.id AS product_id, p.category_id, p.subcategory_id,
              p.name AS name,
              CASE WHEN ${joined("p.name")} <> p.name THEN ${joined("p.name")} ELSE '' END AS alias,
              trim(coalesce(p.brand, '') || ' ' || ${categoryNames(agg, "c")} || ' ' || ${categoryNames(agg, "sc")}) AS keywords,
              p.description AS description
       FROM ${active(agg)} p
       LEFT JOIN categories c ON c.id = p.category_id
       LEFT JOIN categories sc ON sc.id = p.subcategory_id`,
    ...["INSERT", "UPDATE", "DELETE"].map(
      (event) => `CREATE TRIGGER product_search_after_translation_${event.toLowerCase()} AFTER ${event} ON product_translations BEGIN
       ${reindex(`p.id = ${row(event)}.product_id`, `s.product_id = ${row(event)}.product_id`)}
     END`,
    ),
    ...["INSERT", "UPDATE", "DELETE"].map(
      (event) => `CREATE TRIGGER product_search_after_category_translation_${event.toLowerCase()} AFTER ${event} ON category_translations BEGIN
       ${reindex(
         `p.category_id = ${row(event)}.category_id OR p.subcategory_id = ${row(event)}.category_id`,
         `s.category_id = ${row(event)}.category_id OR s.subcategory_id = ${row(event)}.category_id`,
       )}
     END`,
    ),
  ];
}

/** PostgreSQL's string aggregate, and a text's `simple` words with a weight, as the index's vectors take them. */
export const pgAgg = (expr: string) => `string_agg(${expr}, ' ')`;
export const pgVector = (expr: string, weight: string) => `setweight(to_tsvector('simple', unaccent(${expr})), '${weight}')`;

/** `head` of the index: the names (as written and without joiners) as A; the brand and the categories' names in every language as B. */
export const pgHead = `${pgVector(`${split("p.name")} || ' ' || CASE WHEN ${joined("p.name")} <> p.name THEN ${split(joined("p.name"))} ELSE '' END`, "A")}
              || ${pgVector(split(`coalesce(p.brand, '') || ' ' || ${categoryNames(pgAgg, "c")} || ' ' || ${categoryNames(pgAgg, "sc")}`), "B")}`;

function postgresSearch(): string[] {
  const agg = pgAgg;
  const vector = pgVector;
  const head = pgHead;
  // Each language's translated texts through its own configuration (its stems), beside the simple words.
  const stems = TRANSLATABLE_LANGUAGES.map(
    (l) =>
      `to_tsvector('${TEXT_SEARCH_CONFIGS[l]}', unaccent(coalesce((SELECT coalesce(t.name, '') || ' ' || coalesce(t.description, '') FROM product_translations t WHERE t.product_id = p.id AND t.language = '${l}'), '')))`,
  ).join(" || ");
  const upsert = `INSERT INTO product_search (product_id, name_norm, head, doc)
         SELECT product_id, name_norm, head, doc FROM product_search_source`;
  const onConflict = `ON CONFLICT (product_id) DO UPDATE SET name_norm = EXCLUDED.name_norm, head = EXCLUDED.head, doc = EXCLUDED.doc`;
  return [
    // Same columns as before, so the trigger functions of 0002-search keep reading it by name.
    `CREATE OR REPLACE VIEW product_search_source AS
       SELECT p.id AS product_id, p.category_id, p.subcategory_id,
              lower(unaccent(${joined("p.raw_name")})) AS name_norm,
              ${head} AS head,
              strip(${head} || ${vector("p.description", "D")} || ${stems}) AS doc
       FROM ${active(agg)} p
       LEFT JOIN categories c ON c.id = p.category_id
       LEFT JOIN categories sc ON sc.id = p.subcategory_id`,
    `CREATE FUNCTION product_search_sync_translation() RETURNS trigger LANGUAGE plpgsql AS $$
     DECLARE
       target text := CASE WHEN TG_OP = 'DELETE' THEN OLD.product_id ELSE NEW.product_id END;
     BEGIN
       ${upsert} WHERE product_id = target
       ${onConflict};
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER product_search_translation_sync AFTER INSERT OR UPDATE OR DELETE ON product_translations
     FOR EACH ROW EXECUTE FUNCTION product_search_sync_translation()`,
    `CREATE FUNCTION product_search_sync_category_translation() RETURNS trigger LANGUAGE plpgsql AS $$
     DECLARE
       target text := CASE WHEN TG_OP = 'DELETE' THEN OLD.category_id ELSE NEW.category_id END;
     BEGIN
       ${upsert} WHERE category_id = target OR subcategory_id = target
       ${onConflict};
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER product_search_category_translation_sync AFTER INSERT OR UPDATE OR DELETE ON category_translations
     FOR EACH ROW EXECUTE FUNCTION product_search_sync_category_translation()`,
  ];
}
