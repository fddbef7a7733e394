import { type RawBuilder, sql } from "kysely";
import type { Language } from "#common/i18n/languages";
import { type Db, withLocalSettings } from "../../db/database";
import { type Clause, type Field, type SearchPlan, type Tier, rankingTiers, toFts5, toTsqueries } from "./search.query";
import { TEXT_SEARCH_CONFIGS, stemOf } from "./search.text";
import type { VocabularyTerm } from "./vocabulary";

export interface Hits {
  ids: string[];
  /** Every match, or null when not asked for (counting every match of a common word costs more than the page). */
  total: number | null;
}

/**
 * One engine's side of search: run a plan against its own full-text index, list the words of
 * names, brands and categories, and rebuild the index. The index holds active products only
 * (migration 0002-search), so nothing here joins products.
 *
 * Ranking, on both engines (`rankingTiers`): products matching every word as typed (no typo
 * corrections, no synonyms) first, then the others; within each, those matching every word in the
 * name, then in the name, brand and categories, then anywhere (with the description); within a
 * tier, the most recently added first (SQLite: `product_search_keys.rid`; PostgreSQL:
 * `product_search.rid`, migration 0018). A page is filled from the first tier on in that order, so
 * a common word costs about one page, not one score per match.
 */
export interface SearchEngine {
  find(plan: SearchPlan, limit: number, offset: number, count: boolean): Promise<Hits>;
  /**
   * The words of names, brands and categories with how many products use them, every word of the
   * index, and the stems of the translated texts in their languages ("de:kleid"; none on SQLite).
   */
  vocabulary(): Promise<{ head: VocabularyTerm[]; indexed: string[]; stems: string[] }>;
  /**
   * Each token's stems in a language, as its text-search configuration makes them ("de:kleid"; none
   * for a stop word); an empty map where the engine indexes no stems (SQLite).
   */
  stems(language: Language, tokens: readonly string[]): Promise<Map<string, string[]>>;
  /** Forgets anything held in memory between calls. */
  forget(): void;
  rebuild(): Promise<void>;
}

/** PostgreSQL's ranking knobs (see its `find`); tests set small ones to page across their boundaries. */
export interface EngineOptions {
  /** How many of the most recently added products are ranked in one pass before older ones are looked up. */
  recentWindow?: number;
  /** Up to about how many older matches are ranked in one lookup rather than tier by tier. */
  olderAtOnce?: number;
}

/** Up to `limit` active products' ids and names by id, after the id `after` (from the first when null): a page of the similar-names index (names.ts). */
export function listActiveNames(db: Db, after: string | null, limit: number): Promise<Array<{ id: string; name: string }>> {
  let page = db.kysely.selectFrom("products").select(["id", "name"]).where("status", "=", "active");
  if (after !== null) page = page.where("id", ">", after);
  return page.orderBy("id").limit(limit).execute();
}

/** The brands of active products, each once. */
export async function listActiveBrands(db: Db): Promise<string[]> {
  const rows = await db.kysely.selectFrom("products").select("brand").distinct().where("status", "=", "active").where("brand", "is not", null).execute();
  return rows.map((r) => r.brand as string);
}

/** Up to `limit` active products' ids and names in a language, by id, after the id `after`: a page of that language's similar-names index (names.ts). */
export function listTranslatedNames(db: Db, language: Language, after: string | null, limit: number): Promise<Array<{ id: string; name: string }>> {
  let page = db.kysely
    .selectFrom("product_translations as t")
    .innerJoin("products as p", "p.id", "t.product_id")
    .select(["t.product_id as id", "t.name as name"])
    .where("t.language", "=", language)
    .where("t.name", "is not", null)
    .where("p.status", "=", "active");
  if (after !== null) page = page.where("t.product_id", ">", after);
  return page.orderBy("t.product_id").limit(limit).execute() as Promise<Array<{ id: string; name: string }>>;
}

