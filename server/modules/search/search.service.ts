import type { Db } from "../../db/database";
import type { Epoch } from "../../lib/cache";
import type { CatalogService } from "../catalog/catalog.service";
import type { ProductCard } from "../catalog/catalog.types";
import { type SearchEngine, createSearchEngine } from "./search.repo";
import { planSearch } from "./search.query";
import { normaliseQuery, parseQuery } from "./search.text";
import { type Vocabulary, createVocabulary } from "./vocabulary";

export interface SearchOptions {
  /** How long the in-memory vocabulary serves before it is refreshed in the background (other instances' writes show up within it). */
  vocabularyTtlMs?: number;
  /** The services' data epoch: after a catalogue write in this process, the next search (at most every few seconds) reloads the vocabulary. */
  epoch?: Epoch;
}

/** Least time between two refreshes caused by writes, so a burst of writes costs one rebuild. */
const MIN_REFRESH_MS = 5_000;

const MAX_LIMIT = 100;
/** Shortest term (letters and digits) worth a similar-names fallback: shorter ones resemble every name. */
const MIN_SIMILAR_LENGTH = 3;

/**
 * Product search, the same on SQLite and PostgreSQL. The term is split into words like the index
 * splits product text; each word is expanded with an in-memory vocabulary of indexed words (by
 * prefix, and by Damerau-Levenshtein distance for typos) and the engine's own full-text index is
 * queried with the expansions, every word required. When nothing matches, names similar to the
 * whole term (trigram similarity) are offered instead. See search.repo.ts for the ranking. The
 * hits' cards come from the catalogue (`listByIds`), which owns the products.
 */
export function createSearchService(db: Db, catalog: Pick<CatalogService, "listByIds">, options: SearchOptions = {}) {
  const ttl = options.vocabularyTtlMs ?? 60_000;
  const engine: SearchEngine = createSearchEngine(db, ttl);
  let cached: { vocabulary: Vocabulary; at: number } | null = null;
  let loading: Promise<Vocabulary> | null = null;
  let generation = 0;
  let seenEpoch = options.epoch?.value;

  function load(): Promise<Vocabulary> {
    if (loading) return loading;
    const started = generation;
    const pending = engine
      .vocabulary()
      .then((terms) => {
        const vocabulary = createVocabulary(terms);
        if (started === generation) cached = { vocabulary, at: Date.now() };
        return vocabulary;
      })
      .finally(() => {
        if (loading === pending) loading = null;
      });
    loading = pending;
    return pending;
  }

  function invalidate() {
    generation++;
    cached = null;
    loading = null;
    engine.forget();
  }

  /** The current vocabulary; once its TTL is over, the old one serves while the new one loads. */
  async function vocabulary(): Promise<Vocabulary> {
    const epoch = options.epoch?.value;
    if (epoch !== seenEpoch && (!cached || Date.now() - cached.at >= MIN_REFRESH_MS)) {
      seenEpoch = epoch;
      invalidate();
    }
    if (cached && Date.now() - cached.at < ttl) return cached.vocabulary;
    const next = load();
    if (cached) {
      next.catch(() => {}); // the stale copy keeps serving; the next search retries
      return cached.vocabulary;
    }
    return next;
  }

  return {
    /** Finds up to `limit` active products for a shopper's term, forgiving typos and unfinished words, best first with the total for paging; a blank term finds nothing without a query. */
    async search(term: string, limit = 10, offset = 0): Promise<{ products: ProductCard[]; total: number }> {
      const words = parseQuery(term.trim());
      const size = Math.min(Math.max(Math.trunc(limit), 0), MAX_LIMIT);
      if (words.length === 0 || size === 0) return { products: [], total: 0 };
      const start = Math.max(Math.trunc(offset), 0);
      const plan = planSearch(words, await vocabulary());
      let hits = await engine.find(plan, size, start);
      const whole = normaliseQuery(words);
      if (hits.total === 0 && whole.replace(/ /g, "").length >= MIN_SIMILAR_LENGTH) hits = await engine.similarNames(whole, size, start);
      return { products: await catalog.listByIds(hits.ids), total: hits.total };
    },

    /** Ids of up to `limit` active products matching a term as `search` reads it (typo-tolerant, best first, without the similar-names fallback): the admin's product list combines them with its own filters. */
    async matchIds(term: string, limit = 1000): Promise<string[]> {
      const words = parseQuery(term.trim());
      if (words.length === 0) return [];
      const plan = planSearch(words, await vocabulary());
      return (await engine.find(plan, Math.max(1, Math.trunc(limit)), 0)).ids;
    },

    /** Makes the next search see catalogue writes at once: drops the vocabulary (the index itself follows products through triggers); `rebuild` also recreates the index from the products table, for repairs. */
    async reindex(opts: { rebuild?: boolean } = {}): Promise<void> {
      if (opts.rebuild) await engine.rebuild();
      invalidate();
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
