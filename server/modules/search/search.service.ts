import type { Db } from "../../db/database";
import type { Epoch } from "../../lib/cache";
import { AppError } from "#common/errors";
import { type RateLimitStore, waitText } from "../../lib/rate-limit";
import type { CatalogService } from "#modules/catalog";
import type { ProductCard } from "#modules/catalog";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "#common/i18n/languages";
import { loadForeignWords, loadNameIndex } from "./names";
import { type EngineOptions, type Hits, type SearchEngine, createSearchEngine } from "./search.repo";
import { type Scope, mainWord, planSearch } from "./search.query";
import { type QueryWord, normaliseQuery, parseQuery } from "./search.text";
import { type TrigramIndex, mergeSimilar } from "./trigram";
import { type Vocabulary, createVocabulary } from "./vocabulary";

export interface SearchOptions {
  /** The services' data epoch: after a catalogue write in this process or (relayed) another instance, the next search (at most every few seconds) reloads the vocabulary and names. */
  epoch?: Epoch;
  /** PostgreSQL's ranking knobs (search.repo.ts); tests set small ones. */
  ranking?: EngineOptions;
  /** Searches one client address may make through `quickSearch` per window, counted in the shared store (env SEARCH_LIMIT_PER_IP). */
  perIpLimit?: { store: RateLimitStore; rule: { max: number; window: number } };
}

/** Least time between two refreshes caused by writes, so a burst of writes costs one rebuild. */
const MIN_REFRESH_MS = 5_000;
/**
 * How long the vocabulary and name index serve, when nothing is written, before they are refreshed
 * in the background: a safety net for writes made outside the shop (SQL by hand, a script); the
 * shop's own writes reach them through the epoch. A refresh reads every product's words and name
 * again, a cost felt by the searches running beside it, so it runs rarely.
 */
const SAFETY_NET_MS = 10 * 60_000;

const MAX_LIMIT = 100;
/** Shortest term (letters and digits) worth a similar-names fallback: shorter ones resemble every name. */
const MIN_SIMILAR_LENGTH = 3;

/**
 * Something loaded from the database and held in memory for `ttl`: once that is over, the old copy
 * keeps serving while a new one loads; `invalidate()` makes the next `get()` wait for a new one,
 * `expire()` only start loading one.
 */
function refreshed<T>(load: () => Promise<T>, ttl: number) {
  let cached: { value: T; at: number } | null = null;
  let loading: Promise<T> | null = null;
  let generation = 0;

  function start(): Promise<T> {
    if (loading) return loading;
    const started = generation;
    const pending = load()
      .then((value) => {
        if (started === generation) cached = { value, at: Date.now() };
        return value;
      })
      .finally(() => {
        if (loading === pending) loading = null;
      });
    loading = pending;
    return pending;
  }

  return {
    /** When the copy in memory was loaded (null: none). */
    loadedAt: () => cached?.at ?? null,
    async get(): Promise<T> {
      if (cached && Date.now() - cached.at < ttl) return cached.value;
      const next = start();
      if (cached) {
        next.catch(() => {}); // the stale copy keeps serving; the next call retries
        return cached.value;
      }
      return next;
    },
    invalidate() {
      generation++;
      cached = null;
      loading = null;
    },
    /** Makes the next `get()` load a new copy, serving this one meanwhile. */
    expire() {
      generation++;
      loading = null;
      if (cached) cached = { value: cached.value, at: Number.NEGATIVE_INFINITY };
    },
  };
}

/**
 * Product search, the same on SQLite and PostgreSQL. The term is split into words like the index
 * splits product text; each word is expanded with an in-memory vocabulary of indexed words (by
 * prefix, and by Damerau-Levenshtein distance for typos) and the engine's own full-text index is
 * queried with the expansions, every word required (search.query.ts states the relevance rule).
 * When the words together match nothing, the products of the kind the main word names, names
 * similar to the whole term (trigram similarity, over an in-memory index of names), or what the
 * last word matching by itself finds are offered instead (`hits`). See search.repo.ts for the
 * ranking. The hits' cards come from the catalogue (`listByIds`), which
 * owns the products. On a page in another language, words also match by their stems in that
 * language (PostgreSQL) and similar names include the names translated into it.
 */
