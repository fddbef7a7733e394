import { fold } from "./search.text";

/** A word of the index as the engine stores it, with how many products use it in a name, brand or category. */
export interface VocabularyTerm {
  term: string;
  docs: number;
}

/** How far a token may be from a word: none for short tokens, 1 up to 7 letters, 2 beyond. */
export function maxEdits(tokenLength: number): number {
  if (tokenLength < 4) return 0;
  return tokenLength < 8 ? 1 : 2;
}

/** Most fuzzy expansions kept per token (the closest, most used first). */
const MAX_FUZZY = 16;
/** How much further a word is when only its beginning is within reach of the token. */
const PREFIX_PENALTY = 0.5;

/**
 * Distance between `a` and `b` (optimal string alignment: insert, delete, substitute, swap two
 * neighbours), or `max + 1` once it is certainly above `max`. With `prefix`, the distance from `a`
 * to the closest prefix of `b` ("tshri" is 1 from "tshirt"'s prefix "tshir").
 */
export function editDistance(a: string, b: string, max: number, prefix = false): number {
  const n = a.length;
  const m = prefix ? Math.min(b.length, n + max) : b.length;
  if (!prefix && Math.abs(n - m) > max) return max + 1;
  if (prefix && m < n - max) return max + 1;
  const over = max + 1;
  // Three rolling rows of the dynamic programme; cells outside the diagonal band stay "over".
  let prev2 = new Array<number>(m + 1).fill(over);
  let prev = new Array<number>(m + 1);
  let cur = new Array<number>(m + 1).fill(over);
  for (let j = 0; j <= m; j++) prev[j] = j <= max ? j : over;
  for (let i = 1; i <= n; i++) {
    const from = Math.max(1, i - max);
    const to = Math.min(m, i + max);
    cur.fill(over);
    cur[0] = i <= max ? i : over;
    let rowMin = cur[0];
    const ca = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j++) {
      const cb = b.charCodeAt(j - 1);
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) d = Math.min(d, prev2[j - 2] + 1);
      cur[j] = Math.min(d, over);
      if (cur[j] < rowMin) rowMin = cur[j];
    }
    if (rowMin > max) return over;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  if (!prefix) return prev[m];
  let best = over;
  for (let j = Math.max(0, n - max); j <= m; j++) if (prev[j] < best) best = prev[j];
  return best;
}

/** What one query token may match, as engine terms. */
export interface Expansion {
  /** The token itself, matched as a whole word or as a prefix. */
  token: string;
  prefix: boolean;
  /** Index words within the allowed edit distance of the token or of their own prefix. */
  fuzzy: string[];
}

/** Whether a sorted list holds the token or (with `prefix`) a word beginning with it. */
function sortedHas(list: readonly string[], token: string, prefix: boolean): boolean {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < token) lo = mid + 1;
    else hi = mid;
  }
  return lo < list.length && (list[lo] === token || (prefix && list[lo].startsWith(token)));
}

/**
 * The words of names, brands and categories in the search index (both engines fold accents and
 * case), held in memory to expand misspelt query tokens by edit distance before the engine is
 * asked; the engine itself matches a token exactly or as a prefix. Given every word of the index
 * (`indexed`, descriptions included), it tells a token that matches nothing as typed (a typo): only
 * those are corrected, and the ranking need not look for their matches as typed; without it, a
 * token is taken as typed when it is or begins a word of names, brands and categories. Given the
 * words of the category names (`kinds`, as `parseQuery` splits them), it tells a token naming a
 * kind of product (search.query.ts). Given the stems of the translated texts (`stems`, "de:kleid":
 * PostgreSQL's, search.repo.ts), it tells whether a query word's stem in a language is in the index.
 */
export function createVocabulary(head: VocabularyTerm[], indexed?: Iterable<string>, kinds: Iterable<string> = [], stems: Iterable<string> = []) {
  const words = head.filter((w) => /^[\p{L}\p{N}]+$/u.test(w.term) && w.term === fold(w.term));
  const all = indexed ? [...new Set(indexed)].sort() : null;
  const kindWords = [...new Set(kinds)].filter((w) => w.length >= 2).sort();
  const knownStems = new Set(stems);
  return vocabularyOf(words, { all, kindWords, knownStems, stemLanguages: new Set([...knownStems].map((s) => s.slice(0, s.indexOf(":")))) });
}

