import { sql } from "kysely";
import type { Db } from "../../db/database";
import { type SearchPlan, toFts5, toTsquery } from "./search.query";
import { normaliseName } from "./search.text";
import { SIMILAR_NAME_THRESHOLD, createTrigramIndex } from "./trigram";
import type { VocabularyTerm } from "./vocabulary";

export interface Hits {
  ids: string[];
  total: number;
}

/**
 * One engine's side of search: run a plan against its own full-text index, find names similar to
 * a query (pg_trgm on PostgreSQL, the same measure in memory on SQLite), list the words of names,
 * brands and categories, and rebuild the index. The index holds active products only
 * (migration 0002-search), so nothing here joins products.
 *
 * Ranking, on both engines: products matching every word as typed (no typo corrections, no synonyms) first, then
 * those matching every word in the name, then the engine's relevance (bm25 over name > brand and
 * categories > description on SQLite; ts_rank over name > brand and categories, shorter first, on
 * PostgreSQL), then id.
 */
export interface SearchEngine {
  find(plan: SearchPlan, limit: number, offset: number): Promise<Hits>;
  similarNames(query: string, limit: number, offset: number): Promise<Hits>;
  vocabulary(): Promise<VocabularyTerm[]>;
  /** Forgets anything held in memory between calls (the SQLite name index). */
  forget(): void;
  rebuild(): Promise<void>;
}

type HitRow = { id: string; total: number };

function toHits(rows: HitRow[]): Hits {
  return { ids: rows.map((r) => r.id), total: rows.length ? Number(rows[0].total) : 0 };
}

/** The engine matching the database's dialect; `nameIndexTtlMs` bounds how stale SQLite's in-memory name index may be. */
export function createSearchEngine(db: Db, nameIndexTtlMs: number): SearchEngine {
  return db.dialect === "postgres" ? postgresEngine(db) : sqliteEngine(db, nameIndexTtlMs);
}

function sqliteEngine(db: Db, nameIndexTtlMs: number): SearchEngine {
  const k = db.kysely;
  let names: { index: ReturnType<typeof createTrigramIndex>; at: number } | null = null;

  async function nameIndex() {
    if (names && Date.now() - names.at < nameIndexTtlMs) return names.index;
    const rows = await k.selectFrom("products").select(["id", "name"]).where("status", "=", "active").execute();
    const index = createTrigramIndex(rows.map((r) => ({ id: r.id, name: normaliseName(r.name) })));
    names = { index, at: Date.now() };
    return index;
  }

  return {
    async find(plan, limit, offset) {
      const all = toFts5(plan, { loose: true, nameOnly: false });
      const within = (expr: string) => sql`m.rid IN (SELECT rowid FROM product_search WHERE product_search MATCH ${expr})`;
      const order = [
        ...(plan.loose ? [sql`${within(toFts5(plan, { loose: false, nameOnly: false }))} DESC`] : []),
        sql`${within(toFts5(plan, { loose: true, nameOnly: true }))} DESC`,
        sql`m.score`,
        sql`k.product_id`,
      ];
      // bm25() only works in the query that scans the FTS table: score there, then join and sort.
      const { rows } = await sql<HitRow>`
        WITH m AS MATERIALIZED (
          SELECT rowid AS rid, bm25(product_search, 10.0, 8.0, 3.0, 1.0) AS score
          FROM product_search WHERE product_search MATCH ${all})
        SELECT k.product_id AS id, count(*) OVER () AS total
        FROM m JOIN product_search_keys k ON k.rid = m.rid
        ORDER BY ${sql.join(order)}
        LIMIT ${limit} OFFSET ${offset}`.execute(k);
      if (rows.length || offset === 0) return toHits(rows);
      const count = await sql<{ n: number }>`SELECT count(*) AS n FROM product_search WHERE product_search MATCH ${all}`.execute(k);
      return { ids: [], total: Number(count.rows[0]?.n ?? 0) };
    },

    async similarNames(query, limit, offset) {
      const ids = (await nameIndex()).similar(query);
      return { ids: ids.slice(offset, offset + limit), total: ids.length };
    },

    async vocabulary() {
      const { rows } = await sql<VocabularyTerm>`
        SELECT term, max(doc) AS docs FROM product_search_vocab
        WHERE col IN ('name', 'alias', 'keywords') GROUP BY term`.execute(k);
      return rows;
    },

    forget() {
      names = null;
    },

    async rebuild() {
      await k.transaction().execute(async (trx) => {
        await sql`DELETE FROM product_search_keys WHERE product_id NOT IN (SELECT id FROM products)`.execute(trx);
        await sql`INSERT INTO product_search_keys (product_id) SELECT id FROM products WHERE id NOT IN (SELECT product_id FROM product_search_keys)`.execute(trx);
        await sql`INSERT INTO product_search (product_search) VALUES ('delete-all')`.execute(trx);
        await sql`
          INSERT INTO product_search (rowid, name, alias, keywords, description)
          SELECT k.rid, s.name, s.alias, s.keywords, s.description
          FROM product_search_source s JOIN product_search_keys k ON k.product_id = s.product_id`.execute(trx);
      });
    },
  };
}

