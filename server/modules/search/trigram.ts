/**
 * pg_trgm's strict word similarity, computed in memory on both engines for the "similar names"
 * fallback (names.ts; PostgreSQL's trigram index went with migration 0018), so it answers as
 * `<<%` did on PostgreSQL.
 * Trigrams are taken per word padded as pg_trgm does ("  word "); the similarity of a query to a
 * name is the best Jaccard ratio between the query's trigrams and those of any run of whole words.
 */

/** pg_trgm's default `strict_word_similarity_threshold`. */
export const SIMILAR_NAME_THRESHOLD = 0.5;

const NOT_WORD = /[^\p{L}\p{N}]+/u;

function words(text: string): string[] {
  return text.toLowerCase().split(NOT_WORD).filter(Boolean);
}

function addTrigrams(word: string, into: Set<string>) {
  const padded = `  ${word} `;
  for (let i = 0; i + 3 <= padded.length; i++) into.add(padded.slice(i, i + 3));
}

/** The set of trigrams of a text, as pg_trgm's show_trgm() lists them. */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of words(text)) addTrigrams(w, out);
  return out;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let common = 0;
  for (const g of a) if (b.has(g)) common++;
  return common / (a.size + b.size - common || 1);
}

/** strict_word_similarity(query, text): how well the query matches some run of whole words of the text. */
export function strictWordSimilarity(query: string | Set<string>, text: string): number {
  const q = typeof query === "string" ? trigrams(query) : query;
  if (q.size === 0) return 0;
  const ws = words(text);
  let best = 0;
  for (let i = 0; i < ws.length; i++) {
    const run = new Set<string>();
    for (let j = i; j < ws.length; j++) {
      addTrigrams(ws[j], run);
      const s = jaccard(q, run);
      if (s > best) best = s;
    }
  }
  return best;
}

/**
 * An index of product names for `strictWordSimilarity`, with trigrams and words as small integers.
 * A name's words are few and shared by many names, so the index is by word: which words have each
 * trigram, which names have each word. A query's candidates are the names whose words share at
 * least the threshold share of its trigrams (summed over the words: a bound no run of them can
 * beat), then each is scored exactly. Names are added in batches (`add`), so a large catalogue can
 * be indexed without holding the event loop.
 */
export function createTrigramIndexBuilder() {
  const gramIds = new Map<string, number>();
  const gramWords: number[][] = []; // words having each trigram
  const wordIds = new Map<string, number>();
  const wordGrams: Int32Array[] = []; // each distinct word's distinct trigram ids
  const wordEntries: number[][] = []; // names having each word
  const ids: string[] = [];
  const entryWords: number[] = []; // each name's word ids, name after name
  const entryStart: number[] = []; // where each name's words start in entryWords

  function wordId(w: string): number {
    let id = wordIds.get(w);
    if (id !== undefined) return id;
    id = wordGrams.length;
    const grams: number[] = [];
    const padded = `  ${w} `;
    for (let i = 0; i + 3 <= padded.length; i++) {
      const g = padded.slice(i, i + 3);
      let gram = gramIds.get(g);
      if (gram === undefined) {
        gram = gramIds.size;
        gramIds.set(g, gram);
        gramWords.push([]);
      }
      if (!grams.includes(gram)) {
        grams.push(gram);
        gramWords[gram].push(id);
      }
    }
    wordIds.set(w, id);
    wordGrams.push(Int32Array.from(grams));
    wordEntries.push([]);
    return id;
  }

  return {
    /** Indexes a batch of names (normalised as `normaliseName` does). */
    add(entries: Array<{ id: string; name: string }>) {
      for (const entry of entries) {
        const n = ids.length;
        ids.push(entry.id);
        entryStart.push(entryWords.length);
        for (const w of words(entry.name)) {
          const word = wordId(w);
          entryWords.push(word);
          const named = wordEntries[word];
          if (named[named.length - 1] !== n) named.push(n);
        }
      }
    },
    finish(): TrigramIndex {
      entryStart.push(entryWords.length);
      return trigramIndex({
        gramIds,
        gramWords: gramWords.map((w) => Int32Array.from(w)),
        wordGrams,
        wordEntries: wordEntries.map((e) => Int32Array.from(e)),
        ids,
        entryWords: Int32Array.from(entryWords),
        entryStart: Int32Array.from(entryStart),
      });
    },
  };
}

/** An index of the names given, all at once. */
export function createTrigramIndex(entries: Array<{ id: string; name: string }>): TrigramIndex {
  const builder = createTrigramIndexBuilder();
  builder.add(entries);
  return builder.finish();
}

interface IndexData {
  gramIds: Map<string, number>;
  gramWords: Int32Array[];
  wordGrams: Int32Array[];
  wordEntries: Int32Array[];
  ids: string[];
  entryWords: Int32Array;
  entryStart: Int32Array;
}

type Scored = { n: number; score: number };

