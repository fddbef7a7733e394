import type { Language } from "#common/i18n/languages";
/**
 * Text rules shared by the query side of search. They mirror how the index splits product text
 * (migration 0002-search): words are runs of letters and digits; "-", "'" and "’" join the parts
 * of one word, which is therefore also indexed without them ("T-Shirt" → "t", "shirt", "tshirt").
 */

const JOINERS = /['’-]+/g;
const MARKS = /\p{M}+/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/u;

/**
 * Words product text says a product is free of ("fragrance-free", "sulphate-free"). Only these are
 * read as negative, since "hands-free" or "tax-free" are not; singular forms, so "paraben-free" and
 * "no parabens" both begin with "noparaben".
 */
const FREE_OF = [
  "fragrance",
  "perfume",
  "scent",
  "alcohol",
  "sulfate",
  "sulphate",
  "paraben",
  "silicone",
  "gluten",
  "sugar",
  "dairy",
  "caffeine",
  "bpa",
  "pvc",
  "plastic",
  "phthalate",
  "latex",
  "cruelty",
  "oil",
  "soap",
];

/**
 * Negative phrases and what they become in the index and in queries: the negated word glued to "no",
 * so a product "fragrance-free", "without fragrance" or with "no fragrance" is indexed as
 * "nofragrance" and is not a hit for "fragrance" (a prefix of "fragrance…" never matches it).
 * Applied in order to lower-case text with a leading space. The index applies the same replacements
 * in SQL (migration 0008-search-negations); changing this list needs a migration that rebuilds the
 * index.
 */
export const NEGATIONS: ReadonlyArray<readonly [from: string, to: string]> = [
  ...FREE_OF.map((w) => [`${w}-free`, `no${w}`] as const),
  ["free from ", "no"],
  ["free of ", "no"],
  ["without ", "no"],
  [" no ", " no"],
  [">no ", ">no"],
];

/** What shoppers type without the hyphen ("fragrance free"): read like "fragrance-free" in queries. */
const QUERY_NEGATIONS = FREE_OF.map((w) => [`${w} free`, `no${w}`] as const);

function replaceAll(text: string, rules: ReadonlyArray<readonly [string, string]>): string {
  let out = text;
  for (const [from, to] of rules) if (out.includes(from)) out = out.split(from).join(to);
  return out;
}

/** Text with its negative phrases joined into one word each, as the index stores it ("Fragrance-free" → " nofragrance"). */
export function joinNegations(text: string): string {
  return replaceAll(` ${text.toLowerCase()}`, NEGATIONS);
}

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

/** Splits a search term into words, folded; punctuation and query syntax are plain separators; negative phrases are one word, as in the index. */
export function parseQuery(term: string): QueryWord[] {
  return splitWords(replaceAll(fold(term), QUERY_NEGATIONS), MAX_WORDS);
}

/** The words the index makes of a text (a name, a category's name): each word as one token and, when it had joiners, its parts. */
export function indexWords(text: string): string[] {
  return splitWords(fold(text), Number.POSITIVE_INFINITY).flatMap((w) => [w.joined, ...w.parts]);
}

function splitWords(folded: string, max: number): QueryWord[] {
  const words: QueryWord[] = [];
  for (const chunk of joinNegations(folded).split(/\s+/)) {
    // Within a chunk, joiners keep parts together; any other punctuation separates words.
    for (const piece of chunk.split(/[^\p{L}\p{N}'’-]+/u)) {
      const parts = piece
        .split(JOINERS)
        .flatMap((p) => p.split(NOT_WORD))
        .filter(Boolean)
        .map((p) => p.slice(0, MAX_TOKEN));
      if (parts.length === 0) continue;
      words.push({ joined: parts.join("").slice(0, MAX_TOKEN), parts: parts.length > 1 ? parts : [] });
      if (words.length === max) return words;
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

/**
 * PostgreSQL's text-search configuration of each language: translated names, descriptions and
 * category names are also indexed with their language's stemming (`product_search.stems`,
 * migration 0027), and a query on that language's pages is stemmed the same way, so "Kleider"
 * finds a "Kleid". The default language keeps the `simple` words (and its own plural rule).
 */
export const TEXT_SEARCH_CONFIGS: Record<Language, string> = { en: "english", de: "german", fr: "french", es: "spanish" };

/** Where a stem of a translated text comes from: the product's name, a category's name, the description. */
export type StemField = "n" | "c" | "d";

/**
 * A stem as `product_search.stems` holds it: its language and field before it ("de:n:kleid"), so
 * a query's stems match its own language's texts only, and each tier looks only at its fields.
 * Queries carry a stem as "de:kleid" (`stemOf`) and name the fields when rendered.
 */
export function stemLexeme(stem: string, field: StemField): string {
  const at = stem.indexOf(":");
  return `${stem.slice(0, at)}:${field}:${stem.slice(at + 1)}`;
}

/** A query's stem in a language ("de:kleid"): what `stemLexeme` places in a field. */
export const stemOf = (language: Language, lexeme: string) => `${language}:${lexeme}`;