export function createSearchService(db: Db, catalog: Pick<CatalogService, "listByIds" | "listCategories">, options: SearchOptions = {}) {
  const engine: SearchEngine = createSearchEngine(db, options.ranking);
  const vocab = refreshed(async () => {
    // Categories' names in every language: a translated kind ("Hemden") is a kind too.
    const [{ head, indexed, stems }, ...trees] = await Promise.all([engine.vocabulary(), ...LANGUAGES.map((l) => catalog.listCategories(l))]);
    const kinds = trees
      .flat()
      .flatMap((c) => [c.name, ...c.subCategories.map((s) => s.name)])
      .flatMap((name) => parseQuery(name).flatMap((w) => [w.joined, ...w.parts]));
    return createVocabulary(head, indexed, kinds, stems);
  }, SAFETY_NET_MS);
  const names = refreshed(() => loadNameIndex(db), SAFETY_NET_MS);
  // Per language, the words only other languages use (names.ts), loaded beside the names.
  const foreign = refreshed(async () => {
    const trees = await Promise.all(LANGUAGES.map((l) => catalog.listCategories(l)));
    const categoryNames = new Map(LANGUAGES.map((l, i) => [l, trees[i].flatMap((c) => [c.name, ...c.subCategories.map((s) => s.name)])]));
    return loadForeignWords(db, categoryNames);
  }, SAFETY_NET_MS);
  // The vocabulary as each language's pages correct with it, for the vocabulary and foreign words in memory.
  let views: { of: Vocabulary; foreign: Map<Language, Set<string>>; byLanguage: Map<Language, Vocabulary> } | null = null;
  // The names translated into each language, loaded with the first search in it.
  const translatedNames = new Map<Language, ReturnType<typeof refreshed<TrigramIndex>>>();
  let seenEpoch = options.epoch?.value;
  let warm = false;

  function namesIn(language: Language) {
    let index = translatedNames.get(language);
    if (!index) {
      index = refreshed(() => loadNameIndex(db, language), SAFETY_NET_MS);
      translatedNames.set(language, index);
      // Like the default names: start loading with the first search in the language, not its first miss.
      index.get().catch(() => {});
    }
    return index;
  }

  // The vocabulary is reloaded before the next search (its new words are corrected at once); the
  // name index, a second or so of work on a large catalogue and only for terms that match nothing,
  // keeps serving while it reloads.
  function invalidate() {
    vocab.invalidate();
    names.expire();
    foreign.expire();
    for (const index of translatedNames.values()) index.expire();
    engine.forget();
  }

  /** The current vocabulary (reloaded after a write in this process, at most every few seconds). */
  async function currentVocabulary(): Promise<Vocabulary> {
    const epoch = options.epoch?.value;
    const at = vocab.loadedAt();
    if (epoch !== seenEpoch && (at === null || Date.now() - at >= MIN_REFRESH_MS)) {
      seenEpoch = epoch;
      invalidate();
    }
    if (!warm) {
      // The name index takes a while on a large catalogue: start it with the first search, not the first miss.
      warm = true;
      names.get().catch(() => {});
      foreign.get().catch(() => {});
    }
    return vocab.get();
  }

  /**
   * The vocabulary for a page in `language`: without the words only other languages use as
   * corrections. Those are read with the first search, then refreshed in the background after
   * writes (a product's new words are never among them before its translations are read); if
   * they cannot be read, every word corrects.
   */
  async function vocabularyIn(language: Language): Promise<Vocabulary> {
    const vocabulary = await currentVocabulary();
    const words = await foreign.get().catch(() => null);
    if (!words) return vocabulary;
    if (views?.of !== vocabulary || views.foreign !== words) views = { of: vocabulary, foreign: words, byLanguage: new Map() };
    let view = views.byLanguage.get(language);
    if (!view) {
      view = vocabulary.without(words.get(language) ?? new Set());
      views.byLanguage.set(language, view);
    }
    return view;
  }

  /** The query words' stems in the visitor's language, where the index holds stems in it (none for the default language). */
  async function stemsIn(words: QueryWord[], vocabulary: Vocabulary, language: Language | undefined): Promise<Map<string, string[]> | undefined> {
    if (!language || language === DEFAULT_LANGUAGE || !vocabulary.hasStems(language)) return undefined;
    return engine.stems(
      language,
      words.map((w) => w.joined),
    );
  }

  /**
   * A page of hits for a term (`count` asks for the total) on a page in `language`: its matches;
   * when its words together match nothing, the products of the kind its main word names ("red
   * dress": the dresses), else names similar to the whole term, else what the last word that
   * matches by itself matches in names, brands and categories (search.query.ts `SearchPlan`).
   */
  async function hits(words: QueryWord[], limit: number, offset: number, count: boolean, language?: Language): Promise<Hits> {
    const vocabulary = await vocabularyIn(language ?? DEFAULT_LANGUAGE);
    const translated = language && language !== DEFAULT_LANGUAGE ? language : undefined;
    if (translated) namesIn(translated);
    const stems = await stemsIn(words, vocabulary, translated);
    const find = (of: QueryWord[], scope?: Scope) => engine.find(planSearch(of, vocabulary, scope, stems), limit, offset, count);
    const some = (found: Hits) => found.ids.length > 0 || (found.total ?? 0) > 0 || (found.total === null && offset > 0);
    const found = await find(words);
    if (some(found)) return found;
    const main = mainWord(words, vocabulary);
    if (main) {
      const kind = await find([main], "category");
      if (some(kind)) return kind;
    }
    const similar = await similarNames(words, limit, offset, count, translated);
    if (similar.ids.length > 0 || (similar.total ?? 0) > 0 || words.length === 1) return similar;
    for (let i = words.length - 1; i >= 0; i--) {
      if (words[i] === main) continue;
      const alone = await find([words[i]], "head");
      if (some(alone)) return alone;
    }
    return similar;
  }

  /** Names similar to the whole term (none for a very short one): the products' names, and in another language also the names translated into it. */
  async function similarNames(words: QueryWord[], limit: number, offset: number, count: boolean, language?: Language): Promise<Hits> {
    const whole = normaliseQuery(words);
    if (whole.replace(/ /g, "").length < MIN_SIMILAR_LENGTH) return { ids: [], total: count ? 0 : null };
    const indexes = await Promise.all([names.get(), ...(language ? [namesIn(language).get()] : [])]);
    const similar = count
      ? mergeSimilar(indexes.map((index) => index.similarScored(whole)))
      : mergeSimilar(indexes.map((index) => index.bestScored(whole, offset + limit)));
    return { ids: similar.slice(offset, offset + limit), total: count ? similar.length : null };
  }

  function pageSize(limit: number): number {
    return Math.min(Math.max(Math.trunc(limit), 0), MAX_LIMIT);
  }

  return {
    /** Finds up to `limit` active products for a shopper's term, forgiving typos and unfinished words, best first with the total for paging; a blank term finds nothing without a query. */
    async search(term: string, limit = 10, offset = 0, language?: Language): Promise<{ products: ProductCard[]; total: number }> {
      const words = parseQuery(term.trim());
      const size = pageSize(limit);
      if (words.length === 0 || size === 0) return { products: [], total: 0 };
      const found = await hits(words, size, Math.max(Math.trunc(offset), 0), true, language);
      return { products: await catalog.listByIds(found.ids, language), total: found.total ?? found.ids.length };
    },

    /**
     * The first `limit` products `search` finds for a term, without counting every match: what the
     * search box shows as the shopper types. With the caller's address, each search counts against
     * that address's limit (a 429 past it): a person typing stays far below it, a script driving
     * the search reaches it within a few hundred searches, and other addresses are not slowed.
     */
    async quickSearch(term: string, limit = 10, clientIp?: string, language?: Language): Promise<ProductCard[]> {
      const words = parseQuery(term.trim());
      const size = pageSize(limit);
      if (words.length === 0 || size === 0) return [];
      if (clientIp !== undefined && options.perIpLimit) {
        const { store, rule } = options.perIpLimit;
        const decision = await store.consume(`search:ip:${clientIp}`, rule);
        if (!decision.allowed) {
          const seconds = decision.retryAfter ?? rule.window;
          throw new AppError("rate_limited", `Too many searches from your address. Please wait ${waitText(seconds)} and try again.`, undefined, seconds);
        }
      }
      return catalog.listByIds((await hits(words, size, 0, false, language)).ids, language);
    },

    /** Ids of up to `limit` active products matching a term as `search` reads it (typo-tolerant, best first, without the similar-names fallback): the admin's product list combines them with its own filters. */
    async matchIds(term: string, limit = 1000): Promise<string[]> {
      const words = parseQuery(term.trim());
      if (words.length === 0) return [];
      const plan = planSearch(words, await currentVocabulary());
      return (await engine.find(plan, Math.max(1, Math.trunc(limit)), 0, false)).ids;
    },

    /** Makes the next search see catalogue writes at once: drops the vocabulary and names (the index itself follows products through triggers); `rebuild` also recreates the index from the products table, for repairs. */
    async reindex(opts: { rebuild?: boolean } = {}): Promise<void> {
      if (opts.rebuild) await engine.rebuild();
      invalidate();
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