function trigramIndex({ gramIds, gramWords, wordGrams, wordEntries, ids, entryWords, entryStart }: IndexData) {
  const stamps = new Int32Array(gramIds.size);
  let stamp = 0;
  const wordShared = new Uint8Array(wordGrams.length);
  const bound = new Uint16Array(ids.length);
  const byScore = (a: Scored, b: Scored) => b.score - a.score || (ids[a.n] < ids[b.n] ? -1 : ids[a.n] > ids[b.n] ? 1 : 0);

  /** strict_word_similarity of the query (marked in `inQuery`, `size` trigrams) to name `n`. */
  function score(n: number, inQuery: Uint8Array, size: number): number {
    let best = 0;
    const end = entryStart[n + 1];
    for (let i = entryStart[n]; i < end; i++) {
      stamp++;
      let run = 0;
      let common = 0;
      for (let j = i; j < end; j++) {
        for (const g of wordGrams[entryWords[j]]) {
          if (stamps[g] === stamp) continue;
          stamps[g] = stamp;
          run++;
          if (inQuery[g]) common++;
        }
        const s = common / (size + run - common);
        if (s > best) best = s;
      }
    }
    return best;
  }

  /**
   * Names whose words share at least `threshold` of the query's trigrams (summed over their words,
   * which bounds what any run of them shares), grouped by that bound, highest first, with the
   * query's marks: groups[i] share at most size - i.
   */
  function candidates(query: string, threshold: number) {
    const q = trigrams(query);
    const inQuery = new Uint8Array(gramIds.size);
    const groups: number[][] = Array.from({ length: q.size + 1 }, () => []);
    const words: number[] = [];
    for (const g of q) {
      const id = gramIds.get(g);
      if (id === undefined) continue;
      inQuery[id] = 1;
      for (const w of gramWords[id]) if (wordShared[w]++ === 0) words.push(w);
    }
    const touched: number[] = [];
    for (const w of words) {
      const shared = wordShared[w];
      wordShared[w] = 0;
      for (const n of wordEntries[w]) {
        if (bound[n] === 0) touched.push(n);
        bound[n] += shared;
      }
    }
    const need = Math.max(1, Math.ceil(threshold * q.size - 1e-9));
    for (const n of touched) {
      const shared = Math.min(bound[n], q.size);
      bound[n] = 0;
      if (shared >= need) groups[q.size - shared].push(n);
    }
    return { size: q.size, inQuery, groups };
  }

  /** Ids whose name is at least `threshold` similar to the query, most similar first (then by id), with their similarity. */
  function similarScored(query: string, threshold = SIMILAR_NAME_THRESHOLD): SimilarName[] {
    const { size, inQuery, groups } = candidates(query, threshold);
    if (size === 0) return [];
    const scored: Scored[] = [];
    for (const group of groups)
      for (const n of group) {
        const s = score(n, inQuery, size);
        if (s >= threshold) scored.push({ n, score: s });
      }
    return scored.sort(byScore).map((x) => ({ id: ids[x.n], score: x.score }));
  }

  /**
   * The first `limit` of `similarScored(query, threshold)`, without scoring every candidate: one
   * whose words share at most c of the query's q trigrams is at most c/q similar, so candidates are
   * scored from the highest bound down, until no further one can reach the last kept.
   */
  function bestScored(query: string, limit: number, threshold = SIMILAR_NAME_THRESHOLD): SimilarName[] {
    const { size, inQuery, groups } = candidates(query, threshold);
    if (size === 0 || limit <= 0) return [];
    let kept: Scored[] = [];
    for (let i = 0; i < groups.length; i++) {
      const bound = (size - i) / size;
      if (kept.length >= limit && bound < kept[limit - 1].score) break;
      for (const n of groups[i]) {
        const s = score(n, inQuery, size);
        if (s >= threshold) kept.push({ n, score: s });
      }
      if (kept.length > limit) kept = kept.sort(byScore).slice(0, limit);
    }
    return kept.sort(byScore).map((x) => ({ id: ids[x.n], score: x.score }));
  }

  return {
    size: ids.length,
    similarScored,
    bestScored,
    /** Ids whose name is at least `threshold` similar to the query, most similar first (then by id). */
    similar: (query: string, threshold = SIMILAR_NAME_THRESHOLD) => similarScored(query, threshold).map((x) => x.id),
    /** The first `limit` of `similar(query, threshold)`, without scoring every candidate (`bestScored`). */
    best: (query: string, limit: number, threshold = SIMILAR_NAME_THRESHOLD) => bestScored(query, limit, threshold).map((x) => x.id),
  };
}

/** A product whose name is similar to a query, and how similar (0–1). */
export interface SimilarName {
  id: string;
  score: number;
}

/**
 * The similar names of several indexes as one list (a product in several keeps its best score):
 * most similar first, then by id, as each index orders its own. The first `limit` of each list
 * suffice for the first `limit` of the whole.
 */
export function mergeSimilar(lists: SimilarName[][]): string[] {
  const best = new Map<string, number>();
  for (const list of lists) for (const { id, score } of list) if (score > (best.get(id) ?? -1)) best.set(id, score);
  return [...best].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0)).map(([id]) => id);
}

export type TrigramIndex = ReturnType<typeof trigramIndex>;
