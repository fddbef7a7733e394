import { type QueryWord, type StemField, stemLexeme } from "./search.text";
import { synonymsOf } from "./synonyms";
import type { Expansion, Vocabulary } from "./vocabulary";

/**
 * Where a term may match: the name (and its alias), the head (name, brand and categories), the
 * categories (with the brand: the index keeps them together), or anywhere (with the description).
 */
export type Scope = "name" | "head" | "category" | "any";

/** A token as typed (and its corrections, `fuzzy`), with the other forms it always matches (`also`: a plural). */
export interface Term extends Expansion {
  also?: string[];
}

/** One way a query word may match: all of its tokens, each as typed (or a correction), within its scope. */
export interface Alternative {
  tokens: Term[];
  scope: Scope;
  /** Another word for the same thing (synonyms.ts): part of the loose query only. */
  synonym?: boolean;
  /** The whole-word twin of a prefix alternative, for the description: only needed where the field reaches it. */
  text?: boolean;
  /** The word's stems in the visitor's language ("de:kleid"), matched against that language's translated texts only (PostgreSQL). */
  stem?: boolean;
}

/**
 * A search as the engines run it: every word must match (AND), through any of its alternatives.
 *
 * The relevance rule, decided here for both engines:
 * - A word matches as typed by its joined form ("tshirt") or all of its parts ("t" AND "shirt"): in
 *   names, brands and categories as a prefix from 2 letters (one letter would be most of the
 *   catalogue), in the description as a whole word or its plural ("mat" is no "matte finish"). Only a token that is no
 *   word of the index and begins none (a typo) is corrected, to the closest words of names, brands
 *   and categories (vocabulary.ts), so a real match is never drowned by look-alikes.
 * - A word naming a kind of product the shop has a category for ("jeans", "jacket", "dress"; or
 *   whose synonym does: "tee") is looked for in names, brands and categories only: a blouse "worn
 *   with jeans" is no pair of jeans.
 * - A synonym ("coat" for "jacket") matches as a whole word (or its plural), in names, brands and
 *   categories only: the description's "non-stick coating" or "light spritz" says nothing of kind.
 * - On a page in another language than the default, a word also matches by its stem in that
 *   language ("Kleider": "kleid") in that language's translated texts, as typed; a word whose stem
 *   the index knows is no typo, so it is not corrected (PostgreSQL; SQLite has no stemmer for it).
 * - When the words together match nothing, the service falls back to the products of the kind the
 *   query names (`mainWord`, searched in `category` scope: "red dress" shows dresses, never the
 *   "Dress Automatic Watch"), then to similar names, then to the last word that matches by itself.
 */
export interface SearchPlan {
  /** Per word of the query, its alternatives. */
  words: Alternative[][];
  /** Whether any token has typo corrections or any word synonyms (otherwise the query as typed is the whole query). */
  loose: boolean;
  /** Whether the words as typed may match at all: each is, or begins, a word of the index (a typo is not). */
  typed: boolean;
}

/**
 * Expands the words of a query with the vocabulary (typo corrections, kinds) and the synonym list
 * into a plan both engines can render; `scope` confines every word (the fallback's "category").
 * `stems` gives a word's stems in the visitor's language ("de:kleid", engine.stems), where the
 * engine indexes them.
 */
