import { type Kysely, sql } from "kysely";
import type { Language } from "#common/i18n/languages";
import { TRANSLATABLE_LANGUAGES } from "#common/translations";
import { TEXT_SEARCH_CONFIGS } from "#modules/search";
import type { Dialect } from "../db/database";
import { active, joined, pgAgg, pgHead, pgVector, split } from "./0026-content-translations";

/**
 * Search in the visitor's language on PostgreSQL: each language's translated texts are indexed
 * through its own text-search configuration (german, french, spanish) in a column of their own,
 * `product_search.stems`, each stem marked with its language and where it comes from
 * ("de:n:kleid" from a German name, `c` a category's name, `d` the description), so a query on
 * German pages, stemmed the same way, matches German texts only and ranks a name above a
 * description. The stems 0026 put in `doc`, where every language's query met them as words, move
 * there. The `simple` words of every language stay in `head` and `doc` as before.
 *
 * SQLite needs nothing: FTS5 has no stemmer but Porter's (English only); its `unicode61
 * remove_diacritics 2` tokenizer already folds accents ("creme" finds "Crème").
 */
export function searchLanguagesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== "postgres") return;
      for (const statement of postgresUp()) await sql.raw(statement).execute(db);
    },
    async down(db: Kysely<any>) {
      if (dialect !== "postgres") return;
      // The view and functions keep their new form (down is for tests on a fresh database).
      await sql.raw(`DROP INDEX product_search_stems_idx`).execute(db);
    },
  };
}

/** A text's stems in a language, marked with the language and field, as rows of `lexeme`. */
function stemRows(language: Language, field: string, text: string, from: string): string {
  return `SELECT '${language}:${field}:' || v.lexeme AS lexeme
          FROM ${from}, unnest(to_tsvector('${TEXT_SEARCH_CONFIGS[language]}', unaccent(coalesce(${text}, '')))) v`;
}

function postgresUp(): string[] {
  const stems = `array_to_tsvector(ARRAY(${TRANSLATABLE_LANGUAGES.flatMap((l) => [
    stemRows(l, "n", `${split("t.name")} || ' ' || ${split(joined("t.name"))}`, `product_translations t`) +
      ` WHERE t.product_id = p.id AND t.language = '${l}'`,
    stemRows(l, "d", "t.description", `product_translations t`) + ` WHERE t.product_id = p.id AND t.language = '${l}'`,
    stemRows(l, "c", split("ct.name"), `category_translations ct`) + ` WHERE ct.category_id IN (p.category_id, p.subcategory_id) AND ct.language = '${l}'`,
  ]).join(" UNION ALL ")}))`;
  const upsert = `INSERT INTO product_search (product_id, name_norm, head, doc, stems)
         SELECT product_id, name_norm, head, doc, stems FROM product_search_source`;
  const onConflict = `ON CONFLICT (product_id) DO UPDATE
         SET name_norm = EXCLUDED.name_norm, head = EXCLUDED.head, doc = EXCLUDED.doc, stems = EXCLUDED.stems`;
  // The triggers' functions (0002-search, 0026-content-translations) with the new column.
  const sync = (name: string, body: string) => `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
     ${body}
     END $$`;
  return [
    `ALTER TABLE product_search ADD COLUMN stems tsvector NOT NULL DEFAULT ''`,
    // A short pending list, as the other GIN indexes of the search have (0019-search-pending-list).
    `CREATE INDEX product_search_stems_idx ON product_search USING gin (stems) WITH (gin_pending_list_limit = 128)`,
    `CREATE OR REPLACE VIEW product_search_source AS
       SELECT p.id AS product_id, p.category_id, p.subcategory_id,
              lower(unaccent(${joined("p.raw_name")})) AS name_norm,
              ${pgHead} AS head,
              strip(${pgHead} || ${pgVector("p.description", "D")}) AS doc,
              ${stems} AS stems
       FROM ${active(pgAgg)} p
       LEFT JOIN categories c ON c.id = p.category_id
       LEFT JOIN categories sc ON sc.id = p.subcategory_id`,
    sync(
      "product_search_sync_product",
      `BEGIN
       ${upsert} WHERE product_id = NEW.id
       ${onConflict};
       IF NOT FOUND THEN
         DELETE FROM product_search WHERE product_id = NEW.id;
       END IF;
       RETURN NULL;`,
    ),
    sync(
      "product_search_sync_category",
      `BEGIN
       ${upsert} WHERE category_id = NEW.id OR subcategory_id = NEW.id
       ${onConflict};
       RETURN NULL;`,
    ),
    sync(
      "product_search_sync_translation",
      `DECLARE
       target text := CASE WHEN TG_OP = 'DELETE' THEN OLD.product_id ELSE NEW.product_id END;
     BEGIN
       ${upsert} WHERE product_id = target
       ${onConflict};
       RETURN NULL;`,
    ),
    sync(
      "product_search_sync_category_translation",
      `DECLARE
       target text := CASE WHEN TG_OP = 'DELETE' THEN OLD.category_id ELSE NEW.category_id END;
     BEGIN
       ${upsert} WHERE category_id = target OR subcategory_id = target
       ${onConflict};
       RETURN NULL;`,
    ),
    // Only products with a translation, or in a translated category, index anything new.
    `${upsert} WHERE product_id IN (SELECT product_id FROM product_translations)
       OR category_id IN (SELECT category_id FROM category_translations)
       OR subcategory_id IN (SELECT category_id FROM category_translations)
       ${onConflict}`,
  ];
}