/** The engine matching the database's dialect. */
export function createSearchEngine(db: Db, options: EngineOptions = {}): SearchEngine {
  return db.dialect === "postgres" ? postgresEngine(db, options.recentWindow ?? RECENT_WINDOW, options.olderAtOnce ?? OLDER_AT_ONCE) : sqliteEngine(db);
}

/**
 * Per tier, the engine's expression for it, from where every word matched and whether the words
 * as typed match (`typed`, anywhere): name; head and not name; anywhere and not head. A null
 * expression matches nothing (a word that can match nowhere in that field).
 */
function tierCondition<T>(tier: Tier, ops: { field(f: Field): T | null; and(a: T, b: T): T; not(a: T, b: T): T; typed: T | null }): T | null {
  const not = (a: T | null, b: T | null) => (a === null ? null : b === null ? a : ops.not(a, b));
  const base =
    tier.field === "name" ? ops.field("name") : tier.field === "head" ? not(ops.field("head"), ops.field("name")) : not(ops.field("any"), ops.field("head"));
  if (base === null || tier.asTyped === null || ops.typed === null) return base;
  return tier.asTyped ? ops.and(ops.typed, base) : ops.not(base, ops.typed);
}

function sqliteEngine(db: Db): SearchEngine {
  const k = db.kysely;
  const count = async (match: string) =>
    Number((await sql<{ n: number }>`SELECT count(*) AS n FROM product_search WHERE product_search MATCH ${match}`.execute(k)).rows[0]?.n ?? 0);

  return {
    // FTS5 walks a MATCH in rowid order and stops at the LIMIT, so a tier costs about its page;
    // bm25() would read every match (and each term's whole doclist for its weight).
    async find(plan, limit, offset, withTotal) {
      const any = toFts5(plan, { loose: true, field: "any" });
      const exists = async (match: string | null) =>
        match !== null && (await sql`SELECT 1 FROM product_search WHERE product_search MATCH ${match} LIMIT 1`.execute(k)).rows.length > 0;
      // Every tier sets up its terms again (a prefix merges the doclists of all its words): when
      // nothing matches, or nothing as typed, say so once instead.
      if (any === null || !(await exists(any))) return { ids: [], total: withTotal ? 0 : null };
      const asTyped = toFts5(plan, { loose: false, field: "any" });
      const typed = plan.loose && plan.typed && (await exists(asTyped)) ? asTyped : null;
      const ids: string[] = [];
      let skip = offset;
      for (const tier of rankingTiers(plan)) {
        if (ids.length >= limit) break;
        if (tier.asTyped === true && typed === null) continue;
        const match = tierCondition(tier, {
          field: (field) => {
            const expr = toFts5(plan, { loose: true, field });
            return expr === null ? null : `(${expr})`;
          },
          and: (a, b) => `(${a} AND ${b})`,
          not: (a, b) => `(${a} NOT ${b})`,
          typed: typed && `(${typed})`,
        });
        if (match === null) continue;
        if (skip > 0) {
          const n = await count(match);
          if (n <= skip) {
            skip -= n;
            continue;
          }
        }
        const { rows } = await sql<{ id: string }>`
          SELECT k.product_id AS id FROM product_search s JOIN product_search_keys k ON k.rid = s.rowid
          WHERE product_search MATCH ${match}
          ORDER BY s.rowid DESC LIMIT ${limit - ids.length} OFFSET ${skip}`.execute(k);
        skip = 0;
        for (const r of rows) ids.push(r.id);
      }
      if (!withTotal) return { ids, total: null };
      if (offset === 0 && ids.length < limit) return { ids, total: ids.length };
      return { ids, total: await count(any) };
    },

    async vocabulary() {
      // One pass over the index's terms (fts5vocab reads them all whatever the filter).
      const { rows } = await sql<{ term: string; col: string; doc: number }>`SELECT term, col, doc FROM product_search_vocab`.execute(k);
      const head = new Map<string, number>();
      const indexed = new Set<string>();
      for (const r of rows) {
        indexed.add(r.term);
        if (r.col !== "description") head.set(r.term, Math.max(head.get(r.term) ?? 0, Number(r.doc)));
      }
      return { head: [...head].map(([term, docs]) => ({ term, docs })), indexed: [...indexed], stems: [] };
    },

    // FTS5 has no stemmer for these languages (Porter's is English only).
    async stems() {
      return new Map();
    },

    forget() {},

    async rebuild() {
      await k.transaction().execute(async (trx) => {
        await sql`DELETE FROM product_search_keys WHERE product_id NOT IN (SELECT id FROM products)`.execute(trx);
        await sql`INSERT INTO product_search_keys (product_id) SELECT id FROM products WHERE id NOT IN (SELECT product_id FROM product_search_keys)`.execute(
          trx,
        );
        await sql`INSERT INTO product_search (product_search) VALUES ('delete-all')`.execute(trx);
        await sql`
          INSERT INTO product_search (rowid, name, alias, keywords, description)
          SELECT k.rid, s.name, s.alias, s.keywords, s.description
          FROM product_search_source s JOIN product_search_keys k ON k.product_id = s.product_id`.execute(trx);
      });
    },
  };
}

