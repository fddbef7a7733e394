/**
 * Text rules shared by the query side of search. They mirror how the index splits product text
 * (migration 0002-search): words are runs of letters and digits; "-", "'" and "’" join the parts
 * of one word, which is therefore also indexed without them ("T-Shirt" → "t", "shirt", "tshirt").
 */

const JOINERS = /['’-]+/g;
const MARKS = /\p{M}+/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/u;

/** Most words a query may have; the rest is ignored (every word must match, so more only narrows). */
export const MAX_WORDS = 8;
/** Longest token considered; longer ones are cut (no product word is that long). */
const MAX_TOKEN = 40;

/** Lower case without diacritics: how terms are compared ("Café" → "cafe"). */
export function fold(text: string): string {
  return text.normalize("NFD").replace(MARKS, "").toLowerCase();
}

/** One word of a query: its tokens joined ("tshirt") and, when it had joiners, its parts ("t", "shirt"). */
export interface QueryWord {
  joined: string;
  parts: string[];
}

/** Splits a search term into words, folded; punctuation and query syntax are plain separators. */
export function parseQuery(term: string): QueryWord[] {
  const words: QueryWord[] = [];
  for (const chunk of fold(term).split(/\s+/)) {
    // Within a chunk, joiners keep parts together; any other punctuation separates words.
    for (const piece of chunk.split(/[^\p{L}\p{N}'’-]+/u)) {
      const parts = piece
        .split(JOINERS)
        .flatMap((p) => p.split(NOT_WORD))
        .filter(Boolean)
        .map((p) => p.slice(0, MAX_TOKEN));
      if (parts.length === 0) continue;
      words.push({ joined: parts.join("").slice(0, MAX_TOKEN), parts: parts.length > 1 ? parts : [] });
      if (words.length === MAX_WORDS) return words;
    }
  }
  return words;
}

/** The name as the trigram index stores it: folded, joiners removed ("classic cotton tshirt"). */
export function normaliseName(name: string): string {
  return fold(name.replace(JOINERS, ""));
}

/** The whole query in the same form, for whole-name similarity. */
export function normaliseQuery(words: QueryWord[]): string {
  return words.map((w) => w.joined).join(" ");
}