/** What every view of one vocabulary shares: the index's words, the kinds' words and the stems. */
interface Shared {
  all: string[] | null;
  kindWords: string[];
  knownStems: Set<string>;
  stemLanguages: Set<string>;
}

/** The words of the index, for correcting and reading a query's tokens (createVocabulary). */
export interface Vocabulary {
  size: number;
  without(excluded: ReadonlySet<string>): Vocabulary;
  mayMatch(token: string, prefix: boolean): boolean;
  knowsStem(stem: string): boolean;
  hasStems(language: string): boolean;
  namesKind(e: Expansion): boolean;
  expand(token: string, prefix: boolean): Expansion;
}

function vocabularyOf(words: VocabularyTerm[], shared: Shared): Vocabulary {
  const { all, kindWords, knownStems, stemLanguages } = shared;
  const cache = new Map<string, Expansion>();
  function compute(token: string, prefix: boolean): Expansion {
    const k = maxEdits(token.length);
    // A token that is a word of the index (or begins one) is taken as typed: correcting "shirt" to
    // "short" or "skirt", or "tailoring" to anything, would only add noise.
    const known = all ? sortedHas(all, token, prefix) : words.some((w) => (prefix ? w.term.startsWith(token) : w.term === token));
    if (k === 0 || known) return { token, prefix, fuzzy: [] };
    const found: Array<{ term: string; d: number; docs: number }> = [];
    // A negative word ("nofragrance", search.text.ts NEGATIONS) is never corrected to its positive.
    const negative = token.startsWith("no");
    for (const w of words) {
      if (negative && !w.term.startsWith("no")) continue;
      let d = editDistance(token, w.term, k);
      // A word that only begins like the token ("tshri" → "tshirt") is a little further than a whole one at the same distance.
      if (d > k && prefix && w.term.length > token.length) d = editDistance(token, w.term, k, true) + PREFIX_PENALTY;
      if (d <= k + PREFIX_PENALTY) found.push({ term: w.term, d, docs: w.docs });
    }
    // Only the closest: "sneekers" is "sneakers", not also "speakers" one letter further.
    const closest = Math.min(...found.map((f) => f.d));
    const kept = found.filter((f) => f.d === closest).sort((x, y) => y.docs - x.docs);
    return { token, prefix, fuzzy: kept.slice(0, MAX_FUZZY).map((f) => f.term) };
  }

  const vocabulary: Vocabulary = {
    size: words.length,
    /** The same vocabulary without some words as corrections (another language's words on a page in this one); a token that is such a word is still taken as typed. */
    without(excluded: ReadonlySet<string>): Vocabulary {
      return excluded.size === 0
        ? vocabulary
        : vocabularyOf(
            words.filter((w) => !excluded.has(w.term)),
            shared,
          );
    },
    /** Whether some word of the index is the token (or, with `prefix`, begins with it), as far as the words given tell. */
    mayMatch(token: string, prefix: boolean): boolean {
      return all ? sortedHas(all, token, prefix) : true;
    },
    /** Whether a stem in a language ("de:kleid") is in the index. */
    knowsStem(stem: string): boolean {
      return knownStems.has(stem);
    },
    /** Whether the index holds any stem in a language (else stemming a query in it is no use). */
    hasStems(language: string): boolean {
      return stemLanguages.has(language);
    },
    /** Whether an expanded token names a kind of product: it is (or begins) a word of a category name, or its corrections are. */
    namesKind(e: Expansion): boolean {
      return sortedHas(kindWords, e.token, e.prefix) || e.fuzzy.some((t) => sortedHas(kindWords, t, true));
    },
    /** The engine terms a query token may match, memoised per token. */
    expand(token: string, prefix: boolean): Expansion {
      const key = `${prefix ? "*" : "="}${token}`;
      let hit = cache.get(key);
      if (!hit) {
        hit = compute(token, prefix);
        if (cache.size >= 2000) cache.delete(cache.keys().next().value!);
        cache.set(key, hit);
      }
      return hit;
    },
  };
  return vocabulary;
}
