import { type Kysely, sql } from "kysely";
import type { Dialect } from "../db/database";

// Characters that join the parts of one word ("T-Shirt", "Levi's"): the name is indexed a second
// time with them removed, so "tshirt" and "levis" find it too. Keep in step with search.text.ts.
const joined = (col: string) => `replace(replace(replace(${col}, '-', ''), '''', ''), '’', '')`;

/**
 * The product search index of active products, kept in step with `products` (and category
 * renames) by triggers, so every writer — admin, seed, import, raw SQL — is covered; drafts are
 * never indexed. Existing rows are indexed here too.
 *
 * SQLite: a contentless FTS5 table (name, alias, keywords, description) keyed by a stable integer
 * from `product_search_keys` (products has a text key, and its implicit rowid may change on VACUUM),
 * plus an fts5vocab view of its terms for the search module's vocabulary. Accents are folded by
 * the tokenizer.
 * PostgreSQL: `product_search` holds `head` (name and alias as A, brand and categories as B: small,
 * for ranking and the vocabulary) and `doc` (head plus the description, stripped of positions and
 * weights, only matched) with a GIN index,
 * and the normalised name with a pg_trgm GIN index. Accents are folded with unaccent, as on SQLite.
 */
export function searchMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      if (dialect === "sqlite") await upSqlite(db);
      else await upPostgres(db);
    },
  };
}

