import { describe, expect, it } from "vitest";
import { mainWord, planSearch, rankingTiers, toFts5, toTsqueries } from "./search.query";
import { parseQuery } from "./search.text";
import { createVocabulary } from "./vocabulary";

const vocabulary = createVocabulary([
  { term: "tshirt", docs: 2 },
  { term: "shirt", docs: 3 },
  { term: "cotton", docs: 4 },
]);
const plan = (q: string) => planSearch(parseQuery(q), vocabulary);

describe("search plans", () => {
  it("requires every word and lets a joined word match whole or by its parts, by prefix in the head and whole (or plural) in the description", () => {
    expect(toFts5(plan("cotton t-shrit"), { loose: true, field: "any" })).toBe(
      '({name alias keywords} : ("cotton"*) OR ("cotton" OR "cottons")) AND ' +
        '({name alias keywords} : ((("tshrit"* OR "tshirt") OR ("t" AND ("shrit"* OR "shirt")))) OR (("tshrit" OR "tshrits" OR "tshirt") OR ("t" AND ("shrit" OR "shrits" OR "shirt"))))',
    );
  });

  it("leaves typo corrections out of the exact query and restricts the name query to name columns", () => {
    const p = plan("cottn");
    expect(p.loose).toBe(true);
    expect(toFts5(p, { loose: false, field: "name" })).toBe('{name alias} : ("cottn"*)');
    expect(toTsqueries(p, { loose: true, field: "name" })).toEqual([[{ scope: "name", expr: "('cottn':* | 'cotton')" }]]);
  });

  it("quotes every term, so query syntax in a term stays text", () => {
    const p = { words: [[{ tokens: [{ token: 'a"b', prefix: false, fuzzy: ["it's"] }], scope: "any" as const }]], loose: true, typed: true };
    expect(toFts5(p, { loose: true, field: "any" })).toBe('("a""b" OR "it\'s")');
    expect(toTsqueries(p, { loose: true, field: "any" })).toEqual([[{ scope: "any", expr: "('a\"b' | 'it''s')" }]]);
  });

  it("adds a word's synonyms to the loose query only, as whole words (or plurals) of names, brands and categories", () => {
    const p = plan("perfume");
    expect(p.loose).toBe(true);
    expect(toFts5(p, { loose: false, field: "head" })).toBe('{name alias keywords} : ("perfume"*)');
    expect(toFts5(p, { loose: true, field: "head" })).toBe(
      '{name alias keywords} : (("perfume"* OR ("parfum" OR "parfums") OR ("fragrance" OR "fragrances") OR ("scent" OR "scents") OR ("cologne" OR "colognes") OR ("toilette" OR "toilettes")))',
    );
    expect(toTsqueries(plan("runners"), { loose: true, field: "any" })).toEqual([
      [
        { scope: "head", expr: "('runners':* | ('running' & 'shoes'))" },
        { scope: "any", expr: "'runners'" },
      ],
    ]);
  });

  it("matches a single letter as a whole word, not as a prefix of most of the catalogue", () => {
    expect(toFts5(plan("t shirt"), { loose: false, field: "head" })).toBe('{name alias keywords} : ("t") AND {name alias keywords} : ("shirt"*)');
    expect(toFts5(plan("shirt t"), { loose: false, field: "any" })).toBe('({name alias keywords} : ("shirt"*) OR ("shirt" OR "shirts")) AND "t"');
  });

  it("restricts the head query to the name, brand and category columns", () => {
    expect(toFts5(plan("acme"), { loose: true, field: "head" })).toBe('{name alias keywords} : ("acme"*)');
    expect(toTsqueries(plan("acme"), { loose: true, field: "head" })).toEqual([[{ scope: "head", expr: "'acme':*" }]]);
  });

  it("looks for a word naming a kind of product in names, brands and categories only, and for the fallback in categories only", () => {
    const kinds = createVocabulary([{ term: "jeans", docs: 3 }], ["jeans", "tailoring"], ["jeans"]);
    const jeans = parseQuery("jeans");
    expect(toFts5(planSearch(jeans, kinds), { loose: true, field: "any" })).toBe('{name alias keywords} : ("jeans"*)');
    expect(toFts5(planSearch(parseQuery("tailoring"), kinds), { loose: true, field: "any" })).toBe(
      '({name alias keywords} : ("tailoring"*) OR ("tailoring" OR "tailorings"))',
    );
    const fallback = planSearch(jeans, kinds, "category");
    expect(toFts5(fallback, { loose: true, field: "any" })).toBe('{keywords} : ("jeans"*)');
    expect(toFts5(fallback, { loose: true, field: "name" })).toBeNull();
    expect(toTsqueries(fallback, { loose: true, field: "head" })).toEqual([[{ scope: "category", expr: "'jeans':*B" }]]);
    expect(mainWord(parseQuery("red jeans"), kinds)).toEqual({ joined: "jeans", parts: [] });
    expect(mainWord(parseQuery("red tailoring"), kinds)).toBeNull();
  });

  it("ranks as typed before corrections, and within each the name, then name, brand and categories, then anywhere", () => {
    const fields = ["name", "head", "any"];
    expect(rankingTiers(plan("cottn"))).toEqual([...fields.map((field) => ({ asTyped: true, field })), ...fields.map((field) => ({ asTyped: false, field }))]);
    expect(rankingTiers(plan("cotton"))).toEqual(fields.map((field) => ({ asTyped: null, field })));
  });

  it("looks for no matches as typed when a word as typed is in no product (a typo)", () => {
    const indexed = createVocabulary(
      [
        { term: "cotton", docs: 4 },
        { term: "shirt", docs: 3 },
      ],
      ["cotton", "shirt", "soft"],
    );
    const typo = planSearch(parseQuery("cottn"), indexed);
    expect(typo).toMatchObject({ loose: true, typed: false });
    expect(rankingTiers(typo).map((t) => t.asTyped)).toEqual([null, null, null]);
    // A description's word, or the beginning of one, may match as typed.
    expect(planSearch(parseQuery("sof shrt"), indexed)).toMatchObject({ loose: true, typed: false });
    expect(planSearch(parseQuery("sof shirt"), indexed)).toMatchObject({ typed: true });
    expect(rankingTiers(planSearch(parseQuery("sof shirt"), indexed))).toHaveLength(3);
    expect(rankingTiers(planSearch(parseQuery("shirts"), indexed))).toHaveLength(3);
  });

  it("matches a word by its stem in the visitor's language where the index knows it, as typed, per field, and never on FTS5", () => {
    const german = createVocabulary(
      [
        { term: "kleid", docs: 1 },
        { term: "kleiden", docs: 1 },
      ],
      ["kleid", "kleiden"],
      [],
      ["de:kleid"],
    );
    const stems = new Map([
      ["kleider", ["de:kleid"]],
      ["hosen", ["de:hos"]],
    ]);
    const p = planSearch(parseQuery("kleider"), german, undefined, stems);
    // Known by its stem: no typo, so not corrected to "kleiden", one letter away.
    expect(p).toMatchObject({ loose: false, typed: true });
    expect(planSearch(parseQuery("kleider"), german)).toMatchObject({ loose: true, typed: false });
    expect(toTsqueries(p, { loose: false, field: "name" })).toEqual([
      [
        { scope: "name", expr: "'kleider':*" },
        { scope: "name", expr: "'de:n:kleid'", stem: true },
      ],
    ]);
    expect(toTsqueries(p, { loose: false, field: "any" })?.[0]).toContainEqual({
      scope: "any",
      expr: "('de:n:kleid' | 'de:c:kleid' | 'de:d:kleid')",
      stem: true,
    });
    expect(toFts5(p, { loose: false, field: "name" })).toBe('{name alias} : ("kleider"*)');
    // A stem the index does not hold adds nothing, and the word stays a typo to correct.
    expect(planSearch(parseQuery("hosen"), german, undefined, stems).words[0].some((a) => a.stem)).toBe(false);
  });
});
