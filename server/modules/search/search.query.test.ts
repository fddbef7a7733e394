import { describe, expect, it } from "vitest";
import { planSearch, rankingTiers, toFts5, toTsquery } from "./search.query";
import { parseQuery } from "./search.text";
import { createVocabulary } from "./vocabulary";

const vocabulary = createVocabulary([
  { term: "tshirt", docs: 2 },
  { term: "shirt", docs: 3 },
  { term: "cotton", docs: 4 },
]);
const plan = (q: string) => planSearch(parseQuery(q), vocabulary);

describe("search plans", () => {
  it("requires every word and lets a joined word match whole or by its parts", () => {
    expect(toFts5(plan("cotton t-shrit"), { loose: true, field: "any" })).toBe(
      '"cotton"* AND (("tshrit"* OR "tshirt") OR ("t" AND ("shrit"* OR "shirt")))',
    );
  });

  it("leaves typo corrections out of the exact query and restricts the name query to name columns", () => {
    const p = plan("cottn");
    expect(p.loose).toBe(true);
    expect(toFts5(p, { loose: false, field: "name" })).toBe('{name alias} : ("cottn"*)');
    expect(toTsquery(p, { loose: true, field: "name" })).toBe("('cottn':*A | 'cotton':A)");
  });

  it("quotes every term, so query syntax in a term stays text", () => {
    const p = { words: [[[{ token: 'a"b', prefix: false, fuzzy: ["it's"] }]]], synonyms: [[]], loose: true, typed: true };
    expect(toFts5(p, { loose: true, field: "any" })).toBe('("a""b" OR "it\'s")');
    expect(toTsquery(p, { loose: true, field: "any" })).toBe("('a\"b' | 'it''s')");
  });

  it("adds a word's synonyms to the loose query only, so matches as typed rank first", () => {
    const p = plan("perfume");
    expect(p.loose).toBe(true);
    expect(toFts5(p, { loose: false, field: "any" })).toBe('"perfume"*');
    expect(toFts5(p, { loose: true, field: "any" })).toBe('("perfume"* OR "parfum"* OR "fragrance"* OR "scent"* OR "cologne"* OR "toilette"*)');
    expect(toTsquery(plan("runners"), { loose: true, field: "name" })).toBe("('runners':*A | ('running':*A & 'shoes':*A))");
  });

  it("matches a single letter as a whole word, not as a prefix of most of the catalogue", () => {
    expect(toFts5(plan("t shirt"), { loose: false, field: "any" })).toBe('"t" AND "shirt"*');
    expect(toFts5(plan("shirt t"), { loose: false, field: "any" })).toBe('"shirt"* AND "t"');
  });

  it("restricts the head query to the name, brand and category columns", () => {
    expect(toFts5(plan("acme"), { loose: true, field: "head" })).toBe('{name alias keywords} : ("acme"*)');
    expect(toTsquery(plan("acme"), { loose: true, field: "head" })).toBe("'acme':*");
  });

  it("ranks as typed before corrections, and within each the name, then name, brand and categories, then anywhere", () => {
    const fields = ["name", "head", "any"];
    expect(rankingTiers(plan("cottn"))).toEqual([
      ...fields.map((field) => ({ asTyped: true, field })),
      ...fields.map((field) => ({ asTyped: false, field })),
    ]);
    expect(rankingTiers(plan("cotton"))).toEqual(fields.map((field) => ({ asTyped: null, field })));
  });

  it("looks for no matches as typed when a word as typed is in no product (a typo)", () => {
    const indexed = createVocabulary([{ term: "cotton", docs: 4 }, { term: "shirt", docs: 3 }], ["cotton", "shirt", "soft"]);
    const typo = planSearch(parseQuery("cottn"), indexed);
    expect(typo).toMatchObject({ loose: true, typed: false });
    expect(rankingTiers(typo).map((t) => t.asTyped)).toEqual([null, null, null]);
    // A description's word, or the beginning of one, may match as typed.
    expect(planSearch(parseQuery("sof shrt"), indexed)).toMatchObject({ loose: true, typed: false });
    expect(planSearch(parseQuery("sof shirt"), indexed)).toMatchObject({ typed: true });
    expect(rankingTiers(planSearch(parseQuery("sof shirt"), indexed))).toHaveLength(3);
    expect(rankingTiers(planSearch(parseQuery("shirts"), indexed))).toHaveLength(3);
  });
});