export function planSearch(words: QueryWord[], vocabulary: Vocabulary, scope?: Scope, stems?: ReadonlyMap<string, readonly string[]>): SearchPlan {
  let loose = false;
  const expand = (token: string, known = false) => {
    const e = vocabulary.expand(token, token.length >= 2);
    if (known) return { ...e, fuzzy: [] };
    if (e.fuzzy.length) loose = true;
    return e;
  };
  const stemsOf = (w: QueryWord) => {
    const found = stems?.get(w.joined);
    return found?.length && found.every((s) => vocabulary.knowsStem(s)) ? found : null;
  };
  const planned = words.map((w): Alternative[] => {
    const stemmed = stemsOf(w);
    const typed = [[expand(w.joined, stemmed !== null)], ...(w.parts.length ? [w.parts.map((p) => expand(p))] : [])];
    const kind = namesKind(w, vocabulary);
    const alternatives: Alternative[] = [];
    for (const tokens of typed) {
      if (scope || kind) alternatives.push({ tokens, scope: scope ?? "head" });
      else if (!tokens.some((t) => t.prefix)) alternatives.push({ tokens, scope: "any" });
      else {
        alternatives.push({ tokens, scope: "head" });
        alternatives.push({ tokens: tokens.map((t) => ({ ...t, prefix: false, also: t.prefix ? [plural(t.token)] : [] })), scope: "any", text: true });
      }
    }
    if (stemmed)
      alternatives.push({ tokens: stemmed.map((token) => ({ token, prefix: false, fuzzy: [] })), scope: scope ?? (kind ? "head" : "any"), stem: true });
    for (const member of synonymsOf(w.joined)) {
      loose = true;
      const tokens = member.map((token, i) => ({ token, prefix: false, fuzzy: [], also: i === member.length - 1 ? [plural(token)] : [] }));
      alternatives.push({ tokens, scope: scope ?? "head", synonym: true });
    }
    return alternatives;
  });
  const exists = (token: string) => vocabulary.mayMatch(token, token.length >= 2);
  const typed = words.every((w) => exists(w.joined) || (w.parts.length > 0 && w.parts.every(exists)) || stemsOf(w) !== null);
  return { words: planned, loose, typed };
}

/** A word's plural as the catalogue writes them ("coat" → "coats", "watch" → "watches"); a word ending in "s" stands for itself. */
function plural(word: string): string {
  if (word.endsWith("s")) return word;
  return /(x|z|ch|sh)$/.test(word) ? `${word}es` : `${word}s`;
}

/** Whether a query word names a kind of product the shop has a category for, itself, through a correction, or through a synonym's last word ("tee": "t-shirt"). */
function namesKind(w: QueryWord, vocabulary: Vocabulary): boolean {
  if (vocabulary.namesKind(vocabulary.expand(w.joined, w.joined.length >= 2))) return true;
  return synonymsOf(w.joined).some((member) => vocabulary.namesKind({ token: member[member.length - 1], prefix: true, fuzzy: [] }));
}

/** The query's main word: the last one naming a kind of product the shop has a category for ("dress" in "red dress"), or null. */
export function mainWord(words: QueryWord[], vocabulary: Vocabulary): QueryWord | null {
  for (let i = words.length - 1; i >= 0; i--) if (namesKind(words[i], vocabulary)) return words[i];
  return null;
}

/** The tiers' fields: where every word matched (the name, the name, brand or categories, or anywhere). */
export type Field = "name" | "head" | "any";

/**
 * What a rendered query may match: `loose` adds typo corrections and synonyms to the words as
 * typed (the exact query ranks matches as typed first); `field` restricts every word to the name,
 * or to the name, brand and categories.
 */
export interface RenderOptions {
  loose: boolean;
  field: Field;
}

/**
 * One rank of the results, best first (see rankingTiers): matches of the words as typed or only
 * through corrections and synonyms (`asTyped`, null when the plan has none), and where every word
 * matched: all in the name, all in the name, brand or categories but not all in the name, or only
 * with the description.
 */
export interface Tier {
  asTyped: boolean | null;
  field: Field;
}

const FIELDS: readonly Field[] = ["name", "head", "any"];

/**
 * The ranks of a plan's results, in order: matches of the words as typed before matches through
 * corrections or synonyms (when the plan has any, and the words as typed may match), and within each, every word in the name, then in
 * the name, brand or categories, then anywhere. They partition the plan's matches; the engines fill
 * a page from the first rank on, most recently added first within a rank, so no rank has to be
 * scored in full.
 */
export function rankingTiers(plan: SearchPlan): Tier[] {
  const split: Array<boolean | null> = plan.loose && plan.typed ? [true, false] : [null];
  return split.flatMap((asTyped) => FIELDS.map((field) => ({ asTyped, field })));
}

/** Where an alternative of `scope` may match within a tier's `field`; null: nowhere (the name holds no category). */
function within(field: Field, scope: Scope): Scope | null {
  if (field === "any") return scope;
  if (field === "head") return scope === "any" ? "head" : scope;
  return scope === "category" ? null : "name";
}

/** One word's alternatives for one place: the terms' expression, to test against that place (stems against the language's stems). */
export interface Clause {
  scope: Scope;
  expr: string;
  stem?: boolean;
}