/**
 * The column each clause is tested against: a category term is a weight-B lexeme of `head` (brand
 * and categories); `doc` is stripped of weights; stems (in a language) are in `stems`, their field
 * named in each lexeme.
 */
const columnOf = (c: Clause) => (c.stem ? "stems" : { name: "name_vec", head: "head", category: "head", any: "doc" }[c.scope]);

/** A plan's condition in one field as SQL: per word, any of its clauses, each a tsquery tested against its scope's column; false when it can match nothing there. */
function matches(plan: SearchPlan, loose: boolean, field: Field): RawBuilder<unknown> {
  const words = toTsqueries(plan, { loose, field });
  if (words === null) return sql`false`;
  const clause = (c: Clause) => sql`${sql.ref(columnOf(c))} @@ ${sql.lit(c.expr)}::tsquery`;
  const word = (w: Clause[]) => (w.length === 1 ? clause(w[0]) : sql`(${sql.join(w.map(clause), sql` OR `)})`);
  return words.length === 1 ? word(words[0]) : sql`(${sql.join(words.map(word), sql` AND `)})`;
}

/** PostgreSQL: products ranked in one pass, the most recently added (see `recentWindow`). */
const RECENT_WINDOW = 1_000;
/** PostgreSQL: when about this many older products match or fewer, they are ranked in one lookup rather than tier by tier. */
const OLDER_AT_ONCE = 2_000;
/** How long the boundary of the recent window is reused (it only moves as products are added; any boundary gives the same answer). */
const WINDOW_TTL_MS = 60_000;
/** Query tokens whose stems are remembered (stemming a word always gives the same stems). */
const STEMS_KEPT = 5_000;