async function upSqlite(db: Kysely<any>) {
  const statements = [
    `CREATE TABLE product_search_keys (rid INTEGER PRIMARY KEY, product_id TEXT NOT NULL UNIQUE)`,
    `CREATE VIRTUAL TABLE product_search USING fts5(
       name, alias, keywords, description,
       content = '', contentless_delete = 1,
       tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`,
    `CREATE VIRTUAL TABLE product_search_vocab USING fts5vocab(product_search, col)`,
    `CREATE VIEW product_search_source AS
       SELECT p.id AS product_id, p.category_id, p.subcategory_id,
              p.name AS name,
              CASE WHEN ${joined("p.name")} <> p.name THEN ${joined("p.name")} ELSE '' END AS alias,
              trim(coalesce(p.brand, '') || ' ' || coalesce(c.name, '') || ' ' || coalesce(sc.name, '')) AS keywords,
              p.description AS description
       FROM products p
       LEFT JOIN categories c ON c.id = p.category_id
       LEFT JOIN categories sc ON sc.id = p.subcategory_id
       WHERE p.status = 'active'`,
    // ON CONFLICT: an INSERT OR REPLACE of a product replaces its row without a delete trigger.
    `CREATE TRIGGER product_search_after_insert AFTER INSERT ON products BEGIN
       INSERT INTO product_search_keys (product_id) VALUES (new.id) ON CONFLICT (product_id) DO NOTHING;
       DELETE FROM product_search WHERE rowid = (SELECT rid FROM product_search_keys WHERE product_id = new.id);
       INSERT INTO product_search (rowid, name, alias, keywords, description)
         SELECT k.rid, s.name, s.alias, s.keywords, s.description
         FROM product_search_source s JOIN product_search_keys k ON k.product_id = s.product_id
         WHERE s.product_id = new.id;
     END`,
    `CREATE TRIGGER product_search_after_update
     AFTER UPDATE OF id, name, brand, description, category_id, subcategory_id, status ON products BEGIN
       UPDATE product_search_keys SET product_id = new.id WHERE product_id = old.id;
       DELETE FROM product_search WHERE rowid = (SELECT rid FROM product_search_keys WHERE product_id = new.id);
       INSERT INTO product_search (rowid, name, alias, keywords, description)
         SELECT k.rid, s.name, s.alias, s.keywords, s.description
         FROM product_search_source s JOIN product_search_keys k ON k.product_id = s.product_id
         WHERE s.product_id = new.id;
     END`,
    `CREATE TRIGGER product_search_after_delete AFTER DELETE ON products BEGIN
       DELETE FROM product_search WHERE rowid = (SELECT rid FROM product_search_keys WHERE product_id = old.id);
       DELETE FROM product_search_keys WHERE product_id = old.id;
     END`,
    `CREATE TRIGGER product_search_after_category_rename AFTER UPDATE OF name ON categories
     WHEN old.name IS NOT new.name BEGIN
       DELETE FROM product_search WHERE rowid IN (
         SELECT k.rid FROM product_search_keys k JOIN products p ON p.id = k.product_id
         WHERE p.category_id = new.id OR p.subcategory_id = new.id);
       INSERT INTO product_search (rowid, name, alias, keywords, description)
         SELECT k.rid, s.name, s.alias, s.keywords, s.description
         FROM product_search_source s JOIN product_search_keys k ON k.product_id = s.product_id
         WHERE s.category_id = new.id OR s.subcategory_id = new.id;
     END`,
    `INSERT INTO product_search_keys (product_id) SELECT id FROM products`,
    `INSERT INTO product_search (rowid, name, alias, keywords, description)
       SELECT k.rid, s.name, s.alias, s.keywords, s.description
       FROM product_search_source s JOIN product_search_keys k ON k.product_id = s.product_id`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function upPostgres(db: Kysely<any>) {
  // Punctuation that PostgreSQL's parser would otherwise keep inside one token ("3.5", "a/b",
  // "t-shirt"): split on it in names, as SQLite's tokenizer does. Descriptions keep the default
  // parser, which also drops HTML tags.
  const split = (expr: string) => `translate(${expr}, '-./@:_+', '       ')`;
  const vector = (expr: string, weight: string) => `setweight(to_tsvector('simple', unaccent(${expr})), '${weight}')`;
  const head = `${vector(`${split("p.name")} || ' ' || CASE WHEN ${joined("p.name")} <> p.name THEN ${split(joined("p.name"))} ELSE '' END`, "A")}
              || ${vector(split("coalesce(p.brand, '') || ' ' || coalesce(c.name, '') || ' ' || coalesce(sc.name, '')"), "B")}`;
  const upsert = `INSERT INTO product_search (product_id, name_norm, head, doc)
         SELECT product_id, name_norm, head, doc FROM product_search_source`;
  const onConflict = `ON CONFLICT (product_id) DO UPDATE
         SET name_norm = EXCLUDED.name_norm, head = EXCLUDED.head, doc = EXCLUDED.doc`;
  const statements = [
    `CREATE EXTENSION IF NOT EXISTS pg_trgm`,
    `CREATE EXTENSION IF NOT EXISTS unaccent`,
    `CREATE TABLE product_search (
       product_id text PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE ON UPDATE CASCADE,
       name_norm text NOT NULL,
       head tsvector NOT NULL,
       doc tsvector NOT NULL
     )`,
    `CREATE INDEX product_search_doc_idx ON product_search USING gin (doc)`,
    `CREATE INDEX product_search_name_trgm_idx ON product_search USING gin (name_norm gin_trgm_ops)`,
    `CREATE VIEW product_search_source AS
       SELECT p.id AS product_id, p.category_id, p.subcategory_id,
              lower(unaccent(${joined("p.name")})) AS name_norm,
              ${head} AS head,
              strip(${head} || ${vector("p.description", "D")}) AS doc
       FROM products p
       LEFT JOIN categories c ON c.id = p.category_id
       LEFT JOIN categories sc ON sc.id = p.subcategory_id
       WHERE p.status = 'active'`,
    `CREATE FUNCTION product_search_sync_product() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       ${upsert} WHERE product_id = NEW.id
       ${onConflict};
       IF NOT FOUND THEN
         DELETE FROM product_search WHERE product_id = NEW.id;
       END IF;
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER product_search_sync
     AFTER INSERT OR UPDATE OF name, brand, description, category_id, subcategory_id, status ON products
     FOR EACH ROW EXECUTE FUNCTION product_search_sync_product()`,
    `CREATE FUNCTION product_search_sync_category() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       ${upsert} WHERE category_id = NEW.id OR subcategory_id = NEW.id
       ${onConflict};
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER product_search_category_rename AFTER UPDATE OF name ON categories
     FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION product_search_sync_category()`,
    upsert,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
