/**
 * pg_trgm's strict word similarity, computed in memory for SQLite so that the "similar names"
 * fallback answers as it does on PostgreSQL (where `<<%` and a trigram GIN index do the work).
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
 * An inverted trigram index over product names, with trigrams as small integers: candidates share
 * enough trigrams with the query (at least the threshold share of the query's, a bound no run of
 * words can beat), then are scored exactly.
 */
export function createTrigramIndex(entries: Array<{ id: string; name: string }>) {
  const gramIds = new Map<string, number>();
  const grams: number[] = []; // each word's distinct trigram ids, word after word
  const wordStart: number[] = []; // where each word starts in grams
  const entryStart: number[] = []; // where each entry's words start in wordStart
  const postings: number[][] = []; // entries containing each trigram
  const lastEntry: number[] = []; // the last entry posted for each trigram
  for (let n = 0; n < entries.length; n++) {
    entryStart.push(wordStart.length);
    for (const w of words(entries[n].name)) {
      const start = grams.length;
      wordStart.push(start);
      const padded = `  ${w} `;
      next: for (let i = 0; i + 3 <= padded.length; i++) {
        const g = padded.slice(i, i + 3);
        let id = gramIds.get(g);
        if (id === undefined) {
          id = gramIds.size;
          gramIds.set(g, id);
          postings.push([]);
          lastEntry.push(-1);
        }
        for (let x = start; x < grams.length; x++) if (grams[x] === id) continue next;
        grams.push(id);
        if (lastEntry[id] !== n) {
          lastEntry[id] = n;
          postings[id].push(n);
        }
      }
    }
  }
  entryStart.push(wordStart.length);
  wordStart.push(grams.length);
  const stamps = new Int32Array(gramIds.size);
  let stamp = 0;

  /** strict_word_similarity of the query (marked in `inQuery`, `size` trigrams) to entry `n`. */
  function score(n: number, inQuery: Uint8Array, size: number): number {
    let best = 0;
    for (let i = entryStart[n]; i < entryStart[n + 1]; i++) {
      stamp++;
      let run = 0;
      let common = 0;
      for (let j = i; j < entryStart[n + 1]; j++) {
        for (let x = wordStart[j]; x < wordStart[j + 1]; x++) {
          const g = grams[x];
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

  return {
    /** Ids whose name is at least `threshold` similar to the query, most similar first. */
    similar(query: string, threshold = SIMILAR_NAME_THRESHOLD): string[] {
      const q = trigrams(query);
      if (q.size === 0) return [];
      const inQuery = new Uint8Array(gramIds.size);
      const counts = new Int32Array(entries.length);
      const touched: number[] = [];
      for (const g of q) {
        const id = gramIds.get(g);
        if (id === undefined) continue;
        inQuery[id] = 1;
        for (const n of postings[id]) if (counts[n]++ === 0) touched.push(n);
      }
      const need = threshold * q.size;
      const scored: Array<{ id: string; score: number }> = [];
      for (const n of touched) {
        if (counts[n] < need) continue;
        const s = score(n, inQuery, q.size);
        if (s >= threshold) scored.push({ id: entries[n].id, score: s });
      }
      scored.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      return scored.map((x) => x.id);
    },
  };
}

export type TrigramIndex = ReturnType<typeof createTrigramIndex>;