function postgresEngine(db: Db): SearchEngine {
  const k = db.kysely;
  // The GIN index on `doc` finds the matches; tiers and rank read the small `head` vector, and
  // the exact tier is a hashed subquery on the same index.
  return {
    async find(plan, limit, offset) {
      const all = toTsquery(plan, { loose: true, nameOnly: false });
      const order = [
        ...(plan.loose
          ? [sql`s.product_id IN (SELECT product_id FROM product_search WHERE doc @@ ${toTsquery(plan, { loose: false, nameOnly: false })}::tsquery) DESC`]
          : []),
        sql`s.head @@ ${toTsquery(plan, { loose: true, nameOnly: true })}::tsquery DESC`,
        sql`ts_rank(s.head, ${all}::tsquery, 1) DESC`,
        sql`s.product_id`,
      ];
      // The planner prices a sequential scan of every doc below the GIN index once a word is in
      // more than a few percent of products; measured, the index is 2-3 times faster there.
      return k.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        const { rows } = await sql<HitRow>`
          SELECT s.product_id AS id, count(*) OVER () AS total
          FROM product_search s
          WHERE s.doc @@ ${all}::tsquery
          ORDER BY ${sql.join(order)}
          LIMIT ${limit} OFFSET ${offset}`.execute(trx);
        if (rows.length || offset === 0) return toHits(rows);
        const count = await sql<{ n: number }>`SELECT count(*) AS n FROM product_search s WHERE s.doc @@ ${all}::tsquery`.execute(trx);
        return { ids: [], total: Number(count.rows[0]?.n ?? 0) };
      });
    },

    async similarNames(query, limit, offset) {
      // <<% lets the trigram GIN index find candidates; the explicit bound keeps the threshold the
      // same as SQLite's whatever pg_trgm.strict_word_similarity_threshold says.
      const { rows } = await sql<HitRow>`
        SELECT id, count(*) OVER () AS total FROM (
          SELECT s.product_id AS id, strict_word_similarity(${query}, s.name_norm) AS similarity
          FROM product_search s WHERE ${query} <<% s.name_norm) candidates
        WHERE similarity >= ${SIMILAR_NAME_THRESHOLD}
        ORDER BY similarity DESC, id
        LIMIT ${limit} OFFSET ${offset}`.execute(k);
      if (rows.length || offset === 0) return toHits(rows);
      const count = await sql<{ n: number }>`
        SELECT count(*) AS n FROM product_search s
        WHERE ${query} <<% s.name_norm AND strict_word_similarity(${query}, s.name_norm) >= ${SIMILAR_NAME_THRESHOLD}`.execute(k);
      return { ids: [], total: Number(count.rows[0]?.n ?? 0) };
    },

    async vocabulary() {
      const { rows } = await sql<VocabularyTerm>`SELECT word AS term, ndoc AS docs FROM ts_stat('SELECT head FROM product_search')`.execute(k);
      return rows.map((r) => ({ term: r.term, docs: Number(r.docs) }));
    },

    forget() {},

    async rebuild() {
      await k.transaction().execute(async (trx) => {
        await sql`DELETE FROM product_search`.execute(trx);
        await sql`INSERT INTO product_search (product_id, name_norm, head, doc) SELECT product_id, name_norm, head, doc FROM product_search_source`.execute(trx);
      });
    },
  };
}
