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
 * An inverted trigram index over product names: candidates share enough trigrams with the query
 * (at least the threshold share of the query's, a bound no word run can beat), then are scored exactly.
 */
export function createTrigramIndex(entries: Array<{ id: string; name: string }>) {
  const postings = new Map<string, number[]>();
  entries.forEach((e, i) => {
    for (const g of trigrams(e.name)) {
      const list = postings.get(g);
      if (list) list.push(i);
      else postings.set(g, [i]);
    }
  });
  return {
    /** Ids whose name is at least `threshold` similar to the query, most similar first. */
    similar(query: string, threshold = SIMILAR_NAME_THRESHOLD): string[] {
      const q = trigrams(query);
      if (q.size === 0) return [];
      const counts = new Map<number, number>();
      for (const g of q) for (const i of postings.get(g) ?? []) counts.set(i, (counts.get(i) ?? 0) + 1);
      const need = threshold * q.size;
      const scored: Array<{ id: string; score: number }> = [];
      for (const [i, n] of counts) {
        if (n < need) continue;
        const score = strictWordSimilarity(q, entries[i].name);
        if (score >= threshold) scored.push({ id: entries[i].id, score });
      }
      scored.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      return scored.map((s) => s.id);
    },
  };
}

export type TrigramIndex = ReturnType<typeof createTrigramIndex>;