function postgresEngine(db: Db, recentWindow: number, olderAtOnce: number): SearchEngine {
  const k = db.kysely;
  let boundary: { rid: number; at: number } | null = null;
  const stemmed = new Map<string, string[]>();

  /** The rid at or below which products are older than the recent window (0: all are recent). */
  async function windowBoundary(): Promise<number> {
    if (boundary && Date.now() - boundary.at < WINDOW_TTL_MS) return boundary.rid;
    const { rows } = await sql<{ rid: number }>`
      SELECT rid FROM product_search ORDER BY rid DESC OFFSET ${sql.lit(recentWindow)} LIMIT 1`.execute(k);
    boundary = { rid: Number(rows[0]?.rid ?? 0), at: Date.now() };
    return boundary.rid;
  }

  return {
    // GIN finds matches but not in any order, so ranking "most recent first" would read every
    // match of a common word. Instead the products of the recent window (a range of the rid index)
    // are ranked in one pass, and a tier is looked up among older products only when fewer than a
    // page rank at or above it in the window, which means it is rare there, so its GIN lookup is
    // likely small; when the window has no match at all, all older matches are ranked at once. At
    // most two statements, each planned only with the tiers it needs (planning a tier costs about
    // as much as running one). The tsqueries are literals, so every plan sees their words (a
    // prepared statement's generic plan would not).
    async find(plan, limit, offset, withTotal) {
      const need = offset + limit;
      const cut = await windowBoundary();
      const inName = matches(plan, true, "name");
      const inHead = matches(plan, true, "head");
      const anywhere = matches(plan, true, "any");
      const typed = plan.loose && plan.typed ? matches(plan, false, "any") : null;
      const fieldOf = { name: inName, head: inHead, any: anywhere };
      const condition = (tier: Tier) =>
        tierCondition<RawBuilder<unknown>>(tier, {
          field: (f) => fieldOf[f],
          and: (a, b) => sql`(${a} AND ${b})`,
          not: (a, b) => sql`(${a} AND NOT ${b})`,
          typed,
        }) ?? sql`false`;
      const fieldRank = sql`CASE WHEN ${inName} THEN 0 WHEN ${inHead} THEN 1 ELSE 2 END`;
      const tierOf = typed ? sql`CASE WHEN ${typed} THEN 0 ELSE 3 END + ${fieldRank}` : fieldRank;
      type Ranked = { id: string; tier: number; rid: number };
      // The window is a sample of the catalogue: when it has few matches, older ones are few too,
      // and the same statement ranks them all (it runs only then: a one-time filter).
      const fewOlder = sql`(SELECT count(*) FROM recent) * ${sql.lit(cut / recentWindow)} <= ${sql.lit(olderAtOnce)}`;
      const statement = sql<Ranked & { window: string | null }>`
        WITH recent AS MATERIALIZED (
          SELECT product_id AS id, ${tierOf} AS tier, rid FROM product_search WHERE rid > ${sql.lit(cut)} AND ${anywhere})
        SELECT id, tier, rid, (SELECT json_object_agg(tier, n)::text FROM (SELECT tier, count(*) AS n FROM recent GROUP BY tier) t) AS window
        FROM (SELECT id, tier, rid FROM recent
          UNION ALL (SELECT product_id, ${tierOf}, rid FROM product_search
            WHERE ${sql.lit(cut)} > 0 AND ${fewOlder} AND rid + 0 <= ${sql.lit(cut)} AND ${anywhere}
            ORDER BY 2, rid + 0 DESC LIMIT ${sql.lit(need)})) ranked
        ORDER BY tier, rid DESC LIMIT ${sql.lit(need)}`;
      // The planner prices a tsquery test as nearly free, so for the older matches it picks a full
      // scan, testing every product, over the GIN index (far cheaper for the few hundred matches
      // this branch is for). Only the older branch reads beyond the
      // window, so with a window (cut > 0) the statement runs with full scans ruled out.
      const first = await (cut > 0 ? withLocalSettings({ enable_seqscan: "off" }, statement) : statement).execute(k);
      const ranked: Ranked[] = first.rows.map((r) => ({ id: r.id, tier: Number(r.tier), rid: Number(r.rid) }));
      const inWindow = new Map<number, number>(
        Object.entries(JSON.parse(first.rows[0]?.window ?? "{}") as Record<string, number>).map(([t, n]) => [Number(t), Number(n)]),
      );
      const windowCount = [...inWindow.values()].reduce((a, b) => a + b, 0);
      if (cut > 0 && windowCount * (cut / recentWindow) > olderAtOnce) {
        // Many older matches: look them up tier by tier, only for the tiers that could still reach
        // the page. The page so far holds every window match of the tiers before its last row's,
        // and the count of that tier: older ones of a tier can reach the page only if fewer than a
        // page rank at or above it.
        const last = ranked.length === need ? ranked[need - 1].tier : Number.POSITIVE_INFINITY;
        const older: RawBuilder<unknown>[] = [];
        let above = 0;
        rankingTiers(plan).forEach((tier, i) => {
          above += inWindow.get(i) ?? 0;
          if (i <= last && above < need)
            older.push(
              sql`(SELECT product_id AS id, ${sql.lit(i)} AS tier, rid FROM product_search WHERE rid + 0 <= ${sql.lit(cut)} AND ${condition(tier)} ORDER BY rid + 0 DESC LIMIT ${sql.lit(need)})`,
            );
        });
        if (older.length) {
          const { rows } = await sql<Ranked>`${sql.join(older, sql` UNION ALL `)}`.execute(k);
          for (const r of rows) ranked.push({ id: r.id, tier: Number(r.tier), rid: Number(r.rid) });
          ranked.sort((a, b) => a.tier - b.tier || b.rid - a.rid);
        }
      }
      const ids = ranked.slice(offset, need).map((r) => r.id);
      if (!withTotal) return { ids, total: null };
      if (offset === 0 && ids.length < limit) return { ids, total: ids.length };
      const count = await sql<{ n: number }>`SELECT count(*) AS n FROM product_search WHERE ${anywhere}`.execute(k);
      return { ids, total: Number(count.rows[0]?.n ?? 0) };
    },

    async vocabulary() {
      const { rows } = await sql<VocabularyTerm & { source: "head" | "doc" | "stems" }>`
        SELECT word AS term, ndoc AS docs, 'head' AS source FROM ts_stat('SELECT head FROM product_search')
        UNION ALL SELECT word, 0, 'doc' FROM ts_stat('SELECT doc FROM product_search')
        UNION ALL SELECT word, 0, 'stems' FROM ts_stat('SELECT stems FROM product_search')`.execute(k);
      // A stem is known in its language whatever field holds it: "de:n:kleid" → "de:kleid".
      const stems = new Set(rows.filter((r) => r.source === "stems").map((r) => r.term.replace(/^([a-z]+):[a-z]:/, "$1:")));
      return {
        head: rows.filter((r) => r.source === "head").map((r) => ({ term: r.term, docs: Number(r.docs) })),
        indexed: rows.filter((r) => r.source === "doc").map((r) => r.term),
        stems: [...stems],
      };
    },

    async stems(language, tokens) {
      const key = (token: string) => `${language}:${token}`;
      const missing = [...new Set(tokens)].filter((t) => !stemmed.has(key(t)));
      if (missing.length) {
        // Folded like the index's texts (unaccent), then stemmed by the language's configuration.
        const { rows } = await sql<{ token: string; stems: string[] }>`
          SELECT token, tsvector_to_array(to_tsvector(${TEXT_SEARCH_CONFIGS[language]}::regconfig, unaccent(token))) AS stems
          FROM unnest(${missing}::text[]) AS token`.execute(k);
        for (const r of rows) {
          if (stemmed.size >= STEMS_KEPT) stemmed.delete(stemmed.keys().next().value!);
          stemmed.set(
            key(r.token),
            r.stems.map((s) => stemOf(language, s)),
          );
        }
      }
      return new Map(tokens.map((t) => [t, stemmed.get(key(t)) ?? []]));
    },

    forget() {
      boundary = null;
    },

    async rebuild() {
      // An upsert keeps each product's rid (its place in "most recently added first").
      await k.transaction().execute(async (trx) => {
        await sql`DELETE FROM product_search WHERE product_id NOT IN (SELECT product_id FROM product_search_source)`.execute(trx);
        await sql`
          INSERT INTO product_search (product_id, name_norm, head, doc, stems)
          SELECT product_id, name_norm, head, doc, stems FROM product_search_source
          ON CONFLICT (product_id) DO UPDATE SET name_norm = EXCLUDED.name_norm, head = EXCLUDED.head, doc = EXCLUDED.doc, stems = EXCLUDED.stems`.execute(trx);
      });
    },
  };
}
