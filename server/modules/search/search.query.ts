import type { QueryWord } from "./search.text";
import type { Expansion, Vocabulary } from "./vocabulary";

/**
 * A search as the engines run it: every word must match (AND); a word matches through any of its
 * alternatives (the joined form "tshirt", or all of its parts "t" AND "shirt"); a token matches
 * itself (as a prefix from 2 letters: one letter would be most of the catalogue) or any of its
 * expansions.
 */
export interface SearchPlan {
  words: Expansion[][][];
  /** Whether any token has fuzzy expansions (otherwise the exact and full queries are the same). */
  fuzzy: boolean;
}

/** Expands the words of a query with the vocabulary into a plan both engines can render. */
export function planSearch(words: QueryWord[], vocabulary: Vocabulary): SearchPlan {
  let fuzzy = false;
  const expand = (token: string) => {
    const e = vocabulary.expand(token, token.length >= 2);
    if (e.fuzzy.length) fuzzy = true;
    return e;
  };
  const planned = words.map((w) => {
    const alternatives = [[expand(w.joined)]];
    if (w.parts.length) alternatives.push(w.parts.map(expand));
    return alternatives;
  });
  return { words: planned, fuzzy };
}

/** What a rendered query may match: fuzzy expansions or not, any field or the name only. */
export interface RenderOptions {
  fuzzy: boolean;
  nameOnly: boolean;
}

interface Syntax {
  term(term: string, prefix: boolean, nameOnly: boolean): string;
  or: string;
  and: string;
  wrap(expr: string, nameOnly: boolean): string;
}

function render(plan: SearchPlan, opts: RenderOptions, s: Syntax): string {
  const group = (items: string[], op: string) => (items.length === 1 ? items[0] : `(${items.join(op)})`);
  const token = (e: Expansion) =>
    group(
      [
        s.term(e.token, e.prefix, opts.nameOnly),
        ...(opts.fuzzy ? e.fuzzy.map((t) => s.term(t, false, opts.nameOnly)) : []),
      ],
      s.or,
    );
  const words = plan.words.map((alternatives) => group(alternatives.map((parts) => group(parts.map(token), s.and)), s.or));
  return s.wrap(words.join(s.and), opts.nameOnly);
}

/** FTS5 query syntax; every term is a quoted string, so user input is never read as an operator. */
const fts5: Syntax = {
  term: (t, prefix) => `"${t.replace(/"/g, '""')}"${prefix ? "*" : ""}`,
  or: " OR ",
  and: " AND ",
  wrap: (expr, nameOnly) => (nameOnly ? `{name alias} : (${expr})` : expr),
};

/** PostgreSQL tsquery syntax; terms are quoted lexemes, weight A (the name) when name-only. */
const tsquery: Syntax = {
  term: (t, prefix, nameOnly) => {
    const flags = `${prefix ? "*" : ""}${nameOnly ? "A" : ""}`;
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