interface Syntax {
  term(term: string, prefix: boolean, scope: Scope, stem: boolean): string;
  or: string;
  and: string;
  /** Whether the engine indexes stems in languages (otherwise stem alternatives are left out). */
  stems: boolean;
}

/** Per word, its alternatives grouped by where they may match; null when some word can match nowhere in this field. */
function clauses(plan: SearchPlan, opts: RenderOptions, s: Syntax): Clause[][] | null {
  const group = (items: string[], op: string) => (items.length === 1 ? items[0] : `(${items.join(op)})`);
  const out: Clause[][] = [];
  for (const alternatives of plan.words) {
    const byPlace = new Map<string, { scope: Scope; stem: boolean; exprs: string[] }>();
    for (const alt of alternatives) {
      if ((alt.synonym && !opts.loose) || (alt.stem && !s.stems)) continue;
      const scope = within(opts.field, alt.scope);
      // A whole-word twin within the name or head adds nothing to its prefix alternative there.
      if (scope === null || (alt.text && scope !== "any")) continue;
      const stem = alt.stem === true;
      const token = (e: Term) => {
        const others = [...(e.also ?? []).filter((t) => t !== e.token), ...(opts.loose ? e.fuzzy : [])];
        return group([s.term(e.token, e.prefix, scope, stem), ...others.map((t) => s.term(t, false, scope, stem))], s.or);
      };
      const place = `${stem ? "stem:" : ""}${scope}`;
      const entry = byPlace.get(place) ?? { scope, stem, exprs: [] };
      entry.exprs.push(group(alt.tokens.map(token), s.and));
      byPlace.set(place, entry);
    }
    if (byPlace.size === 0) return null;
    out.push([...byPlace.values()].map(({ scope, stem, exprs }) => ({ scope, expr: group(exprs, s.or), ...(stem ? { stem } : {}) })));
  }
  return out;
}

/** The FTS5 columns of each scope (migration 0002-search); anywhere is every column. */
const FTS5_COLUMNS: Record<Scope, string | null> = { name: "{name alias}", head: "{name alias keywords}", category: "{keywords}", any: null };

/** FTS5 query syntax; every term is a quoted string, so user input is never read as an operator. */
const fts5: Syntax = {
  term: (t, prefix) => `"${t.replace(/"/g, '""')}"${prefix ? "*" : ""}`,
  or: " OR ",
  and: " AND ",
  stems: false,
};

/** The plan as an FTS5 MATCH expression, or null when it can match nothing in this field. */
export function toFts5(plan: SearchPlan, opts: RenderOptions): string | null {
  const words = clauses(plan, opts, fts5);
  if (!words) return null;
  const clause = (c: Clause) => (FTS5_COLUMNS[c.scope] ? `${FTS5_COLUMNS[c.scope]} : (${c.expr})` : c.expr);
  return words.map((w) => (w.length === 1 ? clause(w[0]) : `(${w.map(clause).join(" OR ")})`)).join(" AND ");
}

/** The fields of the translated texts a stem may be found in, by scope (search.text.ts `stemLexeme`). */
const STEM_FIELDS: Record<Scope, StemField[]> = { name: ["n"], head: ["n", "c"], category: ["c"], any: ["n", "c", "d"] };

const lexeme = (t: string) => `'${t.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

/**
 * PostgreSQL tsquery syntax; terms are quoted lexemes. A category term carries weight B (brand and
 * categories in `head`); the other scopes are columns (search.repo.ts). A stem is looked for in
 * each field of its scope ("de:n:kleid" | "de:c:kleid" in names and categories).
 */
const tsquery: Syntax = {
  term: (t, prefix, scope, stem) => {
    if (stem) {
      const fields = STEM_FIELDS[scope].map((f) => lexeme(stemLexeme(t, f)));
      return fields.length === 1 ? fields[0] : `(${fields.join(" | ")})`;
    }
    const flags = `${prefix ? "*" : ""}${scope === "category" ? "B" : ""}`;
    return `${lexeme(t)}${flags ? `:${flags}` : ""}`;
  },
  or: " | ",
  and: " & ",
  stems: true,
};

/** The plan as tsquery text per word and scope (each to cast with ::tsquery and test against its scope's column; lexemes are already normalised), or null when it can match nothing in this field. */
export function toTsqueries(plan: SearchPlan, opts: RenderOptions): Clause[][] | null {
  return clauses(plan, opts, tsquery);
}
