import { type Kysely, sql } from "kysely";
import { NEGATIONS } from "#modules/search";
import type { Dialect } from "../db/database";

// As in 0002-search: the characters that join the parts of one word, and (PostgreSQL) the
// punctuation its parser would keep inside one token.
const joined = (col: string) => `replace(replace(replace(${col}, '-', ''), '''', ''), '’', '')`;
const split = (expr: string) => `translate(${expr}, '-./@:_+', '       ')`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The text as the index reads it: lower case, with each negative phrase of the search module
 * (`NEGATIONS`) joined into one word ("fragrance-free", "without fragrance" → "nofragrance"), the
 * same replacements the query side makes (search.text.ts joinNegations). `text` is the column's
 * lower-case text with a leading space; the "-free" replacements run only on text that has one.
 */
function negated(text: string): string {
  const free = NEGATIONS.filter(([from]) => from.endsWith("-free"));
  const other = NEGATIONS.filter(([from]) => !from.endsWith("-free"));
  let withFree = text;
  for (const [from, to] of free) withFree = `replace(${withFree}, ${literal(from)}, ${literal(to)})`;
  let out = `CASE WHEN ${text} LIKE '%-free%' THEN ${withFree} ELSE ${text} END`;
  for (const [from, to] of other) out = `replace(${out}, ${literal(from)}, ${literal(to)})`;
  return out;
}

/**
 * Negative words stop counting as hits: a description or name saying "fragrance-free"
 * made a product a strong "fragrance" hit, above the fragrances themselves. The search index now
 * reads names and descriptions with their negative phrases joined into one word ("nofragrance");
 * the views that feed it (0002-search, used by its triggers) are replaced, and the index of every
 * existing product is rebuilt from them.
 */
export function searchNegationsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      const statements = dialect === "sqlite" ? sqliteStatements() : postgresStatements();
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  };
}

/** Active products with their name and description as the index reads them (`name`, `description`) and the name as written (`raw_name`). */
const ACTIVE = `(SELECT id, category_id, subcategory_id, brand, raw_name, ${negated("name")} AS name, ${negated("description")} AS description
          FROM (SELECT id, category_id, subcategory_id, brand, name AS raw_name,
                       ' ' || lower(name) AS name, ' ' || lower(description) AS description
                FROM products WHERE status = 'active') lowered)`;

function sqliteStatements(): string[] {
  return [
    `DROP VIEW product_search_source`,
    `CREATE VIEW product_search_source AS
       SELECT p.id AS product_id, p.category_id, p.subcategory_id,
              p.name AS name,
              CASE WHEN ${joined("p.name")} <> p.name THEN ${joined("p.name")} ELSE '' END AS alias,
              trim(coalesce(p.brand, '') || ' ' || coalesce(c.name, '') || ' ' || coalesce(sc.name, '')) AS keywords,
              p.description AS description
       FROM ${ACTIVE} p
       LEFT JOIN categories c ON c.id = p.category_id
       LEFT JOIN categories sc ON sc.id = p.subcategory_id`,
    `INSERT INTO product_search (product_search) VALUES ('delete-all')`,
    `INSERT INTO product_search (rowid, name, alias, keywords, description)
       SELECT k.rid, s.name, s.alias, s.keywords, s.description
       FROM product_search_source s JOIN product_search_keys k ON k.product_id = s.product_id`,
  ];
}

function postgresStatements(): string[] {
  const vector = (expr: string, weight: string) => `setweight(to_tsvector('simple', unaccent(${expr})), '${weight}')`;
  const head = `${vector(`${split("p.name")} || ' ' || CASE WHEN ${joined("p.name")} <> p.name THEN ${split(joined("p.name"))} ELSE '' END`, "A")}
              || ${vector(split("coalesce(p.brand, '') || ' ' || coalesce(c.name, '') || ' ' || coalesce(sc.name, '')"), "B")}`;
  return [
    // Same columns as before, so the trigger functions of 0002-search keep reading it by name.
    `CREATE OR REPLACE VIEW product_search_source AS
       SELECT p.id AS product_id, p.category_id, p.subcategory_id,
              lower(unaccent(${joined("p.raw_name")})) AS name_norm,
              ${head} AS head,
              strip(${head} || ${vector("p.description", "D")}) AS doc
       FROM ${ACTIVE} p
       LEFT JOIN categories c ON c.id = p.category_id
       LEFT JOIN categories sc ON sc.id = p.subcategory_id`,
    `DELETE FROM product_search`,
    `INSERT INTO product_search (product_id, name_norm, head, doc)
       SELECT product_id, name_norm, head, doc FROM product_search_source`,
  ];
}
