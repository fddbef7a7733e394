import type { QueryWord } from "./search.text";
import { synonymsOf } from "./synonyms";
import type { Expansion, Vocabulary } from "./vocabulary";

/**
 * A search as the engines run it: every word must match (AND); a word matches through any of its
 * alternatives (the joined form "tshirt", all of its parts "t" AND "shirt", or a synonym with all of
 * its words: "perfume" → "parfum"); a token matches itself (as a prefix from 2 letters: one letter
 * would be most of the catalogue) or any of its expansions.
 */
export interface SearchPlan {
  /** Per word of the query, its alternatives as typed: the joined form, or all of its parts. */
  words: Expansion[][][];
  /** Per word, the other ways to say it (synonyms), each with all of its words. */
  synonyms: Expansion[][][];
  /** Whether any token has typo corrections or any word synonyms (otherwise the query as typed is the whole query). */
  loose: boolean;
  /** Whether the words as typed may match at all: each is, or begins, a word of the index (a typo is not). */
  typed: boolean;
}

/** Expands the words of a query with the vocabulary (typo corrections) and the synonym list into a plan both engines can render. */
export function planSearch(words: QueryWord[], vocabulary: Vocabulary): SearchPlan {
  let loose = false;
  const expand = (token: string) => {
    const e = vocabulary.expand(token, token.length >= 2);
    if (e.fuzzy.length) loose = true;
    return e;
  };
  // A synonym is another word for the same thing: it matches exactly (or as a prefix from 4 letters,
  // "sneaker" → "sneakers"), and ranks below the word as typed.
  const synonym = (token: string): Expansion => ({ token, prefix: token.length >= 4, fuzzy: [] });
  const planned = words.map((w) => {
    const alternatives = [[expand(w.joined)]];
    if (w.parts.length) alternatives.push(w.parts.map(expand));
    return alternatives;
  });
  const synonyms = words.map((w) => synonymsOf(w.joined).map((parts) => parts.map(synonym)));
  if (synonyms.some((s) => s.length)) loose = true;
  const exists = (token: string) => vocabulary.mayMatch(token, token.length >= 2);
  const typed = words.every((w) => exists(w.joined) || (w.parts.length > 0 && w.parts.every(exists)));
  return { words: planned, synonyms, loose, typed };
}

/** Where a rendered query looks: the name (and its alias), the head (name, brand and categories), or anywhere (with the description). */
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

interface Syntax {
  term(term: string, prefix: boolean, field: Field): string;
  or: string;
  and: string;
  wrap(expr: string, field: Field): string;
}

function render(plan: SearchPlan, opts: RenderOptions, s: Syntax): string {
  const group = (items: string[], op: string) => (items.length === 1 ? items[0] : `(${items.join(op)})`);
  const token = (e: Expansion) =>
    group(
      [
        s.term(e.token, e.prefix, opts.field),
        ...(opts.loose ? e.fuzzy.map((t) => s.term(t, false, opts.field)) : []),
      ],
      s.or,
    );
  const words = plan.words.map((alternatives, i) =>
    group([...alternatives, ...(opts.loose ? plan.synonyms[i] : [])].map((parts) => group(parts.map(token), s.and)), s.or),
  );
  return s.wrap(words.join(s.and), opts.field);
}

/** The FTS5 columns of each field (migration 0002-search). */
const FTS5_COLUMNS: Record<Field, string | null> = { name: "{name alias}", head: "{name alias keywords}", any: null };

/** FTS5 query syntax; every term is a quoted string, so user input is never read as an operator. */
const fts5: Syntax = {
  term: (t, prefix) => `"${t.replace(/"/g, '""')}"${prefix ? "*" : ""}`,
  or: " OR ",
  and: " AND ",
  wrap: (expr, field) => (FTS5_COLUMNS[field] ? `${FTS5_COLUMNS[field]} : (${expr})` : expr),
};

/**
 * PostgreSQL tsquery syntax; terms are quoted lexemes, weight A (the name) for the name. The head
 * and anywhere are the same query: the engine matches it against `head` or `doc`.
 */
const tsquery: Syntax = {
  term: (t, prefix, field) => {
    const flags = `${prefix ? "*" : ""}${field === "name" ? "A" : ""}`;
    return `'${t.replace(/\\/g, "\\\\").replace(/'/g, "''")}'${flags ? `:${flags}` : ""}`;
  },
  or: " | ",
  and: " & ",
  wrap: (expr) => expr,
};

/** The plan as an FTS5 MATCH expression. */
export function toFts5(plan: SearchPlan, opts: RenderOptions): string {
  return render(plan, opts, fts5);
}

/** The plan as tsquery text (to cast with ::tsquery; lexemes are already normalised). */
export function toTsquery(plan: SearchPlan, opts: RenderOptions): string {
  return render(plan, opts, tsquery);
}
